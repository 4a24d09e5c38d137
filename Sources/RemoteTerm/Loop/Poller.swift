#if canImport(Glibc)
    import Glibc
#endif

/// What the event loop sleeps in: `poll(2)` for real, or a stand-in that moves a manual
/// clock (tests).
package protocol Poller: AnyObject {
    /// Waits until a descriptor is ready or `timeout` nanoseconds passed (nil: no limit),
    /// filling in `revents`. Returns the number of ready descriptors (0 after a timeout or
    /// an interrupting signal).
    func poll(_ descriptors: inout [pollfd], timeout: UInt64?) throws(EventLoopError) -> Int
}

/// Why the event loop could not go on.
package enum EventLoopError: Error, Equatable, CustomStringConvertible {
    /// `poll(2)` failed with this errno (never EINTR, which is a wake-up like any other).
    case pollFailed(Int32)
    /// Nothing could ever wake the loop: no descriptor, no deadline, nothing ready. With a
    /// real poller this is a hang; tests see it as this error.
    case stalled

    package var description: String {
        switch self {
        case .pollFailed(let code): return "rterm: poll failed: \(String(cString: strerror(code)))"
        case .stalled: return "rterm: internal error: the event loop has nothing to wait for"
        }
    }
}

/// The real `poll(2)`. EINTR is a wake-up with nothing ready, handled here once.
package final class SystemPoller: Poller {
    /// The system poller.
    package init() {}

    package func poll(_ descriptors: inout [pollfd], timeout: UInt64?) throws(EventLoopError) -> Int {
        if descriptors.isEmpty && timeout == nil { throw .stalled }
        // Rounded up: waking a little late is harmless, waking early spins.
        let milliseconds = timeout.map { Int32(clamping: ($0 + 999_999) / 1_000_000) } ?? -1
        let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready >= 0 { return Int(ready) }
        if errno == EINTR {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            return 0
        }
        throw .pollFailed(errno)
    }
}

/// A poller for tests on a `ManualClock`: it never waits for real. Descriptors are polled
/// without waiting; if none is ready, the clock moves forward by the timeout, as if the loop
/// had slept that long. A sleep with no limit and no descriptor ready is a stall.
package final class ManualPoller: Poller {
    private let clock: ManualClock
    /// Total nanoseconds the loop "slept".
    package private(set) var slept: UInt64 = 0

    /// A poller that moves `clock`.
    package init(clock: ManualClock) {
        self.clock = clock
    }

    package func poll(_ descriptors: inout [pollfd], timeout: UInt64?) throws(EventLoopError) -> Int {
        let ready = descriptors.isEmpty ? 0 : Int(Glibc.poll(&descriptors, nfds_t(descriptors.count), 0))
        if ready > 0 { return ready }
        guard let timeout else { throw .stalled }
        clock.advance(by: timeout)
        slept &+= timeout
        return 0
    }
}
