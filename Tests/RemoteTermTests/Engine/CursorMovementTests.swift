// Cursor movement: CUU CUD CUF CUB CNL CPL CHA HPA HPR VPA VPR CUP HVP and origin mode.
// Reference: xterm ctlseqs and xterm's cursor.c (CursorUp/CursorDown stop at the scroll
// margins only when the cursor starts inside them; a missing or 0 count means 1; every
// motion clears the pending-wrap flag).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let cases: [ScreenCase] = [
    // CUU
    ScreenCase("CUU default moves up one", "⎋[4;5H⎋[A", [], cursor: (2, 4)),
    ScreenCase("CUU 0 moves up one", "⎋[4;5H⎋[0A", [], cursor: (2, 4)),
    ScreenCase("CUU 2", "⎋[4;5H⎋[2A", [], cursor: (1, 4)),
    ScreenCase("CUU stops at row 0", "⎋[4;5H⎋[99A", [], cursor: (0, 4)),
    ScreenCase("CUU stops at the top margin", "⎋[2;4r⎋[3;5H⎋[9A", [], cursor: (1, 4)),
    ScreenCase("CUU above the top margin goes to row 0", "⎋[3;4r⎋[2;5H⎋[9A", [], cursor: (0, 4)),
    ScreenCase("CUU huge parameter is clamped", "⎋[4;5H⎋[99999999999A", [], cursor: (0, 4)),
    // CUD
    ScreenCase("CUD default moves down one", "⎋[2;5H⎋[B", [], cursor: (2, 4)),
    ScreenCase("CUD 0 moves down one", "⎋[2;5H⎋[0B", [], cursor: (2, 4)),
    ScreenCase("CUD 2", "⎋[B⎋[2B", [], cursor: (3, 0)),
    ScreenCase("CUD stops at the last row", "⎋[99B", [], cursor: (4, 0)),
    ScreenCase("CUD stops at the bottom margin", "⎋[2;4r⎋[2;1H⎋[9B", [], cursor: (3, 0)),
    ScreenCase("CUD below the bottom margin goes to the last row", "⎋[2;3r⎋[4;1H⎋[9B", [], cursor: (4, 0)),
    ScreenCase("CUD huge parameter is clamped", "⎋[99999999999B", [], cursor: (4, 0)),
    // CUF
    ScreenCase("CUF default moves right one", "⎋[C", [], cursor: (0, 1)),
    ScreenCase("CUF 0 moves right one", "⎋[0C", [], cursor: (0, 1)),
    ScreenCase("CUF 3", "⎋[3C", [], cursor: (0, 3)),
    ScreenCase("CUF stops at the right edge", "⎋[99C", [], cursor: (0, 9)),
    ScreenCase("CUF 99999999999 is clamped to the right margin", "⎋[99999999999C", [], cursor: (0, 9)),
    ScreenCase("CUF does not move the text", "ab⎋[3Cc", ["ab   c"], cursor: (0, 6)),
    // CUB
    ScreenCase("CUB default moves left one", "⎋[1;6H⎋[D", [], cursor: (0, 4)),
    ScreenCase("CUB 0 moves left one", "⎋[1;6H⎋[0D", [], cursor: (0, 4)),
    ScreenCase("CUB 3", "⎋[1;6H⎋[3D", [], cursor: (0, 2)),
    ScreenCase("CUB stops at column 0", "⎋[1;6H⎋[99D", [], cursor: (0, 0)),
    ScreenCase("CUB does not reverse-wrap by default", "⎋[2;1H⎋[D", [], cursor: (1, 0)),
    // CNL / CPL
    ScreenCase("CNL default", "⎋[1;6H⎋[E", [], cursor: (1, 0)),
    ScreenCase("CNL 2", "⎋[1;6H⎋[2E", [], cursor: (2, 0)),
    ScreenCase("CNL stops at the last row", "⎋[1;6H⎋[99E", [], cursor: (4, 0)),
    ScreenCase("CNL stops at the bottom margin", "⎋[1;3r⎋[1;6H⎋[9E", [], cursor: (2, 0)),
    ScreenCase("CPL default", "⎋[5;6H⎋[F", [], cursor: (3, 0)),
    ScreenCase("CPL 2", "⎋[5;6H⎋[2F", [], cursor: (2, 0)),
    ScreenCase("CPL stops at row 0", "⎋[5;6H⎋[99F", [], cursor: (0, 0)),
    ScreenCase("CPL stops at the top margin", "⎋[3;5r⎋[5;6H⎋[9F", [], cursor: (2, 0)),
    // CHA / HPA / HPR
    ScreenCase("CHA 5", "⎋[2;2H⎋[5G", [], cursor: (1, 4)),
    ScreenCase("CHA default is column 1", "⎋[2;4H⎋[G", [], cursor: (1, 0)),
    ScreenCase("CHA 0 is column 1", "⎋[2;4H⎋[0G", [], cursor: (1, 0)),
    ScreenCase("CHA is clamped to the last column", "⎋[99G", [], cursor: (0, 9)),
    ScreenCase("HPA 5", "⎋[2;2H⎋[5`", [], cursor: (1, 4)),
    ScreenCase("HPA default is column 1", "⎋[2;4H⎋[`", [], cursor: (1, 0)),
    ScreenCase("HPA is clamped to the last column", "⎋[99`", [], cursor: (0, 9)),
    ScreenCase("HPR 3", "⎋[2;2H⎋[3a", [], cursor: (1, 4)),
    ScreenCase("HPR default is 1", "⎋[a", [], cursor: (0, 1)),
    ScreenCase("HPR is clamped to the last column", "⎋[99a", [], cursor: (0, 9)),
    // VPA / VPR
    ScreenCase("VPA 4 keeps the column", "⎋[2;3H⎋[4d", [], cursor: (3, 2)),
    ScreenCase("VPA default is row 1", "⎋[3;3H⎋[d", [], cursor: (0, 2)),
    ScreenCase("VPA 0 is row 1", "⎋[3;3H⎋[0d", [], cursor: (0, 2)),
    ScreenCase("VPA is clamped to the last row", "⎋[99d", [], cursor: (4, 0)),
    ScreenCase("VPR 2 keeps the column", "⎋[2;3H⎋[2e", [], cursor: (3, 2)),
    ScreenCase("VPR default is 1", "⎋[e", [], cursor: (1, 0)),
    ScreenCase("VPR is clamped to the last row", "⎋[99e", [], cursor: (4, 0)),
    // CUP / HVP
    ScreenCase("CUP row;col", "⎋[3;4H", [], cursor: (2, 3)),
    ScreenCase("CUP without parameters homes", "⎋[3;4H⎋[H", [], cursor: (0, 0)),
    ScreenCase("CUP missing row is row 1", "⎋[;5H", [], cursor: (0, 4)),
    ScreenCase("CUP missing column is column 1", "⎋[4;H", [], cursor: (3, 0)),
    ScreenCase("CUP with only a row", "⎋[2H", [], cursor: (1, 0)),
    ScreenCase("CUP 0;0 is 1;1", "⎋[3;3H⎋[0;0H", [], cursor: (0, 0)),
    ScreenCase("CUP is clamped to the screen", "⎋[99;99H", [], cursor: (4, 9)),
    ScreenCase("CUP huge values are clamped", "⎋[99999999999;99999999999H", [], cursor: (4, 9)),
    ScreenCase("CUP then print", "⎋[2;3HX", ["", "  X"], cursor: (1, 3)),
    ScreenCase("CUP ignores the scroll region without origin mode", "⎋[2;3r⎋[5;1HX", ["", "", "", "", "X"],
               cursor: (4, 1)),
    ScreenCase("HVP row;col", "⎋[3;4f", [], cursor: (2, 3)),
    ScreenCase("HVP without parameters homes", "⎋[3;4H⎋[f", [], cursor: (0, 0)),
    ScreenCase("HVP is clamped", "⎋[9;99f", [], cursor: (4, 9)),
    // DECOM: origin mode
    ScreenCase("DECOM set homes to the top margin", "⎋[2;4r⎋[3;3H⎋[?6h", [], cursor: (1, 0)),
    ScreenCase("DECOM CUP is relative to the top margin", "⎋[2;4r⎋[?6h⎋[2;3HX", ["", "", "  X"], cursor: (2, 3)),
    ScreenCase("DECOM CUP is clamped to the bottom margin", "⎋[2;4r⎋[?6h⎋[9;9H", [], cursor: (3, 8)),
    ScreenCase("DECOM reset homes to the screen origin", "⎋[2;4r⎋[?6h⎋[2;3H⎋[?6l", [], cursor: (0, 0)),
    ScreenCase("DECOM VPA is relative to the top margin", "⎋[2;4r⎋[?6h⎋[2d", [], cursor: (2, 0)),
    ScreenCase("DECOM VPA is clamped to the bottom margin", "⎋[2;4r⎋[?6h⎋[9d", [], cursor: (3, 0)),
    ScreenCase("DECOM HPA is not shifted", "⎋[2;4r⎋[?6h⎋[4`", [], cursor: (1, 3)),
    ScreenCase("DECOM CUU stops at the top margin", "⎋[2;4r⎋[?6h⎋[3;1H⎋[9A", [], cursor: (1, 0)),
    ScreenCase("DECOM CUD stops at the bottom margin", "⎋[2;4r⎋[?6h⎋[9B", [], cursor: (3, 0)),
    ScreenCase("DECSTBM in origin mode homes to the new top margin", "⎋[?6h⎋[3;5r", [], cursor: (2, 0)),
    // Motions clear the pending wrap (xterm ResetWrap in CursorSet/CursorForward/...)
    ScreenCase("CUF clears pending wrap", "0123456789⎋[CX", ["012345678X"], cursor: (0, 9)),
    ScreenCase("CUB from pending wrap moves left of the last column", "0123456789⎋[DX", ["01234567X9"],
               cursor: (0, 9)),
    ScreenCase("CUP clears pending wrap", "0123456789⎋[1;1HX", ["X123456789"], cursor: (0, 1)),
    ScreenCase("CUU clears pending wrap", "⎋[2;1H0123456789⎋[AX", ["         X", "0123456789"], cursor: (0, 9)),
    ScreenCase("CHA clears pending wrap", "0123456789⎋[10GX", ["012345678X"], cursor: (0, 9)),
    ScreenCase("VPA keeps the column and clears pending wrap", "0123456789⎋[2dX", ["0123456789", "         X"],
               cursor: (1, 9)),
    // Parameter parsing
    ScreenCase("Leading zeros are decimal", "⎋[003;004H", [], cursor: (2, 3)),
    ScreenCase("C1 CSI from UTF-8 (C2 9B) is a CSI", "\u{9B}3;4H", [], cursor: (2, 3)),
]

@Suite struct CursorMovementTests {
    @Test(arguments: cases)
    func cursorMovement(_ c: ScreenCase) { c.run() }

    @Test func cursorIsNeverOutOfBoundsAfterEveryMotion() {
        let motions = ["A", "B", "C", "D", "E", "F", "G", "`", "a", "d", "e", "H", "f"]
        for m in motions {
            for p in ["", "0", "1", "5", "65535", "4294967296", "99999999999999999999"] {
                let (t, _) = feedAllWays(rows: 5, columns: 10, "⎋[3;3H⎋[\(p)\(m)")
                #expect((0..<5).contains(t.cursorRow), "CSI \(p) \(m)")
                #expect((0..<10).contains(t.cursorColumn), "CSI \(p) \(m)")
            }
        }
    }

    @Test func cursorAccessorsMatchRenderText() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, "⎋[4;7H")
        #expect(t.cursorRow == 3)
        #expect(t.cursorColumn == 6)
        #expect(t.hasPendingWrap == false)
    }
}
