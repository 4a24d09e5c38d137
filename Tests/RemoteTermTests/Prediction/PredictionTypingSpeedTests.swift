import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront

/// Prediction at typing speed (issue 45): keys typed at 8 a second through a link of 100 ms
/// each way, so that one or two keys are always in flight, and the remote's echo of each key
/// arriving in the pieces the shell wrote it in: together (a steady link) or each piece
/// 100 ms after the one before it (a jittery or congested link, where the backlog grows).
/// Every frame drawn meanwhile is read; none may show a wrong cell (a doubled character, a
/// suggestion pushed right).
@Suite struct PredictionTypingSpeedTests {
    typealias Rig = PredictionTests.Rig

    /// fish 3.6 as issue 45 ran it: `fish -N` as root in a 100-column pty (no configuration,
    /// so no colours: the suggestion is drawn in the very pen the typed text is), with
    /// `echo the quick brown fox jumps` run before, typing `echo the quick` at 8 keys a second:
    /// each key's output, write by write, as strace saw it. A key is written with the rest of
    /// the suggestion after it; for some keys the line is then written again (fish's syntax
    /// highlighting, without colours to show).
    static let fishPrompt = "root\u{1B}(B\u{1B}[m@vm\u{1B}(B\u{1B}[m /t/wt45cap\u{1B}(B\u{1B}[m\u{1B}(B\u{1B}[m# \u{1B}[K\r\u{1B}[20C"
    static let fishPromptText = "root@vm /t/wt45cap#"
    static let fishTyped = "echo the quick"
    static let fishSuggestion = "echo the quick brown fox jumps"
    static let fishWrites: [[String]] = [
        ["e\r\u{1B}[21C", "cho the quick brown fox jumps\r\u{1B}[21C", "\u{8}echo the quick brown fox jumps\r\u{1B}[21C"],
        ["cho the quick brown fox jumps\r\u{1B}[22C"],
        ["ho the quick brown fox jumps\r\u{1B}[23C"],
        ["o the quick brown fox jumps\r\u{1B}[24C", "\u{8}\u{8}\u{8}\u{8}echo the quick brown fox jumps\r\u{1B}[24C"],
        [" the quick brown fox jumps\r\u{1B}[25C", "\u{8} the quick brown fox jumps\r\u{1B}[25C"],
        ["the quick brown fox jumps\r\u{1B}[26C", "\u{8}the quick brown fox jumps\r\u{1B}[26C"],
        ["he quick brown fox jumps\r\u{1B}[27C", "\u{8}\u{8}the quick brown fox jumps\r\u{1B}[27C"],
        ["e quick brown fox jumps\r\u{1B}[28C"],
        [" quick brown fox jumps\r\u{1B}[29C", "\u{8} quick brown fox jumps\r\u{1B}[29C"],
        ["quick brown fox jumps\r\u{1B}[30C", "\u{8}quick brown fox jumps\r\u{1B}[30C"],
        ["uick brown fox jumps\r\u{1B}[31C"],
        ["ick brown fox jumps\r\u{1B}[32C"],
        ["ck brown fox jumps\r\u{1B}[33C"],
        ["k brown fox jumps\r\u{1B}[34C"],
    ]

    /// What happens when, on the rig's clock: a key typed, or a piece of the remote's output
    /// arriving.
    enum Event {
        case key(Character)
        case output(String)
    }

    /// Keys typed every `keyInterval`, each reaching the remote `oneWay` later (the link
    /// keeps them apart: they come 125 ms apart, more than any spacing), the remote
    /// answering with its writes at once; each write arrives `oneWay` after it was made, and,
    /// with `spacing`, no sooner than `spacing` after the piece before it.
    static func timeline(
        keys: String, writes: [[String]], keyInterval: UInt64 = 125_000_000, oneWay: UInt64 = 100_000_000,
        spacing: UInt64 = 0
    ) -> [(at: UInt64, event: Event)] {
        var events: [(at: UInt64, event: Event)] = []
        var lastArrival: UInt64 = 0
        for (index, key) in keys.enumerated() {
            let typed = UInt64(index) * keyInterval
            events.append((typed, .key(key)))
            for piece in writes[index] {
                let arrival = max(typed + 2 * oneWay, lastArrival + spacing)
                lastArrival = arrival
                events.append((arrival, .output(piece)))
            }
        }
        // In time order; a piece arriving as a key is typed is taken first (stable sort).
        return events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// The columns of `shown` holding a character that is neither `before`'s nor `after`'s.
    static func wrongCells(_ shown: String, before: String, after: String) -> [Int] {
        let width = max(shown.count, before.count, after.count)
        func padded(_ text: String) -> [Character] { Array(text) + Array(repeating: " ", count: width - text.count) }
        let (s, b, a) = (padded(shown), padded(before), padded(after))
        return s.indices.filter { s[$0] != b[$0] && s[$0] != a[$0] }
    }

    /// Plays `events` into the rig on its clock, calling `afterEach` once each has taken effect.
    static func play(_ events: [(at: UInt64, event: Event)], into rig: Rig, afterEach: (Event) -> Void) {
        var now: UInt64 = 0
        for (at, event) in events {
            let delay = at - now
            now = at
            switch event {
            case .key(let key):
                rig.clock.advance(by: delay)
                rig.type(String(key))
            case .output(let text):
                rig.remote(text, after: delay)
            }
            afterEach(event)
        }
    }

    /// Plays `events` into the rig and reads row 0 of every frame drawn on the way: the
    /// columns that ever held a character neither `before` nor `after` holds there.
    static func wrongCells(playing events: [(at: UInt64, event: Event)], into rig: Rig, before: String, after: String)
        -> [(frame: String, columns: [Int])]
    {
        var wrong: [(frame: String, columns: [Int])] = []
        play(events, into: rig) { _ in
            let shown = rig.screen[0]
            let columns = Self.wrongCells(shown, before: before, after: after)
            if !columns.isEmpty { wrong.append((shown, columns)) }
        }
        return wrong
    }

    /// Whether the key typed at `column` of row 0 shows at once: the frame's cursor is past it
    /// before the remote's is.
    static func isShownAtOnce(column: Int, in rig: Rig) -> Bool {
        rig.cursor == FrameCursor(row: 0, column: column + 1) && rig.session.terminal.cursorColumn <= column
    }

    @Test(arguments: [0, 100_000_000] as [UInt64])
    func fishTypedOverItsSuggestionShowsNoWrongCell(spacing: UInt64) {
        let rig = Rig(prompt: Self.fishPrompt, columns: 100)
        let events = Self.timeline(keys: Self.fishTyped, writes: Self.fishWrites, spacing: spacing)
        let after = Self.fishPromptText + " " + Self.fishSuggestion
        let wrong = Self.wrongCells(playing: events, into: rig, before: Self.fishPromptText, after: after)
        #expect(wrong.isEmpty, "\(wrong.map { "\($0.frame) at \($0.columns)" })")
        #expect(rig.screen[0] == after)
        #expect(rig.cursor == FrameCursor(row: 0, column: 20 + Self.fishTyped.count))
        #expect(rig.session.predictor.wrongCount == 0)
    }

    /// vim 9.0 just started, as `Scripts/bench-predict` types into it: once rterm answers its
    /// DA2 as xterm, vim asks for termcap entries (XTGETTCAP) one after another while the
    /// user already types, ten queries at once after the first key, then one after each
    /// answer. Through a link that spaces every chunk 100 ms apart, the queries queue before
    /// the echoes, and the first echoes take over half a second. Guesses taken back before
    /// their echo came must still teach the engine the round trip, so that the next batch
    /// waits for its echo and shows. Before, every batch was taken back at 500 ms and the
    /// round trip never learnt: from the ninth key on none was shown at once, and the keys
    /// still in flight were guessed from the remote's lagging cursor (a frame showed
    /// `echo b`, the `b` where the `t` of `the` belonged).
    @Test func vimAnsweringTermcapQueriesAsTheUserTypesStillShowsGuesses() {
        let rig = Rig(prompt: "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[5;1H-- INSERT --\u{1B}[1;1H", columns: 40)
        let keys = "echo the quick brown fox jumps"
        let query = "\u{1B}P+q6b32\u{1B}\\"
        let writes: [[String]] = keys.enumerated().map { index, key in
            let echo = "\u{1B}[?25l\(key)\u{1B}[?25h"
            return index == 0 ? [echo] + Array(repeating: query, count: 10) : index < 12 ? [echo, query] : [echo]
        }
        let events = Self.timeline(keys: keys, writes: writes, spacing: 100_000_000)
        var shownAtOnce: [Bool] = []
        Self.play(events, into: rig) { event in
            if case .key = event { shownAtOnce.append(Self.isShownAtOnce(column: shownAtOnce.count, in: rig)) }
            #expect(keys.hasPrefix(rig.screen[0]), "a frame showed \(rig.screen[0])")
        }
        #expect(rig.screen[0] == keys)
        #expect(shownAtOnce.suffix(10).allSatisfy { $0 }, "shown at once: \(shownAtOnce)")
    }

    /// vim just opened a file, its cursor still after the message on the last row, and the
    /// user types `i` and then text at 8 keys a second. The `i` is a command: vim draws
    /// `-- INSERT --` and moves its cursor to the first row, where the text goes. A guess for
    /// the `i` (and the keys placed after it on the message row) must be judged wrong as soon
    /// as the cursor is on another row, not kept waiting until a timeout; before, with the
    /// link spacing its chunks, the text typed after `i` was never shown at once.
    @Test(arguments: [0, 100_000_000] as [UInt64])
    func aCommandKeyOnVimsMessageRowDoesNotHoldBackTheTextAfterIt(spacing: UInt64) {
        let rig = Rig(prompt: "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[5;1H\"x.txt\" [New]", columns: 40)
        let keys = "iecho the quick brown fox"
        let writes: [[String]] = keys.enumerated().map { index, key in
            index == 0 ? ["\u{1B}[?25l\u{1B}[5;1H-- INSERT --\u{1B}[K\u{1B}[1;1H\u{1B}[?25h"] : ["\u{1B}[?25l\(key)\u{1B}[?25h"]
        }
        let events = Self.timeline(keys: keys, writes: writes, spacing: spacing)
        var shownAtOnce: [Bool] = []
        var typed = 0
        Self.play(events, into: rig) { event in
            if case .key = event {
                typed += 1
                // The text from the second key on goes from column 0.
                if typed > 1 { shownAtOnce.append(Self.isShownAtOnce(column: typed - 2, in: rig)) }
            }
            #expect(keys.dropFirst().hasPrefix(rig.screen[0]), "a frame showed \(rig.screen[0]) on the first row")
            #expect(rig.screen[4] == rig.remoteScreen[4], "a frame showed \(rig.screen[4]) on the message row")
        }
        #expect(rig.screen[0] == String(keys.dropFirst()))
        #expect(shownAtOnce.suffix(12).allSatisfy { $0 }, "shown at once: \(shownAtOnce)")
    }
}
