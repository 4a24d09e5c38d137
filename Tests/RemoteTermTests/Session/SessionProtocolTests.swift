import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermSSH

/// Today's protocols through a session, in-process: keys (from the keyboard or the bar) go
/// out as the remote program asked, a synchronized frame holds the picture one second at
/// most, reports (in-band resize, colour scheme) leave through the input path, and
/// notifications, progress and command statuses reach the front as events.
@Suite struct SessionProtocolTests {
    typealias Rig = SessionTests.Rig

    private func live(_ output: String) throws -> (Rig, MemoryTransport) {
        let transport = MemoryTransport(output: Array(output.utf8), outputEnds: false)
        let rig = try Rig(transport)
        try rig.run { transport.unreadOutputCount == 0 }
        return (rig, transport)
    }

    @Test(arguments: [
        ("", KeyEvent(.enter, modifiers: .shift), "\r"),
        ("\u{1B}[>1u", KeyEvent(.enter, modifiers: .shift), "\u{1B}[13;2u"),
        ("\u{1B}[>1u", KeyEvent.character("i", modifiers: .control), "\u{1B}[105;5u"),
        ("\u{1B}[>1u", KeyEvent(.escape), "\u{1B}[27u"),
        ("\u{1B}[>4;2m", KeyEvent.character("i", modifiers: .control), "\u{1B}[27;5;105~"),
        ("\u{1B}[>1u\u{1B}[<u", KeyEvent(.escape), "\u{1B}"),
    ])
    func keysGoOutAsTheProgramAsked(_ modes: String, _ key: KeyEvent, _ expected: String) throws {
        let (rig, transport) = try live(modes + "ready")
        rig.session.send(.key(key))
        #expect(transport.received == Array(expected.utf8), "\(modes.debugDescription) \(key.name)")
    }

    @Test func aSynchronizedFrameHoldsThePictureOneSecondAtMost() throws {
        let (rig, transport) = try live("\u{1B}[?2026hhalf")
        let start = rig.clock.now()
        #expect(rig.session.holdsFrame(now: start))
        #expect(rig.session.frameHoldDeadline == start + Session.synchronizedOutputLimit)
        #expect(!rig.session.holdsFrame(now: start + Session.synchronizedOutputLimit), "a program that never ends its frame")
        transport.deliver(Array(" and the rest\u{1B}[?2026l".utf8))
        rig.session.wantsTurn = true  // as the socket's readiness would
        try rig.run { transport.unreadOutputCount == 0 }
        #expect(!rig.session.holdsFrame(now: start) && rig.session.frameHoldDeadline == nil)
    }

    @Test func inBandResizeReportsLeaveThroughTheInputPath() throws {
        let (rig, transport) = try live("\u{1B}[?2048h")
        try rig.run { !transport.received.isEmpty }
        #expect(String(decoding: transport.received, as: UTF8.self) == "\u{1B}[48;24;80;0;0t")
        rig.session.resize(rows: 30, columns: 100)
        #expect(String(decoding: transport.received, as: UTF8.self).hasSuffix("\u{1B}[48;30;100;0;0t"))
        #expect(rig.screen.allSatisfy { !$0.contains("48;") }, "never drawn")
    }

    @Test func theColourSchemeComesFromTheUsersTerminal() throws {
        let (rig, transport) = try live("\u{1B}[?2031h\u{1B}[?996n")
        #expect(transport.received.isEmpty, "not known: not answered")
        var defaults = TerminalColors.Defaults.xterm
        defaults.dynamics[1] = RGBColor(0x101010)
        rig.session.setColorDefaults(defaults)
        rig.session.setColorScheme(.light)
        #expect(String(decoding: transport.received, as: UTF8.self) == "\u{1B}[?997;2n", "told at once of the change")
    }

    @Test func notificationsProgressAndStatusesAreEvents() throws {
        let (rig, _) = try live(
            "\u{1B}]9;done\u{07}\u{1B}]9;4;1;42\u{07}\u{1B}]133;A\u{07}\u{1B}]133;C\u{07}\u{1B}]133;D;3\u{07}")
        let events = rig.session.takeEvents()
        #expect(events.contains(.notification(TerminalNotification(kind: .osc9, title: "", body: "done"))))
        #expect(events.contains(.progressChanged(.percent(42))))
        #expect(events.contains(.commandFinished(status: 3)))
        #expect(rig.session.progress == .percent(42))
    }

    @Test func aFloodOfNotificationsKeepsAFewWaiting() throws {
        let (rig, _) = try live(String(repeating: "\u{1B}]9;spam\u{07}", count: 10_000))
        let waiting = rig.session.takeEvents().filter { if case .notification = $0 { return true } else { return false } }
        #expect(waiting.count == SessionEvents.notificationsKept)
    }
}
