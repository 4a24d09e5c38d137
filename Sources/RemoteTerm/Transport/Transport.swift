#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The seam between whatever drives a session (the byte pump today, the interactive front
/// later) and a byte source: an SSH channel, a local pseudo-terminal, or memory.
///
/// Everything is non-blocking and single-threaded. The driver polls `pollInterests` (with
/// at most `pollTimeout` milliseconds of sleep), then calls `service()`, then reads each
/// stream until `.wouldBlock`. `service()` returning true means data may already be
/// buffered inside the transport (libssh2 decrypts ahead of the socket), so the driver must
/// not sleep in `poll` before reading again (libssh2 notes, pitfall 2).
public protocol Transport: AnyObject {
    /// The descriptors to poll and the events wanted on each now. Usually one; an SSH
    /// connection through jump hosts also needs the sockets of the hops.
    var pollInterests: [TransportPollInterest] { get }
    /// The longest the driver may sleep before calling `service()` again, in milliseconds
    /// (-1: no limit). Keepalives need this.
    var pollTimeout: Int32 { get }
    /// Housekeeping after a wake-up or a timeout: keepalives, dead-link detection, moving
    /// bytes through jump hosts. Returns true when reads may succeed without polling first.
    func service() throws(TransportError) -> Bool
    /// Reads what is available of `stream` into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    /// Writes as much of `bytes` as the transport accepts now (partial writes are normal).
    func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO
    /// Signals end of input to the remote side (SSH EOF, ^D on a pty). Returns false when it
    /// would block; call it again after the next poll.
    func finishWriting() throws(TransportError) -> Bool
    /// Tells the remote side the terminal size changed.
    func resize(rows: Int, columns: Int) throws(TransportError)
    /// Waits (bounded) until the remote side has finished, after both streams ended, and
    /// returns how it ended.
    func awaitExit() throws(TransportError) -> TransportExit
    /// Releases the connection; further calls fail. Also done on deinit.
    func close()
}

/// One descriptor to poll and the `poll(2)` events wanted on it.
public struct TransportPollInterest: Sendable, Equatable {
    /// The descriptor.
    public var descriptor: Int32
    /// `POLLIN`, `POLLOUT` or both.
    public var events: Int16

    /// An interest in `events` on `descriptor`.
    public init(descriptor: Int32, events: Int16) {
        self.descriptor = descriptor
        self.events = events
    }
}

/// The two output streams of a remote command. With a pseudo-terminal everything arrives
/// on `.output`.
public enum TransportStream: Sendable, Equatable {
    /// Standard output (the terminal output with a pty).
    case output
    /// Standard error (SSH extended data).
    case errorOutput
}

/// The result of a non-blocking read or write.
public enum TransportIO: Sendable, Equatable {
    /// This many bytes were moved (never 0).
    case transferred(Int)
    /// Nothing can be moved now; poll and try again.
    case wouldBlock
    /// The stream has ended (reads only).
    case endOfStream
}

/// How the remote command (or local child) ended.
public enum TransportExit: Sendable, Equatable {
    /// It exited with this status.
    case status(Int32)
    /// It was killed by a signal, named without `SIG` (`TERM`, `KILL`); `message` is the
    /// server's explanation, often empty.
    case signal(name: String, message: String)
    /// The channel closed without reporting either (for example an old server).
    case unknown

    /// The exit status rterm itself should return, as ssh does: the remote status, or 255
    /// for a signal or an unknown end.
    public var localExitStatus: Int32 {
        switch self {
        case .status(let status): return status
        case .signal, .unknown: return 255
        }
    }
}
