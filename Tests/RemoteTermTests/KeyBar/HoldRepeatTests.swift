// Hold-to-repeat timing with an injected clock: once at press, nothing before 400 ms,
// then every 80 ms, and nothing after release.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let ms: UInt64 = 1_000_000

@Suite struct HoldRepeatTests {
    @Test func firesOnceAtPress() {
        var hold = HoldRepeat()
        #expect(hold.press(at: 5 * ms) == 1)
        #expect(hold.isHolding)
        #expect(hold.fire(now: 5 * ms) == 0)
    }

    @Test func noRepeatBefore400Milliseconds() {
        var hold = HoldRepeat()
        hold.press(at: 1_000 * ms)
        #expect(hold.nextDeadline() == 1_400 * ms)
        for step in UInt64(0)..<40 {
            #expect(hold.fire(now: 1_000 * ms + step * 10 * ms) == 0)
        }
        #expect(hold.fire(now: 1_400 * ms - 1) == 0)
        #expect(hold.fire(now: 1_400 * ms) == 1)
    }

    @Test func thenEvery80Milliseconds() {
        var hold = HoldRepeat()
        hold.press(at: 0)
        #expect(hold.fire(now: 400 * ms) == 1)
        for repeatNumber in 1...10 {
            let due = 400 * ms + UInt64(repeatNumber) * 80 * ms
            #expect(hold.nextDeadline() == due)
            #expect(hold.fire(now: due - 1) == 0)
            #expect(hold.fire(now: due) == 1)
            #expect(hold.fire(now: due) == 0, "a repeat is reported once")
        }
    }

    @Test func aLateWakeUpReportsEveryRepeatOwed() {
        var hold = HoldRepeat()
        hold.press(at: 0)
        // Due at 400, 480, 560, 640: four by 700 ms.
        #expect(hold.fire(now: 700 * ms) == 4)
        #expect(hold.nextDeadline() == 720 * ms)
    }

    @Test func releaseFiresNothingAndStops() {
        var hold = HoldRepeat()
        hold.press(at: 0)
        #expect(hold.fire(now: 400 * ms) == 1)
        hold.release()
        #expect(!hold.isHolding)
        #expect(hold.nextDeadline() == nil)
        #expect(hold.fire(now: 480 * ms) == 0)
        #expect(hold.fire(now: 60_000 * ms) == 0)
    }

    @Test func aNewPressStartsAfresh() {
        var hold = HoldRepeat()
        hold.press(at: 0)
        #expect(hold.fire(now: 900 * ms) > 0)
        hold.release()
        #expect(hold.press(at: 2_000 * ms) == 1)
        #expect(hold.fire(now: 2_399 * ms) == 0)
        #expect(hold.fire(now: 2_400 * ms) == 1)
    }

    @Test func customTiming() {
        var hold = HoldRepeat(initialDelay: 100 * ms, interval: 10 * ms)
        hold.press(at: 0)
        #expect(hold.fire(now: 99 * ms) == 0)
        #expect(hold.fire(now: 130 * ms) == 4)
    }
}
