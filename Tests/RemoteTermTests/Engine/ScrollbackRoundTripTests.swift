import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A line that scrolls off shows the same afterwards: what each cell draws (text with its
/// marks, colours, rendition, underline colour, link) read back from the scrollback equals
/// what the screen held just before, for random lines mixing everything the encoder treats
/// differently.
@Suite struct ScrollbackRoundTripTests {
    /// What each cell draws, by value (indices into tables left out).
    static func drawn(_ line: TerminalLine) -> [CellSnapshot] {
        line.cells.indices.map { column in
            let cell = line.cells[column]
            return CellSnapshot(
                codePoint: cell.codePoint, foreground: cell.foregroundBits, background: cell.backgroundBits,
                attributes: cell.attributes.rawValue, grapheme: line.text(at: column),
                hyperlink: line.hyperlink(at: column),
                underlineColor: TerminalColor(packed: line.extras.entry(cell.extra).underlineColor))
        }
    }

    /// A random line: runs of ASCII, CJK, letters with 1–3 marks or with twenty (more than the
    /// 16 bytes the encoder copies at once), emoji with VS16, and style changes between runs:
    /// 16, 256 and truecolour, bold, underline styles, underline colours, links on and off.
    static func randomLine(_ rng: inout SplitMix64, columns: Int) -> String {
        var out = ""
        var used = 0
        while used < columns - 2 {
            switch rng.next(below: 9) {
            case 0: out += "\u{1B}[\(30 + rng.next(below: 8));\(40 + rng.next(below: 8))m"
            case 1: out += "\u{1B}[38;5;\(rng.next(below: 256));48;2;\(rng.next(below: 256));1;2m"
            case 2: out += ["\u{1B}[1m", "\u{1B}[4:3m", "\u{1B}[0m", "\u{1B}[7;3m", "\u{1B}[22;24m"][rng.next(below: 5)]
            case 3: out += "\u{1B}[58:2::\(rng.next(below: 256)):9:\(rng.next(below: 256))m"
            case 4: out += rng.next(below: 2) == 0 ? "\u{1B}]8;;https://x/\(rng.next(below: 4))\u{1B}\\" : "\u{1B}]8;;\u{1B}\\"
            case 5:
                out += String(UnicodeScalar(UInt32(0x4E00 + rng.next(below: 0x5000)))!)
                used += 2
            case 6:
                out += "e" + (0..<(rng.next(below: 4) == 0 ? 20 : 1 + rng.next(below: 3))).map { _ in
                    String(UnicodeScalar(UInt32(0x300 + rng.next(below: 0x70)))!)
                }.joined()
                used += 1
            case 7:
                out += "\u{2764}\u{FE0F}"
                used += 1
            default:
                out += String(UnicodeScalar(UInt8(0x21 + rng.next(below: 0x5E))))
                used += 1
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3])
    func aLineReadsBackFromTheScrollbackAsTheScreenShowedIt(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let columns = 30
        var t = Terminal(rows: 1, columns: columns, scrollbackLimit: 1000)
        for n in 0..<300 {
            t.feed(Array((Self.randomLine(&rng, columns: columns) + "\r").utf8))
            let before = Self.drawn(t.line(number: t.screenTopLineNumber)!)
            t.feed(Array("\n".utf8))
            let after = Self.drawn(t.line(number: t.screenTopLineNumber - 1)!)
            if let column = before.indices.first(where: { before[$0] != after[$0] }) {
                Issue.record("line \(n), column \(column): screen \(before[column]), scrollback \(after[column])")
                return
            }
        }
    }

    /// The arena is a ring: lines of random lengths, styled or not, through many laps of it
    /// (and lines taken back by a taller screen in between) read back as they were fed.
    @Test func linesReadBackAfterManyLapsOfTheArena() {
        var rng = SplitMix64(seed: 11)
        var t = Terminal(rows: 4, columns: 120, scrollbackLimit: 60)
        var fed: [String] = []
        for n in 0..<20_000 {
            let length = rng.next(below: 4) == 0 ? 110 : rng.next(below: 40)
            let text = String((0..<length).map { _ in Character(UnicodeScalar(UInt8(0x21 + rng.next(below: 0x5E)))) })
            let styled = rng.next(below: 3) == 0 ? "\u{1B}[3\(rng.next(below: 8))m" + text + "\u{1B}[0m" : text
            fed.append(text)
            t.feed(Array((styled + "\r\n").utf8))
            if n % 5000 == 4999 {
                t.resize(rows: 10, columns: 120)  // takes lines back from the scrollback
                t.resize(rows: 4, columns: 120)
            }
        }
        #expect(t.scrollbackCount == 60)
        // The screen shows the last three lines; the scrollback the 60 before them.
        for k in 0..<60 {
            #expect(t.scrollbackText(k) == fed[fed.count - 3 - 60 + k], "line \(k)")
        }
    }

    /// Random accents on every other letter (marks are never looked up, each new combination
    /// is a new entry): the table is compacted long before it is full, so it stays small, and
    /// the text on screen is whole.
    @Test func theExtrasTableStaysSmallUnderRandomAccents() {
        var rng = SplitMix64(seed: 7)
        let rows = 10
        let columns = 40
        var t = Terminal(rows: rows, columns: columns, scrollbackLimit: 100)
        var largest = 0
        var fed: [String] = []
        for _ in 0..<3000 {
            fed.append(
                (0..<20).map { _ in
                    "a" + (0..<(1 + rng.next(below: 3))).map { _ in String(UnicodeScalar(UInt32(0x300 + rng.next(below: 0x70)))!) }.joined()
                }.joined())
            t.feed(Array((fed.last! + "\r\n").utf8))
            largest = max(largest, t.cellExtras.count)
        }
        // At most the entries both screens can hold, plus the 4,096 added between compactions.
        #expect(largest <= 2 * rows * columns + 4096 + 1)
        #expect(t.cellExtras.compactionCount > 10)
        #expect(TextRenderer.lines(of: t)[rows - 2] == fed[fed.count - 1])
        #expect(t.scrollbackText(t.scrollbackCount - 1) == fed[fed.count - rows])
    }
}
