import RemoteTermLoop
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and error of a command run without a pseudo-terminal: the session's
/// output sink, and an event source that writes what is waiting when the descriptor can
/// take it (also `rterm mcp`'s answers). The descriptors are left in the mode they came in
/// (making a shared terminal non-blocking would break the shell it belongs to), so no write
/// waits: everything to a regular file or a character device like /dev/null, a pipe written
/// non-blocking for the one call, and 4 KiB pieces while a terminal or socket polls
/// writable. When more than `limit` bytes wait, the session stops reading and the SSH window
/// holds the remote side back.
package final class DescriptorOutput: SessionOutput, EventSource {
    /// How a descriptor is written without waiting, found once (what a descriptor is does not
    /// change while rterm writes to it).
    private enum Kind {
        /// A regular file, /dev/null: never waits, takes everything.
        case unlimited
        /// A pipe: how much it takes cannot be told from the bytes queued in it (the kernel
        /// keeps them in pages, part-filled by small writes, so a pipe can be full with half
        /// its capacity queued), so it is written non-blocking and says itself.
        case pipe
        /// A terminal or a socket: `piece` at a time while it polls writable.
        case paced
    }

    private let descriptors: (output: Int32, error: Int32)
    private let kinds: (output: Kind, error: Kind)
    private var waiting: [(stream: TransportStream, queue: ByteQueue)] = []
    /// Bytes written to the sink that the descriptors have not taken yet.
    package private(set) var waitingCount = 0
    /// Why a write failed; output is dropped from then on.
    package private(set) var failure: String?
    /// The reader went away (EPIPE, `rterm host cmd | head`): output is dropped, quietly.
    package private(set) var readerGone = false

    /// Bytes kept before reading stops.
    package static let limit = 1 << 20
    /// The most written at once to a ready terminal or socket (one that polls writable has
    /// room for at least this much).
    static let piece = 4096
    /// The most written to one descriptor in one turn of the loop.
    static let turnLimit = 1 << 20

    /// A sink writing the output stream to `output` and the error stream to `error`.
    package init(output: Int32 = 1, error: Int32 = 2) {
        descriptors = (output, error)
        kinds = (Self.kind(of: output), Self.kind(of: error))
    }

    package var wantsMore: Bool { waitingCount < Self.limit }

    /// Output and error go to descriptors of their own: the output is over when both ended.
    package var waitsForErrorEnd: Bool { true }

    package func take(_ bytes: UnsafeBufferPointer<UInt8>, from stream: TransportStream, now: UInt64)
        -> SessionOutputResult
    {
        write(UnsafeRawBufferPointer(bytes), stream: stream)
        return .none
    }

    /// Writes `bytes` of `stream` as far as its descriptor takes them now; the rest waits.
    func write(_ bytes: UnsafeRawBufferPointer, stream: TransportStream) {
        guard failure == nil, !readerGone, !bytes.isEmpty else { return }
        var bytes = bytes
        if waiting.isEmpty {
            // Nothing queued: what the descriptor takes now goes straight out, uncopied.
            let room = room(for: stream)
            if room > 0 {
                let count = writeWithoutWaiting(stream, bytes.baseAddress, min(bytes.count, room))
                if count > 0 {
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
                    if bytes.isEmpty { return }
                } else if count < 0, errno == EPIPE {
                    readerGone = true
                    return
                }
            }
        }
        if waiting.last?.stream == stream {
            waiting[waiting.count - 1].queue.append(contentsOf: bytes)
        } else {
            var queue = ByteQueue()
            queue.append(contentsOf: bytes)
            waiting.append((stream, queue))
        }
        waitingCount += bytes.count
    }

    package var pollInterests: [PollInterest] {
        guard let first = waiting.first else { return [] }
        return [PollInterest(descriptor: descriptor(first.stream), events: Int16(POLLOUT))]
    }

    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0 else { return }
        var written = 0
        while written < Self.turnLimit, let first = waiting.first {
            let room = room(for: first.stream)
            if room == 0 { break }
            let count = writeSome(atMost: room)
            if count <= 0 { break }
            written += count
        }
    }

    private static func kind(of descriptor: Int32) -> Kind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .paced }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .unlimited
        case S_IFCHR where isatty(descriptor) == 0: return .unlimited  // /dev/null and the like
        case S_IFIFO: return .pipe
        default: return .paced
        }
    }

    /// How much `stream`'s descriptor takes now without waiting (0: wait for the next poll).
    private func room(for stream: TransportStream) -> Int {
        switch kind(stream) {
        case .unlimited, .pipe: return Int.max
        case .paced:
            var entry = pollfd(fd: descriptor(stream), events: Int16(POLLOUT), revents: 0)
            return Glibc.poll(&entry, 1, 0) == 1 ? Self.piece : 0
        }
    }

    /// A write that does not wait. A pipe is made non-blocking for this one call and put back
    /// as it was (what else holds its write end, a shell's `(rterm host cmd; echo) | less`,
    /// sees its own mode); the others are written no more than `room` says they take.
    private func writeWithoutWaiting(_ stream: TransportStream, _ base: UnsafeRawPointer?, _ count: Int) -> Int {
        let descriptor = descriptor(stream)
        guard kind(stream) == .pipe else { return Glibc.write(descriptor, base, count) }
        let flags = fcntl(descriptor, F_GETFL)
        let toggles = flags >= 0 && flags & O_NONBLOCK == 0
        if toggles { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        let written = Glibc.write(descriptor, base, count)
        let saved = errno
        if toggles { _ = fcntl(descriptor, F_SETFL, flags) }
        errno = saved
        return written
    }

    /// Writes at most `limit` bytes of what waits first; returns how many were written.
    @discardableResult
    private func writeSome(atMost limit: Int = piece) -> Int {
        guard !waiting.isEmpty else { return 0 }
        let stream = waiting[0].stream
        var written = 0
        let result = waiting[0].queue.drain { bytes in
            let count = writeWithoutWaiting(stream, bytes.baseAddress, min(bytes.count, limit))
            written = count
            return max(count, 0)
        }
        if written < 0 {
            if errno == EINTR || errno == EAGAIN { return 0 }
            // A reader that went away ends the copy, not rterm.
            if errno == EPIPE {
                readerGone = true
            } else {
                failure = "rterm: write to descriptor \(descriptor(stream)) failed: \(String(cString: strerror(errno)))"
            }
            waiting.removeAll()
            waitingCount = 0
            return 0
        }
        waitingCount -= result
        if waiting[0].queue.isEmpty { waiting.removeFirst() }
        return result
    }

    /// Writes everything still waiting, waiting for the descriptors as needed (at the end);
    /// with `patience` (milliseconds), it gives up once a descriptor has taken nothing for
    /// that long (a reader that stopped reading).
    package func drainBlocking(patience: Int32 = -1) {
        while !waiting.isEmpty, !readerGone, failure == nil {
            var entry = pollfd(fd: descriptor(waiting[0].stream), events: Int16(POLLOUT), revents: 0)
            let ready = Glibc.poll(&entry, 1, patience)
            if ready < 0, errno != EINTR { return }
            if ready == 0 { return }
            writeSome()
        }
    }

    private func kind(_ stream: TransportStream) -> Kind { stream == .output ? kinds.output : kinds.error }

    private func descriptor(_ stream: TransportStream) -> Int32 {
        stream == .output ? descriptors.output : descriptors.error
    }
}
