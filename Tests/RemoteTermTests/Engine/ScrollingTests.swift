// Scrolling: LF VT FF IND RI NEL, SU SD, DECSTBM, LNM. Reference: xterm cursor.c
// (xtermIndex, RevIndex), util.c (xtermScroll, RevScroll), ctlseqs, esctest decstbm.py.
// LF/VT/FF/IND at the bottom margin scroll the region up; below the region they only move
// the cursor down (never past the last row); RI at the top margin scrolls the region down.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines

private let cases: [ScreenCase] = [
    // LF / VT / FF
    ScreenCase("LF moves down and keeps the column", "ab\nc", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("VT acts like LF", "ab\u{0B}c", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("FF acts like LF", "ab\u{0C}c", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("LNM makes LF also return", "⎋[20hab\nc", ["ab", "c"], cursor: (1, 1)),
    ScreenCase("LNM makes VT also return", "⎋[20hab\u{0B}c", ["ab", "c"], cursor: (1, 1)),
    ScreenCase("LNM makes FF also return", "⎋[20hab\u{0C}c", ["ab", "c"], cursor: (1, 1)),
    ScreenCase("LNM reset restores plain LF", "⎋[20h⎋[20lab\nc", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("LF at the bottom scrolls up", "\(fiveRows)\r\nZ", [r[1], r[2], r[3], r[4], "Z"], cursor: (4, 1)),
    ScreenCase("VT at the bottom scrolls up", "\(fiveRows)\u{0B}", [r[1], r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("FF at the bottom scrolls up", "\(fiveRows)\u{0C}", [r[1], r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("LF from pending wrap keeps the last column", "0123456789\nX", ["0123456789", "         X"],
               cursor: (1, 9)),
    // IND / NEL / RI
    ScreenCase("IND moves down", "ab⎋Dc", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("IND ignores LNM", "⎋[20hab⎋Dc", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("IND at the bottom scrolls", "\(fiveRows)⎋D", [r[1], r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("NEL moves to the start of the next line", "ab⎋Ec", ["ab", "c"], cursor: (1, 1)),
    ScreenCase("NEL at the bottom scrolls", "\(fiveRows)⎋EZ", [r[1], r[2], r[3], r[4], "Z"], cursor: (4, 1)),
    ScreenCase("C1 NEL from UTF-8 (C2 85)", "ab\u{85}c", ["ab", "c"], cursor: (1, 1)),
    ScreenCase("C1 IND from UTF-8 (C2 84)", "ab\u{84}c", ["ab", "  c"], cursor: (1, 3)),
    ScreenCase("RI moves up", "⎋[3;3HX⎋MY", ["", "   Y", "  X"], cursor: (1, 4)),
    ScreenCase("RI at the top scrolls down", "\(fiveRows)⎋[H⎋M", ["", r[0], r[1], r[2], r[3]], cursor: (0, 0)),
    ScreenCase("RI at the top margin scrolls the region down", "\(fiveRows)⎋[2;4r⎋[2;1H⎋M",
               [r[0], "", r[1], r[2], r[4]], cursor: (1, 0)),
    ScreenCase("RI above the region at row 0 does nothing", "\(fiveRows)⎋[2;4r⎋[1;1H⎋M", r, cursor: (0, 0)),
    ScreenCase("C1 RI from UTF-8 (C2 8D)", "\(fiveRows)⎋[H\u{8D}", ["", r[0], r[1], r[2], r[3]], cursor: (0, 0)),
    // Scroll region and LF
    ScreenCase("LF at the bottom margin scrolls only the region", "\(fiveRows)⎋[2;4r⎋[4;1H\n",
               [r[0], r[2], r[3], "", r[4]], cursor: (3, 0)),
    ScreenCase("LF below the region at the last row does nothing", "\(fiveRows)⎋[2;4r⎋[5;1H\n", r, cursor: (4, 0)),
    ScreenCase("LF below the region moves down", "\(fiveRows)⎋[1;2r⎋[4;1H\n", r, cursor: (4, 0)),
    ScreenCase("Autowrap at the bottom margin scrolls the region", "⎋[1;2rabcdefghijklmnopqrstuvwxy",
               ["klmnopqrst", "uvwxy"], cursor: (1, 5)),
    // SU / SD
    ScreenCase("SU default scrolls up one, cursor stays", "\(fiveRows)⎋[3;3H⎋[S", [r[1], r[2], r[3], r[4]],
               cursor: (2, 2)),
    ScreenCase("SU 0 scrolls one", "\(fiveRows)⎋[3;3H⎋[0S", [r[1], r[2], r[3], r[4]], cursor: (2, 2)),
    ScreenCase("SU 2", "\(fiveRows)⎋[3;3H⎋[2S", [r[2], r[3], r[4]], cursor: (2, 2)),
    ScreenCase("SU huge count blanks the screen", "\(fiveRows)⎋[3;3H⎋[99999999999S", [], cursor: (2, 2)),
    ScreenCase("SU scrolls only the region", "\(fiveRows)⎋[2;4r⎋[S", [r[0], r[2], r[3], "", r[4]], cursor: (0, 0)),
    ScreenCase("SD default scrolls down one, cursor stays", "\(fiveRows)⎋[3;3H⎋[T", ["", r[0], r[1], r[2], r[3]],
               cursor: (2, 2)),
    ScreenCase("SD 0 scrolls one", "\(fiveRows)⎋[3;3H⎋[0T", ["", r[0], r[1], r[2], r[3]], cursor: (2, 2)),
    ScreenCase("SD 2", "\(fiveRows)⎋[3;3H⎋[2T", ["", "", r[0], r[1], r[2]], cursor: (2, 2)),
    ScreenCase("SD huge count blanks the screen", "\(fiveRows)⎋[3;3H⎋[99999999999T", [], cursor: (2, 2)),
    ScreenCase("SD scrolls only the region", "\(fiveRows)⎋[2;4r⎋[T", [r[0], "", r[1], r[2], r[4]], cursor: (0, 0)),
    // DECSTBM
    ScreenCase("DECSTBM homes the cursor", "⎋[3;3H⎋[2;4r", [], cursor: (0, 0)),
    ScreenCase("DECSTBM with top = bottom is ignored", "\(fiveRows)⎋[3;3r⎋[5;1H\n", [r[1], r[2], r[3], r[4]],
               cursor: (4, 0)),
    ScreenCase("DECSTBM with top > bottom is ignored", "\(fiveRows)⎋[4;2r⎋[5;1H\n", [r[1], r[2], r[3], r[4]],
               cursor: (4, 0)),
    ScreenCase("DECSTBM bottom beyond the screen is clamped", "\(fiveRows)⎋[1;99r⎋[5;1H\n",
               [r[1], r[2], r[3], r[4]], cursor: (4, 0)),
    ScreenCase("DECSTBM top 0 is the first row", "\(fiveRows)⎋[0;3r⎋[3;1H\n", [r[1], r[2], "", r[3], r[4]],
               cursor: (2, 0)),
    ScreenCase("DECSTBM bottom 0 is the last row", "\(fiveRows)⎋[2;0r⎋[5;1H\n", [r[0], r[2], r[3], r[4]],
               cursor: (4, 0)),
    ScreenCase("DECSTBM without parameters resets the region", "\(fiveRows)⎋[2;3r⎋[r⎋[5;1H\n",
               [r[1], r[2], r[3], r[4]], cursor: (4, 0)),
    ScreenCase("DECSTBM huge values are clamped", "\(fiveRows)⎋[2;99999999999r⎋[5;1H\n",
               [r[0], r[2], r[3], r[4]], cursor: (4, 0)),
]

@Suite struct ScrollingTests {
    @Test(arguments: cases)
    func scrolling(_ c: ScreenCase) { c.run() }

    @Test func scrolledInLinesUseTheCurrentBackground() {
        // xterm clears scrolled-in lines with the current background (ClearCurBackground).
        let (t, _) = feedAllWays(rows: 3, columns: 5, "a\r\nb\r\nc⎋[41m\n")
        #expect(t.cell(row: 2, column: 0).background == .indexed(1))
        #expect(t.cell(row: 1, column: 0).scalar == "c")
    }

    @Test func lineFeedModeFlag() {
        let (t, _) = feedAllWays(rows: 3, columns: 5, "⎋[20h")
        #expect(t.modes.lineFeedNewLine)
        let (u, _) = feedAllWays(rows: 3, columns: 5, "⎋[20h⎋[20l")
        #expect(!u.modes.lineFeedNewLine)
    }

    @Test func manyLineFeedsKeepTheCursorInBounds() {
        let input = String(repeating: "x\n", count: 500)
        let (t, _) = feedAllWays(rows: 4, columns: 7, input)
        #expect(t.cursorRow == 3)
        #expect((0..<7).contains(t.cursorColumn))
    }
}
