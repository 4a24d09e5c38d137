// REP, DECALN, RIS, DECSTR and BEL. Reference: xterm ctlseqs; esctest rep.py, decaln.py,
// ris.py, decstr.py (DECSTR keeps the screen and the cursor position, resets modes,
// margins, SGR, charsets and the saved cursor; xterm keeps DECAWM on).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines

private let cases: [ScreenCase] = [
    // REP
    ScreenCase("REP default repeats once", "A⎋[b", ["AA"], cursor: (0, 2)),
    ScreenCase("REP 3", "A⎋[3b", ["AAAA"], cursor: (0, 4)),
    ScreenCase("REP 0 repeats once", "A⎋[0b", ["AA"], cursor: (0, 2)),
    ScreenCase("REP repeats the last character only", "xyz⎋[2b", ["xyzzz"], cursor: (0, 5)),
    ScreenCase("REP wraps", "A⎋[25b", ["AAAAAAAAAA", "AAAAAAAAAA", "AAAAAA"], cursor: (2, 6)),
    ScreenCase("REP with autowrap off stays on the line", "⎋[?7lA⎋[20b", ["AAAAAAAAAA"], cursor: (0, 9)),
    ScreenCase("REP of a wide character", "中⎋[2b", ["中中中"], cursor: (0, 6)),
    ScreenCase("REP of a DEC graphics character", "⎋(0q⎋[2b", ["───"], cursor: (0, 3)),
    ScreenCase("REP with nothing printed before does nothing", "⎋[3b", [], cursor: (0, 0)),
    ScreenCase("REP after moving the cursor repeats at the cursor", "A⎋[3;3H⎋[2b", ["A", "", "  AA"],
               cursor: (2, 4)),
    // DECALN
    ScreenCase("DECALN fills the screen with E", "⎋#8", Array(repeating: "EEEEEEEEEE", count: 5), cursor: (0, 0)),
    ScreenCase("DECALN homes the cursor", "⎋[3;3H⎋#8", Array(repeating: "EEEEEEEEEE", count: 5), cursor: (0, 0)),
    ScreenCase("DECALN then print", "⎋#8ab", ["abEEEEEEEE"] + Array(repeating: "EEEEEEEEEE", count: 4),
               cursor: (0, 2)),
    ScreenCase("DECALN resets the margins", "⎋[2;3r⎋#8⎋[5;1H\nX",
               Array(repeating: "EEEEEEEEEE", count: 4) + ["X"], cursor: (4, 1)),
    // RIS
    ScreenCase("RIS clears the screen and homes", "\(fiveRows)⎋c", [], cursor: (0, 0)),
    ScreenCase("RIS resets tab stops", "⎋[3g⎋c\tX", ["        X"], cursor: (0, 9)),
    ScreenCase("RIS resets the charsets", "⎋(0⎋)0\u{0E}⎋cq", ["q"], cursor: (0, 1)),
    ScreenCase("RIS resets the margins and origin mode", "⎋[2;3r⎋[?6h⎋c⎋[5;1HX", ["", "", "", "", "X"],
               cursor: (4, 1)),
    ScreenCase("RIS resets insert mode", "abc⎋[4h⎋cxy⎋[1;1Hz", ["zy"], cursor: (0, 1)),
    ScreenCase("RIS leaves the alternate screen", "abc⎋[?1049hxyz⎋c", [], cursor: (0, 0)),
    ScreenCase("RIS re-enables autowrap", "⎋[?7l⎋c0123456789X", ["0123456789", "X"], cursor: (1, 1)),
    ScreenCase("RIS after RIS is RIS", "\(fiveRows)⎋[31m⎋c⎋c⎋cX", ["X"], cursor: (0, 1)),
    ScreenCase("RIS clears both screens in place", "abc⎋[?1049hxyz⎋c⎋[?1049h", [], cursor: (0, 0)),
    // DECSTR
    ScreenCase("DECSTR keeps the screen and the cursor", "\(fiveRows)⎋[3;4H⎋[!p", r, cursor: (2, 3)),
    ScreenCase("DECSTR resets insert mode", "abc⎋[4h⎋[!p⎋[1;1Hz", ["zbc"], cursor: (0, 1)),
    ScreenCase("DECSTR resets origin mode", "⎋[2;4r⎋[?6h⎋[!p⎋[1;1HX", ["X"], cursor: (0, 1)),
    ScreenCase("DECSTR resets the margins", "\(fiveRows)⎋[2;3r⎋[!p⎋[5;1H\n", [r[1], r[2], r[3], r[4]],
               cursor: (4, 0)),
    ScreenCase("DECSTR resets the charsets", "⎋(0⎋[!pq", ["q"], cursor: (0, 1)),
    ScreenCase("DECSTR resets the saved cursor to home", "⎋[3;4H⎋7⎋[!p⎋[5;5H⎋8X", ["X"], cursor: (0, 1)),
    ScreenCase("DECSTR keeps autowrap on (xterm)", "⎋[!p0123456789X", ["0123456789", "X"], cursor: (1, 1)),
]

@Suite struct MiscTests {
    @Test(arguments: cases)
    func misc(_ c: ScreenCase) { c.run() }

    @Test func REPKeepsTheAttributesOfThePen() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1mA⎋[b")
        #expect(t.cell(row: 0, column: 1).scalar == "A")
        #expect(t.cell(row: 0, column: 1).attributes.contains(.bold))
    }

    @Test func REPWithAHugeCountIsBounded() {
        let (t, _) = feedAllWays(rows: 3, columns: 4, "A⎋[99999999999b", byteByByte: false)
        #expect((0..<3).contains(t.cursorRow))
        #expect((0..<4).contains(t.cursorColumn))
        #expect(renderedRow(t, 0) == "AAAA")
    }

    @Test func RISResetsModes() {
        let m = feedAllWays(
            rows: 3, columns: 10,
            "⎋[4h⎋[20h⎋[?1h⎋=⎋[?6h⎋[?7l⎋[?25l⎋[?2004h⎋[?1004h⎋[?1003h⎋[?1006h⎋[?5h⎋[5 q⎋c"
        ).0.modes
        // Exactly the power-on modes, which ModeTests.defaults spells out.
        #expect(m == Terminal(rows: 3, columns: 10).modes)
    }

    @Test func RISResetsTheSGR() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;4;31;42m⎋cX")
        let cell = t.cell(row: 0, column: 0)
        #expect(!cell.attributes.contains(.bold))
        #expect(cell.attributes.underlineStyle == .none)
        #expect(cell.foreground == .default)
        #expect(cell.background == .default)
    }

    @Test func RISLeavesTheAlternateScreenFlag() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[?1049h⎋c")
        #expect(!t.isAlternateScreenActive)
    }

    @Test func DECSTRResetsModesAndPen() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[4h⎋[?1h⎋=⎋[?6h⎋[?25l⎋[1;31m⎋[!pX")
        let m = t.modes
        #expect(!m.insert)
        #expect(!m.cursorKeysApplication)
        #expect(!m.keypadApplication)
        #expect(!m.origin)
        #expect(m.cursorVisible)
        #expect(m.autowrap)
        let cell = t.cell(row: 0, column: 0)
        #expect(!cell.attributes.contains(.bold))
        #expect(cell.foreground == .default)
    }

    @Test func DECSTRResetsTheScrollRegionReport() {
        #expect(reply(to: "⎋[2;3r⎋[!p⎋P$qr⎋\\") == "⎋P1$r1;5r⎋\\")
    }

    @Test func DECSTRKeepsScrollbackAndTitle() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]2;keep\u{07}a\r\nb\r\nc⎋[!p")
        #expect(t.title == "keep")
        #expect(t.scrollbackCount == 1)
    }

    @Test func DECALNResetsTheScrollRegionReport() {
        #expect(reply(to: "⎋[2;4r⎋#8⎋P$qr⎋\\") == "⎋P1$r1;5r⎋\\")
    }

    @Test func renderTextTrimsTrailingBlanksEvenWithABackground() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "ab⎋[41m   ⎋[K⎋[m")
        #expect(renderedRow(t, 0) == "ab")
        #expect(t.renderText() == "ab\n\ncursor=0,5\n")
    }

    @Test func BELInTheGroundStateIsABellEffect() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "a\u{07}b\u{07}")
        #expect(e == [.bell, .bell])
        expectScreen(t, ["ab"], cursor: (0, 2))
    }
}

/// RIS is cheap (issue 15): a repeated RIS is skipped and a RIS clears the old screens in
/// place; either way the state is exactly that of a new terminal.
@Suite struct ResetCostTests {
    @Test(arguments: ["", "⎋c", "⎋c⎋c⎋c", "x⎋c", "⎋[?1049habc⎋[5;5Hd⎋c", "⎋]0;t⎋\\⎋[4h⎋(0⎋c⎋c", "⎋[2;3r⎋[?6h⎋c"])
    func aResetTerminalIsANewTerminal(_ before: String) {
        var reset = Terminal(rows: 6, columns: 20)
        reset.feed(esc(before + "⎋c"))
        reset.feed(esc("after\twards⎋[3;3HX"))
        var fresh = Terminal(rows: 6, columns: 20)
        fresh.feed(esc("after\twards⎋[3;3HX"))
        #expect(EngineSnapshot(reset) == EngineSnapshot(fresh), "\(before)")
    }

    /// RIS resets in place, field by field: every stored property must be in its list.
    @Test func theInPlaceResetCoversEveryStoredProperty() {
        let names = Set(Mirror(reflecting: Terminal(rows: 2, columns: 2)).children.compactMap(\.label))
        #expect(names == Terminal.propertiesResetInPlace)
    }

    /// After a RIS every stored property but the revision clock, the screens' storage
    /// (compared by content below) and the mark that a RIS was the last thing done reads as
    /// a new terminal's, whatever was changed before.
    @Test func aResetTerminalHoldsEveryPropertyOfANewOne() {
        var reset = Terminal(rows: 4, columns: 20, scrollbackLimit: 50)
        let everything = "⎋]8;id=a;https://x⎋\\l⎋[58:5:3m⎋[1;31mu⎋]2;title⎋\\⎋]1;icon⎋\\⎋[22;0t⎋[5G⎋H"
            + "⎋[2;3r⎋[?69h⎋[2;9s⎋[?6h⎋[4h⎋(0⎋)B\u{0E}⎋[?1049h⎋[?1000;1006;2004h⎋[?5s⎋[63;1\"p"
            + "⎋[1\"q⎋[2*x⎋7e\u{301}⎋]4;1;rgb:12/34/56⎋\\⎋[?69l⎋[?6l⎋[r\r\n\n\n\n\n⎋#8⎋[3b"
        reset.feed(esc(everything + "x⎋c"))
        let fresh = Terminal(rows: 4, columns: 20, scrollbackLimit: 50)
        let skipped: Set<String> = [
            "clock", "screen", "otherScreen", "parser", "pendingEffects", "lastWholesaleChange", "isUntouchedSinceWholesaleChange",
        ]
        let after = Dictionary(uniqueKeysWithValues: Mirror(reflecting: reset).children.map { ($0.label!, "\($0.value)") })
        for child in Mirror(reflecting: fresh).children where !skipped.contains(child.label!) {
            #expect(after[child.label!] == "\(child.value)", "\(child.label!) after RIS")
        }
        #expect(EngineSnapshot(reset) == EngineSnapshot(fresh))
    }
}
