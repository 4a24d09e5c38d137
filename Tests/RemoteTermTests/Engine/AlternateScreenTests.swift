// Alternate screen: DECSET 47, 1047, 1048, 1049. Reference: xterm ctlseqs —
//   47:   switch to/from the alternate screen (no clearing, no cursor save);
//   1047: like 47, but the alternate screen is cleared when leaving it;
//   1048: save/restore the cursor as DECSC/DECRC;
//   1049: save the cursor, switch, clear the alternate screen; on reset switch back and
//         restore the cursor.
// The cursor position is shared by both screens unless saved/restored.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let cases: [ScreenCase] = [
    ScreenCase("1049 shows an empty alternate screen, cursor kept", "abc⎋[?1049h", [], cursor: (0, 3)),
    ScreenCase("1049 draws on the alternate screen", "abc⎋[?1049hXY", ["   XY"], cursor: (0, 5)),
    ScreenCase("1049 reset restores the primary and the cursor", "abc⎋[?1049hXYZ⎋[4;4H⎋[?1049l", ["abc"],
               cursor: (0, 3)),
    ScreenCase("1049 clears the alternate screen on entry", "⎋[?1049hfoo⎋[?1049l⎋[?1049h", [], cursor: (0, 0)),
    ScreenCase("1049 twice does not lose the primary", "abc⎋[?1049h⎋[?1049hX⎋[?1049l", ["abc"], cursor: (0, 3)),
    ScreenCase("47 switches without clearing", "⎋[?47hAB⎋[?47l⎋[?47h", ["AB"], cursor: (0, 2)),
    ScreenCase("47 does not restore the cursor", "abc⎋[?47h⎋[3;3H⎋[?47l", ["abc"], cursor: (2, 2)),
    ScreenCase("47 reset shows the primary again", "abc⎋[?47hXY⎋[?47l", ["abc"], cursor: (0, 5)),
    ScreenCase("1047 clears the alternate screen when leaving", "⎋[?1047hAB⎋[?1047l⎋[?1047h", [], cursor: (0, 2)),
    ScreenCase("1047 reset shows the primary", "abc⎋[?1047hXY⎋[?1047l", ["abc"], cursor: (0, 5)),
    ScreenCase("1048 saves and restores the cursor", "⎋[2;3H⎋[?1048h⎋[H⎋[?1048lX", ["", "  X"], cursor: (1, 3)),
    ScreenCase("1048 does not switch screens", "abc⎋[?1048h", ["abc"], cursor: (0, 3)),
    ScreenCase("Erasing the alternate screen leaves the primary", "abc⎋[?1049hxyz⎋[2J⎋[?1049l", ["abc"],
               cursor: (0, 3)),
    ScreenCase("Scrolling the alternate screen leaves the primary", "abc⎋[?1049h\n\n\n\n\n\n\n⎋[?1049l", ["abc"],
               cursor: (0, 3)),
    ScreenCase("1049 in origin mode restores the position", "⎋[2;4r⎋[?6h⎋[2;3H⎋[?1049h⎋[H⎋[?1049lX",
               ["", "", "  X"], cursor: (2, 3)),
]

@Suite struct AlternateScreenTests {
    @Test(arguments: cases)
    func alternateScreen(_ c: ScreenCase) { c.run() }

    @Test(arguments: ["⎋[?47h", "⎋[?1047h", "⎋[?1049h"])
    func flagFollowsTheMode(_ enter: String) {
        let (t, _) = feedAllWays(rows: 3, columns: 10, enter)
        #expect(t.isAlternateScreenActive)
        let leave = String(enter.dropLast()) + "l"
        let (u, _) = feedAllWays(rows: 3, columns: 10, enter + leave)
        #expect(!u.isAlternateScreenActive)
    }

    @Test func primaryIsNotActiveInitially() {
        #expect(!Terminal(rows: 3, columns: 10).isAlternateScreenActive)
    }

    @Test func alternateScreenCellsAreSeparate() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[1mabc⎋[?1049h⎋[mX")
        #expect(t.cell(row: 0, column: 3).scalar == "X")
        #expect(t.cell(row: 0, column: 0).scalar == nil)
        let (u, _) = feedAllWays(rows: 3, columns: 10, "⎋[1mabc⎋[?1049h⎋[mX⎋[?1049l")
        #expect(u.cell(row: 0, column: 0).scalar == "a")
        #expect(u.cell(row: 0, column: 0).attributes.contains(.bold))
        #expect(u.cell(row: 0, column: 3).scalar == nil)
    }

    @Test func leaving1049RestoresTheSavedAttributes() {
        // 1049 saves the cursor as DECSC does, attributes included.
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[1;32m⎋[?1049h⎋[m⎋[?1049lX")
        #expect(t.cell(row: 0, column: 0).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 0).foreground == .indexed(2))
    }

    @Test func modesAreSharedBetweenScreens() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?25l⎋[?1049h⎋[?2004h⎋[?1049l")
        #expect(!t.modes.cursorVisible)
        #expect(t.modes.bracketedPaste)
    }

    @Test func DECRQMReportsTheAlternateScreen() {
        #expect(reply(to: "⎋[?1049$p") == "⎋[?1049;2$y")
        #expect(reply(to: "⎋[?1049h⎋[?1049$p") == "⎋[?1049;1$y")
    }
}
