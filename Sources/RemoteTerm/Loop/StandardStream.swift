#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output or error that can never stop rterm: every byte goes, unless
/// the reader went away (a closed pipe: `rterm … | head -0`), and then the rest is dropped
/// quietly. (Foundation's FileHandle.write traps on EPIPE: rterm exited 132 with a
/// backtrace.) SIGPIPE is ignored from rterm's first line on.
public enum StandardStream {
    public static func writeError(_ text: String) { write(text, to: 2) }

    public static func writeOutput(_ text: String) { write(text, to: 1) }

    /// All of `text` to `descriptor`, or as much as it takes before an error.
    public static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
            }
            if count > 0 {
                done += count
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}
