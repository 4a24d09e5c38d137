/// Hold-to-repeat for a key-bar button (arrows, ⌫): the timing only, as a state machine.
///
/// A press fires once at once; if the button is still held after `initialDelay` it fires
/// again, then every `interval`, until the release, which fires nothing. Time is passed in
/// as monotonic nanoseconds, so the machine never reads a clock and tests can step it.
///
/// The front polls its input with `nextDeadline()` as the timeout and calls `fire(now:)`
/// when it wakes, sending the held key that many times.
package struct HoldRepeat: Equatable, Sendable {
    /// The default delay before the first repeat, 400 ms (close to common keyboard settings).
    package static let defaultInitialDelay: UInt64 = 400_000_000
    /// The default time between repeats, 80 ms (12.5 per second).
    package static let defaultInterval: UInt64 = 80_000_000

    /// Nanoseconds from the press to the first repeat.
    package var initialDelay: UInt64
    /// Nanoseconds between repeats after the first.
    package var interval: UInt64

    /// When the held button was pressed, or nil when nothing is held.
    package private(set) var pressedAt: UInt64?
    /// Repeats already reported by `fire(now:)` for this press.
    package private(set) var repeatsFired = 0

    /// Idle, with the given timing.
    package init(initialDelay: UInt64 = HoldRepeat.defaultInitialDelay, interval: UInt64 = HoldRepeat.defaultInterval) {
        self.initialDelay = initialDelay
        // A zero interval would make every poll owe an unbounded number of repeats.
        self.interval = max(interval, 1)
    }

    /// Whether a button is being held.
    package var isHolding: Bool { pressedAt != nil }

    /// The button was pressed at `now`: returns 1, the firing at press time.
    @discardableResult
    package mutating func press(at now: UInt64) -> Int {
        pressedAt = now
        repeatsFired = 0
        return 1
    }

    /// The button was released: stops repeating and fires nothing.
    package mutating func release() {
        pressedAt = nil
        repeatsFired = 0
    }

    /// When the next repeat is due (monotonic nanoseconds), or nil when nothing is held.
    package func nextDeadline() -> UInt64? {
        guard let pressedAt else { return nil }
        return deadline(ofRepeat: repeatsFired + 1, pressedAt: pressedAt)
    }

    /// How many repeats are due at `now` that were not reported before (0 when nothing is
    /// held or it is too early). More than one means the caller woke late; each is owed.
    package mutating func fire(now: UInt64) -> Int {
        guard let pressedAt else { return 0 }
        let firstDeadline = deadline(ofRepeat: 1, pressedAt: pressedAt)
        guard now >= firstDeadline else { return 0 }
        let dueInTotal = Int((now - firstDeadline) / interval) + 1
        let newlyDue = max(0, dueInTotal - repeatsFired)
        repeatsFired = max(repeatsFired, dueInTotal)
        return newlyDue
    }

    /// Repeat number `n` (from 1) is due at press + initialDelay + (n − 1) × interval.
    private func deadline(ofRepeat number: Int, pressedAt: UInt64) -> UInt64 {
        pressedAt + initialDelay + UInt64(number - 1) * interval
    }
}
