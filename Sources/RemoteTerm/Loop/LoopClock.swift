#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in nanoseconds since an arbitrary start, as the event loop and everything
/// it drives (sessions, the frame pacer, the key bar's repeats, script timeouts) see it.
/// Injected, so that tests run a session on a `ManualClock` and decide when time passes.
public protocol LoopClock: AnyObject {
    /// Nanoseconds; never goes back.
    func now() -> UInt64
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`).
public final class SystemClock: LoopClock {
    /// The one system clock.
    public init() {}

    public func now() -> UInt64 { MonotonicClock.now() }
}

/// A clock that moves only when told to: `advance(by:)`, or a `ManualPoller` that stands
/// for a sleep.
public final class ManualClock: LoopClock {
    private var time: UInt64

    /// A clock showing `start` nanoseconds.
    public init(start: UInt64 = 1_000_000_000) {
        time = start
    }

    public func now() -> UInt64 { time }

    /// Moves the clock forward by `nanoseconds`.
    public func advance(by nanoseconds: UInt64) {
        time &+= nanoseconds
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds, for the few places outside the loop (the SSH layer's
/// pacing, recordings) that need the time without being handed a clock.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary start; never goes back.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// `CLOCK_BOOTTIME`: like `now()`, but it goes on while the machine sleeps, so the two
    /// drifting apart says the machine slept (`SSHLinkWatch`).
    public static func sinceBoot() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
