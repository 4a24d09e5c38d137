import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The front's decisions in-process: bytes typed into the local terminal (and the clock)
/// go through the controller into a real `Session` over a memory transport; the tests read
/// the bytes the remote receives and what the bar row shows.
@Suite struct FrontControllerTests {
    /// A controller and a session, wired as the ncurses front wires them.
    final class Rig {
        var controller: FrontController
        let session: Session
        let transport: MemoryTransport
        let clock = ManualClock(start: 1_000_000_000)
        var disconnected = false
        var suspended = false
        var answers: [String?] = []

        init(bar: KeyBar = KeyBar(), escapes: Bool = true, modes: String = "", scrollback: Int? = nil) {
            controller = FrontController(bar: bar)
            var options = Session.Options()
            options.escapes = escapes
            if let scrollback { options.scrollbackLimit = scrollback }
            session = Session(rows: 23, columns: 80, clock: clock, options: options)
            transport = MemoryTransport(outputEnds: false)
            session.attach(transport)
            if !modes.isEmpty { feed(modes) }
        }

        /// Remote output (setting modes), read into the session's screen at once.
        func feed(_ text: String) {
            transport.deliver(Array(text.utf8))
            while transport.unreadOutputCount > 0 { session.handle(readiness: [], now: clock.now()) }
            _ = session.takeEvents()
        }

        var view: FrontView { FrontView(terminal: session.terminal, columns: 80) }

        /// What was copied and opened, in order.
        var copied: [String] = []
        var opened: [String] = []

        /// The whole frame as text (remote rows, overlays, bar row).
        var frame: Frame {
            let view = self.view
            let links = FrontController.visibleLinks(session.terminal, topLine: controller.historyTop, rows: view.remoteRows)
            return FrameComposer.compose(
                session.terminal, topLine: controller.historyTop, area: (view.remoteRows, 80),
                overlays: controller.overlays(view: view, links: links))
        }

        /// Lets `nanoseconds` pass, running the controller's timers.
        func wait(_ nanoseconds: UInt64) {
            clock.advance(by: nanoseconds)
            perform(controller.timersDue(now: clock.now(), view: view))
        }

        /// Types `bytes` into the local terminal, then lets `after` nanoseconds pass.
        func type(_ bytes: [UInt8], after: UInt64 = 0) {
            perform(controller.input(bytes, now: clock.now(), view: view))
            if after > 0 {
                clock.advance(by: after)
                perform(controller.timersDue(now: clock.now(), view: view))
            }
        }

        func type(_ text: String, after: UInt64 = 0) { type(Array(text.utf8), after: after) }

        /// A mouse press and release at a cell (0-based), in SGR form.
        func click(column: Int, row: Int) {
            type("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
        }

        func perform(_ actions: [FrontAction]) {
            for action in actions {
                switch action {
                case .send(let input): session.send(input)
                case .answerPrompt(let answer): answers.append(answer)
                case .disconnect: disconnected = true
                case .suspend: suspended = true
                case .barVisibilityChanged, .redraw: break
                case .copy(let text): copied.append(text)
                case .openLink(let url): opened.append(url)
                case .reconnectNow, .quit, .showSession, .nextSession, .previousSession, .openSession, .dismissSession: break
                }
            }
            for event in session.takeEvents() { perform(controller.sessionEvent(event)) }
        }

        var sent: String { String(decoding: transport.received, as: UTF8.self) }

        /// The bar row's text, as drawn at 80 columns.
        var barRow: String {
            let frame = self.frame
            return frame.lines[frame.rows - 1].text
        }

        /// The column of the bar button labelled `label`.
        func column(of label: String) -> Int? {
            controller.barLabels(width: 80)?.first { $0.text == label }?.column
        }
    }

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
        let rig = Rig(modes: "\u{1B}[?1h")
        rig.type("\u{1B}[A")
        #expect(rig.sent == "\u{1B}OA")
    }

    // MARK: - Pastes

    @Test func aPasteIsBracketedWhenTheRemoteAsked() {
        let rig = Rig(modes: "\u{1B}[?2004h")
        rig.type("\u{1B}[200~line one\nline two\u{1B}[201~")
        #expect(rig.sent == "\u{1B}[200~line one\rline two\u{1B}[201~")
    }

    @Test func anEndMarkerSplitAcrossReadsFarApartStillEndsThePaste() {
        let rig = Rig(modes: "\u{1B}[?2004h")
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
        var paused = rig.view
        paused.isInputPaused = true
        rig.clock.advance(by: 3 * FrontController.pasteTimeout)
        rig.perform(rig.controller.timersDue(now: rig.clock.now(), view: paused))
        rig.type("second\u{1B}[201~")
        #expect(rig.sent == "first second")
    }

    // MARK: - The key bar

    @Test func ctrlOnTheBarThenATypedKeySendsAControlCharacter() throws {
        let rig = Rig()
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
        #expect(rig.session.ending == .disconnected(label: ""))
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
        let item = try #require(rig.controller.barLabels(width: 80)?.first { $0.text == "[Disconnect]" })
        rig.click(column: item.column + 2, row: 23)
        #expect(rig.disconnected)
    }

    @Test func helpIsAPanelAndAClickOnTheBarRowOnlyClosesIt() throws {
        let rig = Rig()
        rig.type("~?")
        #expect(rig.frame.text.contains { $0.contains("~. disconnect") })
        // On Enter's button: nothing is sent, the panel closes.
        rig.click(column: try #require(rig.column(of: "⏎")), row: 23)
        #expect(rig.sent.isEmpty)
        #expect(rig.controller.panel == nil)
    }

    @Test func tildeBHidesTheBar() {
        let rig = Rig()
        rig.type("~b")
        #expect(rig.controller.barLabels(width: 80) == nil)
        #expect(rig.controller.bar.reservedRows == 0)
        #expect(rig.sent.isEmpty)
    }

    // MARK: - Mouse and history

    @Test func theWheelScrollsHistoryWhenTheRemoteDoesNotWantTheMouse() {
        let rig = Rig()
        rig.feed(String(repeating: "line\r\n", count: 60))
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.controller.historyTop == rig.session.terminal.screenTopLineNumber - 3)
        #expect(rig.barRow.contains("[history -3]"))
        rig.type("q")
        #expect(rig.controller.historyTop == nil)
        #expect(rig.sent.isEmpty, "the key that leaves the history is not sent")
    }

    @Test func theWheelGoesToTheRemoteWhenItAskedForTheMouse() {
        let rig = Rig(modes: "\u{1B}[?1000h\u{1B}[?1006h")
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.sent == "\u{1B}[<64;10;5M")
        #expect(rig.controller.historyTop == nil)
    }

    @Test func clicksOnTheBarRowNeverReachTheRemote() {
        let rig = Rig(modes: "\u{1B}[?1000h\u{1B}[?1006h")
        rig.click(column: 0, row: 23)
        #expect(!rig.sent.contains("\u{1B}[<"))
    }

    @Test func focusIsReportedOnlyWhenAsked() {
        let plain = Rig()
        plain.type("\u{1B}[I")
        #expect(plain.sent.isEmpty)
        let asked = Rig(modes: "\u{1B}[?1004h")
        asked.type("\u{1B}[I")
        #expect(asked.sent == "\u{1B}[I")
    }

    // MARK: - Questions on the bar row

    @Test func aPasswordIsTypedOnTheBarRowNeverShownNeverSent() {
        let rig = Rig()
        rig.perform(rig.controller.sessionEvent(.prompt(PromptRequest(text: "u@h's password: ", kind: .secret))))
        rig.type("sesame")
        #expect(rig.barRow == " u@h's password:")
        #expect(rig.controller.barCursorColumn == 17)
        rig.type("\r")
        #expect(rig.answers == ["sesame"])
        #expect(rig.sent.isEmpty)
        #expect(rig.controller.prompt == nil)
    }

    @Test func aHostKeyQuestionShowsTheAnswerAndEscCancels() {
        let rig = Rig()
        rig.perform(rig.controller.sessionEvent(.prompt(PromptRequest(text: "Continue (yes/no)? ", kind: .confirmation))))
        rig.type("ye")
        #expect(rig.barRow == " Continue (yes/no)? ye")
        rig.type("\u{1B}", after: 20 * Self.ms)
        #expect(rig.answers == [nil])
        #expect(rig.sent.isEmpty)
    }

    @Test func aPasteIntoAQuestionTypesItsFirstLine() {
        let rig = Rig()
        rig.perform(rig.controller.sessionEvent(.prompt(PromptRequest(text: "Passphrase: ", kind: .secret))))
        rig.type("\u{1B}[200~long phrase\nsecond\u{1B}[201~\r")
        #expect(rig.answers == ["long phrase"])
        #expect(rig.sent.isEmpty)
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
