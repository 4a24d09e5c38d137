import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input of a command, copied into a session as it comes (`tar c dir | rterm host
/// 'tar x'`), with end of file passed on once everything read has been sent. Reading pauses
/// while the session holds more than `limit` unsent bytes, so a fast producer and a slow
/// connection meet in the pipe, not in memory. With `escapes`, OpenSSH's escape character is
/// read from it first (`rterm -t host cmd > file`, typed from a terminal).
package final class DescriptorInput: EventSource {
    private let descriptor: Int32
    private unowned let session: Session
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether end of file (or an error) was read.
    package private(set) var isFinished = false
    /// The escapes read from the input before it is sent (nil: every byte is sent).
    package var escapes: EscapeByteFilter?
    /// Carries out an escape (`~.`, `~?`, `~^Z`).
    package var onEscape: (EscapeByteFilter.Action) -> Void = { _ in }

    /// Unsent bytes the session may hold before reading pauses.
    package static let limit = 1 << 20

    /// Copies `descriptor` into `session`.
    package init(descriptor: Int32 = 0, session: Session) {
        self.descriptor = descriptor
        self.session = session
    }

    package var pollInterests: [PollInterest] {
        // Not before the session is live: a password may be being read from the same terminal.
        guard !isFinished, session.state == .live, session.pendingInputCount < Self.limit else { return [] }
        return [PollInterest(descriptor: descriptor, events: Int16(POLLIN))]
    }

    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0, !isFinished else { return }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            guard var filter = escapes else {
                session.send(.bytes(Array(buffer[0..<count])))
                return
            }
            let actions = filter.filter(buffer[0..<count])
            escapes = filter
            for action in actions {
                if case .send(let bytes) = action { session.send(.bytes(bytes)) } else { onEscape(action) }
            }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isFinished = true
            session.finishInput()
        }
    }
}
