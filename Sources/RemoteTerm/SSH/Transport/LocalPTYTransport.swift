import CSSH2
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local command on a new pseudo-terminal: `rterm --local` runs your shell through the
/// same pipeline as an SSH session, so everything can be tried without a server.
///
/// The child is started with posix_spawn rather than fork (forking a Swift process is
/// unsafe once the runtime has threads): it gets its own session, the pty's slave as its
/// controlling terminal and standard descriptors, and default signal dispositions (rterm
/// ignores SIGPIPE; the child must not inherit that).
package final class LocalPTYTransport: Transport, LineDisciplineTransport {
    private var master: Int32
    /// The last write could not take everything: the pty is polled for room (POLLOUT) until
    /// the next turn, whose first write asks again. (Without it, input that filled the pty
    /// while the program read nothing waited for some other wake-up: a paste stopped there.)
    private var writeBlocked = false
    private let pid: pid_t
    /// The child's process ID (for a caller that waits on it itself, as tests do).
    package var processID: pid_t { pid }
    private var exitResult: TransportExit?

    /// Starts `arguments` (looked up in PATH) on a `rows` x `columns` pty, with `environment`
    /// (TERM is set to `term`). `asPipe`: for a command whose output is captured, as ssh
    /// runs one without a pseudo-terminal: its newlines stay newlines (no CR added) and what
    /// it is sent is not echoed, so its output is the same bytes as over ssh.
    package init(
        arguments: [String], environment: [String: String], term: String = "xterm-256color",
        rows: Int, columns: Int, asPipe: Bool = false
    ) throws(TransportError) {
        guard let program = arguments.first else {
            throw TransportError.cannotStart(command: "", errno: ENOENT)
        }
        // The master is opened close-on-exec in one step (openpty's descriptors are not, and
        // a child another thread starts in between would keep this terminal open), and the
        // slave is opened only by the child. ptsname_r, not ptsname or ttyname: their static
        // buffer is shared by every thread, and two sessions starting at once would open each
        // other's terminals.
        var nameBuffer = [CChar](repeating: 0, count: 256)
        let master = rterm_open_pty_master(&nameBuffer, nameBuffer.count)
        guard master >= 0 else {
            throw TransportError.system(operation: "posix_openpt", target: "a new pseudo-terminal", errno: errno)
        }
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            let code = errno
            Glibc.close(master)
            throw TransportError.system(operation: "ptsname", target: "the new pseudo-terminal", errno: code)
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        if asPipe {
            // Set through the master before the child opens the slave: the pair's modes.
            var modes = termios()
            if tcgetattr(master, &modes) == 0 {
                modes.c_oflag &= ~tcflag_t(ONLCR)
                modes.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL | ECHOCTL)
                _ = tcsetattr(master, TCSANOW, &modes)
            }
        }
        let slaveName = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, the slave becomes the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var environment = environment
        environment["TERM"] = term
        switch ChildProcess.spawn(arguments, environment: environment, actions: &actions, newSession: true) {
        case .success(let child):
            self.pid = child
        case .failure(let error):
            Glibc.close(master)
            throw TransportError.cannotStart(command: program, errno: error.code)
        }
        self.master = master
    }

    deinit {
        close()
    }

    /// The pty master: its output, and room for input while a write waits for it.
    package var pollInterests: [PollInterest] {
        master < 0 ? [] : [PollInterest(descriptor: master, events: Int16(POLLIN) | (writeBlocked ? Int16(POLLOUT) : 0))]
    }

    /// No timers.

    /// Nothing to do but forget a blocked write (the turn's write asks again); the kernel
    /// buffers everything.
    package func service() throws(TransportError) {
        writeBlocked = false
        try repeatEndOfFileIfModesChanged()
    }

    /// Never: the kernel holds what is buffered, and poll sees it.
    package var hasBufferedInput: Bool { false }

    /// Reads the terminal output; there is no separate error stream on a pty.
    package func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        guard stream == .output else { return .endOfStream }
        guard master >= 0 else { throw TransportError.closed }
        let count = Glibc.read(master, buffer.baseAddress, buffer.count)
        if count > 0 { return .transferred(count) }
        if count == 0 { return .endOfStream }
        switch errno {
        case EAGAIN, EINTR: return .wouldBlock
        // Linux reports the slave side closing (the child exited) as EIO.
        case EIO: return .endOfStream
        default: throw TransportError.system(operation: "read", target: "the pseudo-terminal", errno: errno)
        }
    }

    /// Writes terminal input.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        guard master >= 0 else { throw TransportError.closed }
        let count = Glibc.write(master, bytes.baseAddress, bytes.count)
        writeBlocked = count < bytes.count
        if count > 0 { return .transferred(count) }
        switch errno {
        case EAGAIN, EINTR: return .wouldBlock
        case EIO: return .endOfStream
        default: throw TransportError.system(operation: "write", target: "the pseudo-terminal", errno: errno)
        }
    }

    /// Types the EOF character (^D), which ends input for a program reading the terminal
    /// in canonical mode.
    package func finishWriting() throws(TransportError) -> Bool {
        guard try sendEndOfFile() else { return false }
        inputEnded = true
        return true
    }

    /// The input ended (`finishWriting`): the end-of-file character was sent.
    private var inputEnded = false
    /// The terminal's modes when it was last sent.
    private var endOfFileModes: [UInt8]?

    /// Writes the terminal's end-of-file character (VEOF, ^D unless changed); false when the
    /// pty cannot take it now. The modes are noted *before* the write: a program that changes
    /// them (and flushes) between the write and a later look would otherwise leave its
    /// discarded ^D unrepeated.
    private func sendEndOfFile() throws(TransportError) -> Bool {
        var eof: UInt8 = 4
        var modes = termios()
        let noted = currentModes()
        if tcgetattr(master, &modes) == 0 { eof = withUnsafeBytes(of: modes.c_cc) { $0[Int(VEOF)] } }
        let sent = try withUnsafeBytes(of: &eof) { raw in
            Result { () throws(TransportError) in try write(raw) }
        }.get() != .wouldBlock
        if sent { endOfFileModes = noted }
        return sent
    }

    /// The slave's termios as bytes, to notice a change.
    private func currentModes() -> [UInt8]? {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return nil }
        return withUnsafeBytes(of: &modes) { Array($0) }
    }

    /// A program that sets its terminal modes with TCSAFLUSH (bash's readline does, as it
    /// starts) discards the end-of-file character sent before: once input has ended, it is
    /// sent again whenever the modes change, so `rterm --local < /dev/null` ends.
    private func repeatEndOfFileIfModesChanged() throws(TransportError) {
        guard inputEnded else { return }
        let modes = currentModes()
        guard modes != endOfFileModes else { return }
        _ = try sendEndOfFile()
    }

    /// A key the line discipline acts on at once (see `LineDisciplineTransport`): the
    /// terminal's interrupt, quit or suspend character while ISIG is on.
    package func signal(forKey byte: UInt8) -> Bool {
        var modes = termios()
        guard master >= 0, byte != 0, tcgetattr(master, &modes) == 0, modes.c_lflag & tcflag_t(ISIG) != 0 else { return false }
        let characters = withUnsafeBytes(of: modes.c_cc) { Array($0) }
        let signal: Int32
        switch byte {
        case characters[Int(VINTR)]: signal = SIGINT
        case characters[Int(VQUIT)]: signal = SIGQUIT
        case characters[Int(VSUSP)]: signal = SIGTSTP
        default: return false
        }
        let flushes = modes.c_lflag & tcflag_t(NOFLSH) == 0
        return rterm_pty_signal(master, signal, flushes ? 1 : 0) == 0
    }

    /// Sets the pty size; the kernel sends the child SIGWINCH.
    package func resize(rows: Int, columns: Int) throws(TransportError) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw TransportError.system(operation: "TIOCSWINSZ", target: "the pseudo-terminal", errno: errno)
        }
    }

    /// The child's status or signal once it has exited; nil while it runs (never waits).
    package func exitStatus() throws(TransportError) -> TransportExit? {
        if let exitResult { return exitResult }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            guard errno == EINTR else {
                throw TransportError.system(operation: "waitpid", target: "process \(pid)", errno: errno)
            }
        }
        let result: TransportExit
        if status & 0x7F == 0 {
            result = .status((status >> 8) & 0xFF)
        } else {
            let number = status & 0x7F
            result = .signal(name: Self.signalName(number), message: "")
        }
        exitResult = result
        return result
    }

    /// Closes the master; the child gets SIGHUP from the kernel if it still runs.
    package func close() {
        if master >= 0 {
            Glibc.close(master)
            master = -1
        }
        if exitResult == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitResult = .unknown }
        }
    }

    /// `TERM` for 15 and so on, as ssh names signals (without `SIG`).
    static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGABRT: "ABRT", SIGFPE: "FPE",
            SIGKILL: "KILL", SIGSEGV: "SEGV", SIGPIPE: "PIPE", SIGALRM: "ALRM", SIGTERM: "TERM",
            SIGUSR1: "USR1", SIGUSR2: "USR2", SIGBUS: "BUS",
        ]
        return names[number] ?? "\(number)"
    }
}
