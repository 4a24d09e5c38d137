// Resize like xterm (no reflow): columns are cut or padded; when rows shrink, the lines
// above the cursor go to scrollback so that the cursor's line stays on screen, and when
// rows grow, scrollback supplies the new top lines. The scroll region is reset to the
// full screen. Any size from 1×1 to 1000×1000 is safe and keeps the cursor in bounds.
// Reference: xterm screen.c ScreenResize / charproc.c (reset of margins on resize).

import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func lines(_ n: Int) -> String { (1...n).map { "L\($0)" }.joined(separator: "\r\n") }

@Suite struct ResizeTests {
    @Test func sizeProperties() {
        var t = Terminal(rows: 5, columns: 10)
        #expect(t.rows == 5 && t.columns == 10)
        t.resize(rows: 7, columns: 3)
        #expect(t.rows == 7 && t.columns == 3)
        #expect(t.renderText().split(separator: "\n", omittingEmptySubsequences: false).count == 7 + 2)
    }

    @Test func growingColumnsKeepsContent() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc("abc")); $0.resize(rows: 5, columns: 20) }, "X")
        #expect(t.columns == 20)
        expectScreen(t, ["abcX"], cursor: (0, 4))
    }

    @Test func growingColumnsMakesRoomToTheRight() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 5, setup: { $0.feed(esc("abcde")); $0.resize(rows: 3, columns: 8) }, "⎋[1;6HXYZ")
        expectScreen(t, ["abcdeXYZ"], cursor: (0, 7))
    }

    @Test func shrinkingColumnsTruncatesWithoutReflow() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc("0123456789\r\nab")); $0.resize(rows: 5, columns: 5) }, "")
        expectScreen(t, ["01234", "ab"], cursor: (1, 2))
    }

    @Test func shrinkingColumnsClampsTheCursor() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc("⎋[3;9H")); $0.resize(rows: 5, columns: 4) }, "")
        #expect(t.cursorRow == 2)
        #expect(t.cursorColumn == 3)
    }

    @Test func shrinkingRowsWithTheCursorAtTheBottomPushesTopLinesToScrollback() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc(lines(5))); $0.resize(rows: 3, columns: 10) }, "")
        expectScreen(t, ["L3", "L4", "L5"], cursor: (2, 2))
        #expect(t.scrollbackCount == 2)
        #expect(t.scrollbackText(0) == "L1")
        #expect(t.scrollbackText(1) == "L2")
    }

    @Test func shrinkingRowsWithTheCursorInTheMiddlePushesOnlyWhatIsNeeded() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc(lines(4))); $0.resize(rows: 3, columns: 10) }, "")
        expectScreen(t, ["L2", "L3", "L4"], cursor: (2, 2))
        #expect(t.scrollbackCount == 1)
        #expect(t.scrollbackText(0) == "L1")
    }

    @Test func shrinkingRowsWithTheCursorAtTheTopDropsEmptyBottomRows() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc(lines(2))); $0.resize(rows: 3, columns: 10) }, "")
        expectScreen(t, ["L1", "L2"], cursor: (1, 2))
        #expect(t.scrollbackCount == 0)
    }

    @Test func growingRowsPullsLinesBackFromScrollback() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 10, setup: { $0.feed(esc(lines(5))); $0.resize(rows: 5, columns: 10) }, "")
        expectScreen(t, ["L1", "L2", "L3", "L4", "L5"], cursor: (4, 2))
        #expect(t.scrollbackCount == 0)
    }

    @Test func growingRowsWithLessScrollbackThanNeeded() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 10, setup: { $0.feed(esc(lines(4))); $0.resize(rows: 5, columns: 10) }, "")
        expectScreen(t, ["L1", "L2", "L3", "L4"], cursor: (3, 2))
        #expect(t.scrollbackCount == 0)
    }

    @Test func growingRowsWithoutScrollbackAddsBlankRowsBelow() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 10, setup: { $0.feed(esc("ab")); $0.resize(rows: 6, columns: 10) }, "")
        expectScreen(t, ["ab"], cursor: (0, 2))
    }

    @Test func shrinkThenGrowRoundTrips() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10,
            setup: {
                $0.feed(esc(lines(5)))
                $0.resize(rows: 2, columns: 10)
                $0.resize(rows: 5, columns: 10)
            }, "")
        expectScreen(t, ["L1", "L2", "L3", "L4", "L5"], cursor: (4, 2))
    }

    @Test func resizeToTheSameSizeChangesNothing() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc(lines(5))); $0.resize(rows: 5, columns: 10) }, "")
        expectScreen(t, ["L1", "L2", "L3", "L4", "L5"], cursor: (4, 2))
    }

    @Test func resizeResetsTheScrollRegion() {
        let (_, e) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc("⎋[2;3r")); $0.resize(rows: 6, columns: 10) }, "⎋P$qr⎋\\")
        #expect(replyText(e) == "⎋P1$r1;6r⎋\\")
    }

    @Test func resizeKeepsAttributes() {
        let (t, _) = feedAllWays(
            rows: 3, columns: 10, setup: { $0.feed(esc("⎋[1;31mab")); $0.resize(rows: 4, columns: 12) }, "")
        #expect(t.cell(row: 0, column: 1).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 1).foreground == .indexed(1))
    }

    @Test func cuttingAWideCharacterInHalfBlanksIt() {
        let (t, _) = feedAllWays(
            rows: 2, columns: 10, setup: { $0.feed(esc("12中")); $0.resize(rows: 2, columns: 3) }, "")
        let edge = t.cell(row: 0, column: 2)
        #expect(!edge.attributes.contains(.wide), "half a wide character must not survive at the edge")
        #expect(renderedRow(t, 0).hasPrefix("12"))
    }

    @Test func alternateScreenResizeDoesNotTouchScrollback() {
        let (t, _) = feedAllWays(
            rows: 5, columns: 10,
            setup: {
                $0.feed(esc("⎋[?1049h" + lines(5)))
                $0.resize(rows: 3, columns: 10)
            }, "")
        #expect(t.scrollbackCount == 0)
        #expect(t.isAlternateScreenActive)
        #expect((0..<3).contains(t.cursorRow))
    }

    @Test func leavingTheAlternateScreenAfterAResizeKeepsTheCursorInBounds() {
        var t = Terminal(rows: 10, columns: 20)
        t.feed(esc(lines(10) + "⎋[?1049h⎋[10;20H"))
        t.resize(rows: 3, columns: 5)
        t.feed(esc("⎋[?1049l"))
        #expect(!t.isAlternateScreenActive)
        #expect((0..<3).contains(t.cursorRow))
        #expect((0..<5).contains(t.cursorColumn))
        t.feed(esc("⎋8xyz"))
        #expect((0..<3).contains(t.cursorRow))
        #expect((0..<5).contains(t.cursorColumn))
    }

    @Test(arguments: [
        [(1, 1), (1000, 1000), (1, 1000), (1000, 1), (2, 2), (24, 80)],
        [(1000, 1000), (1, 1), (3, 700), (700, 3), (1, 1), (80, 24)],
        [(24, 80), (1, 80), (24, 1), (1, 1), (1000, 1000)],
    ])
    func extremeSizesAreSafe(_ sizes: [(Int, Int)]) {
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: 100)
        let probe = esc("hello 中文 e\u{301}\r\n⎋[999;999H末⎋[H⎋[2;2r⎋[5L⎋[9M⎋[3@⎋[7P\n\n⎋D⎋M⎋[?1049h⎋[2Jx⎋[?1049lz")
        for (rows, columns) in sizes {
            t.feed(esc("⎋[999;999H") + Array("abc".utf8))
            t.resize(rows: rows, columns: columns)
            #expect(t.rows == rows && t.columns == columns)
            #expect((0..<rows).contains(t.cursorRow), "\(rows)x\(columns)")
            #expect((0..<columns).contains(t.cursorColumn), "\(rows)x\(columns)")
            t.feed(probe)
            #expect((0..<rows).contains(t.cursorRow), "\(rows)x\(columns) after probe")
            #expect((0..<columns).contains(t.cursorColumn), "\(rows)x\(columns) after probe")
            let rendered = t.renderText()
            #expect(rendered.split(separator: "\n", omittingEmptySubsequences: false).count == rows + 2)
            #expect(t.scrollbackCount <= 100)
            _ = t.cell(row: rows - 1, column: columns - 1)
            _ = t.rowRevision(rows - 1)
        }
    }

    @Test func manyRandomResizesKeepTheCursorInBounds() {
        var rng = SplitMix64(seed: 99)
        var t = Terminal(rows: 10, columns: 10, scrollbackLimit: 50)
        for i in 0..<300 {
            let rows = rng.next(in: 1...60)
            let columns = rng.next(in: 1...120)
            t.resize(rows: rows, columns: columns)
            t.feed(esc("line \(i) 中\u{301}⎋[\(rng.next(in: 0...99));\(rng.next(in: 0...199))H⎋7x\r\n⎋8"))
            #expect((0..<rows).contains(t.cursorRow))
            #expect((0..<columns).contains(t.cursorColumn))
            #expect(t.scrollbackCount <= 50)
        }
    }
}
