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
package enum CopyCommand {
    package static func run(
        arguments: [String], environment: [String: String], say: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if arguments == ["-h"] || arguments == ["--help"] {
            print(CopyCommandLine.help)
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
        let client: SFTPClient
        switch connect(line.sshWords, environment: environment, batch: false, say: say) {
        case .success(let connected): client = connected
        case .failure(let problem):
            say(problem.message)
            return problem.exitStatus
        }
        // Ctrl+C during a download removes its temporary file before rterm ends.
        PartialFileCleanup.installHandlers()
        let clock = SystemClock()
        let progress =
            !line.quiet && isatty(2) == 1
            ? CopyProgress(width: terminalColumns(2) ?? 80, now: { Double(clock.now()) / 1e9 }, write: StandardStream.writeError)
            : nil
        return CopyRun(line, client: client, progress: progress, say: say).run()
    }

    /// Resolves `words` as `rterm host` would and connects with SFTP; in `batch`, never
    /// asking (BatchMode, a connect timeout), as a fleet's connections do.
    static func connect(_ words: [String], environment: [String: String], batch: Bool, say: @escaping @Sendable (String) -> Void)
        -> Result<SFTPClient, OpenProblem>
    {
        let request: SSHConnectionRequest
        let log: SSHLog
        do {
            let target = try SessionTarget.parse(words)
            guard case .ssh(let commandLine) = target else {
                return .failure(OpenProblem(message: "rterm: cp needs an SSH host", exitStatus: 2))
            }
            var plan = try target.plan(
                terminal: TerminalRequest(size: (24, 80), inputIsTerminal: false), environment: environment,
                log: SSHLog(verbosity: commandLine.verbosity, write: say))
            if batch { plan = plan.inBatch() }
            guard case .ssh(let planned, let plannedLog) = plan.route else {
                return .failure(OpenProblem(message: "rterm: cp needs an SSH host", exitStatus: 2))
            }
            request = planned
            log = plannedLog
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: error.exitStatus))
        }
        do {
            return .success(try SFTPClient.connect(request, log: log, clock: SystemClock()))
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: 255))
        }
    }

    private static func terminalColumns(_ descriptor: Int32) -> Int? { TerminalSize.of(descriptor)?.columns }
}
