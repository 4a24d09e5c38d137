import RemoteTermCore
import RemoteTermLoop
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm cp`: parses the command line, connects as `rterm host` would (config, jump hosts,
/// ProxyCommand, host keys, agent and keys; a password or passphrase asked on the terminal),
/// starts SFTP and runs the copy, with scp's progress line when standard error is a terminal.
/// Exit status: 0, 1 when a file failed, 2 for a command-line mistake, 255 when the
/// connection did.
public enum CopyCommand {
    public static func run(
        arguments: [String], environment: [String: String], say: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if arguments == ["-h"] || arguments == ["--help"] {
            print(CopyCommandLine.usage)
            return 0
        }
        let line: CopyCommandLine
        do {
            line = try CopyCommandLine.parse(arguments)
        } catch {
            say(error.description)
            return 2
        }
        guard SSHLibrary.initialize() else {
            say("rterm: libssh2 could not be initialised (reinstall libssh2-1)")
            return 255
        }
        let request: SSHConnectionRequest
        let log: SSHLog
        do {
            let target = try SessionTarget.parse(line.sshWords)
            guard case .ssh(let commandLine) = target else { return 2 }
            let plan = try target.plan(
                terminal: TerminalRequest(size: (24, 80), inputIsTerminal: false), environment: environment,
                log: SSHLog(verbosity: commandLine.verbosity, write: say))
            guard case .ssh(let planned, let plannedLog) = plan.route else { return 2 }
            request = planned
            log = plannedLog
        } catch {
            say(error.description)
            return error.exitStatus
        }
        let client: SFTPClient
        do {
            client = try SFTPClient.connect(request, log: log, clock: SystemClock())
        } catch {
            say(error.description)
            return 255
        }
        let clock = SystemClock()
        let progress =
            !line.quiet && isatty(2) == 1
            ? CopyProgress(width: terminalColumns(2) ?? 80, now: { Double(clock.now()) / 1e9 }) { text in
                var bytes = Array(text.utf8)
                var done = 0
                while done < bytes.count {
                    let count = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + done, $0.count - done) }
                    if count <= 0 { break }
                    done += count
                }
            } : nil
        return CopyRun(line, client: client, progress: progress, say: say).run()
    }

    private static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
