import RemoteTermEngine
import RemoteTermSSH

/// One-shot modifiers from the key bar (Ctrl, Alt), for keyboards that have none.
///
/// Each modifier is off, armed or locked:
/// - a click on an off modifier arms it; the next key (from the keyboard or the bar) gets
///   it and it goes back to off;
/// - a click on an armed modifier cancels it — unless it comes within `doubleClickInterval`
///   of the click that armed it: that double-click locks it instead;
/// - a locked modifier applies to every key until the next click on it turns it off.
///
/// Clicking sends nothing by itself; the caller redraws the bar to show the new state.
/// Time is passed in (monotonic nanoseconds), so the latch never reads a clock.
package struct ModifierLatch: Equatable, Sendable {
    /// The state of one modifier.
    package enum State: Equatable, Sendable {
        /// Not applied.
        case off
        /// Applied to the next key only.
        case armed
        /// Applied to every key until clicked again.
        case locked
    }

    /// Two clicks on the same modifier at most this far apart (nanoseconds) are a
    /// double-click.
    package var doubleClickInterval: UInt64

    /// The default double-click interval, 400 ms (GTK and Windows use 400–500 ms).
    package static let defaultDoubleClickInterval: UInt64 = 400_000_000

    /// Modifiers applied to the next key only.
    package private(set) var armed: KeyModifiers = []
    /// Modifiers applied to every key.
    package private(set) var locked: KeyModifiers = []
    /// When the modifier that is still armed was armed, for double-click detection.
    private var armedAt: [UInt8: UInt64] = [:]

    /// A latch with every modifier off.
    package init(doubleClickInterval: UInt64 = ModifierLatch.defaultDoubleClickInterval) {
        self.doubleClickInterval = doubleClickInterval
    }

    /// The state of `modifier` (a single modifier such as `.control`).
    package func state(of modifier: KeyModifiers) -> State {
        if locked.isSuperset(of: modifier), !modifier.isEmpty { return .locked }
        if armed.isSuperset(of: modifier), !modifier.isEmpty { return .armed }
        return .off
    }

    /// Every modifier that the next key will get.
    package var active: KeyModifiers { armed.union(locked) }

    /// A click on the bar button of `modifier` at time `now` (nanoseconds); each modifier
    /// in a set is clicked on its own.
    package mutating func click(_ modifier: KeyModifiers, at now: UInt64) {
        for bit in [KeyModifiers.shift, .alt, .control, .meta] where modifier.contains(bit) {
            clickSingle(bit, at: now)
        }
    }

    private mutating func clickSingle(_ modifier: KeyModifiers, at now: UInt64) {
        switch state(of: modifier) {
        case .off:
            armed.insert(modifier)
            armedAt[modifier.rawValue] = now
        case .armed:
            armed.remove(modifier)
            let since = armedAt.removeValue(forKey: modifier.rawValue)
            if let since, now >= since, now - since <= doubleClickInterval {
                locked.insert(modifier)
            }
        case .locked:
            locked.remove(modifier)
        }
    }

    /// The event with the latched modifiers added; armed ones are used up, locked ones stay.
    package mutating func apply(to event: KeyEvent) -> KeyEvent {
        var result = event
        result.modifiers.formUnion(active)
        armed = []
        armedAt = [:]
        return result
    }

    /// Armed (one-shot) modifiers off; locked ones stay.
    package mutating func releaseArmed() {
        armed = []
        armedAt = [:]
    }

    /// Everything off (for example when the bar is hidden or the session ends).
    package mutating func reset() {
        armed = []
        locked = []
        armedAt = [:]
    }
}
