/// How often remote programs' notifications reach the user's desktop: a few at once, then
/// one every two seconds, across every session (a bucket of `burst` tokens, one back every
/// `interval`). A program that sends a thousand in a loop shows a few, not a thousand.
struct NotificationPacing: Equatable, Sendable {
    /// Notifications passed on at once before the pace applies.
    static let burst = 4
    /// One more notification each this many nanoseconds.
    static let interval: UInt64 = 2_000_000_000

    private var tokens = Self.burst
    private var lastRefill: UInt64?

    /// Whether a notification at `now` is passed on (and takes a token).
    mutating func allows(now: UInt64) -> Bool {
        if let last = lastRefill {
            let earned = Int(min((now &- last) / Self.interval, UInt64(Self.burst)))
            if earned > 0 {
                tokens = min(Self.burst, tokens + earned)
                lastRefill = last &+ UInt64(earned) * Self.interval
            }
        } else {
            lastRefill = now
        }
        if tokens == Self.burst { lastRefill = now }
        guard tokens > 0 else { return false }
        tokens -= 1
        return true
    }
}
