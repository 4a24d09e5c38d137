// DECSC/DECRC (ESC 7 / ESC 8) and SCOSC/SCORC (CSI s / CSI u).
// Reference: xterm cursor.c CursorSave/CursorRestore — saved: position, SGR attributes and
// colours, character sets (G0–G3 and GL/GR), origin mode and the pending-wrap flag; not
// DECAWM. DECRC without a prior DECSC homes the cursor, resets the attributes and the
// character sets. Each screen (normal/alternate) has its own saved cursor (sc[whichBuf]).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let cases: [ScreenCase] = [
    ScreenCase("DECSC/DECRC restore the position", "⎋[3;4H⎋7⎋[H⎋8X", ["", "", "   X"], cursor: (2, 4)),
    ScreenCase("DECRC twice restores twice", "⎋[2;2H⎋7⎋[H⎋8⎋[5;5H⎋8X", ["", " X"], cursor: (1, 2)),
    ScreenCase("The latest DECSC wins", "⎋[2;2H⎋7⎋[3;3H⎋7⎋[H⎋8X", ["", "", "  X"], cursor: (2, 3)),
    ScreenCase("DECRC restores the pending wrap", "0123456789⎋7⎋[3;3H⎋8X", ["0123456789", "X"], cursor: (1, 1)),
    ScreenCase("DECRC restores origin mode", "⎋[2;4r⎋[?6h⎋7⎋[?6l⎋8⎋[HX", ["", "X"], cursor: (1, 1)),
    ScreenCase("DECRC without DECSC homes the cursor", "⎋[3;3H⎋8X", ["X"], cursor: (0, 1)),
    ScreenCase("DECRC restores the G0 charset", "⎋(0⎋7⎋(B⎋8q", ["─"], cursor: (0, 1)),
    ScreenCase("DECRC restores the shift state", "⎋)0\u{0E}⎋7\u{0F}⎋8q", ["─"], cursor: (0, 1)),
    ScreenCase("DECRC restores ASCII when saved so", "⎋7⎋(0⎋8q", ["q"], cursor: (0, 1)),
    ScreenCase("SCOSC/SCORC restore the position", "⎋[3;4H⎋[s⎋[H⎋[uX", ["", "", "   X"], cursor: (2, 4)),
    ScreenCase("SCORC without SCOSC homes the cursor", "⎋[3;3H⎋[uX", ["X"], cursor: (0, 1)),
    ScreenCase("DECRC to the last cell", "⎋[5;10H⎋7⎋[H⎋8X", ["", "", "", "", "         X"],
               cursor: (4, 9)),
    ScreenCase("Each screen has its own saved cursor (xterm sc[whichBuf])",
               "⎋[2;2H⎋7⎋[?1049h⎋[4;4H⎋7⎋[?1049l⎋8X", ["", " X"], cursor: (1, 2)),
    ScreenCase("DECRC restores the G1 designation", "⎋)0⎋7⎋)B⎋8\u{0E}q", ["─"], cursor: (0, 1)),
]

@Suite struct SaveRestoreTests {
    @Test(arguments: cases)
    func saveRestore(_ c: ScreenCase) { c.run() }

    @Test func DECRCRestoresAttributesAndColours() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[1;3;31;44m⎋7⎋[0m⎋8X")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.attributes.contains(.bold))
        #expect(cell.attributes.contains(.italic))
        #expect(cell.foreground == .indexed(1))
        #expect(cell.background == .indexed(4))
    }

    @Test func DECRCRestoresRGBColours() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[38;2;1;2;3m⎋7⎋[m⎋8X")
        #expect(t.cell(row: 0, column: 0).foreground == .rgb(1, 2, 3))
    }

    @Test func DECRCWithoutDECSCResetsAttributes() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[1;31m⎋8X")
        let cell = t.cell(row: 0, column: 0)
        #expect(!cell.attributes.contains(.bold))
        #expect(cell.foreground == .default)
    }

    @Test func attributesChangedAfterDECSCAreUndone() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋7⎋[4;35mA⎋8B")
        #expect(t.cell(row: 0, column: 0).scalar == "B")
        #expect(t.cell(row: 0, column: 0).attributes.underlineStyle == .none)
        #expect(t.cell(row: 0, column: 0).foreground == .default)
    }

    @Test func DECRCDoesNotRestoreAutowrap() {
        // xterm: DECSC_FLAGS = ATTRIBUTES|ORIGIN|PROTECTED; DECAWM is not saved.
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋7⎋[?7l⎋8")
        #expect(!t.modes.autowrap)
    }

    @Test func DECRCRestoresOriginModeFlag() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, "⎋[?6h⎋7⎋[?6l⎋8")
        #expect(t.modes.origin)
        let (u, _) = feedAllWays(rows: 5, columns: 10, "⎋7⎋[?6h⎋8")
        #expect(!u.modes.origin)
    }

    @Test func DECRCRestoresPendingWrapFlag() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "0123456789⎋7⎋[2;2H⎋8")
        #expect(t.hasPendingWrap)
        #expect(t.cursorRow == 0)
        #expect(t.cursorColumn == 9)
    }

    @Test func savedCursorIsClampedAfterShrinking() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 5,
            setup: { t in
                t.resize(rows: 10, columns: 20)
                t.feed(esc("⎋[9;18H⎋7"))
                t.resize(rows: 3, columns: 5)
            }, "⎋8")
        #expect((0..<3).contains(t.cursorRow))
        #expect((0..<5).contains(t.cursorColumn))
    }
}
