import RemoteTermSSH

/// What a session connects to: an SSH destination with ssh's options, or a local command on
/// a pseudo-terminal. One parser for `rterm [ssh options] host [command]`, `rterm [options]
/// --local [options] [-- command]` and the target of `rterm script FILE -- TARGET`.
package enum SessionTarget: Equatable, Sendable {
    /// `[ssh options] [user@]host [command ...]`, parsed as ssh parses it.
    case ssh(SSHCommandLine)
    /// `--local` among the options: the command, or the user's shell when empty, with the
    /// options that apply to it (`LocalCommandLine`).
    case local(LocalCommandLine)

    /// Parses a target from its words.
    package static func parse(_ arguments: [String]) throws(SessionTargetError) -> SessionTarget {
        if let local = try LocalCommandLine.parse(arguments) { return .local(local) }
        do {
            return .ssh(try SSHCommandLine.parse(arguments))
        } catch SSHCommandLineError.unknownLongOption("--local") {
            // `rterm host --local`: the words name both.
            throw .usage(
                "rterm: --local runs a command on this machine, so it takes no destination "
                    + "(rterm [options] --local [-- command])")
        } catch {
            throw .usage(error.description)
        }
    }

    /// What the command line asks for: connect, or answer at once (`-h`, `-V`, `-G`).
    package var action: SSHCommandLine.Action {
        switch self {
        case .ssh(let commandLine): return commandLine.action
        case .local(let local): return local.action
        }
    }

    /// `-n`: standard input is not read (the remote side gets EOF at once).
    package var stdinFromNull: Bool {
        switch self {
        case .ssh(let commandLine): return commandLine.stdinFromNull
        case .local(let local): return local.stdinFromNull
        }
    }

    /// The SSH settings of the destination and of each jump host, as ssh resolves them
    /// (command line, then `~/.ssh/config` or `-F`, then `/etc/ssh/ssh_config`).
    package static func resolve(_ commandLine: SSHCommandLine, context: SSHLocalContext) throws(SessionTargetError)
        -> (destination: SSHSettings, jumpHosts: [SSHSettings])
    {
        guard let destination = commandLine.destination else {
            throw .usage(SSHCommandLineError.missingDestination.description)
        }
        do {
            let settings = try SSHConfigResolver.resolve(
                host: destination.host, commandLine: commandLine.values, configFile: commandLine.configFile,
                context: context)
            var jumpHosts: [SSHSettings] = []
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
            return (settings, jumpHosts)
        } catch {
            throw .configuration(error.description)
        }
    }

    /// The user's shell, which a `--local` target runs (and a fleet's `--local` lines run
    /// their command with): `$SHELL`, else `/bin/sh`.
    package static func shell(_ environment: [String: String]) -> String {
        environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
    }

    /// Everything needed to connect, resolved: `terminal` says whether and at what size the
    /// remote side gets a pseudo-terminal.
    package func plan(terminal: TerminalRequest, environment: [String: String], log: SSHLog)
        throws(SessionTargetError) -> ConnectionPlan
    {
        switch self {
        case .local(let local):
            var arguments = local.command.isEmpty ? [Self.shell(environment)] : local.command
            if let name = local.resume { arguments = Self.localResumeArguments(name, command: local.command) }
            var plan = ConnectionPlan(
                // Where ssh would give a command no pseudo-terminal (input not a terminal, as
                // each line of a fleet), its output is the same bytes: LF, nothing echoed.
                route: .local(arguments: arguments, environment: environment, rows: terminal.size.rows,
                    columns: terminal.size.columns, asPipe: !terminal.inputIsTerminal && !terminal.isForced),
                label: local.resume.map { "local: tmux session \($0)" } ?? "local: " + arguments.joined(separator: " "),
                hasTerminal: true)
            plan.resumeName = local.resume
            plan.front = local.front
            plan.predict = local.predict ?? .adaptive
            if let escape = local.escapeCharacter { plan.escapeCharacter = escape.byte }
            log.debug("running \(arguments.joined(separator: " ")) on a local pseudo-terminal of "
                + "\(terminal.size.rows)x\(terminal.size.columns)")
            return plan
        case .ssh(let commandLine):
            let resolved = try Self.resolve(commandLine, context: .current())
            let settings = resolved.destination
            // LogLevel (and -q) unless -v was given.
            var log = log
            if commandLine.verbosity == 0, let level = settings.logVerbosity { log.verbosity = level }
            for note in settings.notes { log.debug(note) }
            if !settings.ignoredOptions.isEmpty {
                log.debug("ignored config options (not implemented): \(settings.ignoredOptions.joined(separator: ", "))")
            }
            var command = commandLine.remoteCommand.isEmpty
                ? settings.remoteCommand : commandLine.remoteCommand.joined(separator: " ")
            if let name = settings.resumeSession {
                guard command == nil else {
                    throw .usage("rterm: --resume runs the login shell inside tmux, so it takes no command")
                }
                command = Self.resumeCommand(name)
            }
            if settings.forwardsOnly, command != nil {
                throw .usage(
                    settings.resumeSession != nil
                        ? "rterm: -N (SessionType none) runs no shell, so it cannot --resume one"
                        : "rterm: -N (SessionType none) runs no command; drop -N or the command")
            }
            var wantTerminal: Bool
            switch settings.requestTTY {
            case .no: wantTerminal = false
            case .force: wantTerminal = true
            case .yes: wantTerminal = terminal.inputIsTerminal
            case .auto: wantTerminal = (command == nil || settings.resumeSession != nil) && terminal.inputIsTerminal
            }
            if settings.requestTTY == .yes, !terminal.inputIsTerminal, !terminal.isForced {
                log.warn("Pseudo-terminal will not be allocated because stdin is not a terminal.")
            }
            if terminal.isForced { wantTerminal = true }
            if settings.forwardsOnly { wantTerminal = false }
            let request = SSHConnectionRequest(
                destination: settings, jumpHosts: resolved.jumpHosts, command: command,
                terminal: wantTerminal
                    ? SSHTerminalRequest(rows: terminal.size.rows, columns: terminal.size.columns) : nil,
                environment: environment,
                prompter: SSHPrompter(environment: environment, batchMode: settings.batchMode))
            var plan = ConnectionPlan(
                route: .ssh(request, log: log), label: Self.label(settings), hasTerminal: wantTerminal)
            plan.resumeName = settings.resumeSession
            plan.escapeCharacter = settings.escapeCharacter.byte
            plan.predict = settings.predict
            plan.front = settings.front
            plan.reusableOptions = commandLine.reusableOptions
            return plan
        }
    }

    /// The remote command of `--resume NAME`: the login shell inside tmux session NAME,
    /// created or joined (`new-session -A` attaches as one more client and detaches no one,
    /// unlike `attach -d`), so a reconnect lands in the same shell. Run by `/bin/sh` whatever
    /// the login shell is; without tmux, one line says so and a plain login shell starts.
    /// NAME is letters, digits, `_` and `-` (`SSHOptionValue.resumeName`), so it needs no
    /// quoting.
    package static func resumeCommand(_ name: String) -> String {
        "/bin/sh -c 'if command -v tmux >/dev/null 2>&1; then exec tmux new-session -A -s \(name); fi; "
            + "echo \"rterm: tmux is not installed on this host, so this is a plain shell that a reconnect "
            + "cannot resume\" >&2; exec \"${SHELL:-/bin/sh}\" -l'"
    }

    /// The local command of `--resume NAME --local [command]`: tmux session NAME on this
    /// machine, created running the command (or the user's shell, tmux's default) or joined
    /// as one more client. Outside any tmux of the user's own (`TMUX` unset: the session is a
    /// server's to share, not a nested one). Without tmux, one line says so, status 127.
    package static func localResumeArguments(_ name: String, command: [String]) -> [String] {
        [
            "/bin/sh", "-c",
            "unset TMUX TMUX_PANE; if command -v tmux >/dev/null 2>&1; then exec tmux new-session -A -s \(name) \"$@\"; fi; "
                + "echo 'rterm: --resume needs tmux on this machine, and it is not installed' >&2; exit 127",
            "rterm-resume",
        ] + command
    }

    /// `user@host`, with `:port` when it is not 22: how the bar and the closing message name
    /// a connection.
    static func label(_ settings: SSHSettings) -> String {
        let base = "\(settings.user)@\(settings.originalHost)"
        return settings.port == 22 ? base : "\(base):\(settings.port)"
    }
}

/// Whether the remote side should get a pseudo-terminal, and of what size.
package struct TerminalRequest: Sendable {
    /// The size of the remote screen.
    package var size: (rows: Int, columns: Int)
    /// Whether rterm's standard input is a terminal (ssh's RequestTTY rules depend on it).
    package var inputIsTerminal: Bool
    /// Always a pseudo-terminal (`rterm script`, which drives a screen).
    package var isForced: Bool

    /// A request for a `size` screen.
    package init(size: (rows: Int, columns: Int), inputIsTerminal: Bool, isForced: Bool = false) {
        self.size = size
        self.inputIsTerminal = inputIsTerminal
        self.isForced = isForced
    }
}

/// Why a target could not be used, before any connection was tried.
package enum SessionTargetError: Error, Equatable, CustomStringConvertible {
    /// A command-line mistake (exit status 2).
    case usage(String)
    /// The configuration could not be read or resolved (exit status 255, as ssh).
    case configuration(String)

    package var description: String {
        switch self {
        case .usage(let message), .configuration(let message): return message
        }
    }

    /// The exit status rterm returns.
    package var exitStatus: Int32 {
        switch self {
        case .usage: return 2
        case .configuration: return 255
        }
    }
}
