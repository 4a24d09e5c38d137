import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront

/// Prediction, second round: the line decides whether a key inserts or overwrites (a fish
/// or zsh suggestion drawn in another colour is replaced, a right prompt never moves), the
/// first echoes of a line correct that choice, and editors' insert modes and pagers' search
/// lines on the alternate screen are predicted once they echo, never their commands.
///
/// A wrong cell is what the issue counts: a character at a column that holds it neither
/// before typing nor once everything is echoed.
@Suite struct PredictionSecondRoundTests {
    typealias Rig = PredictionTests.Rig

    /// The columns of `shown` holding a character that is neither `before`'s nor `after`'s.
    static func wrongCells(_ shown: String, before: String, after: String) -> [Int] {
        func padded(_ text: String) -> [Character] { Array(text) + Array(repeating: " ", count: max(0, 20 - text.count)) }
        let (s, b, a) = (padded(shown), padded(before), padded(after))
        return s.indices.filter { s[$0] != b[$0] && s[$0] != a[$0] }
    }

    /// zsh with `RPROMPT='[12:00]'`: every typed key goes into the gap, the right prompt
    /// never moves, and guessing stops before the line would reach it.
    @Test func aRightPromptNeverMoves() {
        let rig = Rig(prompt: "$ \u{1B}[13G[12:00]\u{1B}[3G")  // the prompt's right edge at column 18 of 20
        let before = rig.screen[0]
        #expect(before == "$           [12:00]")
        rig.type("l")
        rig.remote("l", after: 100_000_000)
        var worst: [Int] = []
        for key in "s -lah /tm" {
            rig.type(String(key))
            worst += Self.wrongCells(rig.screen[0], before: before, after: "$ ls -lah /tm")
        }
        #expect(rig.screen[0] == "$ ls -lah / [12:00]", "t would leave no blank before the prompt: not guessed")
        // zsh takes the right prompt away once the line reaches it.
        rig.remote("s -lah /tm\u{1B}[K", after: 200_000_000)
        #expect(rig.screen[0] == "$ ls -lah /tm")
        #expect(worst.isEmpty, "wrong cells at \(worst)")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func inTheMiddleOfALineBeforeARightPromptOnlyTheLinesOwnTextMoves() {
        let rig = Rig(prompt: "$ ab\u{1B}[13G[12:00]\u{1B}[3G")  // "ab" typed, the cursor moved back onto a
        rig.type("x")
        rig.remote("xab\u{1B}[2D", after: 100_000_000)
        rig.type("y")
        #expect(rig.screen[0] == "$ xyab      [12:00]")
    }

    /// fish with its default settings: the suggestion in bright black after the cursor.
    /// Typing along it replaces it cell by cell (no `,overwrite` needed), and a key that
    /// leaves the suggestion shows nothing the screen did not hold before or after.
    @Test func aSuggestionInAnotherColourIsReplacedNotPushed() {
        let rig = Rig()
        rig.type("e")
        rig.remote("e\u{1B}[90mcho the quick\u{1B}[m\u{1B}[13D", after: 100_000_000)
        let before = rig.screen[0]
        #expect(before == "$ echo the quick")
        var worst: [Int] = []
        for key in "cho" {
            rig.type(String(key))
            worst += Self.wrongCells(rig.screen[0], before: before, after: "$ echo the quick")
        }
        #expect(rig.screen[0] == "$ echo the quick")
        #expect(rig.cursor == FrameCursor(row: 0, column: 6))
        rig.remote("c\u{1B}[90mho the quick\u{1B}[m\u{1B}[12D", after: 100_000_000)
        rig.remote("h\u{1B}[90mo the quick\u{1B}[m\u{1B}[11D", after: 10_000_000)
        rig.remote("o\u{1B}[90m the quick\u{1B}[m\u{1B}[10D", after: 10_000_000)
        #expect(worst.isEmpty, "wrong cells at \(worst)")
        #expect(rig.session.predictor.wrongCount == 0)
        // A key off the suggestion: fish drops it. Guessed as a replacement, the cells after
        // it still hold what was there before: nothing wrong meanwhile.
        rig.type("x")
        let shown = rig.screen[0]
        rig.remote("x\u{1B}[K", after: 200_000_000)
        #expect(Self.wrongCells(shown, before: "$ echo the quick", after: "$ echox").isEmpty, "\(shown)")
    }

    /// A shell that colours what is typed (zsh-syntax-highlighting) looks like a suggestion
    /// after the cursor; its first echo shows the line inserts, and the next keys follow it.
    @Test func theFirstEchoOfALineTeachesItsChoice() {
        let rig = Rig(prompt: "$ \u{1B}[32mabcd\u{1B}[m\u{1B}[3D")  // the cursor on b
        rig.type("X")
        rig.remote("\u{1B}[32mXbcd\u{1B}[m\u{1B}[3D", after: 100_000_000)
        #expect(rig.session.predictor.learned?.inserts == true)
        rig.type("Y")
        #expect(rig.screen[0] == "$ aXYbcd", "the row inserts, as its echo showed")
    }

    /// vim's insert mode: `i` writes nothing where it was typed; once the first typed
    /// character echoes, the rest of the line shows at once; Esc ends it, and normal-mode
    /// keys after it are never shown.
    @Test func vimInsertModeIsPredictedAndItsCommandsAreNot() {
        let rig = Rig()
        rig.remote("\u{1B}[?1049h\u{1B}[H\u{1B}[2Jhello\u{1B}[5;1H~\u{1B}[1;6H", after: 100_000_000)
        rig.type("iabc")
        #expect(rig.screen[0] == "hello", "a new batch on the alternate screen waits for its echo")
        rig.remote("\u{1B}[5;1H-- INSERT --\u{1B}[1;6Ha", after: 200_000_000)
        #expect(rig.screen[0] == "helloabc", "i forgotten: b and c where vim will put them")
        rig.type("de")
        #expect(rig.screen[0] == "helloabcde")
        rig.remote("bcde", after: 200_000_000)
        #expect(rig.session.predictor.wrongCount == 0)
        rig.press(KeyEvent(.escape))
        rig.type("dd")
        #expect(rig.screen[0] == "helloabcde", "normal-mode commands are never drawn")
        rig.remote("\u{1B}[5;1H\u{1B}[K\u{1B}[1;10H", after: 200_000_000)
        rig.remote("\u{1B}[1;1H\u{1B}[K~", after: 10_000_000)
        #expect(rig.screen[0] == "~")
    }

    /// less's `/`: the prompt line is rewritten with the slash at its start, the cursor after
    /// it: that is the slash's echo, and what is typed next shows at once on the prompt line.
    @Test func lessSearchIsPredicted() {
        let rig = Rig()
        rig.remote("\u{1B}[?1049h\u{1B}[Hline one\r\nline two\u{1B}[5;1H/tmp/pager.txt", after: 100_000_000)
        rig.type("/")
        rig.remote("\r\u{1B}[K/", after: 200_000_000)
        rig.type("fo")
        #expect(rig.screen[4] == "/fo", "the slash opened a prompt: typing there shows at once")
        rig.remote("fo", after: 200_000_000)
        // Typed faster than the echo: the guesses after the slash move to the prompt.
        rig.press(KeyEvent(.enter))
        rig.remote("\r\u{1B}[K:", after: 200_000_000)
        rig.type("/ba")
        rig.remote("\r\u{1B}[K/", after: 200_000_000)
        #expect(rig.screen[4] == "/ba")
        rig.remote("ba", after: 200_000_000)
        #expect(rig.screen[4] == "/ba")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    /// A prompt line is only a row cleared with the key at its start: a normal-mode key that
    /// moves the cursor elsewhere is never taken for one.
    @Test func aCursorJumpIsNotAPrompt() {
        let rig = Rig()
        rig.remote("\u{1B}[?1049h\u{1B}[Hab wd\u{1B}[1;1H", after: 100_000_000)
        rig.type("wx")
        rig.remote("\u{1B}[1;4H", after: 200_000_000)  // w: to the next word
        #expect(rig.screen[0] == "ab wd")
        rig.remote("\u{1B}[1;4Hd \u{1B}[1;4H", after: 10_000_000)  // x: the w deleted
        #expect(rig.screen[0] == "ab d")
    }

    /// Leaving the alternate screen takes back what was guessed on it.
    @Test func aScreenSwitchTakesTheGuessesBack() {
        let rig = Rig()
        rig.remote("\u{1B}[?1049hx", after: 100_000_000)
        rig.type("a")
        rig.remote("a", after: 100_000_000)
        rig.type("bc")
        #expect(rig.screen[0] == "  xabc")
        rig.remote("\u{1B}[?1049l", after: 100_000_000)
        #expect(rig.screen[0] == "$")
    }

    /// No typed character ever shows at an echo-off prompt on the alternate screen either.
    @Test func aPasswordPromptInAFullScreenProgramShowsNothing() {
        let rig = Rig()
        rig.remote("\u{1B}[?1049h\u{1B}[HPassword: ", after: 100_000_000)
        rig.type("hunter2")
        for _ in 0..<3 {
            rig.remote("", after: 300_000_000)
            #expect(rig.screen[0] == "Password:")
        }
    }
}
