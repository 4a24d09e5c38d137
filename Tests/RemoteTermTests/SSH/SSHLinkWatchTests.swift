import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Keepalive decisions over two clocks given as numbers: silence counted awake only, OpenSSH's
/// interval × count bound, and a probe with one interval to answer after the machine slept.
@Suite struct SSHLinkWatchTests {
    static let second: UInt64 = 1_000_000_000

    @Test func silenceIsDeadAfterIntervalTimesCount() {
        var watch = SSHLinkWatch(interval: 10, countMax: 3, awake: 0, boot: 0)
        #expect(watch.limit == 30)
        #expect(watch.check(awake: 29 * Self.second, boot: 29 * Self.second) == .alive(keepaliveNow: false))
        #expect(watch.check(awake: 30 * Self.second, boot: 30 * Self.second) == .dead(seconds: 30, afterSleep: false))
    }

    @Test func anAnswerRestartsTheCount() {
        var watch = SSHLinkWatch(interval: 10, countMax: 3, awake: 0, boot: 0)
        watch.received(awake: 25 * Self.second)
        #expect(watch.check(awake: 50 * Self.second, boot: 50 * Self.second) == .alive(keepaliveNow: false))
        #expect(watch.nextCheck == 55 * Self.second)
    }

    @Test func aSleepIsNotSilenceButTheWakeUpProbesTheLink() {
        var watch = SSHLinkWatch(interval: 10, countMax: 3, awake: 0, boot: 0)
        _ = watch.check(awake: 5 * Self.second, boot: 5 * Self.second)
        // An hour with the lid closed: the boot clock moved, the awake clock did not.
        let verdict = watch.check(awake: 6 * Self.second, boot: 3_606 * Self.second)
        #expect(verdict == .alive(keepaliveNow: true))
        #expect(watch.nextCheck == 16 * Self.second)
        // The probe's answer clears it…
        var answered = watch
        answered.received(awake: 7 * Self.second)
        #expect(answered.check(awake: 17 * Self.second, boot: 3_617 * Self.second) == .alive(keepaliveNow: false))
        // …and without one, the link is dead one interval after waking.
        #expect(watch.check(awake: 16 * Self.second, boot: 3_616 * Self.second) == .dead(seconds: 10, afterSleep: true))
    }

    @Test func smallDriftIsNotASleep() {
        var watch = SSHLinkWatch(interval: 10, countMax: 3, awake: 0, boot: 0)
        #expect(watch.check(awake: 5 * Self.second, boot: 6 * Self.second) == .alive(keepaliveNow: false))
    }
}
