// Autowrap (DECAWM) with xterm's pending-wrap semantics, and BS/CR at the edges.
// Reference: xterm charproc.c dotext/WriteText — printing in the last column leaves the
// cursor there with do_wrap set; the next printable character wraps first. CR, BS and
// cursor motions clear do_wrap. BS is CursorBack(1): from the pending-wrap state (reverse
// wrap off) it moves from the last column to COLS-2 (xterm cursor.c CursorBack). With
// DECAWM reset a pending wrap is dropped and the last column is overwritten.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines

private let cases: [ScreenCase] = [
    ScreenCase("Filling the line leaves the cursor in the last column", "0123456789", ["0123456789"],
               cursor: (0, 9)),
    ScreenCase("The next character wraps", "0123456789X", ["0123456789", "X"], cursor: (1, 1)),
    ScreenCase("Exactly COLS characters then CRLF gives no blank line", "0123456789\r\nX", ["0123456789", "X"],
               cursor: (1, 1)),
    ScreenCase("Wrap continues over several lines", "abcdefghijklmnopqrstuvwxy",
               ["abcdefghij", "klmnopqrst", "uvwxy"], cursor: (2, 5)),
    ScreenCase("Pending wrap at the bottom scrolls on the next character", "\(fiveRows)Z",
               [r[1], r[2], r[3], r[4], "Z"], cursor: (4, 1)),
    ScreenCase("Pending wrap alone does not scroll", fiveRows, r, cursor: (4, 9)),
    ScreenCase("CUP to the last column then print wraps next", "⎋[1;10HXY", ["         X", "Y"], cursor: (1, 1)),
    ScreenCase("DECAWM off overwrites the last column", "⎋[?7l0123456789XY", ["012345678Y"], cursor: (0, 9)),
    ScreenCase("DECAWM off then on wraps again", "⎋[?7l⎋[?7h0123456789X", ["0123456789", "X"], cursor: (1, 1)),
    ScreenCase("DECAWM reset while a wrap is pending drops it", "0123456789⎋[?7lX", ["012345678X"], cursor: (0, 9)),
    ScreenCase("CR from pending wrap", "0123456789\rX", ["X123456789"], cursor: (0, 1)),
    ScreenCase("CR at column 0 stays", "\rX", ["X"], cursor: (0, 1)),
    ScreenCase("CR goes to column 0 even with a scroll region", "⎋[2;3r⎋[2;5H\rX", ["", "X"], cursor: (1, 1)),
    ScreenCase("BS moves left one", "abc\u{08}X", ["abX"], cursor: (0, 3)),
    ScreenCase("BS from pending wrap moves to COLS-2", "0123456789\u{08}X", ["01234567X9"], cursor: (0, 9)),
    ScreenCase("Two BS from pending wrap", "0123456789\u{08}\u{08}X", ["0123456X89"], cursor: (0, 8)),
    ScreenCase("BS at column 0 stays", "\u{08}X", ["X"], cursor: (0, 1)),
    ScreenCase("BS does not reverse-wrap to the previous line", "0123456789ab\u{08}\u{08}\u{08}X",
               ["0123456789", "Xb"], cursor: (1, 1)),
    ScreenCase("BS does not erase", "abc\u{08}\u{08}", ["abc"], cursor: (0, 1)),
    ScreenCase("LF from pending wrap clears it", "0123456789\nX", ["0123456789", "         X"], cursor: (1, 9)),
    ScreenCase("One-column terminal wraps every character", "abc", ["a", "b", "c"], cursor: (2, 0),
               rows: 3, columns: 1),
    ScreenCase("One-column terminal scrolls", "abcd", ["b", "c", "d"], cursor: (2, 0), rows: 3, columns: 1),
    ScreenCase("Wrap inside a bottom-margin region scrolls only the region", "\(fiveRows)⎋[2;3r⎋[3;1H0123456789XY",
               [r[0], "0123456789", "XY", r[3], r[4]], cursor: (2, 2)),
]

@Suite struct WrappingTests {
    @Test(arguments: cases)
    func wrapping(_ c: ScreenCase) { c.run() }

    @Test func pendingWrapFlag() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "0123456789")
        #expect(t.hasPendingWrap)
        #expect(t.cursorColumn == 9)
        let (u, _) = feedAllWays(rows: 3, columns: 10, "012345678")
        #expect(!u.hasPendingWrap)
        #expect(u.cursorColumn == 9)
    }

    @Test func noPendingWrapWhenAutowrapIsOff() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?7l0123456789")
        #expect(!t.hasPendingWrap)
        #expect(t.cursorColumn == 9)
        #expect(!t.modes.autowrap)
    }

    @Test(arguments: ["\r", "\u{08}", "⎋[D", "⎋[H", "⎋[K", "\n"])
    func controlsClearPendingWrap(_ control: String) {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "0123456789" + control)
        #expect(!t.hasPendingWrap, "after \(visible(esc(control)))")
    }

    @Test func autowrapIsOnByDefault() {
        let t = Terminal(rows: 3, columns: 10)
        #expect(t.modes.autowrap)
    }
}
