import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Reconnecting in-process: memory transports whose link the test cuts, attempts handed out
/// by the test, and a manual clock, so the schedule, the refusals and what is kept of the
/// screen are checked exactly.
@Suite struct SessionReconnectTests {
    static let lost = TransportError.ssh(.connectionLost(SSHEndpoint(host: "h", port: 22, user: "u"), reason: "reset"))
    static let refused = SessionEnding.connectFailed(
        message: SSHError.authenticationFailed(SSHEndpoint(host: "h", port: 22, user: "u"), tried: ["publickey"], rsaKeys: [])
            .description, status: 255)

    /// A session live on `first`, reconnecting through attempts the test scripts.
    final class Rig {
        let clock = ManualClock(start: 0)
        let loop: EventLoop
        let session: Session
        let first: MemoryTransport
        /// What each attempt comes to, in order; when they run out, a refusal.
        var outcomes: [() -> ConnectionAttempt.Outcome] = []
        /// The clock at each attempt's start.
        var attemptTimes: [UInt64] = []

        init(automatic: Bool = true, random: Double = 0.5) throws {
            loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
            var options = Session.Options()
            options.label = "u@h"
            options.reconnect = ReconnectPolicy(isAutomatic: automatic, random: { random })
            session = Session(rows: 5, columns: 20, clock: clock, options: options)
            first = MemoryTransport(output: Array("$ ready\r\n$ ".utf8), outputEnds: false)
            loop.add(session)
            session.reconnector = { [unowned self] in
                attemptTimes.append(clock.now())
                let outcome = outcomes.isEmpty ? .failed(SessionReconnectTests.refused) : outcomes.removeFirst()()
                return ConnectionAttempt(finished: outcome)
            }
            session.attach(first)
            try run { screen[0] == "$ ready" }
        }

        /// Turns until `condition` holds. A memory transport has no descriptor: when the loop
        /// has nothing to wait for, the session is given the turn a readable socket would give.
        @discardableResult
        func run(turns: Int = 1_000, until condition: () -> Bool) throws -> Bool {
            for _ in 0..<turns {
                if condition() { return true }
                do {
                    try loop.turn()
                } catch EventLoopError.stalled {
                    session.handle(readiness: [], now: clock.now())
                }
            }
            return condition()
        }

        var screen: [String] { TextRenderer.lines(of: session.terminal) }
        var events: [SessionEvent] = []
        func takeEvents() { events += session.takeEvents() }
    }

    @Test func theScheduleStartsAtOnceThenDoublesUpToTheCap() {
        let schedule = ReconnectSchedule()
        let seconds = (1...9).map { Double(schedule.delay(beforeAttempt: $0, random: 0.5)) / 1e9 }
        #expect(seconds == [0, 1, 2, 4, 8, 16, 30, 30, 30])
        // Jitter moves each wait by at most 20 %, and never past the cap.
        #expect(schedule.delay(beforeAttempt: 3, random: 0) == 1_600_000_000)
        #expect(schedule.delay(beforeAttempt: 3, random: 0.999_999) <= 2_400_000_000)
        #expect(schedule.delay(beforeAttempt: 3, random: 0.999_999) > 2_399_000_000)
        #expect(schedule.delay(beforeAttempt: 7, random: 0.999_999) == 30_000_000_000)
        #expect(schedule.delay(beforeAttempt: 1_000, random: 1) == 30_000_000_000)
        #expect(schedule.delay(beforeAttempt: 6, random: 0) == 12_800_000_000)
    }

    @Test func aLostLinkKeepsTheScreenAndComesBackOnANewTransport() throws {
        let rig = try Rig()
        // The old program set DECCKM and bracketed paste.
        rig.first.deliver(Array("\u{1B}[?1h\u{1B}[?2004h".utf8))
        try rig.run { rig.session.terminal.modes.cursorKeysApplication }
        let second = MemoryTransport(output: Array("back\r\n".utf8), outputEnds: false)
        rig.outcomes = [{ .connected(second) }]
        rig.session.resize(rows: 6, columns: 30)
        rig.first.failure = SessionReconnectTests.lost
        try rig.run { rig.session.reconnection != nil }
        rig.takeEvents()
        #expect(rig.events.contains(.linkLost(SessionReconnectTests.lost.description)))
        #expect(rig.screen[0] == "$ ready")
        #expect(rig.first.isClosed)
        try rig.run { rig.session.state == .live }
        rig.takeEvents()
        #expect(rig.events.contains(.reconnected))
        #expect(rig.attemptTimes == [0])  // the first attempt at once
        // The new remote gets the size of now, and keys encoded for a fresh program.
        #expect(second.resizes.last.map { [$0.rows, $0.columns] } == [6, 30])
        rig.session.send(.key(KeyEvent(.up)))
        rig.session.send(.paste(Array("p".utf8)))
        #expect(second.received == Array("\u{1B}[Ap".utf8))
        try rig.run { rig.screen.contains("back") }
    }

    /// Issue 54 item 7: the new shell's first line starts on a fresh line, not glued to the
    /// echo the lost link cut off (before: `$ ls -lLast login: …`).
    @Test func theNewShellStartsOnAFreshLineAfterACutOffEcho() throws {
        let rig = try Rig()
        rig.first.deliver(Array("ls -l".utf8))
        try rig.run { rig.screen[1] == "$ ls -l" }
        let second = MemoryTransport(output: Array("Last login: today\r\n$ ".utf8), outputEnds: false)
        rig.outcomes = [{ .connected(second) }]
        rig.first.failure = SessionReconnectTests.lost
        try rig.run { rig.screen.contains("Last login: today") }
        #expect(Array(rig.screen.prefix(4)) == ["$ ready", "$ ls -l", "Last login: today", "$"])
        // A cursor already at the start of an empty row stays: no blank line is added.
        let third = MemoryTransport(output: Array("again\r\n".utf8), outputEnds: false)
        second.deliver(Array("\r\n".utf8))
        try rig.run { rig.session.terminal.cursorRow == 4 }
        rig.outcomes = [{ .connected(third) }]
        second.failure = SessionReconnectTests.lost
        try rig.run { rig.screen.contains("again") }
        #expect(rig.screen == ["$ ls -l", "Last login: today", "$", "again", ""])
    }

    @Test func failedAttemptsBackOffAndARefusalStopsThem() throws {
        let rig = try Rig()
        rig.outcomes = Array(repeating: { .failed(.connectFailed(message: "rterm: down", status: 255), retryable: true) }, count: 5)
        rig.first.failure = SessionReconnectTests.lost
        // Five retryable failures, then the refusal that comes when outcomes run out.
        try rig.run { rig.session.reconnection?.refusal != nil }
        let starts = rig.attemptTimes.map { Double($0) / 1e9 }
        #expect(starts == [0, 1, 3, 7, 15, 31])
        let reconnection = try #require(rig.session.reconnection)
        #expect(reconnection.attempts == 6)
        #expect(reconnection.nextAttempt == nil)
        #expect(reconnection.summary.contains("authentication failed"))
        // Nothing is scheduled: a loop with nothing to wait for stalls instead of retrying.
        #expect(throws: EventLoopError.stalled) { try rig.loop.turn() }
        #expect(rig.attemptTimes.count == 6)
        // The user asks: one more attempt, at once.
        let back = MemoryTransport(outputEnds: false)
        rig.outcomes = [{ .connected(back) }]
        rig.session.reconnectNow()
        try rig.run { rig.session.state == .live }
        #expect(rig.attemptTimes.count == 7)
    }

    @Test func keysTypedWhileTheLinkIsDownAreDroppedButTildeDotQuits() throws {
        let rig = try Rig()
        // The escapes are read where the front carries them out: its workspace.
        let workspace = Workspace(controller: FrontController(), localSize: (rows: 6, columns: 20))
        workspace.add(rig.session, name: "u@h")
        rig.outcomes = []
        rig.first.failure = SessionReconnectTests.lost
        try rig.run { rig.session.reconnection?.refusal != nil }
        _ = rig.session.takeEvents()
        rig.session.send(.keys([KeyEvent.character("l"), KeyEvent.character("s"), KeyEvent(.enter)]))
        #expect(rig.session.takeEvents().contains(.inputDropped))
        #expect(rig.session.pendingInputCount == 0)
        _ = workspace.input(Array("~.".utf8), now: rig.clock.now())
        #expect(rig.session.ending == .disconnected(label: "u@h"))
        #expect(rig.session.ending?.exitStatus == 255)
    }

    @Test func aScriptedSessionWaitsForReconnectNow() throws {
        let rig = try Rig(automatic: false)
        rig.first.failure = SessionReconnectTests.lost
        try rig.run { rig.session.reconnection != nil }
        try rig.loop.turn()  // the turn the loss asked for
        #expect(throws: EventLoopError.stalled) { try rig.loop.turn() }
        #expect(rig.attemptTimes.isEmpty)
        rig.outcomes = [{ .connected(MemoryTransport(outputEnds: false)) }]
        rig.session.reconnectNow()
        try rig.run { rig.session.state == .live }
    }

    @Test func anEndWithoutExitStatusIsALostLinkButAnExitIsTheEnd() throws {
        let rig = try Rig()
        let second = MemoryTransport(output: [], exit: .status(3), outputEnds: true)
        let silent = MemoryTransport(output: [], exit: .unknown, outputEnds: true)
        rig.outcomes = [{ .connected(silent) }, { .connected(second) }]
        rig.first.failure = SessionReconnectTests.lost
        try rig.run { rig.session.ending != nil }
        // The silent end was taken for a lost link and reconnected; the real exit ended it.
        #expect(rig.attemptTimes.count == 2)
        #expect(rig.session.ending == .remoteExited(.status(3)))
    }

    @Test func withoutAPolicyALostLinkEndsTheSession() throws {
        let clock = ManualClock(start: 0)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let session = Session(rows: 5, columns: 20, clock: clock)
        session.reconnector = { ConnectionAttempt(finished: .connected(MemoryTransport())) }
        let transport = MemoryTransport(outputEnds: false)
        loop.add(session)
        session.attach(transport)
        transport.failure = SessionReconnectTests.lost
        try loop.run(until: { session.ending != nil })
        #expect(session.ending == .failed(SessionReconnectTests.lost.description))
        #expect(session.ending?.exitStatus == 255)
    }

    @Test func aLossThatRetryingCannotMendEndsTheSession() throws {
        let rig = try Rig()
        rig.first.failure = .cannotStart(command: "x", errno: 2)
        try rig.run { rig.session.ending != nil }
        #expect(rig.attemptTimes.isEmpty)
    }

    @Test func whatIsWorthRetrying() {
        let endpoint = SSHEndpoint(host: "h", port: 22, user: "u")
        #expect(SSHError.connectionLost(endpoint, reason: "").isWorthRetrying)
        #expect(SSHError.cannotConnect(endpoint, reason: "refused").isWorthRetrying)
        #expect(SSHError.serverNotResponding(endpoint, seconds: 30).isWorthRetrying)
        #expect(SSHError.cannotResolve(host: "h", reason: "").isWorthRetrying)
        #expect(!SSHError.authenticationFailed(endpoint, tried: [], rsaKeys: []).isWorthRetrying)
        #expect(!SSHError.hostKeyNotAccepted(endpoint, reason: "no").isWorthRetrying)
        #expect(
            !SSHError.hostKeyChanged(
                endpoint, keyType: "ssh-ed25519", fingerprint: "SHA256:x",
                location: KnownHostsLocation(file: "/k", line: 1)
            ).isWorthRetrying)
    }
}
