import Foundation
import RemoteTerm
import RemoteTermNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm [ssh options] [user@]host [command ...]` and `rterm --local [-- command ...]`: one
/// target parser, one session, one loop. With a pseudo-terminal and a terminal on standard
/// output, the full-screen front runs (connecting off the loop, asking on its bar row);
/// otherwise the session's output is passed to standard output and error untouched and
/// standard input to the remote side. Exit status: the remote status; 255 when the
/// connection, host key check or authentication fails or the remote was killed by a signal
/// (one `rterm:` line says which); 127 when a local command cannot start; 2 for a usage error.
struct SessionCommand {
    let arguments: [String]
    let environment = ProcessInfo.processInfo.environment

    static let localUsage = """
        usage: rterm --local [-- command [args ...]]

        Runs $SHELL (or the command) on a local pseudo-terminal through rterm's session,
        without any server. Exits with the command's status.
        """

    func run() -> Int32 {
        if let index = arguments.firstIndex(of: "--hosts"), !arguments[..<index].contains("--") {
            guard index + 1 < arguments.count else {
                printError("rterm: --hosts needs a file (one target a line)")
                return 2
            }
            return runHosts(arguments[index + 1], options: Array(arguments[..<index] + arguments[(index + 2)...]))
        }
        if arguments.first == "--local", ["-h", "--help"].contains(arguments.dropFirst().first ?? "") {
            print(Self.localUsage)
            return 0
        }
        let target: SessionTarget
        do {
            target = try SessionTarget.parse(arguments)
        } catch {
            printError(error.description)
            return error.exitStatus
        }
        var verbosity = 0
        var logFile: String?
        var readsInput = true
        if case .ssh(let commandLine) = target {
            readsInput = !commandLine.stdinFromNull
            switch commandLine.action {
            case .showHelp:
                print(Help.text)
                return 0
            case .showVersion:
                print("rterm \(rtermVersion) (libssh2 \(SSHLibrary.version))")
                return 0
            case .printConfiguration:
                do {
                    print(try SessionTarget.resolve(commandLine, context: .current()).destination.configDump, terminator: "")
                    return 0
                } catch {
                    printError(error.description)
                    return error.exitStatus
                }
            case .connect:
                guard SSHLibrary.initialize() else {
                    printError("rterm: libssh2 could not be initialised (reinstall libssh2-1)")
                    return 255
                }
                verbosity = commandLine.verbosity
                logFile = commandLine.logFile
            }
        }
        let inputIsTerminal = isatty(0) == 1
        let outputIsTerminal = isatty(1) == 1
        let localSize = RawTerminal.size() ?? (rows: 24, columns: 80)
        // The full-screen front keeps the bottom row for its bar: ask for the size it will use.
        let size = outputIsTerminal ? Workspace.remoteSize(local: localSize) : localSize
        guard let loop = Self.makeLoop() else { return 255 }
        // Once the full-screen front runs, what the connection says goes on its screen, not
        // into the middle of ncurses' drawing; before that, and without the front, to stderr.
        let mailbox = PromptMailbox(wake: loop.waker.wake)
        let destination = LogDestination()
        if let logFile {
            // -E: the log is appended to this file instead (the closing rterm: line stays on stderr).
            let descriptor = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                printError("rterm: -E \(logFile): cannot open the log file: \(String(cString: strerror(errno)))")
                return 255
            }
            destination.file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        let log = SSHLog(verbosity: verbosity) { destination.write($0) }
        log.debug("rterm \(rtermVersion), libssh2 \(SSHLibrary.version)")
        let plan: ConnectionPlan
        do {
            plan = try target.plan(
                terminal: TerminalRequest(size: size, inputIsTerminal: inputIsTerminal), environment: environment,
                log: log)
        } catch {
            printError(error.description)
            return error.exitStatus
        }
        if plan.hasTerminal && outputIsTerminal {
            destination.mailbox = mailbox
            return runInteractive(
                plan.withInteractiveKeepalive(), loop: loop, mailbox: mailbox, log: destination, size: size)
        }
        // -N: no shell, so nothing to read for it; the forwards run until the connection ends
        // or a signal stops rterm.
        if plan.forwardsOnly { readsInput = false }
        return runPump(
            plan, loop: loop, size: size, rawInput: plan.hasTerminal && inputIsTerminal && readsInput, readsInput: readsInput,
            catchesSignals: plan.forwardsOnly)
    }

    /// The one event loop, or nil after saying why there is none.
    private static func makeLoop() -> EventLoop? {
        do {
            return try EventLoop()
        } catch {
            printError(error.description)
            return nil
        }
    }

    /// The full-screen front: the remote screen emulated, drawn above the key bar.
    private func runInteractive(
        _ plan: ConnectionPlan, loop: EventLoop, mailbox: PromptMailbox, log: LogDestination,
        size: (rows: Int, columns: Int)
    ) -> Int32 {
        runFront(loop: loop) { opener in [opener.start(plan, size: size, log: log, mailbox: mailbox)] }
    }

    /// `rterm --hosts FILE [ssh options]`: one session per target of FILE (the options before
    /// each ssh line's words; a `--local` line is a local shell), in one front; the first is
    /// shown.
    private func runHosts(_ path: String, options: [String]) -> Int32 {
        let targets: [(line: Int, words: [String])]
        switch HostsFile.targets(path) {
        case .success(let listed): targets = listed
        case .failure(let problem):
            printError(problem.message)
            return 2
        }
        let lines = targets.map { (line: $0.line, words: HostsFile.targetWords(options: options, line: $0.words)) }
        // A mistake in the file is found before anything starts; the line says where.
        for target in lines {
            do {
                _ = try SessionTarget.parse(target.words)
            } catch {
                printError("rterm: \(path):\(target.line): " + error.description.replacingOccurrences(of: "rterm: ", with: ""))
                return error.exitStatus
            }
        }
        guard isatty(1) == 1 else {
            printError("rterm: --hosts shows its sessions on the terminal: standard output is not one")
            return 2
        }
        guard SSHLibrary.initialize() else {
            printError("rterm: libssh2 could not be initialised (reinstall libssh2-1)")
            return 255
        }
        guard let loop = Self.makeLoop() else { return 255 }
        let size = Workspace.remoteSize(local: RawTerminal.size() ?? (rows: 24, columns: 80))
        var failure: (line: Int, problem: OpenProblem)?
        let status = runFront(loop: loop) { opener in
            var opened: [SessionOpener.Opened] = []
            for target in lines {
                switch opener.open(target.words, size: size) {
                case .success(let session): opened.append(session)
                case .failure(let problem):
                    // Nothing is started on a file with a mistake in it: the line says which.
                    for session in opened { session.session.end(.disconnected(label: session.label)) }
                    failure = (target.line, problem)
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

    /// Runs the full-screen front on the sessions `open` starts (none: nothing to run, 2).
    private func runFront(loop: EventLoop, _ open: (SessionOpener) -> [SessionOpener.Opened]) -> Int32 {
        // Blocked before any other thread starts (the connections'): threads inherit the
        // mask, so the signals can only ever arrive through the signalfd.
        let signals = SignalSource()
        let (bar, barProblems) = KeyBarFile.load(environment: environment)
        // Asked before the screen starts, so the answers are not taken for keys.
        let colors = TerminalProbe.colorDefaults(term: environment["TERM"])
        let opener = SessionOpener(loop: loop, environment: environment, colors: colors)
        let sessions = open(opener)
        guard !sessions.isEmpty else {
            signals.pause()
            return 2
        }
        guard let screen = NcursesScreen(say: printError) else {
            printError("rterm: cannot draw on this terminal (no terminfo entry for it, nor for xterm-256color or vt100)")
            for opened in sessions { opened.session.end(.disconnected(label: opened.label)) }
            return 255
        }
        let front = InteractiveFront(
            screen: screen, sessions: sessions, opener: opener, loop: loop, signals: signals, bar: bar,
            problems: barProblems)
        let outcome = front.run()
        screen.restore()
        for problem in barProblems { printError("rterm: \(problem)") }
        for message in front.laterMessages { printError(message) }
        for ending in outcome.endings { if let message = ending.message { printError(message) } }
        return outcome.exitStatus
    }

    /// No screen: bytes pass through; with a pseudo-terminal and a terminal on standard
    /// input (output going elsewhere), the input terminal is raw so every key reaches the
    /// remote, and its size follows.
    private func runPump(
        _ plan: ConnectionPlan, loop: EventLoop, size: (rows: Int, columns: Int), rawInput: Bool, readsInput: Bool,
        catchesSignals: Bool = false
    ) -> Int32 {
        // With the terminal raw, termination signals must end the session through the normal
        // path (which restores it); blocked before the connection's thread starts. With -N
        // too, so that the forwards' Unix sockets are removed and the server told.
        let signals = rawInput || catchesSignals ? SignalSource() : nil
        var options = Session.Options()
        options.label = plan.label
        let session = Session(rows: size.rows, columns: size.columns, clock: loop.clock, options: options)
        session.connect(plan.start(wake: loop.waker.wake, prompting: false))
        let raw = rawInput ? RawTerminal() : nil
        if let signals {
            signals.onSignal = { signal in
                if signal == SIGWINCH {
                    if let size = RawTerminal.size() { session.resize(rows: size.rows, columns: size.columns) }
                } else {
                    session.end(.signal(SignalSource.name(signal)))
                }
            }
            loop.add(signals)
        }
        let ending: SessionEnding
        do {
            ending = try SessionPump.run(session, loop: loop, input: readsInput ? 0 : nil)
        } catch {
            ending = .failed(error.description)
        }
        signals?.pause()
        raw?.restore()
        if let message = ending.message { printError(message) }
        return ending.exitStatus
    }
}

/// Where the connection's log lines go: standard error, or (while the full-screen front runs)
/// its screen, through the session's mailbox. Written from the connecting thread.
final class LogDestination: @unchecked Sendable {
    private let lock = NSLock()
    private var target: PromptMailbox?
    /// `-E`: every line goes to this file instead.
    var file: FileHandle?

    /// The front's mailbox, once it runs.
    var mailbox: PromptMailbox? {
        get { lock.withLock { target } }
        set { lock.withLock { target = newValue } }
    }

    func write(_ line: String) {
        if let file {
            lock.withLock { try? file.write(contentsOf: Data((line + "\n").utf8)) }
        } else if let mailbox {
            mailbox.notify(line)
        } else {
            printError(line)
        }
    }
}
