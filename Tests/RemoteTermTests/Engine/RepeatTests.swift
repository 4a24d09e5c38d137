// REP laid down by rows (`Terminal+Repeat.swift`) must leave exactly what printing the
// character that many times leaves, as xterm does it: the screen, every cell, the cursor
// and its pending wrap, the wrap flags, the scrollback's lines, flags and line numbers.

import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
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

    /// How `prefix` then a REP of `count` differs from `prefix` then the character printed
    /// `count` times, at once or after `then` follows both; nil when it does not.
    private func difference(
        _ rows: Int, _ columns: Int, limit: Int, prefix: [UInt8], character: String, count: Int, then: String
    ) -> String? {
        let printed = fed(rows, columns, limit: limit, [prefix, Array(repeating: Array(character.utf8), count: count).flatMap { $0 }])
        let repeated = fed(rows, columns, limit: limit, [prefix, esc("⎋[\(count)b")])
        let a = observe(printed)
        let b = observe(repeated)
        if a != b {
            return a.snapshot.firstDifference(from: b.snapshot, columns: columns)
                ?? "wrap flags or line numbers: \(a.screenWraps) \(a.scrollbackWraps) \(a.linesEntered)"
                + " vs \(b.screenWraps) \(b.scrollbackWraps) \(b.linesEntered)"
        }
        // And it goes on the same way: what comes next lands in the same place.
        var p = printed
        var r = repeated
        p.feed(esc(then))
        r.feed(esc(then))
        return observe(p) == observe(r) ? nil : "after \(visible(esc(then))) the two differ"
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
                    let extra = setup.name == "after a REP" ? esc("⎋[7b") : []
                    if let why = difference(
                        rows, columns, limit: limit, prefix: esc(setup.bytes) + Array(setup.character.utf8) + extra,
                        character: setup.character, count: count, then: "Z⎋[3b\r\nW")
                    {
                        Issue.record("\(rows)x\(columns) limit \(limit), \(setup.name), REP \(count): \(why)")
                        return
                    }
                }
            }
        }
    }

    @Test(arguments: ["x", "中", "é"])
    func REPEqualsPrintingInEveryOtherCase(_ character: String) {
        // Insert mode, left and right margins (the cursor inside, left of and right of them,
        // origin mode), autowrap off (also with a wrap pending), pens with an underline
        // colour or a link, a cursor above or below the region, wide characters on the row:
        // the same as printing the character that many times, not a screenful.
        let setups = [
            "⎋[4hab\r", "⎋[4h中a中\r⎋[C", "⎋[?69h⎋[2;4s⎋[1;2H", "⎋[?69h⎋[3;5s⎋[2;1H", "⎋[?69h⎋[2;4s⎋[2;7H",
            "⎋[?69h⎋[2;5s⎋[2;4r⎋[?6h", "⎋[?69h⎋[4h⎋[2;5s⎋[1;1H", "⎋[?7l", "⎋[1;200H⎋[?7l", "⎋[?7l⎋[4h中中⎋[1G",
            "⎋[58:5:3m", "⎋]8;;https://example.com/⎋\\", "⎋[44m⎋[4h", "⎋[1;2r⎋[3;1H", "⎋[2;3r⎋[1;1H",
            "⎋[2;3r⎋[99;1H中中", "中中中中中中中中中\r\n中中中\r\n⎋[1;2H", "⎋[?1049h⎋[2;3r⎋[3;1H", "⎋[?69h⎋[2;4s⎋[2;3r⎋[3;3H",
        ]
        for (rows, columns) in [(3, 4), (4, 7), (2, 9), (5, 6)] {
            let cells = rows * columns
            for setup in setups {
                for count in [1, 2, 3, columns - 1, columns, columns + 1, cells - 1, cells, cells + 3, 4 * cells + 1, 10_000]
                where count > 0 {
                    for limit in [0, 3, 100] {
                        if let why = difference(
                            rows, columns, limit: limit, prefix: esc(setup) + Array(character.utf8), character: character,
                            count: count, then: "Z⎋[3b\r\nW中⎋[2b")
                        {
                            Issue.record("\(rows)x\(columns) limit \(limit), \(visible(esc(setup))) \(character), REP \(count): \(why)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func REPMatchesPrintingFromRandomStates() {
        // States built from random pieces (text of every width, cursor moves, regions,
        // margins, insert mode, autowrap, pens, screens, erasing), then a REP of a random
        // count: the same as printing, and the same afterwards.
        var random = SplitMix64(seed: 0x5EED_0F_0EE)
        let pieces = [
            "ab", "中", "é", "x\r\n", "\r\n", "⎋[4h", "⎋[4l", "⎋[?7l", "⎋[?7h", "⎋[?69h⎋[2;4s", "⎋[?69l",
            "⎋[2;3r", "⎋[r", "⎋[?6h", "⎋[?6l", "⎋[31;42m", "⎋[58:5:3m", "⎋[0m", "⎋]8;;u⎋\\", "⎋]8;;⎋\\",
            "⎋[?1049h", "⎋[?1049l", "⎋[2@", "⎋[P", "⎋[K", "⎋[2J", "⎋[H", "⎋[3;5H", "⎋[99;99H", "⎋[1;3H", "⎋D", "⎋M",
            "中中中中中", "⎋[5b",
        ]
        for case_ in 0..<3000 {
            let rows = 1 + random.next(below: 5)
            let columns = 2 + random.next(below: 8)
            let limit = [0, 2, 50][random.next(below: 3)]
            var setup = ""
            for _ in 0..<(1 + random.next(below: 8)) { setup += pieces[random.next(below: pieces.count)] }
            let character = ["x", "中", "y", "字"][random.next(below: 4)]
            let count = [1 + random.next(below: 3 * columns), 1 + random.next(below: 4 * rows * columns), 1000][random.next(below: 3)]
            let prefix = esc(setup) + Array(character.utf8)
            // A wide character that did not fit (autowrap off, the last column) was not
            // printed, so a REP would repeat the one before it: not this comparison.
            guard fed(rows, columns, limit: limit, [prefix]).lastPrinted == character.unicodeScalars.first!.value else { continue }
            if let why = difference(
                rows, columns, limit: limit, prefix: prefix, character: character, count: count, then: "Z中⎋[2b\r\nW")
            {
                Issue.record("case \(case_): \(rows)x\(columns) limit \(limit), \(visible(esc(setup))) \(character) REP \(count): \(why)")
                return
            }
        }
    }

    @Test(arguments: [
        ("ASCII", "", "x"), ("wide", "", "中"), ("insert mode", "⎋[4h", "x"), ("wide, insert mode", "⎋[4h", "中"),
        ("margins", "⎋[?69h⎋[2;79s", "x"), ("wide, margins, insert", "⎋[?69h⎋[2;79s⎋[4h", "中"),
        ("margins, short region", "⎋[?69h⎋[3;50s⎋[5;10r⎋[6;4H", "中"), ("no autowrap", "⎋[?7l", "中"),
        ("a link", "⎋]8;;https://example.com/⎋\\", "x"), ("underline colour", "⎋[58:5:3m", "中"),
        ("below the region", "⎋[2;5r⎋[24;1H", "x"), ("above the region", "⎋[10;20r⎋[1;1H", "中"),
    ])
    func aREPCostsAScreenfulAtMostWhateverItsCount(_ kind: (String, String, String)) {
        // The terminal's clock ticks for every row written, scrolled or looked at: a REP of
        // 65,535 copies (over 800 rows' worth at 24×80) costs at most a few screenfuls of
        // rows, in every case, once the flood is under way.
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: 1000)
        let unit = Array(kind.2.utf8) + esc("⎋[65535b")
        t.feed(esc(kind.1))
        for _ in 0..<5 { t.feed(unit) }
        let before = t.clock
        for _ in 0..<50 { t.feed(unit) }
        let perREP = Double(t.clock - before) / 50
        #expect(perREP <= 3 * 24 + 16, "\(kind.0): \(perREP) ticks per REP")
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
