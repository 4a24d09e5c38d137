#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output or error that can never stop rterm: every byte goes, unless
/// the reader went away (a closed pipe: `rterm … | head -0`), and then the rest is dropped
/// quietly. (Foundation's FileHandle.write traps on EPIPE: rterm exited 132 with a
/// backtrace.) SIGPIPE is ignored from rterm's first line on. Each write says whether the
/// reader is still there, for a run that must stop when nobody reads what it prints (a
/// fleet: `rterm --hosts FILE cmd | head -1`).
package enum StandardStream {
    package static func writeError(_ text: String) { write(text, to: 2) }

    package static func writeOutput(_ text: String) { write(text, to: 1) }

    /// All of `text` to `descriptor`, or as much as it takes before an error. False when the
    /// reader went away: a closed pipe (EPIPE) or a terminal that hung up (EIO); any other
    /// failure (a full disk) drops the rest, as before, and says true.
    @discardableResult package static func write(_ text: String, to descriptor: Int32) -> Bool {
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
                return !(count < 0 && (errno == EPIPE || errno == EIO))
            }
        }
        return true
    }
}
