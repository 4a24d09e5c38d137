// Erasing: ED 0–3, EL 0–2, ECH. Reference: xterm ctlseqs; xterm util.c (ClearBelow,
// ClearAbove, ClearRight, ClearLeft). Erasing never moves the cursor; ED 0 / EL 0 / ECH go
// through ClearRight, which clears the pending-wrap flag. Erased cells take the current
// background colour (xterm does background colour erase).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines

private let cases: [ScreenCase] = [
    // ED
    ScreenCase("ED default erases below, cursor included", "\(fiveRows)⎋[3;5H⎋[J",
               [r[0], r[1], "uvwx"], cursor: (2, 4)),
    ScreenCase("ED 0 erases below, cursor included", "\(fiveRows)⎋[3;5H⎋[0J",
               [r[0], r[1], "uvwx"], cursor: (2, 4)),
    ScreenCase("ED 0 at home erases everything", "\(fiveRows)⎋[H⎋[J", [], cursor: (0, 0)),
    ScreenCase("ED 1 erases above, cursor included", "\(fiveRows)⎋[3;5H⎋[1J",
               ["", "", "     zABCD", r[3], r[4]], cursor: (2, 4)),
    ScreenCase("ED 1 at the last cell erases everything", "\(fiveRows)⎋[5;10H⎋[1J", [], cursor: (4, 9)),
    ScreenCase("ED 2 erases all and keeps the cursor", "\(fiveRows)⎋[3;5H⎋[2J", [], cursor: (2, 4)),
    ScreenCase("ED 2 then print at the kept cursor", "\(fiveRows)⎋[2;3H⎋[2JZ", ["", "  Z"], cursor: (1, 3)),
    ScreenCase("ED 3 keeps the visible screen", "\(fiveRows)⎋[3;5H⎋[3J", r, cursor: (2, 4)),
    ScreenCase("ED 0 clears the pending wrap", "\(fiveRows)⎋[JZ", [r[0], r[1], r[2], r[3], "OPQRSTUVWZ"],
               cursor: (4, 9)),
    ScreenCase("ED with an unknown parameter does nothing", "\(fiveRows)⎋[3;5H⎋[9J", r, cursor: (2, 4)),
    ScreenCase("ED ignores the scroll region", "\(fiveRows)⎋[2;3r⎋[4;1H⎋[J", [r[0], r[1], r[2]], cursor: (3, 0)),
    // EL
    ScreenCase("EL default erases to the right, cursor included", "\(fiveRows)⎋[2;4H⎋[K",
               [r[0], "klm", r[2], r[3], r[4]], cursor: (1, 3)),
    ScreenCase("EL 0 erases to the right", "\(fiveRows)⎋[2;4H⎋[0K", [r[0], "klm", r[2], r[3], r[4]], cursor: (1, 3)),
    ScreenCase("EL 0 at the last column", "\(fiveRows)⎋[2;10H⎋[K", [r[0], "klmnopqrs", r[2], r[3], r[4]],
               cursor: (1, 9)),
    ScreenCase("EL 1 erases to the left, cursor included", "\(fiveRows)⎋[2;4H⎋[1K",
               [r[0], "    opqrst", r[2], r[3], r[4]], cursor: (1, 3)),
    ScreenCase("EL 1 at column 0 erases one cell", "\(fiveRows)⎋[2;1H⎋[1K", [r[0], " lmnopqrst", r[2], r[3], r[4]],
               cursor: (1, 0)),
    ScreenCase("EL 2 erases the whole line", "\(fiveRows)⎋[2;4H⎋[2K", [r[0], "", r[2], r[3], r[4]], cursor: (1, 3)),
    ScreenCase("EL 0 clears the pending wrap", "0123456789⎋[KX", ["012345678X"], cursor: (0, 9)),
    ScreenCase("EL does not touch other lines", "\(fiveRows)⎋[3;1H⎋[2K", [r[0], r[1], "", r[3], r[4]],
               cursor: (2, 0)),
    // ECH
    ScreenCase("ECH 3 erases without moving", "\(fiveRows)⎋[2;4H⎋[3X", [r[0], "klm   qrst", r[2], r[3], r[4]],
               cursor: (1, 3)),
    ScreenCase("ECH default erases one", "\(fiveRows)⎋[2;4H⎋[X", [r[0], "klm opqrst", r[2], r[3], r[4]],
               cursor: (1, 3)),
    ScreenCase("ECH 0 erases one", "\(fiveRows)⎋[2;4H⎋[0X", [r[0], "klm opqrst", r[2], r[3], r[4]],
               cursor: (1, 3)),
    ScreenCase("ECH stops at the end of the line", "\(fiveRows)⎋[2;8H⎋[5X", [r[0], "klmnopq", r[2], r[3], r[4]],
               cursor: (1, 7)),
    ScreenCase("ECH huge count is clamped", "\(fiveRows)⎋[2;4H⎋[99999999999X", [r[0], "klm", r[2], r[3], r[4]],
               cursor: (1, 3)),
    ScreenCase("ECH clears the pending wrap", "0123456789⎋[XZ", ["012345678Z"], cursor: (0, 9)),
    ScreenCase("ECH then print overwrites at the cursor", "abcdef⎋[1;2H⎋[3XZ", ["aZ  ef"], cursor: (0, 2)),
]

@Suite struct EraseTests {
    @Test(arguments: cases)
    func erase(_ c: ScreenCase) { c.run() }

    @Test func ED3ClearsScrollbackOnly() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "1\r\n2\r\n3\r\n4\r\n5⎋[3J")
        #expect(t.scrollbackCount == 0)
        expectScreen(t, ["3", "4", "5"], cursor: (2, 1))
    }

    @Test func ED2DoesNotPushToScrollback() {
        // xterm ED 2 only erases; it does not scroll the screen into the saved lines.
        let (t, _) = feedAllWays(rows: 3, columns: 10, "a\r\nb\r\nc⎋[2J")
        #expect(t.scrollbackCount == 0)
    }

    @Test func EDUsesTheCurrentBackground() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[44m⎋[2J")
        #expect(t.cell(row: 0, column: 0).background == .indexed(4))
        #expect(t.cell(row: 2, column: 9).background == .indexed(4))
    }

    @Test func ELUsesTheCurrentBackgroundButNotOtherAttributes() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "abcdefghij⎋[1;5H⎋[1;4;41m⎋[K")
        let erased = t.cell(row: 0, column: 6)
        #expect(erased.background == .indexed(1))
        #expect(erased.scalar == nil)
        #expect(!erased.attributes.contains(.bold))
        #expect(erased.attributes.underlineStyle == .none)
        #expect(t.cell(row: 0, column: 3).background == .default)
        #expect(t.cell(row: 0, column: 3).scalar == "d")
    }

    @Test func ECHUsesTheCurrentBackground() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "abcdef⎋[1;2H⎋[42m⎋[2X")
        #expect(t.cell(row: 0, column: 1).background == .indexed(2))
        #expect(t.cell(row: 0, column: 2).background == .indexed(2))
        #expect(t.cell(row: 0, column: 3).background == .default)
        #expect(t.cell(row: 0, column: 3).scalar == "d")
    }

    @Test func erasedCellsAreEmpty() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "abc⎋[2K")
        for c in 0..<10 {
            #expect(t.cell(row: 0, column: c).scalar == nil)
            #expect(t.graphemeText(row: 0, column: c) == "")
        }
    }
}
