import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The interactive front in-process, on the manual clock: the real `InteractiveFront` on its
/// loop, keys written into its standard input as a terminal sends them, sessions over memory
/// transports (what each remote received is read back), frames read from a recording screen.
/// What the tmux tests once proved of the key bar, the mouse, the view and the escapes, in
/// milliseconds and with the clock exact.
@Suite struct FrontInProcessTests {
    static let ms: UInt64 = 1_000_000

    /// A front on one session whose remote first sends `modes`.
    static func front(
        modes: String = "", rows: Int = 24, columns: Int = 80, options: Session.Options = Session.Options(),
        problems: [String] = [], environment: [String: String] = [:]
    ) throws -> (FrontHarness, MemoryTransport) {
        let harness = try FrontHarness(rows: rows, columns: columns)
        harness.environment = environment
        let transport = MemoryTransport(output: Array(modes.utf8), outputEnds: false)
        harness.start([harness.memorySession(transport: transport, options: options)], problems: problems)
        return (harness, transport)
    }

    static func received(_ transport: MemoryTransport) -> String { String(decoding: transport.received, as: UTF8.self) }

    // MARK: - Keys

    @Test func keysArriveEncodedForTheRemote() throws {
        let (front, remote) = try Self.front()
        front.type("\u{1B}", then: 20 * Self.ms)  // a lone Esc, once the wait is over
        front.type("\u{7F}\r\u{1B}[A\u{1B}[1;5A\u{1B}x\u{03}\u{1B}[5~")
        #expect(Self.received(remote) == "\u{1B}\u{7F}\r\u{1B}[A\u{1B}[1;5A\u{1B}x\u{03}\u{1B}[5~")
    }

    @Test func arrowsFollowTheRemotesCursorKeyMode() throws {
        let (front, remote) = try Self.front(modes: "\u{1B}[?1h")
        front.type("\u{1B}[A\u{1B}[D")
        #expect(Self.received(remote) == "\u{1B}OA\u{1B}OD")
    }

    @Test func aPasteIsWrappedOnlyWhenTheRemoteAskedAndLosesItsEscapes() throws {
        let (plain, plainRemote) = try Self.front()
        plain.type("\u{1B}[200~ab\u{1B}c\u{1B}[201~")
        #expect(Self.received(plainRemote) == "abc")
        let (bracketed, bracketedRemote) = try Self.front(modes: "\u{1B}[?2004h")
        bracketed.type("\u{1B}[200~x\u{1B}y\u{1B}[201~")
        #expect(Self.received(bracketedRemote) == "\u{1B}[200~xy\u{1B}[201~")
    }

    @Test func theRemoteSizeIsTheTerminalLessTheBarAndFollowsResizes() throws {
        let (front, remote) = try Self.front()
        #expect(front.workspace.shown.terminal.rows == 23)
        front.screen.size = (30, 100)
        front.front?.localSizeChanged()
        front.settle()
        #expect(remote.resizes.last.map { [$0.rows, $0.columns] } == [29, 100])
        #expect(front.screen.frame?.rows == 30)
    }

    @Test func tildeDotDisconnectsAndAKeyAfterTheEscapeIsNotSent() throws {
        let (front, remote) = try Self.front()
        front.type("ls\r~.")
        #expect(front.workspace.shown.ending == .disconnected(label: "alpha"))
        #expect(Self.received(remote) == "ls\r")
        #expect(front.workspace.isFinished)
    }

    @Test func tildeZSuspendsAndDrawsAgain() throws {
        let (front, _) = try Self.front()
        let draws = front.screen.draws
        front.type("~\u{1A}")
        #expect(front.stops == 1 && front.screen.suspensions == 1)
        #expect(front.screen.draws > draws, "drawn again on resume")
    }

    // MARK: - The key bar

    @Test func barClicksSendExactlyOneKeyEach() throws {
        let (front, remote) = try Self.front()
        for label in ["Esc", "Tab", "⌫", "⏎", "PgUp"] { try front.click(label) }
        #expect(Self.received(remote) == "\u{1B}\t\u{7F}\r\u{1B}[5~")
    }

    @Test func ctrlIsOneShotVisibleAndCancellable() throws {
        // Wide enough for the full labels (80 columns shows `Ct`).
        let (front, remote) = try Self.front(columns: 100)
        try front.click("Ctrl")
        #expect(front.barRow.contains("^Ctrl"), "armed Ctrl is shown")
        #expect(remote.received.isEmpty, "arming sends nothing")
        front.type("c")
        #expect(Self.received(remote) == "\u{03}")
        #expect(!front.barRow.contains("^Ctrl"), "one-shot: used up")
        // Armed, then cancelled by a click slower than a double click: a plain c.
        try front.click("Ctrl", then: 600 * Self.ms)
        try front.click("^Ctrl")
        #expect(!front.barRow.contains("^Ctrl"))
        front.type("c")
        #expect(Self.received(remote) == "\u{03}c")
    }

    @Test func aDoubleClickLocksCtrlForSeveralKeys() throws {
        // Wide enough for the full labels (80 columns shows `Ct`).
        let (front, remote) = try Self.front(columns: 100)
        try front.click("Ctrl")
        try front.click("^Ctrl")  // within the double-click interval
        #expect(front.barRow.contains("^CTRL"), "locked Ctrl is shown: \(front.barRow)")
        front.type("cd")
        #expect(Self.received(remote) == "\u{03}\u{04}")
    }

    @Test func barArrowsFollowTheCursorKeyMode() throws {
        let (normal, normalRemote) = try Self.front()
        try normal.click("↑")
        #expect(Self.received(normalRemote) == "\u{1B}[A")
        let (application, applicationRemote) = try Self.front(modes: "\u{1B}[?1h")
        try application.click("↑")
        #expect(Self.received(applicationRemote) == "\u{1B}OA")
    }

    /// Held: once at the press, again after 400 ms, then every 80 ms until the release; on
    /// the manual clock the count is exact.
    @Test func holdingAnArrowRepeatsUntilRelease() throws {
        let (front, remote) = try Self.front()
        try front.click("←", release: false, then: 900 * Self.ms)
        let column = try #require(front.column(of: "←"))
        front.type(FrontHarness.mouse(0, column, 23, release: true), then: 500 * Self.ms)
        let repeats = 1 + Int((900 - 400) / 80) + 1
        #expect(Self.received(remote) == String(repeating: "\u{1B}[D", count: repeats))
    }

    @Test func theRemoteSizeFollowsHidingAndShowingTheBar() throws {
        let (front, remote) = try Self.front()
        front.type("\r~b")
        #expect(remote.resizes.last.map { [$0.rows, $0.columns] } == [24, 80])
        #expect(front.screen.frame?.text.count == 24 && front.workspace.controller.bar.reservedRows == 0)
        front.type("\r~b")
        #expect(remote.resizes.last.map { [$0.rows, $0.columns] } == [23, 80])
        #expect(Self.received(remote) == "\r\r", "the escapes are sent nowhere")
    }

    @Test func remoteMouseReportsGetCellsOfTheRemoteScreenButNeverBarClicks() throws {
        let (front, remote) = try Self.front(modes: "\u{1B}[?1000h\u{1B}[?1006h")
        front.type(FrontHarness.click(9, 4))
        #expect(Self.received(remote) == "\u{1B}[<0;10;5M\u{1B}[<0;10;5m")
        try front.click("Tab")
        #expect(Self.received(remote) == "\u{1B}[<0;10;5M\u{1B}[<0;10;5m\t", "a Tab, not a mouse report")
    }

    @Test func theWheelShowsHistoryAndAKeyReturns() throws {
        let (front, remote) = try Self.front(modes: (1...100).map(String.init).joined(separator: "\r\n"))
        front.settle()
        #expect(!front.text.contains("70"))
        front.type(String(repeating: FrontHarness.mouse(64, 9, 4), count: 4))  // 12 lines back
        #expect(front.barRow.hasPrefix(" [history -12]"), "\(front.barRow)")
        #expect(front.text.contains("70"))
        front.type("q")
        #expect(!front.barRow.contains("[history"))
        #expect(!front.text.contains("70"))
        #expect(remote.received.isEmpty, "the key that returns is not sent")
    }

    // MARK: - The view

    @Test func aDoubleClickedWordAndADraggedSelectionAreCopied() throws {
        let (front, _) = try Self.front(modes: "alpha beta/gamma delta\r\n")
        front.type(FrontHarness.click(8, 0) + FrontHarness.click(8, 0))
        #expect(front.screen.own == LocalClipboard.sequence(copying: "beta/gamma"))
        #expect(front.barRow.contains("copied 10 characters"))
        front.type(
            FrontHarness.mouse(0, 0, 0, release: false) + FrontHarness.mouse(32, 2, 0) + FrontHarness.mouse(32, 4, 0)
                + FrontHarness.mouse(0, 4, 0, release: true), then: FrontController.multiClickInterval)
        let both = (LocalClipboard.sequence(copying: "beta/gamma") ?? []) + (LocalClipboard.sequence(copying: "alpha") ?? [])
        #expect(front.screen.own == both)
    }

    @Test func theRemotesClipboardWriteLandsAndItsQueryIsNeverAnswered() throws {
        // "cmVtb3RlIGRhdGE=" is "remote data"; then a query.
        let (front, remote) = try Self.front(modes: "\u{1B}]52;c;cmVtb3RlIGRhdGE=\u{07}\u{1B}]52;c;?\u{07}")
        front.settle()
        #expect(String(decoding: front.screen.own, as: UTF8.self) == "\u{1B}]52;c;cmVtb3RlIGRhdGE=\u{1B}\\")
        #expect(front.barRow.contains("the remote copied 11 bytes"))
        front.type("z")
        #expect(Self.received(remote) == "z", "only the key arrived: no clipboard answer")
        let (refused, _) = try Self.front(
            modes: "\u{1B}]52;c;cmVtb3RlIGRhdGE=\u{07}", environment: ["RTERM_REMOTE_CLIPBOARD": "off"])
        refused.settle()
        #expect(refused.screen.own.isEmpty)
    }

    @Test func aURLIsUnderlinedAndASingleClickRunsTheOpenCommandAfterTheInterval() throws {
        let (front, _) = try Self.front(
            modes: "see https://example.com/a_(b). ok\r\n", environment: ["RTERM_OPEN": "my-opener"])
        front.settle()
        let line = try #require(front.screen.frame?.lines[0])
        #expect(line.cells[4].attributes.underlineStyle == .single)
        #expect(line.cells[28].attributes.underlineStyle == .single, "the ) is part of the link")
        #expect(line.cells[29].attributes.underlineStyle == .none, "the full stop is not")
        front.type(FrontHarness.click(10, 0), then: FrontController.multiClickInterval - Self.ms)
        #expect(front.ran.isEmpty, "not before the double-click interval")
        front.settle(for: Self.ms)
        #expect(front.ran.count == 1)
        #expect(front.ran.first?.last == "https://example.com/a_(b)")
        #expect(front.ran.first?.dropLast().joined(separator: " ").contains("my-opener") == true)
        #expect(front.barRow.contains("opening https://example.com/a_(b)"))
        // An open command that fails: the link is copied instead.
        front.commandsSucceed = false
        front.settle(for: FrontController.multiClickInterval)  // not a double click with the first
        front.type(FrontHarness.click(10, 0), then: FrontController.multiClickInterval)
        #expect(front.screen.own == LocalClipboard.sequence(copying: "https://example.com/a_(b)"))
    }

    @Test func clicksUnderTheHelpPanelAndTheHistoryLineSendNothing() throws {
        let (front, remote) = try Self.front(modes: String(repeating: "line\r\n", count: 60))
        front.type("~?")
        #expect(front.shows("rterm help"))
        let enter = try #require(front.column(of: "⏎"))
        front.type(FrontHarness.click(5, 20) + FrontHarness.click(5, 22))
        #expect(front.shows("rterm help"), "clicks on the panel do nothing")
        front.type(FrontHarness.click(enter, 23))  // closes the panel only
        #expect(!front.shows("rterm help"))
        front.type(FrontHarness.mouse(64, 10, 5))
        #expect(front.barRow.contains("[history"))
        front.type(FrontHarness.click(enter, 23))  // leaves the history only
        #expect(!front.barRow.contains("[history"))
        front.type("z")
        #expect(Self.received(remote) == "z", "only the key arrived")
    }

    @Test func aKeyBarConfigMistakeStaysOnTheBarUntilDismissed() throws {
        let home = NSTemporaryDirectory() + "rterm-keybar-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config/rterm", withIntermediateDirectories: true)
        try "key Esc\nkey NoSuchKey\n".write(toFile: home + "/.config/rterm/keybar", atomically: false, encoding: .utf8)
        let (bar, problems) = KeyBarFile.load(environment: ["HOME": home])
        let harness = try FrontHarness()
        let transport = MemoryTransport(outputEnds: false)
        harness.start([harness.memorySession(transport: transport)], bar: bar, problems: problems)
        #expect(harness.barMessage.hasPrefix("key bar config: ~/.config/rterm/keybar:2:"), "\(harness.barMessage)")
        #expect(harness.barMessage.hasSuffix("(Esc or a click dismisses it)"), "the whole of it: \(harness.barMessage)")
        // Typing on dismisses it and loses nothing: `exit` runs `exit`, not `xit`.
        harness.type("exit\r")
        #expect(!harness.barRow.contains("key bar config:"))
        #expect(Self.received(transport) == "exit\r")
    }

    @Test func theRemotesBellAndTitleReachTheTerminal() throws {
        let (front, _) = try Self.front(modes: "\u{07}\u{1B}]2;my title\u{07}")
        front.settle()
        #expect(front.screen.bells == 1)
        #expect(front.screen.titles.last == "my title")
    }

    // MARK: - Several sessions

    /// Three sessions: keys and bar clicks reach only the shown one, switched with `~N` and
    /// by a click on its tab; output of a hidden one marks its tab.
    @Test func keysAndClicksReachOnlyTheShownSessionSwitchedByEscapeAndTab() throws {
        let harness = try FrontHarness()
        let remotes = (0..<3).map { _ in MemoryTransport(outputEnds: false) }
        harness.start(zip(["one", "two", "three"], remotes).map { harness.memorySession($0, transport: $1) })
        harness.type("a")
        try harness.click("Esc")
        harness.type("\r~2b")
        try harness.click("Tab")
        harness.turnBar(to: "3:three")  // the wheel turns the bar to the tabs
        try harness.click("3:three")
        harness.type("c")
        #expect(remotes.map(Self.received) == ["a\u{1B}\r", "b\t", "c"])
        remotes[0].deliver(Array("news\r\n".utf8))
        harness.settle()
        #expect(harness.workspace.tabLabels == ["1:one#", "2:two", "3:three*"])
    }

    /// `~c` opens a session (here a local command) whose output shows at once.
    @Test func tildeCOpensASessionWhoseOutputShowsAtOnce() throws {
        let harness = try FrontHarness(realTime: true)
        harness.start([harness.memorySession(transport: MemoryTransport(outputEnds: false))])
        harness.type("\r~c--local -- sh -c 'echo OPENED-BY-TILDE-C; sleep 30'\r")
        #expect(harness.wait { harness.shows("OPENED-BY-TILDE-C") }, "\(harness.text)")
        #expect(harness.workspace.entries.count == 2 && harness.workspace.shownIndex == 1)
        harness.type("\r~c--nope\r")
        #expect(harness.wait { harness.barRow.contains("unknown --local option") || harness.barRow.contains("--nope") }, "\(harness.barRow)")
    }
}
