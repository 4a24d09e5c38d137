#if canImport(Glibc)
    import Glibc
#endif

/// The one event loop: the only place rterm sleeps. Sources register descriptors, deadlines
/// and "ready now"; each turn the loop polls all descriptors once, with the earliest
/// deadline as the timeout (none when a source is ready), then hands every source its
/// readiness, and then, in a phase of its own, tells every `TurnEndHandler` that the turn
/// is over (the front draws there: whatever the sources did in the turn is in the frame,
/// whatever order they were added in). Time comes from an injected `LoopClock`, sleeping
/// from an injected `Poller`, so that everything that decides runs in tests on a manual
/// clock.
///
/// Single-threaded, like libssh2 and ncurses. Other threads (a connection being set up, a
/// prompt waiting for its answer) reach the loop only through `waker`.
package final class EventLoop {
    /// The loop's clock.
    package let clock: LoopClock
    /// Wakes the loop from another thread.
    package let waker: EventLoopWaker
    private let poller: Poller
    private var sources: [EventSource] = []
    private var turnEndHandlers: [TurnEndHandler] = []
    /// Turns run so far.
    package private(set) var turns = 0

    /// A loop on `clock`, sleeping in `poller`.
    package init(clock: LoopClock = SystemClock(), poller: Poller = SystemPoller()) throws(EventLoopError) {
        self.clock = clock
        self.poller = poller
        waker = try EventLoopWaker()
        sources.append(waker)
    }

    /// Serves `source` from the next turn on.
    package func add(_ source: EventSource) {
        guard !sources.contains(where: { $0 === source }) else { return }
        sources.append(source)
    }

    /// Stops serving `source`.
    package func remove(_ source: EventSource) {
        sources.removeAll { $0 === source }
    }

    /// Calls `handler` at the end of every turn, after every source.
    package func addTurnEnd(_ handler: TurnEndHandler) {
        guard !turnEndHandlers.contains(where: { $0 === handler }) else { return }
        turnEndHandlers.append(handler)
    }

    /// Stops calling `handler`.
    package func removeTurnEnd(_ handler: TurnEndHandler) {
        turnEndHandlers.removeAll { $0 === handler }
    }

    /// One turn: sleep until something is ready, a deadline passes, or `limit` (loop-clock
    /// nanoseconds) comes; then let every source handle what happened, and end the turn.
    /// Returns whether anything was to be done (a descriptor or a source ready, a deadline
    /// passed); false after a sleep that only reached `limit`.
    @discardableResult
    package func turn(limit: UInt64? = nil) throws(EventLoopError) -> Bool {
        turns += 1
        var descriptors: [pollfd] = []
        var ranges: [Range<Int>] = []
        let now = clock.now()
        var wake = limit
        var deadline: UInt64?
        var isReady = false
        for source in sources {
            let start = descriptors.count
            for interest in source.pollInterests {
                descriptors.append(pollfd(fd: interest.descriptor, events: interest.events, revents: 0))
            }
            ranges.append(start..<descriptors.count)
            if source.isReady { isReady = true }
            if let due = source.deadline { deadline = min(deadline ?? due, due) }
        }
        if isReady { wake = now }
        if let deadline { wake = min(wake ?? deadline, deadline) }
        let timeout = wake.map { $0 > now ? $0 - now : 0 }
        let ready = try poller.poll(&descriptors, timeout: timeout)
        let after = clock.now()
        // The list may change while sources are handled (a session ends and is removed).
        for (source, range) in zip(sources, ranges) {
            source.handle(readiness: descriptors[range].map(\.revents), now: after)
        }
        for handler in turnEndHandlers { handler.turnEnded(now: clock.now()) }
        return ready > 0 || isReady || deadline.map { after >= $0 } == true
    }

    /// Turns until `done()` holds or the clock reaches `deadline`; returns whether `done()`
    /// held.
    @discardableResult
    package func run(until done: () -> Bool, deadline: UInt64? = nil) throws(EventLoopError) -> Bool {
        while !done() {
            if let deadline, clock.now() >= deadline { return done() }
            try turn(limit: deadline)
        }
        return true
    }
}
