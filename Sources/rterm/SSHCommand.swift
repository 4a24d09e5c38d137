import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm [ssh options] [user@]host [command ...]`: resolves the settings like ssh, connects,
/// runs the command or shell, and returns ssh's exit status: the remote status, 255 for a
/// connection, host key or authentication failure (one `rterm:` line says which) or a
/// remote signal, 2 for a usage error.
struct SSHCommand {
    let arguments: [String]
    let environment = ProcessInfo.processInfo.environment
    /// For `rterm script`: a pty of this size is always requested, and the session is run by
    /// `runSession` instead of the interactive front or the byte pump.
    var scriptedSize: (rows: Int, columns: Int)?
    var runSession: ((Transport) -> Int32)?

    func run() -> Int32 {
        let commandLine: SSHCommandLine
        do {
            commandLine = try SSHCommandLine.parse(arguments)
        } catch {
            printError(error.description)
            return 2
        }
        switch commandLine.action {
        case .showHelp:
            print(Help.text)
            return 0
        case .showVersion:
            print("rterm \(rtermVersion) (libssh2 \(SSHLibrary.version))")
            return 0
        case .connect, .printConfiguration:
            break
        }
        guard let destination = commandLine.destination else {
            printError(SSHCommandLineError.missingDestination.description)
            return 2
        }
        let log = SSHLog(verbosity: commandLine.verbosity) { printError($0) }
        let context = SSHLocalContext.current()
        let settings: SSHSettings
        var jumpHosts: [SSHSettings] = []
        do {
            settings = try SSHConfigResolver.resolve(
                host: destination.host, commandLine: commandLine.values, configFile: commandLine.configFile,
                context: context)
            for hop in settings.proxyJump {
                // As in OpenSSH, a hop gets its own config but not the -o options, and the
                // hop's own ProxyJump is not followed (rterm: documented limitation).
                var values = SSHConfigValues()
                values.user = hop.user
                values.port = hop.port
                values.proxyJump = []
                jumpHosts.append(
                    try SSHConfigResolver.resolve(
                        host: hop.host, commandLine: values, configFile: commandLine.configFile, context: context))
            }
        } catch {
            printError(error.description)
            return 255
        }
        if commandLine.action == .printConfiguration {
            print(settings.configDump, terminator: "")
            return 0
        }
        log.debug("rterm \(rtermVersion), libssh2 \(SSHLibrary.version)")
        for note in settings.notes { log.debug(note) }
        if !settings.ignoredOptions.isEmpty {
            log.debug("ignored config options (not implemented): \(settings.ignoredOptions.joined(separator: ", "))")
        }
        return connect(settings: settings, jumpHosts: jumpHosts, commandLine: commandLine, log: log)
    }

    private func connect(
        settings: SSHSettings, jumpHosts: [SSHSettings], commandLine: SSHCommandLine, log: SSHLog
    ) -> Int32 {
        let command = commandLine.remoteCommand.isEmpty ? nil : commandLine.remoteCommand.joined(separator: " ")
        let inputIsTerminal = isatty(0) == 1
        var wantTerminal: Bool
        switch settings.requestTTY {
        case .no: wantTerminal = false
        case .force: wantTerminal = true
        case .yes: wantTerminal = inputIsTerminal
        case .auto: wantTerminal = command == nil && inputIsTerminal
        }
        if settings.requestTTY == .yes, !inputIsTerminal {
            log.warn("Pseudo-terminal will not be allocated because stdin is not a terminal.")
            wantTerminal = false
        }
        // The full-screen front keeps the bottom row for its bar: ask for the size it will use.
        var size = RawTerminal.size() ?? (rows: 24, columns: 80)
        if wantTerminal && inputIsTerminal { size = InteractiveFront.remoteSize(local: size) }
        if let scriptedSize {
            wantTerminal = true
            size = scriptedSize
        }
        let request = SSHConnectionRequest(
            destination: settings, jumpHosts: jumpHosts, command: command,
            terminal: wantTerminal ? SSHTerminalRequest(rows: size.rows, columns: size.columns) : nil,
            environment: environment, prompter: SSHPrompter(environment: environment, batchMode: settings.batchMode))
        let transport: SSHTransport
        do {
            transport = try SSHTransport.connect(request, log: log)
        } catch {
            printError(error.description)
            return 255
        }
        defer { transport.close() }
        if let runSession { return runSession(transport) }
        return Passthrough.run(transport, interactive: wantTerminal && inputIsTerminal, label: destinationLabel(settings))
    }
}

/// `user@host` as the bar and the closing message show it.
private func destinationLabel(_ settings: SSHSettings) -> String {
    settings.port == 22 ? "\(settings.user)@\(settings.originalHost)" : "\(settings.user)@\(settings.originalHost):\(settings.port)"
}

/// Runs a transport through `TransportPump` and maps the end to an exit status.
enum Passthrough {
    /// `interactive`: the full-screen front (`InteractiveRun`); the raw-mode passthrough
    /// (`RawTerminal`) remains only for a terminal ncurses cannot drive.
    static func run(_ transport: Transport, interactive: Bool, label: String = "") -> Int32 {
        if interactive, let status = InteractiveRun.run(transport, label: label) { return status }
        var pump = TransportPump(input: 0)
        var terminal: RawTerminal?
        if interactive, let raw = RawTerminal() {
            terminal = raw
            pump.terminalSize = { RawTerminal.size() }
            pump.shouldStop = { raw.terminationRequested }
        }
        let exit: TransportExit?
        do {
            exit = try pump.run(transport)
        } catch {
            terminal?.restore()
            printError(error.description)
            return 255
        }
        terminal?.restore()
        switch exit {
        case nil:
            printError("rterm: interrupted by a signal; connection closed")
            return 255
        case .signal(let name, let message)?:
            printError("rterm: remote command killed by signal \(name)" + (message.isEmpty ? "" : ": \(message)"))
            return 255
        case .unknown?:
            printError("rterm: the connection closed without an exit status")
            return 255
        case .status(let status)?:
            return status
        }
    }
}
