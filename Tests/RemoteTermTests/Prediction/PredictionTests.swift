import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Predictive local echo against a scripted remote: a session over a memory transport on a
/// manual clock, keys typed into it, the remote's echo delivered when the test says, and the
/// frame (with the predictions drawn over the remote's screen) read as text. The terminal
/// itself only ever holds what the remote sent.
@Suite struct PredictionTests {
    final class Rig {
        let clock = ManualClock(start: 1_000_000_000)
        let transport = MemoryTransport(outputEnds: false)
        let session: Session
        /// The front's workspace around the session: its frame is what is drawn.
        let workspace: Workspace

        init(mode: PredictMode = .always, overwrite: Bool = false, prompt: String = "$ ", columns: Int = 20) {
            var options = Session.Options()
            options.predict = PredictionSettings(mode: mode, overwrite: overwrite)
            session = Session(rows: 5, columns: columns, clock: clock, options: options)
            workspace = Workspace(controller: FrontController(), localSize: (rows: 6, columns: columns))
            session.attach(transport)
            workspace.add(session, name: "u@h")
            remote(prompt)
        }

        /// The remote prints `text` (after `delay` ns).
        func remote(_ text: String, after delay: UInt64 = 0) {
            clock.advance(by: delay)
            transport.deliver(Array(text.utf8))
            while transport.unreadOutputCount > 0 { session.handle(readiness: [], now: clock.now()) }
        }

        func type(_ keys: String) {
            for scalar in keys.unicodeScalars { session.send(.key(.character(scalar))) }
        }

        func press(_ key: KeyEvent) { session.send(.key(key)) }

        /// The frame the front draws now.
        var frame: Frame { workspace.frame(now: clock.now()) }

        /// The frame's remote rows as text, predictions drawn.
        var screen: [String] { Array(frame.text.prefix(5)) }

        /// The remote's own screen, without predictions.
        var remoteScreen: [String] { TextRenderer.lines(of: session.terminal) }

        var cursor: FrameCursor? { frame.cursor }
    }

    @Test func theFirstKeyWaitsForItsEchoThenTheRestShowAtOnce() {
        let rig = Rig()
        rig.type("l")
        #expect(rig.screen[0] == "$", "a new batch is shown only once it is known to echo")
        rig.remote("l", after: 200_000_000)
        rig.type("s -")
        #expect(rig.screen[0] == "$ ls -", "the batch echoes: the next keys show at once")
        #expect(rig.cursor == FrameCursor(row: 0, column: 6))
        #expect(rig.remoteScreen[0] == "$ l", "the terminal holds only what the remote sent")
        rig.remote("s -", after: 200_000_000)
        #expect(rig.screen[0] == "$ ls -")
        #expect(rig.session.predictor.confirmedCount == 4)
        #expect(rig.session.predictor.wrongCount == 0)
        #expect(rig.session.predictor.roundTrip.map { $0 >= 200_000_000 } == true)
    }

    @Test func aMismatchIsRepairedAsSoonAsTheRemoteDisagrees() {
        let rig = Rig()
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.type("bc")
        #expect(rig.screen[0] == "$ abc")
        // The remote shows something else where b was guessed (say, a shell that upcases).
        rig.remote("B", after: 100_000_000)
        #expect(rig.screen[0] == "$ aB", "the wrong guesses are gone at once")
        #expect(rig.session.predictor.wrongCount == 1)
        rig.type("d")
        #expect(rig.screen[0] == "$ aB", "after a wrong guess the next batch waits for its echo")
    }

    @Test func nothingIsShownAtAPasswordPromptWithEchoOff() {
        let rig = Rig()
        rig.type("s")
        rig.remote("s", after: 100_000_000)
        rig.type("udo true")
        rig.remote("udo true", after: 100_000_000)
        rig.press(KeyEvent(.enter))
        rig.remote("\r\nPassword: ", after: 100_000_000)
        rig.type("hunter2")
        for _ in 0..<3 { rig.remote("", after: 300_000_000) }
        #expect(rig.screen[1] == "Password:", "\(rig.screen)")
        rig.session.handle(readiness: [], now: rig.clock.now() + 2_000_000_000)
        #expect(rig.screen[1] == "Password:")
    }

    @Test func aControlKeyInTheMiddleStartsABatchThatWaits() {
        let rig = Rig()
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.type("b")
        #expect(rig.screen[0] == "$ ab")
        rig.press(.character("r", modifiers: .control))  // reverse search: the screen changes shape
        rig.type("c")
        #expect(rig.screen[0] == "$ ab", "after a control key nothing new shows before an echo")
        rig.remote("b", after: 100_000_000)
        #expect(rig.screen[0] == "$ ab")
    }

    @Test func backspaceOverPredictions() {
        let rig = Rig()
        rig.type("x")
        rig.remote("x", after: 100_000_000)
        rig.type("yz")
        rig.press(KeyEvent(.backspace))
        #expect(rig.screen[0] == "$ xy")
        #expect(rig.cursor == FrameCursor(row: 0, column: 4))
        rig.press(KeyEvent(.backspace))
        #expect(rig.screen[0] == "$ x")
        // The remote catches up: y, z, then two erasures, as a shell echoes them.
        rig.remote("yz", after: 100_000_000)
        #expect(rig.screen[0] == "$ x", "the echo of y and z does not bring them back")
        rig.remote("\u{8} \u{8}\u{8} \u{8}", after: 10_000_000)
        #expect(rig.screen[0] == "$ x")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func wideCharactersTakeTwoCells() {
        let rig = Rig()
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.type("漢字b")
        #expect(rig.screen[0] == "$ a漢字b")
        #expect(rig.cursor == FrameCursor(row: 0, column: 8))
        rig.remote("漢字b", after: 100_000_000)
        #expect(rig.session.predictor.confirmedCount == 4)
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func nothingIsGuessedPastTheRightMargin() {
        let rig = Rig(prompt: "$ 0123456789abcde")  // the cursor at column 17 of 20
        rig.type("f")
        rig.remote("f", after: 100_000_000)
        rig.type("gh")
        #expect(rig.screen[0] == "$ 0123456789abcdefgh")
        rig.type("i")  // it would wrap: the remote decides where it goes
        #expect(rig.screen[1] == "")
        rig.remote("ghi", after: 100_000_000)
        #expect(rig.screen[1] == "i")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func cursorLeftAndRightMoveTheCursorAtOnce() {
        let rig = Rig()
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.type("b")
        rig.press(KeyEvent(.left))
        #expect(rig.cursor == FrameCursor(row: 0, column: 3))
        rig.remote("b\u{8}", after: 100_000_000)
        #expect(rig.cursor == FrameCursor(row: 0, column: 3))
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func notOnTheAlternateScreenAndNotInAPaste() {
        let rig = Rig()
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.session.send(.paste(Array("pasted".utf8)))
        #expect(rig.screen[0] == "$ a")
        rig.remote("\u{1B}[?1049h", after: 100_000_000)
        rig.type("q")
        #expect(rig.session.predictor.overlay(terminal: rig.session.terminal) == nil)
    }

    @Test func adaptiveShowsOnlyOnASlowLink() {
        let fast = Rig(mode: .adaptive)
        for key in "abcdef" {
            fast.type(String(key))
            fast.remote(String(key), after: 2_000_000)
        }
        fast.type("g")
        #expect(fast.screen[0] == "$ abcdef", "2 ms links echo faster than a guess helps")
        let slow = Rig(mode: .adaptive)
        for key in "abc" {
            slow.type(String(key))
            slow.remote(String(key), after: 150_000_000)
        }
        slow.type("d")
        #expect(slow.screen[0] == "$ abcd")
        #expect(slow.session.predictor.isShowing)
        let never = Rig(mode: .never)
        never.type("a")
        never.remote("a", after: 150_000_000)
        never.type("b")
        #expect(never.screen[0] == "$ a")
    }

    @Test func aCharacterTypedInTheMiddleOfALinePushesTheRestRight() {
        let rig = Rig(prompt: "$ abXYZ\u{1B}[3D")  // the cursor after "ab"
        rig.type("1")
        rig.remote("1XYZ\u{1B}[3D", after: 100_000_000)  // readline redraws the rest
        rig.type("2")
        #expect(rig.screen[0] == "$ ab12XYZ")
        #expect(rig.cursor == FrameCursor(row: 0, column: 6))
        let overlay = rig.session.predictor.overlay(terminal: rig.session.terminal)
        #expect(overlay?.cells.filter(\.isGuess).map(\.column) == [5], "only the typed character is underlined")
        rig.press(KeyEvent(.backspace))
        #expect(rig.screen[0] == "$ ab1XYZ", "backspace pulls the rest back left")
        rig.remote("2XYZ\u{1B}[3D", after: 100_000_000)
        rig.remote("\u{8}XYZ \u{1B}[4D", after: 10_000_000)
        #expect(rig.screen[0] == "$ ab1XYZ")
        #expect(rig.session.predictor.wrongCount == 0)
        #expect(rig.session.predictor.confirmedCount == 3)
    }

    @Test func textPushedAlongKeepsItsColours() {
        let rig = Rig(prompt: "$ ab\u{1B}[31mXYZ\u{1B}[m\u{1B}[3D")  // XYZ in red, the cursor after "ab"
        rig.type("1")
        rig.remote("1\u{1B}[31mXYZ\u{1B}[m\u{1B}[3D", after: 100_000_000)
        rig.type("2")
        let frame = rig.frame
        #expect(frame.lines[0].text == "$ ab12XYZ")
        for column in 6...8 {
            #expect(frame.lines[0].cells[column] == rig.session.terminal.cell(row: 0, column: column - 1), "column \(column)")
        }
        #expect(frame.lines[0].cells[6].foreground != Cell.blank.foreground, "the red is kept")
    }

    @Test func overwriteForAShellThatDrawsASuggestionAfterTheCursor() {
        // fish: typing "l" shows the suggestion "s -la" after the cursor.
        let insert = Rig()
        let overwrite = Rig(overwrite: true)
        for rig in [insert, overwrite] {
            rig.type("l")
            rig.remote("ls -la\u{1B}[5D", after: 100_000_000)
            rig.type("s")
        }
        #expect(overwrite.screen[0] == "$ ls -la", "typing along the suggestion leaves it as it is")
        #expect(overwrite.cursor == FrameCursor(row: 0, column: 4))
        // Without colours to tell the suggestion by (issue 45: `fish -N`), a key typed over the
        // very character under the cursor replaces it: the suggestion is never pushed along.
        #expect(insert.screen[0] == "$ ls -la", "the suggestion stays where it is")
        // fish echoes the s over its own suggestion and moves on: the guess holds.
        overwrite.remote("\u{1B}[C", after: 100_000_000)
        #expect(overwrite.session.predictor.wrongCount == 0)
    }

    @Test func typingAlongASuggestionFasterThanItsEchoKeepsTheGuessesInPlace() {
        // The suggestion already shows the characters typed: a guess is confirmed only once
        // the remote's cursor has passed it, so the next key lands after the earlier guesses.
        let rig = Rig(overwrite: true)
        rig.type("e")
        rig.remote("echo hi\u{1B}[6D", after: 100_000_000)  // fish: "e", then "cho hi" after the cursor
        rig.type("cho")
        rig.remote("cho hi\u{1B}[5D", after: 50_000_000)  // the echo of c only
        rig.type("x")
        #expect(rig.cursor == FrameCursor(row: 0, column: 7), "x goes after echo, not after ec")
        #expect(rig.screen[0] == "$ echoxhi")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func aResizeOrARemoteColumnChangeUnderTheGuessesStartsAgain() {
        let rig = Rig(prompt: "$ 0123456789abc")
        rig.type("d")
        rig.remote("d", after: 100_000_000)
        rig.type("efg")
        rig.session.resize(rows: 3, columns: 10)
        #expect(rig.session.predictor.overlay(terminal: rig.session.terminal) == nil)
        for key in [KeyEvent(.backspace), KeyEvent(.left), KeyEvent(.right)] { rig.press(key) }
        rig.type("h")
        // The remote narrows the screen itself (DECCOLM needs mode 40; a resize request).
        rig.remote("\u{1B}[8;2;6t", after: 10_000_000)
        for key in [KeyEvent(.backspace), KeyEvent(.left)] { rig.press(key) }
        rig.remote("x", after: 100_000_000)
        #expect(rig.session.terminal.columns <= 10, "no crash, and the guesses follow the remote")
    }

    @Test(arguments: [
        ("adaptive", PredictionSettings(mode: .adaptive)),
        ("adaptive=60", PredictionSettings(mode: .adaptive, threshold: 60_000_000)),
        ("always,overwrite", PredictionSettings(mode: .always, overwrite: true)),
        ("Never", PredictionSettings(mode: .never)),
    ])
    func settingsAreWrittenAsInAConfig(_ example: (String, PredictionSettings)) {
        #expect(PredictionSettings(parsing: example.0) == example.1)
        #expect(PredictionSettings(parsing: example.1.description) == example.1)
    }

    @Test(arguments: ["sometimes", "always=60", "adaptive=0", "adaptive=x", "never,insert", "", "always,overwrite,x"])
    func badSettingsAreRefused(_ text: String) {
        #expect(PredictionSettings(parsing: text) == nil)
    }

    @Test func theThresholdDecidesWhenAdaptiveShows() {
        let rig = Rig(mode: .adaptive)
        rig.session.send(.key(.character("a")))
        rig.remote("a", after: 50_000_000)
        #expect(rig.session.predictor.isShowing, "50 ms is above the default 40")
        var settings = PredictionSettings(mode: .adaptive, threshold: 60_000_000)
        settings.overwrite = false
        var engine = PredictionEngine(settings)
        engine.keyTyped(.character("b"), terminal: rig.session.terminal, now: 0)
        var terminal = rig.session.terminal
        _ = Array("b".utf8).withUnsafeBufferPointer { terminal.feed($0) }
        engine.judge(terminal: terminal, now: 50_000_000)
        #expect(!engine.isShowing, "50 ms is below a 60 ms threshold")
    }
}
