// The frame pacer with an injected clock (nanoseconds): at most one draw per frame interval
// while output streams, a draw as soon as output settles, nothing queued.

import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let ms: UInt64 = 1_000_000

/// A pacer with round numbers: 16 ms frames, 1 ms settle.
private func pacer() -> FramePacer { FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms) }

@Suite struct FramePacerTests {
    @Test func idleMeansNoDeadline() {
        let pacer = pacer()
        #expect(!pacer.isDirty)
        #expect(pacer.nextDeadline() == nil)
        #expect(!pacer.shouldDraw(now: 1_000 * ms))
        #expect(pacer.timeoutMilliseconds(now: 0) == -1)
    }

    @Test func firstOutputIsDrawnOnceItSettles() {
        var pacer = pacer()
        pacer.outputArrived(at: 100 * ms)
        #expect(pacer.nextDeadline() == 101 * ms)
        #expect(!pacer.shouldDraw(now: 100 * ms))
        #expect(pacer.shouldDraw(now: 101 * ms))
        pacer.didDraw(at: 101 * ms)
        #expect(pacer.nextDeadline() == nil)
    }

    @Test func echoAfterAQuietPeriodIsDrawnAtOnce() {
        var pacer = pacer()
        pacer.outputArrived(at: 0)
        pacer.didDraw(at: 1 * ms)
        pacer.outputArrived(at: 500 * ms)
        #expect(pacer.nextDeadline() == 501 * ms)
    }

    @Test func outputRightAfterADrawWaitsForTheFrameInterval() {
        var pacer = pacer()
        pacer.outputArrived(at: 0)
        pacer.didDraw(at: 1 * ms)
        pacer.outputArrived(at: 2 * ms)
        #expect(pacer.nextDeadline() == 17 * ms)
        #expect(!pacer.shouldDraw(now: 16 * ms))
        #expect(pacer.shouldDraw(now: 17 * ms))
    }

    @Test func streamingOutputIsDrawnAboutSixtyTimesASecond() {
        // Output every 0.25 ms for one second; the loop draws whenever the pacer says so.
        var pacer = pacer()
        var draws: [UInt64] = []
        var now: UInt64 = 0
        while now < 1_000 * ms {
            pacer.outputArrived(at: now)
            if pacer.shouldDraw(now: now) {
                draws.append(now)
                pacer.didDraw(at: now)
            }
            now += ms / 4
        }
        // 1000 ms / 16 ms ≈ 62 draws, never two closer than a frame.
        #expect((60...64).contains(draws.count), "\(draws.count) draws")
        for (earlier, later) in zip(draws, draws.dropFirst()) {
            #expect(later - earlier >= 16 * ms)
        }
    }

    @Test func theLastFrameIsDrawnWhenOutputStops() {
        var pacer = pacer()
        var lastDraw: UInt64 = 0
        // A burst from 0 to 30 ms, drawn as the pacer allows.
        for t in stride(from: UInt64(0), through: 30 * ms, by: Int(ms / 2)) {
            pacer.outputArrived(at: t)
            if pacer.shouldDraw(now: t) {
                pacer.didDraw(at: t)
                lastDraw = t
            }
        }
        #expect(pacer.isDirty)
        // Nothing more arrives: the poll times out at the deadline, which is as soon as the
        // rate limit allows, and the final state is drawn.
        #expect(pacer.nextDeadline() == lastDraw + 16 * ms)
        #expect(pacer.shouldDraw(now: lastDraw + 16 * ms))

        // Had the last draw been long before, the final frame would wait only for the settle.
        var quiet = FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms)
        quiet.outputArrived(at: 0)
        quiet.didDraw(at: 1 * ms)
        quiet.outputArrived(at: 40 * ms)
        quiet.outputArrived(at: 40 * ms + ms / 2)
        #expect(quiet.nextDeadline() == 41 * ms + ms / 2)
    }

    @Test func aBurstWithinTheSettleDelayIsDrawnWhole() {
        var pacer = pacer()
        pacer.outputArrived(at: 1_000 * ms)
        pacer.outputArrived(at: 1_000 * ms + ms / 2)  // second half of a screen update
        #expect(!pacer.shouldDraw(now: 1_001 * ms))
        #expect(pacer.shouldDraw(now: 1_001 * ms + ms / 2))
    }

    @Test func settlingNeverDelaysAFrameBeyondTheInterval() {
        // Output that never pauses for 1 ms still gets drawn one frame after it began.
        var pacer = pacer()
        pacer.outputArrived(at: 0)
        pacer.outputArrived(at: 10 * ms)
        pacer.outputArrived(at: 15 * ms)
        #expect(pacer.nextDeadline() == 16 * ms)
    }

    @Test func requestedDrawIgnoresTheRateLimit() {
        var pacer = pacer()
        pacer.outputArrived(at: 0)
        pacer.didDraw(at: 1 * ms)
        pacer.requestDraw()
        #expect(pacer.shouldDraw(now: 2 * ms))
        pacer.didDraw(at: 2 * ms)
        #expect(pacer.nextDeadline() == nil)
    }

    @Test(arguments: [
        (0, 2),  // the deadline is 1.5 ms away: rounded up
        (ms / 2, 1),
        (3 * ms / 2, 0),
        (5 * ms, 0),
    ] as [(UInt64, Int32)])
    func pollTimeoutRoundsUp(_ now: UInt64, _ expected: Int32) {
        var pacer = FramePacer(frameInterval: 16 * ms, settleDelay: 3 * ms / 2)
        pacer.outputArrived(at: 0)
        #expect(pacer.timeoutMilliseconds(now: now) == expected)
    }

    @Test func droppedFramesAreNotQueued() {
        var pacer = pacer()
        for t in 0..<100 { pacer.outputArrived(at: UInt64(t) * ms / 100) }
        #expect(pacer.shouldDraw(now: 2 * ms))
        pacer.didDraw(at: 2 * ms)
        // One draw covered all hundred outputs: nothing is left pending.
        #expect(!pacer.isDirty)
        #expect(!pacer.shouldDraw(now: 1_000 * ms))
    }
}
