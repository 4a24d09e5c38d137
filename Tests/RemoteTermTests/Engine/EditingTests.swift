// Editing: ICH, DCH, IL, DL and IRM. Reference: xterm util.c (InsertChar, DeleteChar,
// InsertLine, DeleteLine) and ctlseqs. ICH/DCH work only within the cursor's line and clear
// the pending wrap; IL/DL act only when the cursor is inside the top/bottom margins, only
// move lines within them, and put the cursor in column 1 (VT510: "the cursor is reset to
// the first column"; xterm CASE_IL/CASE_DL set the column to the left margin).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines

private let cases: [ScreenCase] = [
    // ICH
    ScreenCase("ICH 2 shifts right within the line", "\(fiveRows)⎋[1;3H⎋[2@",
               ["ab  cdefgh", r[1], r[2], r[3], r[4]], cursor: (0, 2)),
    ScreenCase("ICH default inserts one", "\(fiveRows)⎋[1;3H⎋[@", ["ab cdefghi", r[1], r[2], r[3], r[4]],
               cursor: (0, 2)),
    ScreenCase("ICH 0 inserts one", "\(fiveRows)⎋[1;3H⎋[0@", ["ab cdefghi", r[1], r[2], r[3], r[4]],
               cursor: (0, 2)),
    ScreenCase("ICH huge count blanks the rest of the line", "\(fiveRows)⎋[1;3H⎋[99999999999@",
               ["ab", r[1], r[2], r[3], r[4]], cursor: (0, 2)),
    ScreenCase("ICH at the last column", "\(fiveRows)⎋[1;10H⎋[@", ["abcdefghi", r[1], r[2], r[3], r[4]],
               cursor: (0, 9)),
    ScreenCase("ICH does not wrap text to the next line", "\(fiveRows)⎋[2;1H⎋[3@",
               [r[0], "   klmnopq", r[2], r[3], r[4]], cursor: (1, 0)),
    ScreenCase("ICH clears the pending wrap", "abcdefghij⎋[@X", ["abcdefghiX"], cursor: (0, 9)),
    // DCH
    ScreenCase("DCH 2 shifts left within the line", "\(fiveRows)⎋[1;3H⎋[2P",
               ["abefghij", r[1], r[2], r[3], r[4]], cursor: (0, 2)),
    ScreenCase("DCH default deletes one", "\(fiveRows)⎋[1;3H⎋[P", ["abdefghij", r[1], r[2], r[3], r[4]],
               cursor: (0, 2)),
    ScreenCase("DCH 0 deletes one", "\(fiveRows)⎋[1;3H⎋[0P", ["abdefghij", r[1], r[2], r[3], r[4]],
               cursor: (0, 2)),
    ScreenCase("DCH huge count blanks the rest of the line", "\(fiveRows)⎋[1;3H⎋[99999999999P",
               ["ab", r[1], r[2], r[3], r[4]], cursor: (0, 2)),
    ScreenCase("DCH at the last column", "\(fiveRows)⎋[1;10H⎋[P", ["abcdefghi", r[1], r[2], r[3], r[4]],
               cursor: (0, 9)),
    ScreenCase("DCH does not pull text from the next line", "\(fiveRows)⎋[1;1H⎋[3P",
               ["defghij", r[1], r[2], r[3], r[4]], cursor: (0, 0)),
    ScreenCase("DCH clears the pending wrap", "abcdefghij⎋[PX", ["abcdefghiX"], cursor: (0, 9)),
    // IL
    ScreenCase("IL default inserts a blank line at the cursor", "\(fiveRows)⎋[2;4H⎋[L",
               [r[0], "", r[1], r[2], r[3]], cursor: (1, 0)),
    ScreenCase("IL 0 inserts one line", "\(fiveRows)⎋[2;4H⎋[0L", [r[0], "", r[1], r[2], r[3]], cursor: (1, 0)),
    ScreenCase("IL 2", "\(fiveRows)⎋[2;4H⎋[2L", [r[0], "", "", r[1], r[2]], cursor: (1, 0)),
    ScreenCase("IL huge count blanks to the bottom", "\(fiveRows)⎋[2;4H⎋[99999999999L", [r[0]], cursor: (1, 0)),
    ScreenCase("IL stays inside the scroll region", "\(fiveRows)⎋[2;4r⎋[3;2H⎋[L",
               [r[0], r[1], "", r[2], r[4]], cursor: (2, 0)),
    ScreenCase("IL 9 inside the scroll region", "\(fiveRows)⎋[2;4r⎋[3;2H⎋[9L", [r[0], r[1], "", "", r[4]],
               cursor: (2, 0)),
    ScreenCase("IL above the scroll region does nothing", "\(fiveRows)⎋[2;4r⎋[1;1H⎋[L", r, cursor: (0, 0)),
    ScreenCase("IL below the scroll region does nothing", "\(fiveRows)⎋[2;4r⎋[5;1H⎋[L", r, cursor: (4, 0)),
    ScreenCase("IL at the last row blanks it", "\(fiveRows)⎋[5;3H⎋[L", [r[0], r[1], r[2], r[3]], cursor: (4, 0)),
    // DL
    ScreenCase("DL default deletes the cursor line", "\(fiveRows)⎋[2;4H⎋[M", [r[0], r[2], r[3], r[4]],
               cursor: (1, 0)),
    ScreenCase("DL 0 deletes one line", "\(fiveRows)⎋[2;4H⎋[0M", [r[0], r[2], r[3], r[4]], cursor: (1, 0)),
    ScreenCase("DL 2", "\(fiveRows)⎋[2;4H⎋[2M", [r[0], r[3], r[4]], cursor: (1, 0)),
    ScreenCase("DL huge count blanks to the bottom", "\(fiveRows)⎋[2;4H⎋[99999999999M", [r[0]], cursor: (1, 0)),
    ScreenCase("DL stays inside the scroll region", "\(fiveRows)⎋[2;4r⎋[2;5H⎋[M", [r[0], r[2], r[3], "", r[4]],
               cursor: (1, 0)),
    ScreenCase("DL below the scroll region does nothing", "\(fiveRows)⎋[2;4r⎋[5;1H⎋[M", r, cursor: (4, 0)),
    ScreenCase("DL above the scroll region does nothing", "\(fiveRows)⎋[2;4r⎋[1;1H⎋[M", r, cursor: (0, 0)),
    // IRM
    ScreenCase("IRM inserts printed characters", "abcdef⎋[1;3H⎋[4hXY", ["abXYcdef"], cursor: (0, 4)),
    ScreenCase("IRM pushes characters off the right edge", "0123456789⎋[1;1H⎋[4hXY", ["XY01234567"],
               cursor: (0, 2)),
    ScreenCase("IRM reset replaces again", "abcdef⎋[1;3H⎋[4h⎋[4lX", ["abXdef"], cursor: (0, 3)),
    ScreenCase("IRM at the end of the line wraps like replace mode", "012345678⎋[4hXY", ["012345678X", "Y"],
               cursor: (1, 1)),
    ScreenCase("IRM only shifts the cursor line", "\(fiveRows)⎋[2;1H⎋[4hZ", [r[0], "Zklmnopqrs", r[2], r[3], r[4]],
               cursor: (1, 1)),
]

@Suite struct EditingTests {
    @Test(arguments: cases)
    func editing(_ c: ScreenCase) { c.run() }

    @Test func DCHFillsWithTheCurrentBackground() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "abcdefghij⎋[1;3H⎋[45m⎋[2P")
        #expect(t.cell(row: 0, column: 8).background == .indexed(5))
        #expect(t.cell(row: 0, column: 9).background == .indexed(5))
        #expect(t.cell(row: 0, column: 7).background == .default)
        #expect(t.cell(row: 0, column: 7).scalar == "j")
    }

    @Test func ICHInsertsBlanksWithTheCurrentBackground() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "abcdef⎋[1;2H⎋[46m⎋[2@")
        #expect(t.cell(row: 0, column: 1).background == .indexed(6))
        #expect(t.cell(row: 0, column: 2).background == .indexed(6))
        #expect(t.cell(row: 0, column: 3).scalar == "b")
        #expect(t.cell(row: 0, column: 3).background == .default)
    }

    @Test func ILKeepsAttributesOfMovedLines() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[1mab⎋[m⎋[1;1H⎋[L")
        #expect(t.cell(row: 1, column: 0).scalar == "a")
        #expect(t.cell(row: 1, column: 0).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 0).scalar == nil)
    }

    @Test func insertModeFlagFollowsSMRM() {
        let (t1, _) = feedAllWays(rows: 2, columns: 10, "⎋[4h")
        #expect(t1.modes.insert)
        let (t2, _) = feedAllWays(rows: 2, columns: 10, "⎋[4h⎋[4l")
        #expect(!t2.modes.insert)
    }
}
