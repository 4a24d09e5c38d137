// East Asian wide characters and emoji take two cells. Reference: xterm charproc.c /
// util.c (WriteText + DamagedCells: overwriting or erasing either half of a wide character
// blanks the whole character); a wide character that does not fit in the last column is
// wrapped to the next line (autowrap on), leaving the last column blank.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let cases: [ScreenCase] = [
    ScreenCase("A wide character takes two columns", "中", ["中"], cursor: (0, 2)),
    ScreenCase("Wide between narrow", "a中b", ["a中b"], cursor: (0, 4)),
    ScreenCase("Emoji takes two columns", "😀x", ["😀x"], cursor: (0, 3)),
    ScreenCase("Hangul takes two columns", "한글", ["한글"], cursor: (0, 4)),
    ScreenCase("Fullwidth Latin takes two columns", "ＡＢ", ["ＡＢ"], cursor: (0, 4)),
    ScreenCase("Halfwidth katakana takes one column", "ｱｲ", ["ｱｲ"], cursor: (0, 2)),
    ScreenCase("Wide at the last column wraps and leaves it blank", "123456789中", ["123456789", "中"],
               cursor: (1, 2)),
    ScreenCase("Wide fitting exactly leaves a pending wrap", "12345678中", ["12345678中"], cursor: (0, 9)),
    ScreenCase("After a wide character at the edge the next one wraps", "12345678中x", ["12345678中", "x"],
               cursor: (1, 1)),
    ScreenCase("Five wide characters fill a 10-column line", "中中中中中", ["中中中中中"], cursor: (0, 9)),
    ScreenCase("Six wide characters wrap", "中中中中中中", ["中中中中中", "中"], cursor: (1, 2)),
    ScreenCase("Overwriting the left half blanks the right half", "中中⎋[1;1Hx", ["x 中"], cursor: (0, 1)),
    ScreenCase("Overwriting the right half blanks the left half", "中中⎋[1;2Hx", [" x中"], cursor: (0, 2)),
    ScreenCase("A wide character straddling two others blanks both halves", "中中⎋[1;2H文", [" 文"],
               cursor: (0, 3)),
    ScreenCase("A wide character over narrow ones", "abcd⎋[1;2H中", ["a中d"], cursor: (0, 3)),
    ScreenCase("ECH on the right half erases the whole character", "中中⎋[1;2H⎋[X", ["  中"], cursor: (0, 1)),
    ScreenCase("EL from the right half erases the whole character", "中中⎋[1;4H⎋[K", ["中"], cursor: (0, 3)),
    ScreenCase("EL 1 through the left half erases the whole character", "中中⎋[1;3H⎋[1K", [], cursor: (0, 2)),
    ScreenCase("Wide character wrapping at the bottom scrolls", "⎋[5;1H123456789中",
               ["", "", "", "123456789", "中"], cursor: (4, 2)),
    ScreenCase("CUB over a wide character counts cells", "中中⎋[2DX", ["中X"], cursor: (0, 3)),
    ScreenCase("DCH on the left half blanks the character then shifts", "中ab⎋[1;1H⎋[P", [" ab"], cursor: (0, 0)),
    ScreenCase("ICH shifts wide characters right", "中a⎋[1;1H⎋[2@", ["  中a"], cursor: (0, 0)),
    ScreenCase("Pending wrap then a wide character wraps first", "0123456789中", ["0123456789", "中"], cursor: (1, 2)),
    ScreenCase("BS onto the right half then print blanks the left half", "中\u{08}X", [" X"], cursor: (0, 2)),
    ScreenCase("ECH ending on a left half erases the whole character", "ab中⎋[1;2H⎋[2X", ["a"], cursor: (0, 1)),
    ScreenCase("ICH pushing a wide character past the edge removes it", "12345678中⎋[1;1H⎋[@", [" 12345678"],
               cursor: (0, 0)),
    ScreenCase("IRM insert of a wide character", "abc⎋[1;2H⎋[4h中", ["a中bc"], cursor: (0, 3)),
    ScreenCase("DCH pulling a wide character left keeps it whole", "a中b⎋[1;1H⎋[P", ["中b"], cursor: (0, 0)),
]

@Suite struct WideCharacterTests {
    @Test(arguments: cases)
    func wide(_ c: ScreenCase) { c.run() }

    @Test func cellsOfAWideCharacter() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "中")
        let left = t.cell(row: 0, column: 0)
        let right = t.cell(row: 0, column: 1)
        #expect(left.scalar == "中")
        #expect(left.width == 2)
        #expect(left.attributes.contains(.wide))
        #expect(right.width == 0)
        #expect(right.scalar == nil)
        #expect(right.attributes.contains(.wideContinuation))
        #expect(t.graphemeText(row: 0, column: 0) == "中")
        #expect(t.graphemeText(row: 0, column: 1) == "")
    }

    @Test func emojiCellIsWide() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "😀")
        #expect(t.cell(row: 0, column: 0).width == 2)
        #expect(t.cell(row: 0, column: 0).scalar == "😀")
    }

    @Test func lastColumnLeftBlankByAWrappedWideCharacter() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "123456789中")
        #expect(t.cell(row: 0, column: 9).scalar == nil)
        #expect(t.cell(row: 0, column: 9).width == 1)
        #expect(t.cell(row: 1, column: 0).width == 2)
    }

    @Test func overwrittenHalvesLeaveNoOrphans() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "中中⎋[1;2Hx")
        let c0 = t.cell(row: 0, column: 0)
        #expect(c0.scalar == nil)
        #expect(!c0.attributes.contains(.wide))
        #expect(t.cell(row: 0, column: 1).scalar == "x")
        #expect(t.cell(row: 0, column: 1).width == 1)
        let (u, _) = feedAllWays(rows: 2, columns: 10, "中中⎋[1;1Hx")
        let c1 = u.cell(row: 0, column: 1)
        #expect(c1.scalar == nil)
        #expect(!c1.attributes.contains(.wideContinuation))
        #expect(c1.width == 1)
    }

    @Test func wideCharactersCarryTheirAttributes() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;31m中")
        #expect(t.cell(row: 0, column: 0).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 0).foreground == .indexed(1))
    }

    @Test func wideInAOneColumnTerminalDoesNotHang() {
        let (t, _) = feedAllWays(rows: 3, columns: 1, "中中中a")
        #expect((0..<3).contains(t.cursorRow))
        #expect(t.cursorColumn == 0)
    }

    @Test func wideWithAutowrapOffStaysInBounds() {
        let (t, _) = feedAllWays(rows: 2, columns: 5, "⎋[?7labcd中中中")
        #expect(t.cursorRow == 0)
        #expect((0..<5).contains(t.cursorColumn))
        for c in 0..<5 {
            let cell = t.cell(row: 0, column: c)
            // Never half a wide character at the right edge.
            if c == 4 { #expect(!cell.attributes.contains(.wide)) }
        }
    }
}
