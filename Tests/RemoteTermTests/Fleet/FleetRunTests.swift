import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Many targets on one loop, in-process: sessions over memory transports on the manual
/// clock. At most `jobs` run at once, every target reports once, in file order of start; a
/// script's waits run side by side (ten targets waiting 5 s each take 5 s, not 50).
@Suite struct FleetRunTests {
    static func targets(_ count: Int) -> [FleetTarget] {
        (1...count).map { index in
            let name = String(format: "h%02d", index)
            return FleetTarget(line: index, lineWords: [name], words: [name], target: try! SessionTarget.parse([name]))
        }
    }

    @Test func commandsRunAtMostJobsAtOnceAndEachReportsOnce() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        var opened = 0
        var finished: [String] = []
        var most = 0
        let fleet = FleetRun(targets: Self.targets(7), jobs: 3, loop: loop, work: .command("uname", spill: nil)) {
            target, output in
            opened += 1
            most = max(most, opened - finished.count)
            let session = Session(rows: 24, columns: 80, clock: clock, output: output)
            let status: Int32 = target.name == "h05" ? 3 : 0
            session.attach(MemoryTransport(output: Array("Linux \(target.name)\n".utf8), exit: .status(status)))
            return .success(session)
        }
        fleet.onFinish = { finished.append($0.shownName) }
        try fleet.run()
        #expect(most == 3)
        #expect(finished.sorted() == (1...7).map { String(format: "h%02d", $0) })
        let results = fleet.results.compactMap { $0 }
        #expect(results.map(\.outputText) == (1...7).map { String(format: "Linux h%02d\n", $0) })
        #expect(results.map(\.status) == [0, 0, 0, 0, 3, 0, 0])
        #expect(results[4].reason == "exited with status 3")
    }

    @Test func aTargetThatCannotBeOpenedIsAResultAndTheOthersRun() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let fleet = FleetRun(targets: Self.targets(3), jobs: 2, loop: loop, work: .command("true", spill: nil)) {
            target, output in
            guard target.name != "h02" else { return .failure(OpenProblem(message: "rterm: no such host h02", exitStatus: 255)) }
            let session = Session(rows: 24, columns: 80, clock: clock, output: output)
            session.attach(MemoryTransport(exit: .status(0)))
            return .success(session)
        }
        try fleet.run()
        #expect(fleet.results.map { $0?.status } == [0, 255, 0])
        #expect(FleetSummary.summary(fleet.results.compactMap { $0 }) == "2 passed, 1 failed: h02\n  no such host h02: h02\n")
    }

    /// Ten scripts each waiting 5 s for a line that never comes, ten at once: one loop
    /// serves every wait, so the run takes 5 s of the manual clock, and each fails alone.
    @Test func scriptsWaitSideBySide() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let script = try Script(parsing: "wait /^\\$ $/\ntype \"hello\\r\"\nwait /never/ timeout 5s\n", file: "t.rts")
        var shells: [ScriptRunnerTests.Shell] = []
        let fleet = FleetRun(
            targets: Self.targets(10), jobs: 10, loop: loop, work: .script(script, .init(scriptName: "t.rts"))
        ) { _, _ in
            let shell = ScriptRunnerTests.Shell()
            shells.append(shell)
            let session = Session(rows: 5, columns: 30, clock: clock)
            session.attach(shell.transport)
            return .success(session)
        }
        let start = clock.now()
        try fleet.run()
        #expect(clock.now() - start == 5_000_000_000)
        let results = fleet.results.compactMap { $0 }
        #expect(results.count == 10 && results.allSatisfy { $0.status == 1 })
        #expect(results.allSatisfy { $0.reason == "t.rts:3:1: wait /never/: timed out after 5s waiting for /never/" })
        #expect(shells.allSatisfy { String(decoding: $0.received, as: UTF8.self) == "hello\r" })
    }

    @Test func stoppingEndsTheRunningAndNamesTheOthers() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let script = try Script(parsing: "wait /never/ timeout 60s\n", file: "t.rts")
        var fleet: FleetRun!
        fleet = FleetRun(targets: Self.targets(4), jobs: 2, loop: loop, work: .script(script, .init(scriptName: "t.rts"))) {
            _, _ in
            let session = Session(rows: 5, columns: 30, clock: clock)
            session.attach(ScriptRunnerTests.Shell().transport)
            return .success(session)
        }
        // A signal arriving at 1 s, as the loop's signal source would deliver it.
        final class Interrupt: EventSource {
            let at: UInt64
            var fired = false
            let action: () -> Void
            init(at: UInt64, action: @escaping () -> Void) {
                self.at = at
                self.action = action
            }
            var pollInterests: [PollInterest] { [] }
            var deadline: UInt64? { fired ? nil : at }
            var isReady: Bool { false }
            func handle(readiness: [Int16], now: UInt64) {
                if !fired, now >= at {
                    fired = true
                    action()
                }
            }
        }
        let start = clock.now()
        loop.add(Interrupt(at: clock.now() + 1_000_000_000) { fleet.stop(.signal("INT"), reason: "not run: interrupted") })
        try fleet.run()
        let results = fleet.results.compactMap { $0 }
        #expect(results.count == 4)
        #expect(results.map(\.status) == [255, 255, 255, 255])
        #expect(results[0].message == "rterm: terminated by signal INT; connection closed")
        #expect(results[2].message == "not run: interrupted")
        #expect(clock.now() - start < 2_000_000_000)
    }
}
