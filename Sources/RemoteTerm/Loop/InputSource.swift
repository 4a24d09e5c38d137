
#if canImport(Glibc)
    import Glibc
#endif

/// The local terminal's input (standard input) as an event source: bytes read go to
/// `onBytes`; end of file or an error to `onEnd`. Reading pauses while `isPaused` says so
/// (the session holds too much unsent input), so the terminal, not rterm's memory, holds a
/// giant paste back.
package final class InputSource: EventSource {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var isOpen = true
    package var isPaused: () -> Bool = { false }
    package var onBytes: (ArraySlice<UInt8>) -> Void = { _ in }
    package var onEnd: () -> Void = {}

    package init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    package var pollInterests: [PollInterest] {
        guard isOpen, !isPaused() else { return [] }
        return [PollInterest(descriptor: descriptor, events: Int16(POLLIN))]
    }

    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard isOpen, let ready = readiness.first, ready != 0 else { return }
        if ready & Int16(POLLIN) == 0 {
            // POLLHUP or POLLERR without data: the terminal went away.
            isOpen = false
            onEnd()
            return
        }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            onBytes(buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isOpen = false
            onEnd()
        }
    }
}
