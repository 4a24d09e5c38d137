// The frame pacer with an injected clock (nanoseconds): at most one draw per frame interval
// while output streams, a draw as soon as output settles, nothing queued.

import Testing

@testable import RemoteTermBatch
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

    /// Draws `output` times (nanoseconds) as the loop would, until `end`: the draw times.
    private func drawn(_ pacer: inout FramePacer, outputEvery step: UInt64, until end: UInt64) -> [UInt64] {
        var draws: [UInt64] = []
        var now: UInt64 = 0
        while now < end {
            pacer.outputArrived(at: now)
            // The loop wakes at the deadline too, not only when output arrives.
            if let deadline = pacer.nextDeadline(), deadline < now + step, deadline > now {
                draws.append(deadline)
                pacer.didDraw(at: deadline)
            } else if pacer.shouldDraw(now: now) {
                draws.append(now)
                pacer.didDraw(at: now)
            }
            now += step
        }
        return draws
    }

    @Test func streamingOutputIsDrawnSixtyTimesASecondThenThirtyOnceItFloods() {
        // Output every 0.25 ms for one second: the first eighth of a second at 60 frames a
        // second, then 30 (a flood), never two draws closer than the interval of the time.
        var pacer = FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms, floodFrameInterval: 33 * ms)
        let draws = drawn(&pacer, outputEvery: ms / 4, until: 1_000 * ms)
        #expect(pacer.isFlooding)
        let gaps = zip(draws, draws.dropFirst()).map { $1 - $0 }
        #expect(gaps.prefix(FramePacer.floodAfterFrames - 1).allSatisfy { (16 * ms)..<(17 * ms) ~= $0 }, "\(gaps)")
        #expect(gaps.dropFirst(FramePacer.floodAfterFrames).allSatisfy { (33 * ms)..<(34 * ms) ~= $0 }, "\(gaps)")
        // 8 frames of 16 ms, then 33 ms each: about 35 in the second, not 62.
        #expect((32...38).contains(draws.count), "\(draws.count) draws")
    }

    @Test func aPauseInTheOutputEndsTheFlood() {
        var pacer = FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms, floodFrameInterval: 33 * ms)
        let draws = drawn(&pacer, outputEvery: ms / 4, until: 500 * ms)
        #expect(pacer.isFlooding)
        let last = draws.last!
        // The last output is drawn by its deadline; then a quiet tenth of a second, then an echo.
        if let deadline = pacer.nextDeadline() { pacer.didDraw(at: deadline) }
        let echo = last + 200 * ms
        pacer.outputArrived(at: echo)
        #expect(!pacer.isFlooding)
        #expect(pacer.nextDeadline() == echo + 1 * ms)
        pacer.didDraw(at: echo + 1 * ms)
        pacer.outputArrived(at: echo + 2 * ms)
        #expect(pacer.nextDeadline() == echo + 17 * ms)
    }

    @Test func aFloodIsDrawnOnTimeWithoutSettlingAndSaysWhenItsNextFrameIs() {
        var pacer = FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms, floodFrameInterval: 33 * ms)
        let draws = drawn(&pacer, outputEvery: ms / 4, until: 500 * ms)
        #expect(pacer.isFlooding)
        let last = draws.last!
        #expect(pacer.nextFloodFrame == last + 33 * ms)
        // Output held until that frame (Session.holdOutput) arrives at it, a little late, and
        // is drawn at once: no settle delay, and the flood goes on.
        var frame = last
        for _ in 0..<20 {
            let read = frame + 33 * ms + ms / 2
            pacer.outputArrived(at: read)
            #expect(pacer.shouldDraw(now: read))
            pacer.didDraw(at: read)
            #expect(pacer.isFlooding)
            frame = read
        }
        // A draw long after the last output (a key, the bar) is no frame of the flood.
        pacer.requestDraw()
        pacer.didDraw(at: frame + 200 * ms)
        #expect(pacer.nextFloodFrame == nil)
        // Outside a flood there is no such frame.
        #expect(FramePacer().nextFloodFrame == nil)
    }

    @Test(arguments: [50, 33, 25])
    func anAnimationOrAHeldKeyIsNoFlood(milliseconds: Int) {
        // A program redrawing 20, 30 or 40 times a second, or a key repeating as fast:
        // every output is drawn a settle delay after it arrives, at the full rate.
        var pacer = FramePacer(frameInterval: 16 * ms, settleDelay: 1 * ms, floodFrameInterval: 33 * ms)
        var now: UInt64 = 0
        for _ in 0..<60 {
            pacer.outputArrived(at: now)
            #expect(pacer.nextDeadline() == now + 1 * ms)
            pacer.didDraw(at: now + 1 * ms)
            now += UInt64(milliseconds) * ms
        }
        #expect(!pacer.isFlooding)
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
