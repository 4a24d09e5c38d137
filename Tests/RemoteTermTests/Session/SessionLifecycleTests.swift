import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The reconnect machine alone: what each event means in each state, with the time as a
/// number. (SessionReconnectTests drives the same rules through a session and its loop.)
@Suite struct SessionLifecycleTests {
    static let second: UInt64 = 1_000_000_000
    static let refusal = SessionEnding.connectFailed(message: "rterm: authentication failed for u@h", status: 255)
    static let down = SessionEnding.connectFailed(message: "rterm: cannot connect to h: network unreachable", status: 255)

    static func live(_ policy: ReconnectPolicy?) -> SessionLifecycle {
        var lifecycle = SessionLifecycle(policy: policy)
        _ = lifecycle.linkArrived()
        return lifecycle
    }

    static let automatic = ReconnectPolicy(isAutomatic: true, random: { 0.5 })
    static let whenAsked = ReconnectPolicy(isAutomatic: false, random: { 0.5 })

    @Test func aTransportIsTheFirstLinkThenAReconnectionThenUnwanted() {
        var lifecycle = SessionLifecycle(policy: Self.automatic)
        #expect(lifecycle.state == .connecting)
        let step1 = lifecycle.linkArrived()
        #expect(step1 == .first)
        let step2 = lifecycle.linkArrived()
        #expect(step2 == .unwanted, "live already")
        let step3 = lifecycle.linkLost("reset", retryable: true, now: 10 * Self.second, lastContact: 9 * Self.second)
        #expect(step3)
        let step4 = lifecycle.attemptStarted()
        #expect(step4)
        let step5 = lifecycle.linkArrived()
        #expect(step5 == .reconnected)
        #expect(lifecycle.state == .live)
        let step6 = lifecycle.end(.disconnected(label: "u@h"))
        #expect(step6)
        let step7 = lifecycle.linkArrived()
        #expect(step7 == .unwanted, "over")
        let step8 = lifecycle.end(.signal("TERM"))
        #expect(!step8, "ended once")
        #expect(lifecycle.ending == .disconnected(label: "u@h"))
    }

    /// Whether a lost link waits to reconnect: only with a policy, only for a loss worth
    /// retrying, only from a live link.
    @Test(arguments: [
        (Self.automatic as ReconnectPolicy?, true, true),
        (Self.whenAsked, true, true),
        (nil, true, false),
        (Self.automatic, false, false),
    ])
    func aLostLinkWaitsToReconnectOnlyWithAPolicyAndARetryableLoss(
        _ example: (policy: ReconnectPolicy?, retryable: Bool, waits: Bool)
    ) {
        var lifecycle = Self.live(example.policy)
        let step9 = lifecycle.linkLost("reset", retryable: example.retryable, now: 0, lastContact: 0)
        #expect(step9 == example.waits)
        #expect((lifecycle.reconnection != nil) == example.waits)
        #expect(lifecycle.state == .live || example.waits, "a loss that does not wait leaves the ending to the session")
    }

    @Test func automaticAttemptsFollowTheScheduleFromTheLoss() {
        var lifecycle = Self.live(Self.automatic)
        let lost = 100 * Self.second
        let step10 = lifecycle.linkLost("reset", retryable: true, now: lost, lastContact: lost - Self.second)
        #expect(step10)
        #expect(lifecycle.deadline == lost, "the first attempt at once")
        #expect(lifecycle.isAttemptDue(now: lost))
        var now = lost
        var waits: [UInt64] = []
        for _ in 1...7 {
            let step11 = lifecycle.attemptStarted()
            #expect(step11)
            let step12 = lifecycle.attemptStarted()
            #expect(!step12, "one attempt at a time")
            #expect(lifecycle.deadline == nil, "nothing scheduled while one runs")
            now += 100_000_000
            let step13 = lifecycle.attemptFailed(Self.down, retryable: true, now: now)
            #expect(step13)
            let next = lifecycle.deadline ?? 0
            waits.append((next - now) / Self.second)
            #expect(!lifecycle.isAttemptDue(now: next - 1))
            #expect(lifecycle.isAttemptDue(now: next))
            now = next
        }
        #expect(waits == [1, 2, 4, 8, 16, 30, 30])
        #expect(lifecycle.reconnection?.attempts == 7)
        #expect(lifecycle.reconnection?.lastFailure == Self.down.message)
    }

    @Test func aRefusalStopsTheScheduleAndTheNetworkUntilTheUserAsks() {
        var lifecycle = Self.live(Self.automatic)
        let step14 = lifecycle.linkLost("reset", retryable: true, now: 0, lastContact: 0)
        #expect(step14)
        let step15 = lifecycle.attemptStarted()
        #expect(step15)
        let step16 = lifecycle.attemptFailed(Self.refusal, retryable: false, now: Self.second)
        #expect(step16)
        #expect(lifecycle.reconnection?.refusal == Self.refusal.message)
        #expect(lifecycle.deadline == nil)
        #expect(!lifecycle.isAttemptDue(now: 3600 * Self.second))
        #expect(!lifecycle.retriesOnNetworkChange, "not after a refusal")
        // The user asks ([Reconnect now]): an attempt starts, and the refusal is forgotten.
        #expect(lifecycle.mayStartAttempt)
        let step17 = lifecycle.attemptStarted()
        #expect(step17)
        #expect(lifecycle.reconnection?.refusal == nil)
    }

    @Test func whenAskedNothingStartsByItself() {
        var lifecycle = Self.live(Self.whenAsked)
        let step18 = lifecycle.linkLost("reset", retryable: true, now: 0, lastContact: 0)
        #expect(step18)
        #expect(lifecycle.deadline == nil && !lifecycle.isAttemptDue(now: 3600 * Self.second))
        #expect(!lifecycle.retriesOnNetworkChange)
        let step19 = lifecycle.attemptStarted()
        #expect(step19)
        let step20 = lifecycle.attemptFailed(Self.down, retryable: true, now: Self.second)
        #expect(step20)
        #expect(lifecycle.deadline == nil, "the next waits for the script's reconnect step")
    }

    @Test func anAttemptThatFailsWhileConnectingEndsTheSession() {
        var lifecycle = SessionLifecycle(policy: Self.automatic)
        let step21 = lifecycle.attemptFailed(Self.down, retryable: true, now: 0)
        #expect(!step21, "the first connection: the session ends")
        #expect(lifecycle.state == .connecting, "the session carries out the ending")
    }
}

/// What each role of the session factory decides, as one table; and the factory's answers
/// before anything connects.
@Suite struct SessionFactoryTests {
    typealias Factory = SessionFactory
    typealias Policy = SessionFactory.Policy

    @Test(arguments: [
        (Factory.Role.interactive, true, Policy(
            watchesLink: true, reconnection: .automatic, escapes: true, asksOnScreen: true, predicts: true,
            answersWithLocalColors: true)),
        (.interactive, false, Policy(
            watchesLink: true, reconnection: nil, escapes: true, asksOnScreen: true, predicts: true,
            answersWithLocalColors: true)),
        (.script, true, Policy(
            watchesLink: true, reconnection: .whenAsked, escapes: false, asksOnScreen: false, predicts: false,
            answersWithLocalColors: false)),
        (.script, false, Policy(
            watchesLink: true, reconnection: nil, escapes: false, asksOnScreen: false, predicts: false,
            answersWithLocalColors: false)),
        (.pump, true, Policy(
            watchesLink: false, reconnection: nil, escapes: false, asksOnScreen: false, predicts: false,
            answersWithLocalColors: false)),
        (.pump, false, Policy(
            watchesLink: false, reconnection: nil, escapes: false, asksOnScreen: false, predicts: false,
            answersWithLocalColors: false)),
    ])
    func eachRolesPolicy(_ example: (role: Factory.Role, canReconnect: Bool, policy: Policy)) {
        #expect(Factory.policy(for: example.role, canReconnect: example.canReconnect) == example.policy)
    }

    static func factory() throws -> SessionFactory {
        SessionFactory(loop: try EventLoop(), environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"],
                       inputIsTerminal: false, say: { _ in })
    }

    @Test func aLocalCommandOpensConnectingWithItsLabelAndTheEscapeCharacter() throws {
        let factory = try Self.factory()
        let opened = try factory.open(["--local", "--", "true"], as: .interactive, size: (rows: 10, columns: 40)).get()
        #expect(opened.label == "local: true")
        #expect(opened.escapeCharacter == 0x7E)
        #expect(opened.session.state == .connecting)
        #expect(opened.session.options.reconnect == nil, "a local command is not reconnected")
        #expect(opened.session.terminal.rows == 10)
        opened.session.end(.disconnected(label: opened.label))
        let scripted = try factory.open(["--local", "--", "true"], as: .script, size: (rows: 5, columns: 20)).get()
        #expect(scripted.escapeCharacter == nil, "a script types what it means")
        scripted.session.end(.disconnected(label: scripted.label))
    }

    @Test(arguments: [
        (["-V"], "rterm: '-V' is not a destination", Int32(2)),
        (["--local", "--bogus"], "rterm: unknown option '--bogus'", 2),
        (["-F", "none", "-T", "somewhere"], "would have no terminal to show", 2),
        (["-F", "none", "-E", "/nonexistent/dir/log", "somewhere"], "-E /nonexistent/dir/log: cannot open the log file", 255),
    ])
    func whatCannotBeOpenedSaysWhyInOneLine(_ example: (words: [String], message: String, status: Int32)) throws {
        let factory = try Self.factory()
        switch factory.open(example.words, as: .interactive, size: (rows: 24, columns: 80)) {
        case .success(let opened):
            opened.session.end(.disconnected(label: opened.label))
            Issue.record("\(example.words) opened")
        case .failure(let problem):
            #expect(problem.message.contains(example.message), "\(problem.message)")
            #expect(problem.exitStatus == example.status)
            #expect(!problem.message.contains("\n"))
        }
    }
}
