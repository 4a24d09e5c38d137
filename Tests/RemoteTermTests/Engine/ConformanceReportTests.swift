// The terminal's identity and the reports esctest2 reads: DA1/DA2 per conformance level
// (DECSCL), DECRQM for every mode rterm knows, DECRQSS for the settings it holds, DECDSR, XTSAVE
// and XTRESTORE, and the window operations of a terminal with no window (XTWINOPS, DECSLPP,
// DECSNLS, DECCOLM). Reference: xterm ctlseqs, esctest2 (da.py, da2.py, decrqm.py, decrqss.py,
// decdsr.py, decscl.py, xterm_save.py, xterm_winops.py).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func answer(_ input: String, rows: Int = 5, columns: Int = 10) -> String {
    replyText(feedAllWays(rows: rows, columns: columns, esc(input)).1)
}

private let replies: [(String, String)] = [
    ("⎋[c", "⎋[?64;1;2;6;9;15;16;17;18;21;22;28;29c"),
    ("⎋[65;1\"p⎋[c", "⎋[?65;1;2;6;9;15;16;17;18;21;22;28;29c"),
    ("⎋[62;1\"p⎋[c", "⎋[?62;1;2;6;9;15;22;29c"),
    ("⎋[61;1\"p⎋[c", "⎋[?1;2c"),
    ("⎋[>c", "⎋[>41;390;0c"),
    ("⎋[65;1\"p⎋[>0c", "⎋[>64;390;0c"),
    ("⎋[62;1\"p⎋[4$p", ""),  // a VT220 has no DECRQM
    ("⎋[1$p", "⎋[1;4$y"),  // GATM: permanently reset
    ("⎋[2$p", "⎋[2;2$y"),  // KAM
    ("⎋[2h⎋[2$p", "⎋[2;1$y"),
    ("⎋[12h⎋[12$p", "⎋[12;1$y"),  // SRM
    ("⎋[99$p", "⎋[99;0$y"),
    ("⎋[?60$p", "⎋[?60;4$y"),  // DECHCCM
    ("⎋[?69h⎋[?69$p", "⎋[?69;1$y"),
    ("⎋[?67h⎋[?67$p", "⎋[?67;1$y"),  // DECBKM
    ("⎋[?4$p", "⎋[?4;2$y"),  // DECSCLM
    ("⎋[?1045h⎋[?1045$p", "⎋[?1045;1$y"),
    ("⎋[?3$p", "⎋[?3;2$y"),
    ("⎋[?12345$p", "⎋[?12345;0$y"),
    ("⎋P$q\"p⎋\\", "⎋P1$r64;1\"p⎋\\"),
    ("⎋[0$}⎋P$q$}⎋\\", "⎋P1$r0$}⎋\\"),
    ("⎋[2$~⎋P$q$~⎋\\", "⎋P1$r2$~⎋\\"),
    ("⎋P$qt⎋\\", "⎋P1$r24t⎋\\"),
    ("⎋P$q*|⎋\\", "⎋P1$r5*|⎋\\"),
    ("⎋[?15n", "⎋[?13n"),
    ("⎋[?25n", "⎋[?20n"),
    ("⎋[?26n", "⎋[?27;1;0;0n"),
    ("⎋[?55n", "⎋[?50n"),
    ("⎋[?56n", "⎋[?57;0n"),
    ("⎋[?62n", "⎋[0*{"),
    ("⎋[?63;123n", "⎋P123!~0000⎋\\"),
    ("⎋[?75n", "⎋[?70n"),
    ("⎋[?85n", "⎋[?83n"),
    ("⎋[2t⎋[11t⎋[1t⎋[11t", "⎋[2t⎋[1t"),
    ("⎋[3;5;7t⎋[13t", "⎋[3;5;7t"),
    ("⎋[14t", "⎋[4;100;100t"),
    ("⎋[15t", "⎋[5;100;100t"),
    ("⎋[16t", "⎋[6;20;10t"),
    ("⎋[18t⎋[19t", "⎋[8;5;10t⎋[9;5;10t"),
    ("⎋]2;secret⎋\\⎋[20t⎋[21t", ""),  // titles are never reported
]

@Suite struct ConformanceReportTests {
    @Test(arguments: replies)
    func reports(_ c: (String, String)) {
        #expect(answer(c.0) == c.1, "\(c.0)")
    }

    @Test func xtsaveAndXtrestoreBringAModeBack() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[?7l⎋[?7s⎋[?7h⎋[?7r"))
        #expect(!t.modes.autowrap)
        let (u, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[?1h⎋[?1;2004s⎋[?1l⎋[?2004h⎋[?1;2004r"))
        #expect(u.modes.cursorKeysApplication && !u.modes.bracketedPaste)
    }

    @Test func decsclSoftResets() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[?6h⎋[2;4r⎋[65;1\"p"))
        #expect(!t.modes.origin && t.scrollTop == 0 && t.scrollBottom == 4)
    }

    @Test(arguments: [
        ("⎋[8;3;7t", 3, 7), ("⎋[8;0;7t", 5, 7), ("⎋[8;3t", 3, 10), ("⎋[4;60;70t", 3, 7), ("⎋[30t", 30, 10),
        ("⎋[24*|", 24, 10), ("⎋[8;9999;9999t", 500, 500),
    ])
    func theRemoteResizesTheScreen(_ c: (String, Int, Int)) {
        let (t, e) = feedAllWays(rows: 5, columns: 10, esc(c.0))
        #expect(t.rows == c.1 && t.columns == c.2, "\(c.0)")
        #expect(e.contains(.resized(rows: c.1, columns: c.2)))
    }

    @Test func decColumnModeNeedsPermissionClearsAndRISGoesBackTo80() {
        let (t, e) = feedAllWays(rows: 5, columns: 80, esc("abc⎋[?3h"))
        #expect(t.columns == 80 && e.isEmpty)
        let (wide, f) = feedAllWays(rows: 5, columns: 80, esc("abc⎋[2;3r⎋[?40h⎋[?3h"))
        var u = wide
        #expect(u.columns == 132 && f.contains(.resized(rows: 5, columns: 132)))
        #expect(u.renderText() == screenText([], cursor: (0, 0), rows: 5))
        #expect(u.scrollBottom == 4)
        #expect(replyText(u.feed(esc("⎋[?3$p"))) == "⎋[?3;1$y")
        let reset = u.feed(esc("⎋c"))
        #expect(u.columns == 80 && reset.contains(.resized(rows: 5, columns: 80)))
        u.feed(esc("⎋[?40h⎋[?3h"))
        #expect(u.columns == 132)
        // A local resize ends the 132 columns: RIS keeps the local size, DECRQM says reset.
        u.resize(rows: 5, columns: 100)
        #expect(replyText(u.feed(esc("⎋[?3$p"))) == "⎋[?3;2$y")
        u.feed(esc("⎋c"))
        #expect(u.columns == 100)
    }

    @Test func rectangleOperationsNeedLevelFour() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[63;1\"p⎋[88;1;1;2;2$x"))
        #expect(t.graphemeText(row: 0, column: 0) == "")
        let (u, _) = feedAllWays(rows: 5, columns: 10, esc("⎋[64;1\"p⎋[88;1;1;2;2$x"))
        #expect(u.graphemeText(row: 0, column: 0) == "X")
    }

    @Test func decncsmKeepsTheScreenAtLevelFive() {
        let (t, _) = feedAllWays(rows: 5, columns: 80, esc("⎋[65;1\"p⎋[?40h⎋[?95hX⎋[?3h"))
        #expect(t.columns == 132 && t.graphemeText(row: 0, column: 0) == "X")
        let (u, _) = feedAllWays(rows: 5, columns: 80, esc("⎋[64;1\"p⎋[?40h⎋[?95hX⎋[?3h"))
        #expect(u.graphemeText(row: 0, column: 0) == "")
    }
}
