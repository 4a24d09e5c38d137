// REP laid down by rows (`Terminal+Repeat.swift`) must leave exactly what printing the
// character that many times leaves, as xterm does it: the screen, every cell, the cursor
// and its pending wrap, the wrap flags, the scrollback's lines, flags and line numbers.

import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct RepeatTests {
    /// Everything the comparison looks at, including what `EngineSnapshot` leaves out.
    private struct Observed: Equatable {
        var snapshot: EngineSnapshot
        var screenWraps: [Bool]
        var scrollbackWraps: [Bool]
        var linesEntered: Int
    }

    private func observe(_ t: Terminal) -> Observed {
        Observed(
            snapshot: EngineSnapshot(t),
            screenWraps: (0..<t.rows).map { t.isRowWrapped($0) },
            scrollbackWraps: (t.oldestLineNumber..<t.screenTopLineNumber).map { t.line(number: $0)?.isWrapped ?? false },
            linesEntered: t.screenTopLineNumber)
    }

    private func fed(_ rows: Int, _ columns: Int, limit: Int, _ parts: [[UInt8]]) -> Terminal {
        var t = Terminal(rows: rows, columns: columns, scrollbackLimit: limit)
        for part in parts { t.feed(part) }
        return t
    }

    /// Setups before the REP: where the cursor is, what is on the screen, the region, the
    /// screen, the pen and the charset.
    private static let setups: [(name: String, bytes: String, character: String)] = [
        ("home", "", "x"),
        ("after text", "hello\r\nworld", "x"),
        ("mid row", "⎋[2;3H", "y"),
        ("pending wrap", "⎋[1;200H", "z"),
        ("on the last row", "a\r\nb\r\nc\r\nd\r\ne\r\nf⎋[99;2H", "x"),
        ("scroll region", "1\r\n2\r\n3\r\n4\r\n5⎋[2;3r⎋[2;1H", "x"),
        ("scroll region, cursor at its bottom", "1\r\n2\r\n3\r\n4⎋[2;3r⎋[3;2H", "x"),
        ("alternate screen", "main\r\n⎋[?1049habc", "x"),
        ("coloured pen", "⎋[31;44;1m", "q"),
        ("DEC graphics", "⎋(0", "q"),
        ("over wide characters", "中中中中中中中中\r\n中中中中中中\r\n⎋[1;2H", "x"),
        ("after a REP", "⎋[3;1H", "x"),
    ]

    @Test(arguments: [(1, 1), (1, 5), (2, 3), (3, 4), (5, 10), (4, 7)])
    func REPEqualsPrintingTheCharacterThatManyTimes(_ size: (Int, Int)) {
        let (rows, columns) = size
        let cells = rows * columns
        let counts = Set([1, 2, columns - 1, columns, columns + 1, 2 * columns, 2 * columns + 1, cells - 1, cells,
                          cells + 1, cells + columns, 3 * cells + 2, 25 * cells + columns, 65535].filter { $0 > 0 })
        for limit in [0, 3, 10_000] {
            for (index, setup) in Self.setups.enumerated() {
                // The largest count (a REP's limit) with the scrollback kept and the first
                // setups: printing 65,535 characters one by one is the slow half of the
                // comparison, and the larger counts above already wrap and scroll every way.
                for count in counts.sorted() where count < 65535 || (limit == 10_000 && index < 4) {
                    let prefix = esc(setup.bytes) + Array(setup.character.utf8)
                    let extra = setup.name == "after a REP" ? esc("⎋[7b") : []
                    let plain = Array(repeating: Array(setup.character.utf8), count: count).flatMap { $0 }
                    let printed = fed(rows, columns, limit: limit, [prefix, extra, plain])
                    let repeated = fed(rows, columns, limit: limit, [prefix, extra, esc("⎋[\(count)b")])
                    let a = observe(printed)
                    let b = observe(repeated)
                    if a != b {
                        let why = a.snapshot.firstDifference(from: b.snapshot, columns: columns)
                            ?? "wrap flags or line numbers: \(a.screenWraps) \(a.scrollbackWraps) \(a.linesEntered)"
                            + " vs \(b.screenWraps) \(b.scrollbackWraps) \(b.linesEntered)"
                        Issue.record("\(rows)x\(columns) limit \(limit), \(setup.name), REP \(count): \(why)")
                        return
                    }
                    // And it goes on the same way: the next character lands in the same place.
                    var p = printed
                    var r = repeated
                    p.feed(esc("Z⎋[3b\r\nW"))
                    r.feed(esc("Z⎋[3b\r\nW"))
                    #expect(observe(p) == observe(r), "\(rows)x\(columns) \(setup.name) REP \(count), then more")
                }
            }
        }
    }

    @Test func REPInTheOtherCasesMatchesPrintingAScreenfulAtMost() {
        // Insert mode, left and right margins, autowrap off, a pen with an underline colour
        // and a cursor below the region take the character-by-character path, bounded by
        // the screen's size.
        for setup in ["⎋[4hab\r", "⎋[?69h⎋[2;4s⎋[1;2H", "⎋[?7l", "⎋[58:5:3m", "⎋[1;2r⎋[3;1H"] {
            for count in [1, 3, 9, 12, 13, 10_000] {
                let prefix = esc(setup) + Array("x".utf8)
                let printed = fed(
                    3, 4, limit: 100, [prefix, Array(repeating: UInt8(ascii: "x"), count: min(count, 12))])
                let repeated = fed(3, 4, limit: 100, [prefix, esc("⎋[\(count)b")])
                #expect(observe(printed) == observe(repeated), "\(visible(esc(setup))) REP \(count)")
            }
        }
    }

    @Test func aHugeREPKeepsItsLinesAsCopiesWithinTheScrollbackLimit() {
        // 65535 x's at 24x80 scroll 800 lines: the scrollback holds its limit of them, each
        // the whole row of x's, and the line numbers count every one.
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: 500)
        t.feed(esc("first\r\nx⎋[65535b"))
        #expect(t.scrollbackCount == 500)
        #expect(t.screenTopLineNumber == 1 + (65536 - 1) / 80 + 1 - 24)
        #expect(t.scrollbackText(0) == String(repeating: "x", count: 80))
        #expect(t.scrollbackText(499) == String(repeating: "x", count: 80))
        #expect(t.cursorRow == 23 && t.cursorColumn == 65536 % 80)
        // A taller screen takes copies back; new lines go after them, not over them.
        t.resize(rows: 30, columns: 80)
        t.feed(esc("\r\nafter"))
        #expect(t.scrollbackText(t.scrollbackCount - 1) == String(repeating: "x", count: 80))
        #expect(t.renderText().contains("after"))
    }
}
