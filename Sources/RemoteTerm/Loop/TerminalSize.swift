#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of a terminal as the kernel keeps it (TIOCGWINSZ): the one place rterm reads it,
/// for the front's screen, the size a session asks for, and a progress line's width.
package enum TerminalSize {
    /// The size of the terminal `descriptor` is open on; nil when it is none, or says 0.
    package static func of(_ descriptor: Int32) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// The size of the terminal on standard output, else standard input, else standard error.
    package static func ofStandardStreams() -> (rows: Int, columns: Int)? {
        for descriptor: Int32 in [1, 0, 2] {
            if let size = of(descriptor) { return size }
        }
        return nil
    }
}
