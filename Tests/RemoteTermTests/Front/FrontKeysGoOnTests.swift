import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A key typed while rterm's own line is on the bar row (a problem notice, a session that
/// ended) closes the line and goes where it would have gone without it, so nothing typed is
/// lost: `exit` typed over a notice runs `exit`, not `xit`, and the word typed after a
/// session ended reaches the session shown next whole. Esc and a click only close the line.
/// In-process on memory sessions and the manual clock (issue 45, item 5).
@Suite struct FrontKeysGoOnTests {
    typealias Rig = WorkspaceRig

    static let ms: UInt64 = 1_000_000

    /// `text` typed as one read, or one key a read (as a person types).
    static func type(_ text: String, into rig: Rig, keyByKey: Bool) {
        guard keyByKey else { return rig.type(text) }
        for character in text { rig.type(String(character)) }
    }

    /// A rig of three sessions showing the second, which has just ended with status 3.
    static func endedInTheMiddle() -> Rig {
        let rig = Rig(names: ["alpha", "beta", "gamma"], exits: [.status(0), .status(3), .status(0)])
        rig.workspace.show(1)
        rig.transports[1].outputEnds = true
        rig.turn()
        return rig
    }

    // MARK: - A problem notice

    @Test(arguments: [false, true])
    func aWordTypedOverAProblemNoticeReachesTheRemoteWhole(keyByKey: Bool) {
        let rig = Rig()
        rig.workspace.controller.showNotice("key bar config: line 3: no such key", sticky: true, now: rig.clock.now())
        #expect(rig.barRow.contains("no such key"), "\(rig.barRow)")
        Self.type("exit\r", into: rig, keyByKey: keyByKey)
        #expect(rig.sent == "exit\r")
        #expect(!rig.barRow.contains("no such key"), "the first key dismissed it: \(rig.barRow)")
    }

    @Test func escOrAClickOnlyDismissesAProblemNotice() throws {
        let rig = Rig()
        rig.workspace.controller.showNotice("a problem", sticky: true, now: rig.clock.now())
        #expect(rig.barRow.contains("Esc or a click dismisses it"), "\(rig.barRow)")
        rig.type("\u{1B}", after: 20 * Self.ms)  // a lone Esc, once the wait is over
        #expect(!rig.barRow.contains("a problem"))
        rig.workspace.controller.showNotice("another problem", sticky: true, now: rig.clock.now())
        rig.click(column: 5, row: rig.rows - 1)
        #expect(!rig.barRow.contains("another problem"))
        #expect(rig.sent.isEmpty, "\(rig.sent.debugDescription)")
        rig.type("z")
        #expect(rig.sent == "z")
    }

    // MARK: - A session that ended

    @Test(arguments: [false, true])
    func theWordTypedAfterTheShownSessionEndedReachesTheNextSessionWhole(keyByKey: Bool) {
        let rig = Self.endedInTheMiddle()
        #expect(rig.barRow.contains("beta: exited with status 3"), "\(rig.barRow)")
        #expect(rig.barRow.contains("keys go on to the next session"), "\(rig.barRow)")
        Self.type("exit\r", into: rig, keyByKey: keyByKey)
        #expect(rig.workspace.tabLabels == ["1:alpha", "2:gamma*"], "the first key closed it")
        #expect(rig.received(2) == "exit\r", "the whole word reached the session shown next")
        #expect(rig.received(0).isEmpty && rig.received(1).isEmpty)
    }

    @Test func escOrAClickOnlyClosesAnEndedSession() throws {
        let rig = Self.endedInTheMiddle()
        #expect(rig.barRow.contains("Esc closes it"), "\(rig.barRow)")
        rig.type("\u{1B}", after: 20 * Self.ms)
        #expect(rig.workspace.tabLabels == ["1:alpha", "2:gamma*"])
        rig.workspace.show(0)
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.barRow.contains("alpha: exited"), "\(rig.barRow)")
        rig.click(column: 5, row: rig.rows - 1)
        #expect(rig.workspace.tabLabels == ["1:gamma*"])
        #expect(rig.transports.allSatisfy { $0.received.isEmpty }, "Esc and the click are sent nowhere")
    }

    @Test func whenTheNextSessionEndedTooItsEndingIsShownBeforeKeysGoOn() {
        let rig = Self.endedInTheMiddle()
        rig.transports[2].outputEnds = true
        rig.turn()
        rig.type("x")
        #expect(rig.workspace.tabLabels.count == 2 && rig.workspace.shownIndex == 1)
        #expect(rig.barRow.contains("gamma: exited with status 0"), "\(rig.barRow)")
        #expect(rig.transports.allSatisfy { $0.received.isEmpty }, "the key reached no ended session")
        rig.type("y")
        #expect(rig.workspace.tabLabels == ["1:alpha*"], "\(rig.workspace.tabLabels)")
        #expect(rig.received(0) == "y")
    }
}
