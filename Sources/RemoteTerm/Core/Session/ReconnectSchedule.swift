/// When the next reconnection attempt is made after a link was lost: the first at once (most
/// drops are a blip: a Wi-Fi hand-over, a laptop waking up), then capped exponential backoff
/// with jitter, so that many clients cut off by the same outage do not all come back in step
/// and a long outage costs one attempt every `cap`, not a busy loop.
///
/// Attempt 1 waits 0; attempt n ≥ 2 waits `base · 2^(n−2)` (1 s, 2 s, 4 s, 8 s, 16 s, then
/// 30 s at the default cap), each stretched by a random factor in [1 − jitter, 1 + jitter]
/// and then capped again, so no wait is ever longer than `cap`.
package struct ReconnectSchedule: Equatable, Sendable {
    /// The wait before the second attempt, in nanoseconds.
    package var base: UInt64 = 1_000_000_000
    /// The longest wait, in nanoseconds.
    package var cap: UInt64 = 30_000_000_000
    /// How far a wait may be moved, as a fraction of it (0.2: ±20 %).
    package var jitter: Double = 0.2

    /// The default schedule: 0, 1, 2, 4, 8, 16, 30, 30, … seconds, ±20 %.
    package init() {}

    /// A schedule with these numbers.
    package init(base: UInt64, cap: UInt64, jitter: Double) {
        self.base = base
        self.cap = cap
        self.jitter = min(max(jitter, 0), 1)
    }

    /// The wait before attempt `attempt` (1-based), with `random` drawn uniformly from 0..<1.
    package func delay(beforeAttempt attempt: Int, random: Double) -> UInt64 {
        guard attempt >= 2 else { return 0 }
        let doublings = min(attempt - 2, 40)
        let nominal = min(Double(cap), Double(base) * Double(UInt64(1) << UInt64(doublings)))
        let factor = 1 + jitter * (2 * min(max(random, 0), 1) - 1)
        return UInt64(min(Double(cap), nominal * factor))
    }
}
