/// Time arithmetic for poll timeouts.
enum SSHDeadline {
    /// Milliseconds from now until `deadline`, rounded up, at least 0 and at most Int32.max.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(total, 1))
    }
}
