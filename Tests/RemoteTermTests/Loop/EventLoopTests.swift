import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The event loop on a manual clock: it sleeps until the earliest deadline, not at all when a
/// source is ready, reports a loop with nothing to wait for instead of hanging, and wakes
/// from another thread through its waker.
@Suite struct EventLoopTests {
    /// A source with a scripted deadline and readiness, counting its turns.
    final class Probe: EventSource {
        var deadline: UInt64?
        var readyTurns = 0
        var handled: [UInt64] = []
        var pollInterests: [PollInterest] { [] }
        var isReady: Bool { readyTurns > 0 }
        func handle(readiness: [Int16], now: UInt64) {
            handled.append(now)
            if readyTurns > 0 { readyTurns -= 1 }
            if let deadline, now >= deadline { self.deadline = nil }
        }
    }

    @Test func sleepsExactlyUntilTheEarliestDeadline() throws {
        let clock = ManualClock(start: 0)
        let poller = ManualPoller(clock: clock)
        let loop = try EventLoop(clock: clock, poller: poller)
        let early = Probe()
        let late = Probe()
        early.deadline = 5_000_000
        late.deadline = 9_000_000
        loop.add(early)
        loop.add(late)
        try loop.turn()
        #expect(clock.now() == 5_000_000)
        try loop.turn()
        #expect(clock.now() == 9_000_000)
        #expect(poller.slept == 9_000_000)
    }

    @Test func aReadySourceMeansNoSleep() throws {
        let clock = ManualClock(start: 0)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let probe = Probe()
        probe.readyTurns = 3
        probe.deadline = 1_000_000_000
        loop.add(probe)
        for _ in 0..<3 { try loop.turn() }
        #expect(clock.now() == 0)
        #expect(probe.handled.count == 3)
    }

    @Test func nothingToWaitForIsAStallNotAHang() throws {
        let clock = ManualClock()
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        loop.add(Probe())
        #expect(throws: EventLoopError.stalled) { try loop.turn() }
    }

    @Test func runStopsAtItsDeadline() throws {
        let clock = ManualClock(start: 0)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let finished = try loop.run(until: { false }, deadline: 2_000_000_000)
        #expect(!finished)
        #expect(clock.now() == 2_000_000_000)
    }

    @Test func theWakerEndsARealSleepFromAnotherThread() throws {
        let loop = try EventLoop()
        let waker = loop.waker
        let started = loop.clock.now()
        Thread { waker.wake() }.start()
        // Without the wake this would sleep for a minute.
        try loop.turn(limit: started + 60_000_000_000)
        #expect(loop.clock.now() - started < 30_000_000_000)
    }
}
