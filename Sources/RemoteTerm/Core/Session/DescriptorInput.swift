import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input of a command, copied into a session as it comes (`tar c dir | rterm host
/// 'tar x'`), with end of file passed on once everything read has been sent. Reading pauses
/// while the session holds more than `limit` unsent bytes, so a fast producer and a slow
/// connection meet in the pipe, not in memory.
public final class DescriptorInput: EventSource {
    private let descriptor: Int32
    private unowned let session: Session
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether end of file (or an error) was read.
    public private(set) var isFinished = false

    /// Unsent bytes the session may hold before reading pauses.
    public static let limit = 1 << 20

    /// Copies `descriptor` into `session`.
    public init(descriptor: Int32 = 0, session: Session) {
        self.descriptor = descriptor
        self.session = session
    }

    public var pollInterests: [PollInterest] {
        // Not before the session is live: a password may be being read from the same terminal.
        guard !isFinished, session.state == .live, session.pendingInputCount < Self.limit else { return [] }
        return [PollInterest(descriptor: descriptor, events: Int16(POLLIN))]
    }

    public var deadline: UInt64? { nil }
    public var isReady: Bool { false }

    public func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0, !isFinished else { return }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            session.send(.bytes(Array(buffer[0..<count])))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isFinished = true
            session.finishInput()
        }
    }
}
