import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The seam between a `Session` and a byte source: an SSH channel, a local pseudo-terminal,
/// or memory.
///
/// Everything is non-blocking and single-threaded, and no call ever waits: the session's
/// event loop polls `pollInterests` (sleeping until `deadline` at most), calls
/// `service()`, reads each stream until `.wouldBlock` or its read budget is spent, writes what
/// it has, and then asks `hasBufferedInput` before it sleeps again: libssh2 decrypts ahead of
/// the socket, so data can already be waiting in memory while the socket has nothing
/// (libssh2 notes, pitfall 2). Asking *after* the reads is what makes a stall impossible.
package protocol Transport: AnyObject {
    /// The descriptors to poll and the events wanted on each now. Usually one; an SSH
    /// connection through jump hosts also needs the sockets of the hops.
    var pollInterests: [PollInterest] { get }
    /// The interests while the session's output sink is full (`outputPaused`): by default
    /// the same without POLLIN, so the loop waits for the sink, not for more output. A
    /// transport that carries other traffic on the same descriptors (SSH port forwards)
    /// keeps reading what that traffic needs.
    func pollInterests(outputPaused: Bool) -> [PollInterest]
    /// When `service()` is due again even if nothing is ready, on the loop's clock (nil: no
    /// such time). Keepalives and paced input need this.
    var deadline: UInt64? { get }
    /// Housekeeping after a wake-up or a timeout: keepalives, dead-link detection, moving
    /// bytes through jump hosts, sending a queued window change.
    func service() throws(TransportError)
    /// Whether data (or an end of stream) is already buffered inside the transport, so that a
    /// read may succeed without polling first.
    var hasBufferedInput: Bool { get }
    /// Whether traffic other than the session's streams (SSH port forwards) needs another
    /// `service()` without sleeping; asked after every turn, whatever the output does.
    var hasOtherWork: Bool { get }
    /// Reads what is available of `stream` into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    /// Takes as much of `bytes` as the transport accepts now (partial writes are normal).
    /// Bytes it took are its own: they reach the remote side in order, and the caller
    /// never offers them again.
    func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO
    /// Signals end of input to the remote side (SSH EOF, ^D on a pty) once everything
    /// written has gone. Returns false while it cannot yet; call it again after a poll.
    func finishWriting() throws(TransportError) -> Bool
    /// Tells the remote side the terminal size changed: at once, or (when the connection
    /// cannot take it now) as soon as `service()` can send it. Never waits.
    func resize(rows: Int, columns: Int) throws(TransportError)
    /// How the remote side ended, once that is known; nil until then. Never waits: ask
    /// again after a poll. Meaningful after the output stream ended.
    func exitStatus() throws(TransportError) -> TransportExit?
    /// Releases the connection; further calls fail. Also done on deinit.
    func close()
    /// When the remote side last sent anything at all (keepalive answers included), on the
    /// loop's clock, where the transport knows; nil otherwise.
    var lastReceived: UInt64? { get }
}

extension Transport {
    /// Most transports cannot tell more than the data they deliver.
    package var lastReceived: UInt64? { nil }

    /// Most transports need no service on a schedule.
    package var deadline: UInt64? { nil }

    /// Nothing but the streams.
    package var hasOtherWork: Bool { false }

    /// `pollInterests`, without POLLIN while the output is paused.
    package func pollInterests(outputPaused: Bool) -> [PollInterest] {
        outputPaused ? Self.withoutInput(pollInterests) : pollInterests
    }

    /// `interests` without POLLIN (and without those left with nothing to wait for).
    package static func withoutInput(_ interests: [PollInterest]) -> [PollInterest] {
        interests.compactMap { interest in
            let events = interest.events & ~Int16(POLLIN)
            return events == 0 ? nil : PollInterest(descriptor: interest.descriptor, events: events)
        }
    }
}

/// The two output streams of a remote command. With a pseudo-terminal everything arrives
/// on `.output`.
package enum TransportStream: Sendable, Equatable {
    /// Standard output (the terminal output with a pty).
    case output
    /// Standard error (SSH extended data).
    case errorOutput
}

/// The result of a non-blocking read or write.
package enum TransportIO: Sendable, Equatable {
    /// This many bytes were moved (never 0).
    case transferred(Int)
    /// Nothing can be moved now; poll and try again.
    case wouldBlock
    /// The stream has ended (reads only).
    case endOfStream
}

/// How the remote command (or local child) ended.
package enum TransportExit: Sendable, Equatable {
    /// It exited with this status.
    case status(Int32)
    /// It was killed by a signal, named without `SIG` (`TERM`, `KILL`); `message` is the
    /// server's explanation, often empty.
    case signal(name: String, message: String)
    /// The channel closed without reporting either (for example an old server).
    case unknown

    /// The exit status rterm itself should return, as ssh does: the remote status, or 255
    /// for a signal or an unknown end.
    package var localExitStatus: Int32 {
        switch self {
        case .status(let status): return status
        case .signal, .unknown: return 255
        }
    }
}

/// A transport whose far end is a terminal's line discipline on this machine (a local pty).
/// The kernel acts on a signal character (Ctrl+C, Ctrl+\, Ctrl+Z) as it reads it, flushing
/// the input before it; but behind input the program does not read (a paste into `sleep`),
/// the character would wait in rterm's queue for ever. This does what the kernel would.
package protocol LineDisciplineTransport: Transport {
    /// When `byte` is the terminal's interrupt, quit or suspend character and ISIG is on:
    /// the input not yet read is flushed (unless NOFLSH) and the foreground process group
    /// gets the signal, and true (the caller drops what it still queues, as the line
    /// discipline flushes it). Else false, and nothing is done.
    func signal(forKey byte: UInt8) -> Bool
}
