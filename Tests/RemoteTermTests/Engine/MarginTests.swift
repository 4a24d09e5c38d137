// Left and right margins (DECLRMM ?69, DECSLRM) and everything xterm makes respect them, plus
// reverse wraparound (?45, ?1045). Reference: xterm ctlseqs and esctest2 (bs.py, cr.py,
// dch.py, ich.py, su.py, ind.py, decic.py, decdc.py, decbi.py, decfi.py, cup.py). Margins in
// these cases are columns 3–6 (1-based), so 2…5 0-based on a 10-column screen.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let margins = "⎋[?69h⎋[3;6s"
private let row = "abcdefghij"

private let cases: [ScreenCase] = [
    ScreenCase("CSI s without DECLRMM saves the cursor", "⎋[2;3H⎋[2;5s⎋[HX⎋[uY", ["X", "  Y"], cursor: (1, 3)),
    ScreenCase("Printing wraps at the right margin to the left one", "\(margins)⎋[1;3Habcdefg", ["  abcd", "  efg"],
               cursor: (1, 5)),
    ScreenCase("Without autowrap the right margin is overwritten", "\(margins)⎋[?7l⎋[1;3Habcdefg", ["  abcg"],
               cursor: (0, 5)),
    ScreenCase("CR goes to the left margin", "\(margins)⎋[1;5HX\rY", ["  Y X"], cursor: (0, 3)),
    ScreenCase("CR left of the margin goes to column 0", "\(margins)⎋[1;2H\rY", ["Y"], cursor: (0, 1)),
    ScreenCase("DCH pulls cells in from the right margin", "\(row)\(margins)⎋[1;3H⎋[P", ["abdef ghij"], cursor: (0, 2)),
    ScreenCase("ICH pushes cells out at the right margin", "\(row)\(margins)⎋[1;3H⎋[@", ["ab cdeghij"], cursor: (0, 2)),
    ScreenCase("ICH outside the margins does nothing", "\(row)\(margins)⎋[1;8H⎋[@", [row], cursor: (0, 7)),
    ScreenCase("SU scrolls only the rectangle", "\(row)\r\nklmnopqrst\(margins)⎋[S", ["abmnopghij", "kl    qrst"],
               cursor: (0, 0)),
    ScreenCase("SD scrolls only the rectangle", "\(row)\r\nklmnopqrst\(margins)⎋[T", ["ab    ghij", "klcdefqrst", "  mnop"],
               cursor: (0, 0)),
    ScreenCase("DL inside the margins", "\(row)\r\nklmnopqrst\(margins)⎋[1;3H⎋[M", ["abmnopghij", "kl    qrst"],
               cursor: (0, 2)),
    ScreenCase("IL outside the margins does nothing", "\(row)\(margins)⎋[1;1H⎋[L", [row], cursor: (0, 0)),
    ScreenCase("IND at the bottom outside the margins neither scrolls nor moves", "\(margins)⎋[5;1HX⎋D",
               ["", "", "", "", "X"], cursor: (4, 1)),
    ScreenCase("IND at the bottom inside the margins scrolls the rectangle", "\(row)⎋[5;1H\(row)\(margins)⎋[5;4H⎋D",
               ["ab    ghij", "", "", "  cdef", "ab    ghij"], cursor: (4, 3)),
    ScreenCase("DECIC inserts a column in the region", "\(row)\(margins)⎋[1;4H⎋['}", ["abc deghij"], cursor: (0, 3)),
    ScreenCase("DECDC deletes a column in the region", "\(row)\(margins)⎋[1;4H⎋['~", ["abcef ghij"], cursor: (0, 3)),
    ScreenCase("DECBI at the left margin shifts the rectangle right", "\(row)\(margins)⎋[1;3H⎋6", ["ab cdeghij"],
               cursor: (0, 2)),
    ScreenCase("DECBI elsewhere moves left", "\(row)\(margins)⎋[1;5H⎋6X", ["abcXefghij"], cursor: (0, 4)),
    ScreenCase("DECFI at the right margin shifts the rectangle left", "\(row)\(margins)⎋[1;6H⎋9", ["abdef ghij"],
               cursor: (0, 5)),
    ScreenCase("Origin mode addresses both margins", "⎋[2;4r\(margins)⎋[?6h⎋[1;1HX⎋[9;9HY", ["", "  X", "", "     Y"],
               cursor: (3, 5)),
    ScreenCase("CUF stops at the right margin", "\(margins)⎋[1;4H⎋[9CX", ["     X"], cursor: (0, 5)),
    ScreenCase("CUB stops at the left margin", "\(margins)⎋[1;5H⎋[9DX", ["  X"], cursor: (0, 3)),
    ScreenCase("A tab stops at the right margin", "\(margins)⎋[1;3H\tX", ["     X"], cursor: (0, 5)),
    ScreenCase("Resetting DECLRMM drops the margins", "\(margins)⎋[?69l⎋[1;5Habcdefg", ["    abcdef", "g"],
               cursor: (1, 1)),
    ScreenCase("?1045 wraps back from the first column", "⎋[?1045h⎋[3;1H\u{8}X", ["", "         X"], cursor: (1, 9)),
    ScreenCase("?45 does not wrap into a row that did not wrap", "⎋[?45h⎋[3;1H\u{8}X", ["", "", "X"], cursor: (2, 1)),
    ScreenCase("?45 wraps into a row that wrapped", "⎋[?45h\(row)k\u{8}\u{8}X", ["abcdefghiX", "k"], cursor: (0, 9)),
    ScreenCase("?45 needs DECAWM", "⎋[?7l⎋[?45h\(row)⎋[2;1H\u{8}X", [row, "X"], cursor: (1, 1)),
    ScreenCase("A pending wrap is the first step back", "⎋[?1045h\(row)\u{8}X", ["abcdefghiX"], cursor: (0, 9)),
    ScreenCase("?41 starts a tab after a full line on the next line", "⎋[?41h\(row)\tX", [row, "        X"],
               cursor: (1, 9)),
    ScreenCase("Without ?41 a tab after a full line keeps the wrap pending", "\(row)\tX", [row, "X"], cursor: (1, 1)),
]

@Suite struct MarginTests {
    @Test(arguments: cases)
    func marginCase(_ c: ScreenCase) { c.run() }

    @Test func decslrmSetsTheMarginsAndDECRQSSReportsThem() {
        let (t, e) = feedAllWays(rows: 5, columns: 10, esc("\(margins)⎋P$qs⎋\\"))
        #expect(t.leftMargin == 2 && t.rightMargin == 5)
        #expect(replyText(e) == "⎋P1$r3;6s⎋\\")
    }

    @Test(arguments: ["⎋[?69h⎋[6;3s", "⎋[?69h⎋[4;4s", "⎋[3;6s"])
    func invalidOrDisabledMarginsAreIgnored(_ input: String) {
        let (t, _) = feedAllWays(rows: 5, columns: 10, esc(input))
        #expect(t.leftMargin == 0 && t.rightMargin == 9)
    }

    @Test func decstrAndResizeDropTheMargins() {
        var (t, _) = feedAllWays(rows: 5, columns: 10, esc("\(margins)⎋[!p"))
        #expect(t.leftMargin == 0 && t.rightMargin == 9 && !t.modes.leftRightMargins)
        t.feed(esc(margins))
        t.resize(rows: 5, columns: 12)
        #expect(t.leftMargin == 0 && t.rightMargin == 11)
    }

    @Test func levelThreeHasNoLeftRightMargins() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[63;1\"p\(margins)"))
        #expect(!t.modes.leftRightMargins && t.leftMargin == 0)
    }

    @Test func cursorReportIsRelativeToTheMarginsInOriginMode() {
        let (_, e) = feedAllWays(rows: 5, columns: 10, esc("⎋[2;4r\(margins)⎋[?6h⎋[2;2H⎋[6n"))
        #expect(replyText(e) == "⎋[2;2R")
    }

    @Test func aWideCharacterEndingAtTheRightMarginCutsTheOneBeyondIt() {
        // The right half of a wide character whose left half is overwritten goes too, even
        // when it lies past the right margin (found by comparing REP with printing).
        let (t, _) = feedAllWays(rows: 2, columns: 9, esc("x中中中中⎋[?69h⎋[2;4s⎋[1;3H中"))
        let row = t.rowCells(0)
        #expect(row[2].codePoint == 0x4E2D && row[3].attributes.contains(.wideContinuation))
        #expect(row[4].codePoint == 0 && !row[4].attributes.contains(.wideContinuation))
        #expect(t.cursorColumn == 3)
    }
}
