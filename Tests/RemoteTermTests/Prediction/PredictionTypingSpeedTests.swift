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

    /// Plays `events` into the rig and reads row 0 of every frame drawn on the way: the
    /// columns that ever held a character neither `before` nor `after` holds there.
    static func wrongCells(playing events: [(at: UInt64, event: Event)], into rig: Rig, before: String, after: String)
        -> [(frame: String, columns: [Int])]
    {
        var wrong: [(frame: String, columns: [Int])] = []
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
            let shown = rig.screen[0]
            let columns = Self.wrongCells(shown, before: before, after: after)
            if !columns.isEmpty { wrong.append((shown, columns)) }
        }
        return wrong
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
}
