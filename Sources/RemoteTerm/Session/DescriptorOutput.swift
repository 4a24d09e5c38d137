#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and error of a command run without a pseudo-terminal: the session's
/// output sink, and an event source that writes what is waiting when the descriptor can
/// take it. The descriptors are left in the mode they came in (making a shared terminal
/// non-blocking would break the shell it belongs to), so each write is small enough that a
/// ready descriptor takes it without waiting long. When more than `limit` bytes wait, the
/// session stops reading and the SSH window holds the remote side back.
public final class DescriptorOutput: SessionOutputSink, EventSource {
    private let descriptors: (output: Int32, error: Int32)
    private var waiting: [(stream: TransportStream, queue: ByteQueue)] = []
    private var waitingCount = 0
    /// Why a write failed; output is dropped from then on.
    public private(set) var failure: String?
    /// The reader went away (EPIPE, `rterm host cmd | head`): output is dropped, quietly.
    public private(set) var readerGone = false

    /// Bytes kept before reading stops.
    public static let limit = 1 << 20
    /// The most written at once to a ready descriptor (a pipe that polls writable has room
    /// for at least this much).
    static let piece = 4096

    /// A sink writing the output stream to `output` and the error stream to `error`.
    public init(output: Int32 = 1, error: Int32 = 2) {
        descriptors = (output, error)
    }

    public var wantsMore: Bool { waitingCount < Self.limit }

    /// Whether everything has been written.
    public var isDrained: Bool { waitingCount == 0 }

    public func write(_ bytes: UnsafeRawBufferPointer, stream: TransportStream) {
        guard failure == nil, !readerGone, !bytes.isEmpty else { return }
        if waiting.last?.stream == stream {
            waiting[waiting.count - 1].queue.append(contentsOf: bytes)
        } else {
            var queue = ByteQueue()
            queue.append(contentsOf: bytes)
            waiting.append((stream, queue))
        }
        waitingCount += bytes.count
    }

    public var pollInterests: [PollInterest] {
        guard let first = waiting.first else { return [] }
        return [PollInterest(descriptor: descriptor(first.stream), events: Int16(POLLOUT))]
    }

    public var deadline: UInt64? { nil }
    public var isReady: Bool { false }

    public func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0 else { return }
        writeSome()
    }

    /// Writes one piece of what waits, in order, for a descriptor known to be ready.
    private func writeSome() {
        guard !waiting.isEmpty else { return }
        let descriptor = descriptor(waiting[0].stream)
        var written = 0
        let result = waiting[0].queue.drain { bytes in
            let count = Glibc.write(descriptor, bytes.baseAddress, min(bytes.count, Self.piece))
            written = count
            return max(count, 0)
        }
        if written < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            // A reader that went away ends the copy, not rterm.
            if errno == EPIPE {
                readerGone = true
            } else {
                failure = "rterm: write to descriptor \(descriptor) failed: \(String(cString: strerror(errno)))"
            }
            waiting.removeAll()
            waitingCount = 0
            return
        }
        waitingCount -= result
        if waiting[0].queue.isEmpty { waiting.removeFirst() }
    }

    /// Writes everything still waiting, waiting for the descriptors as needed (at the end).
    public func drainBlocking() {
        while !waiting.isEmpty {
            var entry = pollfd(fd: descriptor(waiting[0].stream), events: Int16(POLLOUT), revents: 0)
            if Glibc.poll(&entry, 1, -1) < 0, errno != EINTR { return }
            writeSome()
        }
    }

    private func descriptor(_ stream: TransportStream) -> Int32 {
        stream == .output ? descriptors.output : descriptors.error
    }
}
