// Protected cells: DECSCA (`CSI Ps " q`), SPA/EPA (`ESC V`/`ESC W`, C1 0x96/0x97) and the
// erases that spare them. Reference: xterm (charproc.c CASE_DECSCA/SPA/EPA, util.c
// do_erase_display/do_erase_line/do_erase_char, ClearInLine) and esctest2 (decsed.py,
// decsel.py, ed.py, el.py, ech.py, decstr.py, save_restore_cursor.py, decrqss.py).
// DEC protection binds only the selective erases; ISO protection (SPA) binds ED, EL and ECH
// too, and (xterm, for backward compatibility) DECSED/DECSEL.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let protectedABC = "⎋[1\"qabc⎋[0\"qdef"  // "abc" DEC-protected, "def" not

private let cases: [ScreenCase] = [
    // DECSED / DECSEL spare DEC-protected cells
    ScreenCase("DECSED 0 spares protected cells", "\(protectedABC)⎋[H⎋[?J", ["abc"], cursor: (0, 0)),
    ScreenCase("DECSED default is 0", "\(protectedABC)\r\nxyz⎋[1;2H⎋[?J", ["abc"], cursor: (0, 1)),
    ScreenCase("DECSED 1 spares protected cells", "xy\r\n\(protectedABC)⎋[2;5H⎋[?1J", ["", "abc  f"],
               cursor: (1, 4)),
    ScreenCase("DECSED 2 spares protected cells", "xy\r\n\(protectedABC)⎋[?2J", ["", "abc"], cursor: (1, 6)),
    ScreenCase("DECSED 3 leaves the screen alone", "\(protectedABC)⎋[?3J", ["abcdef"], cursor: (0, 6)),
    ScreenCase("DECSEL 0 spares protected cells", "\(protectedABC)⎋[1;2H⎋[?K", ["abc"], cursor: (0, 1)),
    ScreenCase("DECSEL 1 spares protected cells", "\(protectedABC)⎋[1;5H⎋[?1K", ["abc  f"], cursor: (0, 4)),
    ScreenCase("DECSEL 2 spares protected cells", "\(protectedABC)⎋[?2K", ["abc"], cursor: (0, 6)),
    ScreenCase("DECSEL without protection erases all", "abcdef⎋[1;3H⎋[?K", ["ab"], cursor: (0, 2)),
    ScreenCase("DECSCA 2 is DECSCA 0", "⎋[1\"qab⎋[2\"qcd⎋[?2K", ["ab"], cursor: (0, 4)),
    ScreenCase("DECSCA default is DECSCA 0", "⎋[1\"qab⎋[\"qcd⎋[?2K", ["ab"], cursor: (0, 4)),
    ScreenCase("an unknown DECSCA value keeps the pen", "⎋[1\"qab⎋[5\"qcd⎋[?2K", ["abcd"], cursor: (0, 4)),
    ScreenCase("SGR 0 keeps the protection", "⎋[1\"q⎋[1m⎋[0mab⎋[?2K", ["ab"], cursor: (0, 2)),
    ScreenCase("DECSTR ends protection", "⎋[1\"q⎋[!pab⎋[?2K", [], cursor: (0, 2)),
    ScreenCase("DECRC restores the protected pen", "⎋[1\"q⎋7⎋[0\"q⎋8ab⎋[?2K", ["ab"], cursor: (0, 2)),
    ScreenCase("DECRC with nothing saved ends protection", "⎋[1\"q⎋8ab⎋[?2K", [], cursor: (0, 2)),
    ScreenCase("a protected wide character is spared whole", "⎋[1\"q中⎋[0\"qxy⎋[?2K", ["中"], cursor: (0, 4)),
    ScreenCase("an unprotected wide character is erased whole", "⎋[1\"qa⎋[0\"q中b⎋[1;3H⎋[?K", ["a"],
               cursor: (0, 2)),
    // ED, EL, ECH: DEC protection does not bind them, ISO protection does
    ScreenCase("ED ignores DEC protection", "ab⎋[1\"qc⎋[0\"q⎋[H⎋[J", [], cursor: (0, 0)),
    ScreenCase("EL ignores DEC protection", "ab⎋[1\"qc⎋[0\"q⎋[2K", [], cursor: (0, 3)),
    ScreenCase("ECH ignores DEC protection", "ab⎋[1\"qc⎋[0\"q⎋[H⎋[3X", [], cursor: (0, 0)),
    ScreenCase("ED respects SPA", "ab⎋Vc⎋W⎋[H⎋[J", ["  c"], cursor: (0, 0)),
    ScreenCase("ED 2 respects SPA", "ab⎋Vc⎋Wd\r\nef⎋[2J", ["  c"], cursor: (1, 2)),
    ScreenCase("ED 1 respects SPA", "⎋Vab⎋Wcd\r\nef⎋[2;1H⎋[1J", ["ab", " f"], cursor: (1, 0)),
    ScreenCase("EL respects SPA", "ab⎋Vc⎋Wd⎋[2K", ["  c"], cursor: (0, 4)),
    ScreenCase("EL 1 respects SPA", "a⎋Vb⎋Wcd⎋[1K", [" b"], cursor: (0, 4)),
    ScreenCase("ECH respects SPA", "ab⎋Vc⎋W⎋[H⎋[3X", ["  c"], cursor: (0, 0)),
    ScreenCase("SPA and EPA as C1 controls", "ab\u{96}c\u{97}⎋[H⎋[3X", ["  c"], cursor: (0, 0)),
    ScreenCase("DECSED respects SPA (as xterm)", "a⎋Vb⎋W⎋[?2J", [" b"], cursor: (0, 2)),
    ScreenCase("DECSCA after SPA frees ED again", "a⎋Vb⎋W⎋[0\"q⎋[2J", [], cursor: (0, 2)),
    ScreenCase("SPA after DECSCA binds ED", "⎋[1\"qa⎋Vb⎋Wc⎋[2J", ["ab"], cursor: (0, 3)),
    // Other edits ignore protection (as xterm)
    ScreenCase("DCH moves protected cells", "⎋Vab⎋W⎋[H⎋[P", ["b"], cursor: (0, 0)),
    ScreenCase("printing overwrites protected cells", "⎋Vab⎋W⎋[Hx", ["xb"], cursor: (0, 1)),
]

@Suite struct ProtectionTests {
    @Test(arguments: cases)
    func protection(_ c: ScreenCase) { c.run() }

    @Test func theFlagIsOnTheCellsOnly() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1\"qa⎋[0\"qb")
        #expect(t.cell(row: 0, column: 0).attributes.contains(.protected))
        #expect(!t.cell(row: 0, column: 1).attributes.contains(.protected))
    }

    @Test func erasedCellsAreNotProtected() {
        // An erase under ISO protection keeps protected cells and leaves plain ones.
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋Va⎋Wb⎋[2K")
        #expect(t.cell(row: 0, column: 0).attributes.contains(.protected))
        #expect(t.cell(row: 0, column: 1) == .blank)
    }

    @Test func protectionChangesNeitherDrawingNorChecksum() {
        let checksum = "⎋[1;1;1;1;1;3*y"
        #expect(reply(to: "⎋[1\"qab⎋[0\"qc\(checksum)") == reply(to: "abc\(checksum)"))
        let (protected, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;31m⎋[1\"qab")
        let (plain, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;31mab")
        #expect(ANSIRenderer.text(of: protected) == ANSIRenderer.text(of: plain))
        #expect(protected.renderText() == plain.renderText())
    }

    @Test func scrollbackKeepsTheProtectedText() throws {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1\"qab⎋[0\"qc\r\n\r\n\r\n")
        #expect(t.scrollbackText(0) == "abc")
        let cells = try #require(t.line(number: t.oldestLineNumber)).cells
        #expect(cells[0].attributes.contains(.protected))
        #expect(!cells[2].attributes.contains(.protected))
    }

    @Test(arguments: [
        ("⎋[1\"q⎋P$q\"q⎋\\", "⎋P1$r1\"q⎋\\"),
        ("⎋P$q\"q⎋\\", "⎋P1$r0\"q⎋\\"),
        ("⎋[1\"q⎋[0\"q⎋P$q\"q⎋\\", "⎋P1$r0\"q⎋\\"),
        // xterm answers 1 only for DEC protection: SPA's is not DECSCA's.
        ("⎋V⎋P$q\"q⎋\\", "⎋P1$r0\"q⎋\\"),
        ("⎋P$q*x⎋\\", "⎋P1$r0*x⎋\\"),
        ("⎋[2*x⎋P$q*x⎋\\", "⎋P1$r2*x⎋\\"),
        ("⎋[2*x⎋[0*x⎋P$q*x⎋\\", "⎋P1$r0*x⎋\\"),
        ("⎋[2*x⎋[9*x⎋P$q*x⎋\\", "⎋P1$r2*x⎋\\"),
    ])
    func DECRQSS(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected)
    }
}
