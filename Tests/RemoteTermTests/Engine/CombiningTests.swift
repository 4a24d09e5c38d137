// Zero-width characters (combining marks, variation selectors, ZWJ) stay with their base
// cell; they never advance the cursor. ZWJ sequences and skin-tone modifiers join one cell
// only with grapheme clustering (?2027; by default each part takes its wcwidth, see
// WidthAgreementTests). Each cell holds a bounded number of extra scalars, so an
// absurd run of marks can neither grow memory without bound nor crash.
// Reference: xterm charproc.c (zero-width characters are added to the last written cell).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let cases: [ScreenCase] = [
    ScreenCase("A combining mark joins the previous character", "e\u{301}x", ["e\u{301}x"], cursor: (0, 2)),
    ScreenCase("Two combining marks", "a\u{301}\u{302}b", ["a\u{301}\u{302}b"], cursor: (0, 2)),
    ScreenCase("A combining mark on a wide character", "中\u{301}x", ["中\u{301}x"], cursor: (0, 3)),
    ScreenCase("A combining mark at the pending-wrap column", "123456789e\u{301}", ["123456789e\u{301}"],
               cursor: (0, 9)),
    ScreenCase("After a mark at the edge the next character wraps", "123456789e\u{301}x",
               ["123456789e\u{301}", "x"], cursor: (1, 1)),
    ScreenCase("Overwriting a cell drops its marks", "e\u{301}⎋[1;1Hx", ["x"], cursor: (0, 1)),
    ScreenCase("Erasing a cell drops its marks", "e\u{301}⎋[2K", [], cursor: (0, 1)),
    ScreenCase("A lone combining mark at the start does not crash", "\u{301}x", ["\u{301}x"], cursor: (0, 1)),
]

@Suite struct CombiningTests {
    @Test(arguments: cases)
    func combining(_ c: ScreenCase) {
        if c.name.hasPrefix("A lone") {
            // Where a mark with no base goes is not specified; only check sanity.
            let (t, _) = feedAllWays(rows: c.rows, columns: c.columns, esc(c.input))
            #expect((0..<c.columns).contains(t.cursorColumn))
            #expect(renderedRow(t, 0).hasSuffix("x"))
        } else {
            c.run()
        }
    }

    @Test func graphemeTextHoldsBaseAndMarks() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "e\u{301}\u{323}")
        #expect(t.graphemeText(row: 0, column: 0) == "e\u{301}\u{323}")
        #expect(t.cell(row: 0, column: 0).scalar == "e")
        #expect(t.cursorColumn == 1)
    }

    @Test func variationSelectorStaysWithItsBase() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "\u{2764}\u{FE0F}")
        #expect(t.graphemeText(row: 0, column: 0) == "\u{2764}\u{FE0F}")
        let (u, _) = feedAllWays(rows: 2, columns: 10, "\u{263A}\u{FE0E}x")
        #expect(u.graphemeText(row: 0, column: 0) == "\u{263A}\u{FE0E}")
        #expect(u.cell(row: 0, column: 1).scalar == "x")
    }

    @Test func zwjSequenceStaysInOneCellWhenClustering() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[?2027h" + family + "x")
        #expect(t.graphemeText(row: 0, column: 0) == family)
        #expect(t.cell(row: 0, column: 0).width == 2)
        #expect(t.cell(row: 0, column: 2).scalar == "x")
        #expect(t.cursorColumn == 3)
        #expect(renderedRow(t, 0) == family + "x")
    }

    @Test func zwjSequenceAtTheRightEdgeWhenClustering() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[?2027h12345678" + family + "x")
        #expect(t.graphemeText(row: 0, column: 8) == family)
        #expect(t.cell(row: 1, column: 0).scalar == "x")
        #expect(t.cursorRow == 1 && t.cursorColumn == 1)
    }

    @Test func skinToneModifierStaysWithItsBaseWhenClustering() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[?2027h👍\u{1F3FD}x")
        #expect(t.graphemeText(row: 0, column: 0) == "👍\u{1F3FD}")
        #expect(t.cell(row: 0, column: 2).scalar == "x")
    }

    @Test func hundredCombiningMarksAreCapped() {
        let marks = String(repeating: "\u{301}", count: 100)
        let (t, _) = feedAllWays(rows: 2, columns: 10, "e" + marks + "x")
        let g = t.graphemeText(row: 0, column: 0)
        #expect(Array(g.unicodeScalars.prefix(2)) == ["e", "\u{301}"])
        #expect(g.unicodeScalars.count < 101, "marks must be capped, got \(g.unicodeScalars.count)")
        #expect(g.unicodeScalars.allSatisfy { $0 == "e" || $0 == "\u{301}" })
        #expect(t.cell(row: 0, column: 1).scalar == "x")
        #expect(t.cursorColumn == 2)
    }

    @Test func hundredThousandMarksOnManyCellsStayBounded() {
        var input = ""
        for i in 0..<50 {
            input += String(UnicodeScalar(UInt8(0x61 + i % 26)))
            input += String(repeating: "\u{300}", count: 2_000)
        }
        let (t, _) = feedAllWays(rows: 5, columns: 10, input, byteByByte: false)
        var total = 0
        for r in 0..<5 {
            for c in 0..<10 { total += t.graphemeText(row: r, column: c).unicodeScalars.count }
        }
        #expect(total < 50 * 100)
        #expect(t.cursorRow == 4)
    }

    @Test func marksAreNotCountedAsColumns() {
        let (t, _) = feedAllWays(rows: 2, columns: 5, "a\u{301}b\u{302}c\u{303}d\u{304}e\u{305}")
        #expect(t.cursorRow == 0)
        #expect(t.hasPendingWrap)
        #expect(renderedRow(t, 0) == "a\u{301}b\u{302}c\u{303}d\u{304}e\u{305}")
    }
}
