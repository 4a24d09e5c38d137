// Scrollback: lines scrolled off the top of the primary screen are kept (oldest first,
// trailing spaces trimmed), up to a configurable limit (default 10,000). Reference: xterm
// util.c xtermScroll — lines are saved only on the normal screen and only when the top
// margin is the first row (`scroll_all_lines = !whichBuf && top_marg == 0`).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func lines(_ n: Int, from start: Int = 1) -> String {
    (start..<(start + n)).map { "L\($0)" }.joined(separator: "\r\n")
}

@Suite struct ScrollbackTests {
    @Test func linesScrolledOffTheTopAreKeptOldestFirst() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(5))
        #expect(t.scrollbackCount == 2)
        #expect(t.scrollbackText(0) == "L1")
        #expect(t.scrollbackText(1) == "L2")
        expectScreen(t, ["L3", "L4", "L5"], cursor: (2, 2))
    }

    @Test func noScrollbackBeforeTheScreenIsFull() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(3))
        #expect(t.scrollbackCount == 0)
    }

    @Test func trailingSpacesAreTrimmed() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "a  b   \r\n⎋[44m       \r\nc\r\n")
        #expect(t.scrollbackCount == 2)
        #expect(t.scrollbackText(0) == "a  b")
        #expect(t.scrollbackText(1) == "")
    }

    @Test func wrappedTextScrollsIntoScrollback() {
        let (t, _) = feedAllWays(rows: 2, columns: 4, "abcdefghijkl")
        #expect(t.scrollbackCount == 1)
        #expect(t.scrollbackText(0) == "abcd")
        expectScreen(t, ["efgh", "ijkl"], cursor: (1, 3))
    }

    @Test(arguments: [0, 1, 3, 7])
    func limitIsRespected(limit: Int) {
        let (t, _) = feedAllWays(rows: 3, columns: 10, scrollbackLimit: limit, lines(20))
        #expect(t.scrollbackCount == min(limit, 17))
        if limit > 0 {
            // The newest lines are kept: L17 is the last one scrolled off.
            #expect(t.scrollbackText(t.scrollbackCount - 1) == "L17")
            #expect(t.scrollbackText(0) == "L\(17 - limit + 1)")
        }
    }

    @Test func defaultLimitIsTenThousand() {
        let (t, _) = feedAllWays(rows: 2, columns: 8, lines(10_050), byteByByte: false)
        #expect(t.scrollbackCount == 10_000)
        #expect(t.scrollbackText(0) == "L49")
        #expect(t.scrollbackText(9_999) == "L10048")
    }

    @Test func scrollRegionNotAtTheTopKeepsNothing() {
        let (t, _) = feedAllWays(rows: 4, columns: 10, "⎋[2;4r⎋[2;1H" + lines(10))
        #expect(t.scrollbackCount == 0)
    }

    @Test func scrollRegionAtTheTopKeepsNothingEither() {
        // Only lines leaving the top of the *full* primary screen are kept (tmux's rule, and
        // the one the golden screens are taken from; xterm also keeps lines when only the
        // top margin is at the top). See docs/sequences.md.
        let (t, _) = feedAllWays(rows: 4, columns: 10, "⎋[1;2r" + lines(4))
        #expect(t.scrollbackCount == 0)
    }

    @Test func alternateScreenKeepsNothing() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?1049h" + lines(10))
        #expect(t.scrollbackCount == 0)
        #expect(t.isAlternateScreenActive)
    }

    @Test(arguments: ["⎋[?47h", "⎋[?1047h", "⎋[?1049h"])
    func noAlternateScreenModeKeepsScrollback(_ enter: String) {
        let (t, _) = feedAllWays(rows: 3, columns: 10, enter + lines(10))
        #expect(t.scrollbackCount == 0)
    }

    @Test func primaryScrollbackSurvivesAnAlternateScreenVisit() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(5) + "⎋[?1049h" + lines(9, from: 100) + "⎋[?1049l")
        #expect(t.scrollbackCount == 2)
        #expect(t.scrollbackText(1) == "L2")
        expectScreen(t, ["L3", "L4", "L5"], cursor: (2, 2))
    }

    @Test func ED3ClearsScrollback() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(8) + "⎋[3J")
        #expect(t.scrollbackCount == 0)
        expectScreen(t, ["L6", "L7", "L8"], cursor: (2, 2))
    }

    @Test func scrollbackGrowsAgainAfterED3() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(8) + "⎋[3J\r\nX")
        #expect(t.scrollbackCount == 1)
        #expect(t.scrollbackText(0) == "L6")
    }

    @Test func SUOnTheFullScreenSavesLines() {
        // xterm: SU goes through xtermScroll, which saves lines when the top margin is row 1.
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(3) + "⎋[2S")
        #expect(t.scrollbackCount == 2)
        #expect(t.scrollbackText(0) == "L1")
    }

    @Test func reverseScrollingNeverAddsToScrollback() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, lines(3) + "⎋[H⎋M⎋M⎋[3T")
        #expect(t.scrollbackCount == 0)
    }

    @Test func wideAndCombiningTextInScrollback() {
        let (t, _) = feedAllWays(rows: 1, columns: 10, "a中e\u{301}\r\nx")
        #expect(t.scrollbackCount == 1)
        #expect(t.scrollbackText(0) == "a中e\u{301}")
    }

    @Test func decLineDrawingInScrollbackIsUnicode() {
        let (t, _) = feedAllWays(rows: 1, columns: 10, "⎋(0lqk⎋(B\r\nx")
        #expect(t.scrollbackText(0) == "┌─┐")
    }

    @Test func scrollbackIsNeverOverTheLimitUnderLoad() {
        let (t, _) = feedAllWays(rows: 5, columns: 20, scrollbackLimit: 50, lines(400), byteByByte: false)
        #expect(t.scrollbackCount == 50)
        #expect(t.scrollbackText(49) == "L395")
    }
}
