import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in nanoseconds since an arbitrary start: the one clock of rterm. The event
/// loop, every session, the transports (keepalives, input pacing, when the server last spoke),
/// the frame pacer, the key bar's repeats and script timeouts all read it, so that tests run
/// all of them on a `ManualClock` and decide when time passes.
///
/// Read from the connecting threads too (a transport is built there), hence `Sendable`.
package protocol LoopClock: AnyObject, Sendable {
    /// Nanoseconds; never goes back. Stops while the machine sleeps (`CLOCK_MONOTONIC`).
    func now() -> UInt64
    /// Like `now()`, but it goes on while the machine sleeps (`CLOCK_BOOTTIME`): the two
    /// drifting apart says the machine slept (`SSHLinkWatch`).
    func sinceBoot() -> UInt64
}

/// The system's clocks: `CLOCK_MONOTONIC` and `CLOCK_BOOTTIME`.
package final class SystemClock: LoopClock {
    /// The system clock.
    package init() {}

    package func now() -> UInt64 { Self.read(CLOCK_MONOTONIC) }

    package func sinceBoot() -> UInt64 { Self.read(CLOCK_BOOTTIME) }

    private static func read(_ id: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(id, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// A clock that moves only when told to: `advance(by:)`, or a `ManualPoller` that stands
/// for a sleep. `suspend(for:)` is the machine sleeping: only `sinceBoot()` moves.
package final class ManualClock: LoopClock {
    private let time: Atomic<UInt64>
    private let asleep = Atomic<UInt64>(0)

    /// A clock showing `start` nanoseconds.
    package init(start: UInt64 = 1_000_000_000) {
        time = Atomic(start)
    }

    package func now() -> UInt64 { time.load(ordering: .acquiring) }

    package func sinceBoot() -> UInt64 { now() &+ asleep.load(ordering: .acquiring) }

    /// Moves the clock forward by `nanoseconds`.
    package func advance(by nanoseconds: UInt64) {
        time.wrappingAdd(nanoseconds, ordering: .acquiringAndReleasing)
    }

    /// The machine slept for `nanoseconds`: the boot clock moves, the awake clock does not.
    package func suspend(for nanoseconds: UInt64) {
        asleep.wrappingAdd(nanoseconds, ordering: .acquiringAndReleasing)
    }
}
