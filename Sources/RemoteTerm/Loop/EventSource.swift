/// Something the event loop serves: a session, the local terminal's input, a signal
/// descriptor, the frame pacer. Each turn the loop asks every source what it waits for,
/// sleeps once for all of them, then calls `handle` on every source.
package protocol EventSource: AnyObject {
    /// The descriptors to poll now (may be empty).
    var pollInterests: [PollInterest] { get }
    /// When the source must be handled even if nothing is ready (loop-clock nanoseconds),
    /// or nil for no such time.
    var deadline: UInt64? { get }
    /// Whether the source has work it can do without waiting (input already buffered, a
    /// read budget used up); the loop then does not sleep.
    var isReady: Bool { get }
    /// One turn: `readiness` holds the `revents` of `pollInterests`, in the same order.
    func handle(readiness: [Int16], now: UInt64)
}

/// Something that runs once at the end of every turn of the loop, after every source has
/// handled what happened: the interactive front takes the sessions' events, runs its timers
/// and draws there.
package protocol TurnEndHandler: AnyObject {
    /// The turn is over; `now` is the loop's time after it.
    func turnEnded(now: UInt64)
}
