import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The fallback for an interactive session when ncurses cannot drive the local terminal
/// (an unknown TERM): the local terminal in raw mode and the session run through
/// `TransportPump` as a plain byte passthrough, without emulation. The full-screen front
/// (`InteractiveFront`) is what normally runs.
///
/// The terminal is restored by `restore()` (callers use `defer`), and SIGTERM/SIGHUP/SIGINT
/// are blocked while raw mode is on and polled with `sigpending`, so they end the session
/// through the normal exit path, which restores the terminal, instead of killing rterm
/// with the terminal left raw.
final class RawTerminal {
    private let descriptor: Int32
    private var saved = termios()
    private var isRaw = false
    private var blocked = sigset_t()
    private var previousMask = sigset_t()

    /// Raw mode on `descriptor` (standard input); nil when it is not a terminal.
    init?(descriptor: Int32 = 0) {
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
        self.descriptor = descriptor
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else { return nil }
        isRaw = true
        sigemptyset(&blocked)
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        // A no-op handler makes SIGWINCH interrupt poll, so resizes are seen at once.
        signal(SIGWINCH) { _ in }
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was and unblocks the signals.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        _ = tcsetattr(descriptor, TCSADRAIN, &saved)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Whether a termination signal arrived (it stays pending while blocked).
    var terminationRequested: Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains { sigismember(&pending, $0) == 1 }
    }

    /// The size of the terminal on standard output, or of standard input.
    static func size() -> (rows: Int, columns: Int)? {
        for descriptor: Int32 in [1, 0, 2] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
                return (Int(size.ws_row), Int(size.ws_col))
            }
        }
        return nil
    }
}
