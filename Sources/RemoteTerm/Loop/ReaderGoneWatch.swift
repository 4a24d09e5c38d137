#if canImport(Glibc)
    import Glibc
#endif

/// Tells when the reader of a pipe or socket rterm writes to has gone (`rterm … | head -1`
/// once head has its line), without waiting for the next write to fail: a write end whose
/// read end closed polls POLLERR (a socket, POLLHUP). A run that writes only as its work
/// completes (a fleet's entries) would otherwise go on working for nobody until it next has
/// something to say. Watches nothing on a regular file or a terminal that stays.
package final class ReaderGoneWatch: EventSource {
    private let descriptor: Int32
    private var isGone = false
    /// Told once, when the reader has gone.
    package var onGone: () -> Void = {}

    /// Watches `descriptor` (standard output by default).
    package init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    // Events 0: poll reports POLLERR and POLLHUP whatever is asked.
    package var pollInterests: [PollInterest] { isGone ? [] : [PollInterest(descriptor: descriptor, events: 0)] }
    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard !isGone, let ready = readiness.first, ready & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 else { return }
        isGone = true
        onGone()
    }
}
