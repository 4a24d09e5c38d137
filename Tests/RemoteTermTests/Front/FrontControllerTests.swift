import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The front's decisions in-process: bytes typed into the local terminal (and the clock)
/// go through the workspace's controller into a real `Session` over a memory transport; the
/// tests read the bytes the remote receives and what the frame's bar row shows.
@Suite struct FrontControllerTests {
    typealias Rig = WorkspaceRig

    static let ms: UInt64 = 1_000_000

    // MARK: - Keys

    @Test(arguments: [
        ("plain text", "abc", "abc"),
        ("Enter is CR", "\r", "\r"),
        ("a lone Esc after 10 ms", "\u{1B}", "\u{1B}"),
        ("an arrow", "\u{1B}[A", "\u{1B}[A"),
        ("Alt+x", "\u{1B}x", "\u{1B}x"),
        ("Ctrl+C", "\u{03}", "\u{03}"),
    ])
    func keysReachTheRemote(_ example: (String, String, String)) {
        let rig = Rig()
        rig.type(example.1, after: 20 * Self.ms)
        #expect(rig.sent == example.2, "\(example.0)")
    }

    @Test func arrowsFollowTheRemotesCursorKeyMode() {
        let rig = Rig.withModes("\u{1B}[?1h")
        rig.type("\u{1B}[A")
        #expect(rig.sent == "\u{1B}OA")
    }

    // MARK: - Pastes

    @Test func aPasteIsBracketedWhenTheRemoteAsked() {
        let rig = Rig.withModes("\u{1B}[?2004h")
        rig.type("\u{1B}[200~line one\nline two\u{1B}[201~")
        #expect(rig.sent == "\u{1B}[200~line one\rline two\u{1B}[201~")
    }

    @Test func anEndMarkerSplitAcrossReadsFarApartStillEndsThePaste() {
        let rig = Rig.withModes("\u{1B}[?2004h")
        rig.type("\u{1B}[200~abc\u{1B}[20", after: 50 * Self.ms)  // well past the lone-Esc wait
        rig.type("1~x", after: 20 * Self.ms)
        #expect(rig.sent == "\u{1B}[200~abc\u{1B}[201~x")
    }

    @Test func aPasteThatNeverEndsTimesOutAndKeysAreKeysAgain() {
        let rig = Rig()
        rig.type("\u{1B}[200~pasted", after: FrontController.pasteTimeout + Self.ms)
        rig.type("\u{03}")
        #expect(rig.sent == "pasted\u{03}")
    }

    @Test func aPasteIsNotCutWhileTheFrontIsNotReading() {
        let rig = Rig()
        rig.type("\u{1B}[200~first ")
        // The session held too much: the front stopped reading, for longer than the timeout.
        rig.clock.advance(by: 3 * FrontController.pasteTimeout)
        rig.effects += rig.workspace.timersDue(now: rig.clock.now(), isInputPaused: true)
        rig.type("second\u{1B}[201~")
        #expect(rig.sent == "first second")
    }

    // MARK: - The key bar

    @Test func ctrlOnTheBarThenATypedKeySendsAControlCharacter() throws {
        let rig = Rig(columns: 100)
        let ctrl = try #require(rig.column(of: "Ctrl"))
        rig.click(column: ctrl, row: 23)
        #expect(rig.barRow.contains("^Ctrl"))
        rig.type("c")
        #expect(rig.sent == "\u{03}")
        #expect(!rig.barRow.contains("^Ctrl"), "one-shot: used up")
    }

    @Test func escAndTabButtonsSendOneKeyEach() throws {
        let rig = Rig()
        rig.click(column: try #require(rig.column(of: "Esc")), row: 23)
        rig.click(column: try #require(rig.column(of: "Tab")), row: 23)
        #expect(rig.sent == "\u{1B}\t")
    }

    @Test func theBarsEnterCountsAsANewlineForTildeDot() throws {
        let rig = Rig()
        rig.type("x")
        rig.click(column: try #require(rig.column(of: "⏎")), row: 23)
        rig.type("~.")
        #expect(rig.session.ending == .disconnected(label: "alpha"))
        #expect(rig.sent == "x\r")
    }

    @Test func theMenuOpensAndTheKeyThatClosesItIsNotSent() throws {
        let rig = Rig()
        rig.click(column: try #require(rig.column(of: "☰")), row: 23)
        #expect(rig.barRow.contains("[Disconnect]"))
        rig.type("q")
        #expect(rig.sent.isEmpty)
        #expect(rig.barRow.contains("Esc"))
    }

    @Test func disconnectFromTheMenu() throws {
        let rig = Rig()
        rig.click(column: try #require(rig.column(of: "☰")), row: 23)
        try rig.click("[Disconnect]")
        #expect(rig.session.ending == .disconnected(label: "alpha"))
    }

    @Test func helpIsAPanelAndAClickOnTheBarRowOnlyClosesIt() throws {
        let rig = Rig()
        rig.type("~?")
        #expect(rig.frame.text.contains { $0.contains("~. disconnect") })
        // On Enter's button: nothing is sent, the panel closes.
        rig.click(column: try #require(rig.column(of: "⏎")), row: 23)
        #expect(rig.sent.isEmpty)
        #expect(rig.workspace.controller.panel == nil)
    }

    @Test func tildeBHidesTheBar() {
        let rig = Rig()
        rig.type("~b")
        #expect(rig.workspace.controller.barRow(view: rig.workspace.view(now: rig.clock.now())) == .hidden)
        #expect(rig.workspace.remoteSize.rows == 24, "the remote has the bar's row")
        #expect(rig.workspace.controller.bar.reservedRows == 0)
        #expect(rig.sent.isEmpty)
    }

    // MARK: - Mouse and history

    @Test func theWheelScrollsHistoryWhenTheRemoteDoesNotWantTheMouse() {
        let rig = Rig()
        rig.feed(String(repeating: "line\r\n", count: 60))
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.workspace.controller.historyTop == rig.session.terminal.screenTopLineNumber - 3)
        #expect(rig.barRow.contains("[history -3]"))
        rig.type("q")
        #expect(rig.workspace.controller.historyTop == nil)
        #expect(rig.sent.isEmpty, "the key that leaves the history is not sent")
    }

    @Test func theWheelGoesToTheRemoteWhenItAskedForTheMouse() {
        let rig = Rig.withModes("\u{1B}[?1000h\u{1B}[?1006h")
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.sent == "\u{1B}[<64;10;5M")
        #expect(rig.workspace.controller.historyTop == nil)
    }

    @Test func clicksOnTheBarRowNeverReachTheRemote() {
        let rig = Rig.withModes("\u{1B}[?1000h\u{1B}[?1006h")
        rig.click(column: 0, row: 23)
        #expect(!rig.sent.contains("\u{1B}[<"))
    }

    @Test func focusIsReportedOnlyWhenAsked() {
        let plain = Rig()
        plain.type("\u{1B}[I")
        #expect(plain.sent.isEmpty)
        let asked = Rig.withModes("\u{1B}[?1004h")
        asked.type("\u{1B}[I")
        #expect(asked.sent == "\u{1B}[I")
    }

    // MARK: - Questions on the bar row

    /// A controller asked `question` by the connection; returns it and what typing did.
    static func asked(_ question: PromptRequest, typing text: String) -> (FrontController, [FrontAction]) {
        var controller = FrontController()
        _ = controller.sessionEvent(.prompt(question))
        let view = FrontView(terminal: Terminal(rows: 23, columns: 80), columns: 80)
        // As the workspace decides them: each decoded event in turn.
        var actions: [FrontAction] = []
        for event in controller.decode(Array(text.utf8), now: 1_000_000_000) {
            actions += controller.handle(event, now: 1_000_000_000, view: view)
        }
        actions += controller.timersDue(now: 1_000_000_000 + 20 * Self.ms, view: view)
        return (controller, actions)
    }

    static func barRow(of controller: FrontController) -> String {
        let view = FrontView(terminal: Terminal(rows: 23, columns: 80), columns: 80)
        return (controller.barLabels(view: view) ?? []).map(\.text).joined()
    }

    @Test func aPasswordIsTypedOnTheBarRowNeverShownNeverSent() {
        let question = PromptRequest(text: "u@h's password: ", kind: .secret)
        let (typing, typed) = Self.asked(question, typing: "sesame")
        #expect(Self.barRow(of: typing) == " u@h's password: ")
        #expect(typing.barCursorColumn == 17)
        #expect(!typed.contains { if case .send = $0 { true } else { false } })
        let (answered, actions) = Self.asked(question, typing: "sesame\r")
        #expect(actions.contains(.answerPrompt("sesame")))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
        #expect(answered.prompt == nil)
    }

    @Test func aHostKeyQuestionShowsTheAnswerAndEscCancels() {
        let question = PromptRequest(text: "Continue (yes/no)? ", kind: .confirmation)
        let (typing, _) = Self.asked(question, typing: "ye")
        #expect(Self.barRow(of: typing) == " Continue (yes/no)? ye")
        let (_, actions) = Self.asked(question, typing: "ye\u{1B}")
        #expect(actions.contains(.answerPrompt(nil)))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
    }

    @Test func aPasteIntoAQuestionTypesItsFirstLine() {
        let question = PromptRequest(text: "Passphrase: ", kind: .secret)
        let (_, actions) = Self.asked(question, typing: "\u{1B}[200~long phrase\nsecond\u{1B}[201~\r")
        #expect(actions.contains(.answerPrompt("long phrase")))
        #expect(!actions.contains { if case .send = $0 { true } else { false } })
    }

}

extension String {
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension WorkspaceRig {
    /// One session whose remote first sends `modes`.
    static func withModes(_ modes: String) -> WorkspaceRig {
        let rig = WorkspaceRig()
        rig.feed(modes)
        return rig
    }

    /// One session whose screen keeps `lines` of scrollback.
    static func withScrollback(_ lines: Int) -> WorkspaceRig {
        var options = Session.Options()
        options.scrollbackLimit = lines
        return WorkspaceRig(options: options)
    }
}
