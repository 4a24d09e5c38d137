import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// The local terminal in raw mode, for a command that has a pseudo-terminal while rterm's
/// output goes elsewhere (`rterm -t host cmd > file`): every key reaches the remote side as
/// typed. Output never goes raw to a terminal: with a terminal on standard output the
/// full-screen front runs instead. `restore()` (also on deinit) puts the modes back; the
/// caller catches termination signals (`SignalSource`) so that it always runs. `resume()`
/// makes it raw again after a suspend (`~^Z`).
package final class RawTerminal {
    private let descriptor: Int32
    private var saved = termios()
    private var raw = termios()
    private var isRaw = false

    /// Raw mode on `descriptor` (standard input); nil when it is not a terminal.
    package init?(descriptor: Int32 = 0) {
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
        self.descriptor = descriptor
        raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else { return nil }
        isRaw = true
    }

    /// Raw again, after `restore()` (a suspended rterm continued).
    package func resume() {
        guard !isRaw, tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else { return }
        isRaw = true
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was.
    package func restore() {
        guard isRaw else { return }
        isRaw = false
        _ = tcsetattr(descriptor, TCSADRAIN, &saved)
    }

    /// The size of the terminal on standard output, or of standard input (`TerminalSize`).
    package static func size() -> (rows: Int, columns: Int)? { TerminalSize.ofStandardStreams() }
}
