#if canImport(Glibc)
    import Glibc
#endif

/// The local terminal in reader mode: raw input, and output that is only the transcript's
/// plain lines (no full screen, no bar, no escape sequence of rterm's or the remote's; the
/// bell is the one control passed on), written by the `TranscriptScreen` over it.
/// `restore()` (also on deinit) gives the terminal back.
package final class ReaderScreen: PlainTerminal {
    private var raw: RawTerminal?
    /// The terminal read from: raw again on `resume()`.
    private let input: Int32
    private let output: Int32

    /// Reader mode on the terminal of standard input, writing to `output`; nil when standard
    /// input is not a terminal.
    package init?(input: Int32 = 0, output: Int32 = 1) {
        guard let raw = RawTerminal(descriptor: input) else { return nil }
        self.raw = raw
        self.input = input
        self.output = output
    }

    deinit { restore() }

    /// Puts the terminal back as it was (idempotent).
    package func restore() {
        raw?.restore()
        raw = nil
    }

    package func currentSize() -> (rows: Int, columns: Int) { RawTerminal.size() ?? (rows: 24, columns: 80) }
    package func bell() { writeTranscript([0x07]) }
    package func suspend() { raw?.restore() }
    package func resume() {
        raw = RawTerminal(descriptor: input)
    }

    /// Writes all of `bytes`, waiting while the terminal is full (standard output may share
    /// standard input's non-blocking mode).
    package func writeTranscript(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EAGAIN || errno == EINTR {
                var wanted = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wanted, 1, 1000)
            } else {
                return
            }
        }
    }
}
