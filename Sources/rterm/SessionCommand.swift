import Foundation
import RemoteTerm
import RemoteTermNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm [ssh options] [user@]host [command ...]`, `rterm [options] --local [-- command ...]`
/// and `rterm --hosts FILE`: sessions from the factory, on one loop. With a pseudo-terminal and a
/// terminal on standard output, the full-screen front shows them (connecting off the loop,
/// asking on its bar row); otherwise the session's output is passed to standard output and
/// error untouched and standard input to the remote side. Exit status: the remote status;
/// 255 when the connection, host key check or authentication fails or the remote was killed
/// by a signal (one `rterm:` line says which); 127 when a local command cannot start; 2 for
/// a usage error.
struct SessionCommand {
    let arguments: [String]
    let environment = ProcessInfo.processInfo.environment

    func run() -> Int32 {
        if let index = arguments.firstIndex(of: "--hosts"), !arguments[..<index].contains("--") {
            guard index + 1 < arguments.count else {
                printError("rterm: --hosts needs a file (one target a line)")
                return 2
            }
            let tail = Array(arguments[(index + 2)...])
            let parsed: (options: BatchOptions, sshOptions: [String], command: [String])
            do {
                parsed = try BatchOptions.commandTail(tail, environment: environment)
            } catch {
                printError(error.message)
                return 2
            }
            let options = Array(arguments[..<index]) + parsed.sshOptions
            if !parsed.command.isEmpty {
                return FleetCommand(
                    hostsFile: arguments[index + 1], targetOptions: options, work: .command(parsed.command),
                    options: parsed.options, say: printError
                ).run()
            }
            if tail.count != parsed.sshOptions.count {
                printError("rterm: fleet options (-j, --merge, --junit, …) need a COMMAND: rterm --hosts FILE [options] COMMAND")
                return 2
            }
            return runHosts(arguments[index + 1], options: options)
        }
        let target: SessionTarget
        do {
            target = try SessionTarget.parse(arguments)
        } catch {
            printError(error.description)
            return error.exitStatus
        }
        if let status = Self.answer(target) { return status }
        let outputIsTerminal = isatty(1) == 1
        let localSize = RawTerminal.size() ?? (rows: 24, columns: 80)
        // The full-screen front keeps the bottom row for its bar: ask for the size it will use.
        let size = outputIsTerminal ? Workspace.remoteSize(local: localSize) : localSize
        guard let factory = makeFactory() else { return 255 }
        // Planned as ssh plans it: whether the remote gets a pseudo-terminal depends on
        // standard input; with one, and a terminal on standard output, the front shows it.
        let planned: SessionFactory.Planned
        switch factory.plan(target, for: .pump, size: size) {
        case .success(let resolved): planned = resolved
        case .failure(let problem):
            printError(problem.message)
            return problem.exitStatus
        }
        if planned.plan.hasTerminal && outputIsTerminal {
            return runFront(factory) { [$0.start(planned, as: .interactive, size: planned.plan.front.reader == true ? localSize : size)] }
        }
        // -n: standard input is not read.
        return SessionPump.runFromCommandLine(planned, factory: factory, size: size, readsInput: !target.stdinFromNull, say: printError)
    }

    /// `-h`, `-V` and `-G`: answered without connecting (nil: connect).
    private static func answer(_ target: SessionTarget) -> Int32? {
        switch target.action {
        case .showHelp:
            if case .local = target { print(LocalCommandLine.usage) } else { print(Help.text) }
            return 0
        case .showVersion:
            print("rterm \(rtermVersion) (libssh2 \(SSHLibrary.version))")
            return 0
        case .printConfiguration:
            guard case .ssh(let commandLine) = target else { return nil }
            do {
                print(try SessionTarget.resolve(commandLine, context: .current()).destination.configDump, terminator: "")
                return 0
            } catch {
                printError(error.description)
                return error.exitStatus
            }
        case .connect:
            return nil
        }
    }

    /// The factory of this run's sessions, on the one event loop; nil after saying why there
    /// is no loop.
    func makeFactory() -> SessionFactory? {
        do {
            var factory = SessionFactory(
                loop: try EventLoop(), environment: environment, inputIsTerminal: isatty(0) == 1, say: printError)
            factory.banner = "rterm \(rtermVersion), libssh2 \(SSHLibrary.version)"
            return factory
        } catch {
            printError(error.description)
            return nil
        }
    }

    /// `rterm --hosts FILE [ssh options]`: one session per target of FILE (the options before
    /// each ssh line's words; a `--local` line is a local shell), in one front; the first is
    /// shown.
    private func runHosts(_ path: String, options: [String]) -> Int32 {
        // A mistake in the file is found before anything starts; the line says where.
        let entries: [HostsFile.Entry]
        switch HostsFile.entries(path, options: options) {
        case .success(let found): entries = found
        case .failure(let problem):
            printError(problem.message)
            return problem.exitStatus
        }
        guard isatty(1) == 1 else {
            printError("rterm: --hosts shows its sessions on the terminal: standard output is not one")
            return 2
        }
        guard let factory = makeFactory() else { return 255 }
        let size = Workspace.remoteSize(local: RawTerminal.size() ?? (rows: 24, columns: 80))
        var failure: (line: Int, problem: OpenProblem)?
        let status = runFront(factory) { factory in
            var opened: [SessionFactory.Opened] = []
            for entry in entries {
                switch factory.open(entry.target, words: entry.words, as: .interactive, size: size) {
                case .success(let session): opened.append(session)
                case .failure(let problem):
                    // Nothing is started on a file with a mistake in it: the line says which.
                    for session in opened { session.session.end(.disconnected(label: session.label)) }
                    failure = (entry.line, problem)
                    return []
                }
            }
            return opened
        }
        if let failure {
            printError("rterm: \(path):\(failure.line): " + failure.problem.message.replacingOccurrences(of: "rterm: ", with: ""))
            return failure.problem.exitStatus
        }
        return status
    }

    /// Runs the full-screen front on the sessions `open` starts (none: nothing to run, 2),
    /// telling `observer` (`rterm record`) what the user does.
    func runFront(
        _ factory: SessionFactory, observer: FrontInputObserver? = nil, _ open: (SessionFactory) -> [SessionFactory.Opened]
    ) -> Int32 {
        // Blocked before any other thread starts (the connections'): threads inherit the
        // mask, so the signals can only ever arrive through the signalfd.
        let signals = SignalSource()
        var factory = factory
        let sessions = open(factory)
        guard !sessions.isEmpty else {
            signals.pause()
            return 2
        }
        let reader = sessions[0].front.reader == true
        // Asked before the screen starts, so the answers are not taken for keys (reader mode
        // writes no sequence at all: remotes that ask get xterm's colours, keys stay legacy).
        let local = reader ? TerminalProbe.StartupAnswers() : TerminalProbe.startupAnswers(term: environment["TERM"])
        if !reader {
            factory.colors = local.colorDefaults
            for opened in sessions { opened.session.setColorDefaults(factory.colors) }
        }
        // The bar's height and labels are the first session's (its host's settings).
        let (bar, barProblems) = KeyBarFile.load(environment: environment, preferences: sessions[0].front)
        let screen: LocalScreen
        let restore: () -> Void
        if reader {
            guard let plain = ReaderScreen() else {
                printError("rterm: reader mode needs a terminal on standard input")
                for opened in sessions { opened.session.end(.disconnected(label: opened.label)) }
                return 2
            }
            (screen, restore) = (TranscriptScreen(over: plain), plain.restore)
        } else {
            guard let ncurses = NcursesScreen(keyboard: local.keyboard, say: printError) else {
                printError("rterm: cannot draw on this terminal (no terminfo entry for it, nor for xterm-256color or vt100)")
                for opened in sessions { opened.session.end(.disconnected(label: opened.label)) }
                return 255
            }
            ncurses.synchronizedFrames = local.synchronizedOutput
            (screen, restore) = (ncurses, ncurses.restore)
        }
        let front = InteractiveFront(
            screen: screen, sessions: sessions, factory: factory, loop: factory.loop, bar: bar, problems: barProblems,
            inputIsTerminal: isatty(0) == 1, signals: signals, network: NetworkChangeSource(),
            system: .live(environment: environment))
        front.shownWorkspace.inputObserver = observer
        let outcome = front.run()
        restore()
        if let path = environment["RTERM_FRONT_STATS"] {
            let stats = FrontStats.text(frames: front.shownWorkspace.frameWork, drawing: (screen as? NcursesScreen)?.renderWork)
            if !FileManager.default.createFile(atPath: path, contents: Data(stats.utf8)) {
                printError("rterm: RTERM_FRONT_STATS: cannot write \(path)")
            }
        }
        for problem in barProblems { printError("rterm: \(problem)") }
        for message in front.laterMessages { printError(message) }
        for ending in outcome.endings { if let message = ending.message { printError(message) } }
        return outcome.exitStatus
    }
}
