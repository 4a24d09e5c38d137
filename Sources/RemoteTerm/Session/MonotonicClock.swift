#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in nanoseconds, the clock the pacer, the key bar's repeat timing, the
/// script runner and recordings share (the pure types take it as a parameter).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary start; never goes back.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
