// Rectangular area operations: DECCRA (`$ v`), DECFRA (`$ x`), DECERA (`$ z`), DECSERA
// (`$ {`), DECCARA (`$ r`), DECRARA (`$ t`), DECSACE (`* x`). Reference: xterm (screen.c
// xtermParseRect, ScrnCopyRectangle, ScrnFillRectangle, ScrnWipeRectangle,
// ScrnMarkRectangle; charproc.c CASE_DECFRA) and esctest2 (deccra.py, decfra.py, decera.py,
// decsera.py, decrectops.py). Coordinates are 1-based, relative to the margins in origin
// mode, 0 or missing for the edge, clamped; none of these moves the cursor.

import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let r = fiveRowLines  // abcdefghij / klmnopqrst / uvwxyzABCD / EFGHIJKLMN / OPQRSTUVWX

private let cases: [ScreenCase] = [
    // DECCRA
    ScreenCase("DECCRA copies a rectangle", "\(fiveRows)⎋[1;1;2;3;1;4;5;1$v",
               [r[0], r[1], r[2], "EFGHabcLMN", "OPQRklmVWX"], cursor: (4, 9)),
    ScreenCase("DECCRA overlapping down and right", "\(fiveRows)⎋[1;1;2;3;1;2;2;1$v",
               [r[0], "kabcopqrst", "uklmyzABCD", r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECCRA overlapping up and left", "\(fiveRows)⎋[2;2;3;4;1;1;1;1$v",
               ["lmndefghij", "vwxnopqrst", r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECCRA destination defaults to the top left", "\(fiveRows)⎋[2;2;3;4$v",
               ["lmndefghij", "vwxnopqrst", r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECCRA source defaults to the top left", "\(fiveRows)⎋[;;2;2;;4;5$v",
               [r[0], r[1], r[2], "EFGHabKLMN", "OPQRklUVWX"], cursor: (4, 9)),
    ScreenCase("DECCRA destination clipped to the screen", "\(fiveRows)⎋[1;1;2;3;1;5;9$v",
               [r[0], r[1], r[2], r[3], "OPQRSTUVab"], cursor: (4, 9)),
    ScreenCase("DECCRA source clipped to the screen", "\(fiveRows)⎋[5;9;9;99;1;1;1$v",
               ["WXcdefghij", r[1], r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECCRA with an empty source does nothing", "\(fiveRows)⎋[2;2;1;1;1;4;4$v", r, cursor: (4, 9)),
    ScreenCase("DECCRA ignores the scroll region", "\(fiveRows)⎋[2;3r⎋[1;1;1;3;1;5;1$v",
               [r[0], r[1], r[2], r[3], "abcRSTUVWX"], cursor: (0, 0)),
    ScreenCase("DECCRA in origin mode is relative to the region", "\(fiveRows)⎋[2;4r⎋[?6h⎋[1;1;1;2;1;2;3$v",
               [r[0], r[1], "uvklyzABCD", r[3], r[4]], cursor: (1, 0)),
    ScreenCase("DECCRA in origin mode stays in the region", "\(fiveRows)⎋[2;4r⎋[?6h⎋[1;1;2;2;1;3;1$v",
               [r[0], r[1], r[2], "klGHIJKLMN", r[4]], cursor: (1, 0)),
    ScreenCase("DECCRA overwriting half a wide character blanks the other half", "中文\r\nxyz⎋[2;1;2;1;1;1;2$v",
               [" x文", "xyz"], cursor: (1, 3)),
    ScreenCase("DECCRA cutting a wide character leaves no half", "ab中cd⎋[1;4;1;5;1;2;1$v", ["ab中cd", " c"],
               cursor: (0, 6)),
    ScreenCase("DECCRA of a whole wide character", "ab中cd⎋[1;3;1;4;1;2;1$v", ["ab中cd", "中"], cursor: (0, 6)),
    ScreenCase("DECCRA keeps a pending wrap", "0123456789⎋[1;1;1;1;1;3;1$vZ", ["0123456789", "Z", "0"],
               cursor: (1, 1)),
    // DECFRA
    ScreenCase("DECFRA fills a rectangle", "\(fiveRows)⎋[37;2;2;3;4$x",
               [r[0], "k%%%opqrst", "u%%%yzABCD", r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECFRA defaults to the whole screen", "ab⎋[35$x", Array(repeating: "##########", count: 5),
               cursor: (0, 2)),
    ScreenCase("DECFRA without parameters does nothing", "\(fiveRows)⎋[$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA with an empty character fills spaces", "\(fiveRows)⎋[;1;1;1;3$x",
               ["   defghij", r[1], r[2], r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECFRA refuses a control character", "\(fiveRows)⎋[31;1;1;1;3$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA refuses DEL", "\(fiveRows)⎋[127;1;1;1;3$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA refuses C1", "\(fiveRows)⎋[150;1;1;1;3$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA refuses a wide character", "\(fiveRows)⎋[20013;1;1;1;3$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA refuses a combining mark", "\(fiveRows)⎋[769;1;1;1;3$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA takes Latin-1", "\(fiveRows)⎋[233;1;1;1;3$x", ["ééédefghij", r[1], r[2], r[3], r[4]],
               cursor: (4, 9)),
    ScreenCase("DECFRA takes other narrow characters", "⎋[945;1;1;1;2$x", ["αα"], cursor: (0, 0)),
    ScreenCase("DECFRA maps through the charset in GL", "⎋(0⎋[113;1;1;1;2$x", ["──"], cursor: (0, 0)),
    ScreenCase("DECFRA clipped to the screen", "\(fiveRows)⎋[37;5;9;99;99$x",
               [r[0], r[1], r[2], r[3], "OPQRSTUV%%"], cursor: (4, 9)),
    ScreenCase("DECFRA with an empty rectangle does nothing", "\(fiveRows)⎋[37;5;5;4;4$x", r, cursor: (4, 9)),
    ScreenCase("DECFRA ignores the scroll region", "\(fiveRows)⎋[2;3r⎋[37;5;1;5;2$x",
               [r[0], r[1], r[2], r[3], "%%QRSTUVWX"], cursor: (0, 0)),
    ScreenCase("DECFRA in origin mode is relative to the region", "\(fiveRows)⎋[2;3r⎋[?6h⎋[37;1;1;9;1$x",
               [r[0], "%lmnopqrst", "%vwxyzABCD", r[3], r[4]], cursor: (1, 0)),
    ScreenCase("DECFRA over half a wide character blanks the other half", "中文ab⎋[37;1;2;1;3$x", [" %% ab"],
               cursor: (0, 6)),
    ScreenCase("DECFRA keeps a pending wrap", "0123456789⎋[37;3;1;3;1$xZ", ["0123456789", "Z", "%"], cursor: (1, 1)),
    // DECERA
    ScreenCase("DECERA erases a rectangle", "\(fiveRows)⎋[2;2;3;4$z",
               [r[0], "k   opqrst", "u   yzABCD", r[3], r[4]], cursor: (4, 9)),
    ScreenCase("DECERA defaults to the whole screen", "\(fiveRows)⎋[$z", [], cursor: (4, 9)),
    ScreenCase("DECERA with an empty rectangle does nothing", "\(fiveRows)⎋[3;3;2;2$z", r, cursor: (4, 9)),
    ScreenCase("DECERA clipped to the screen", "\(fiveRows)⎋[5;9;99;99$z", [r[0], r[1], r[2], r[3], "OPQRSTUV"],
               cursor: (4, 9)),
    ScreenCase("DECERA erases protected cells", "⎋[1\"qab⎋[0\"q⎋[$z", [], cursor: (0, 2)),
    ScreenCase("DECERA in origin mode is relative to the region", "\(fiveRows)⎋[4;5r⎋[?6h⎋[1;1;5;2$z",
               [r[0], r[1], r[2], "  GHIJKLMN", "  QRSTUVWX"], cursor: (3, 0)),
    ScreenCase("DECERA over half a wide character blanks the other half", "中文ab⎋[1;4;1;5$z", ["中   b"],
               cursor: (0, 6)),
    // DECSERA
    ScreenCase("DECSERA spares DEC-protected cells", "⎋[1\"qabc⎋[0\"qdef\r\nghi⎋[1;2;2;10${", ["abc", "g"],
               cursor: (1, 3)),
    ScreenCase("DECSERA defaults to the whole screen", "⎋[1\"qab⎋[0\"qcd\r\nef⎋[${", ["ab"], cursor: (1, 2)),
    ScreenCase("DECSERA does not respect ISO protection", "a⎋Vb⎋W⎋[1;1;1;2${", [], cursor: (0, 2)),
    ScreenCase("DECSERA with an empty rectangle does nothing", "\(fiveRows)⎋[3;3;2;2${", r, cursor: (4, 9)),
    ScreenCase("DECSERA in origin mode is relative to the region", "\(fiveRows)⎋[4;5r⎋[?6h⎋[2;1;9;1${",
               [r[0], r[1], r[2], r[3], " PQRSTUVWX"], cursor: (3, 0)),
    ScreenCase("DECSERA cutting a wide character erases all of it", "中文ab⎋[1;2;1;2${", ["  文ab"], cursor: (0, 6)),
    ScreenCase("DECSERA spares a protected wide character whole", "⎋[1\"q中⎋[0\"qab⎋[1;2;1;3${", ["中 b"],
               cursor: (0, 4)),
]

/// The five rows, then left and right margins set directly (DECSLRM's dispatch belongs to
/// another change; the margins are set after printing so they cannot change the text).
private func margins(_ left: Int, _ right: Int) -> (inout Terminal) -> Void {
    { t in
        t.feed(esc(fiveRows))
        t.modes.leftRightMargins = true
        t.leftMargin = left
        t.rightMargin = right
    }
}

@Suite struct RectangleTests {
    @Test(arguments: cases)
    func rectangle(_ c: ScreenCase) { c.run() }

    // MARK: Origin mode with left and right margins

    @Test func originModeIsRelativeToTheLeftMargin() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, setup: margins(2, 7), "⎋[?6h⎋[1;1;1;1;1;3;3$v")
        #expect(renderedRow(t, 2) == "uvwxczABCD")
    }

    @Test func originModeClipsTheDestinationAtTheRightMargin() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, setup: margins(2, 7), "⎋[?6h⎋[1;1;1;6;1;1;4$v")
        #expect(renderedRow(t, 0) == "abcdecdeij")
    }

    @Test func originModeFillsInsideTheMargins() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, setup: margins(2, 7), "⎋[2;3r⎋[?6h⎋[37$x")
        #expect(renderedRow(t, 0) == r[0])
        #expect(renderedRow(t, 1) == "kl%%%%%%st")
        #expect(renderedRow(t, 2) == "uv%%%%%%CD")
        #expect(renderedRow(t, 3) == r[3])
    }

    @Test func marginsAreIgnoredWithoutOriginMode() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, setup: margins(2, 7), "⎋[1;1;1;10$z")
        #expect(renderedRow(t, 0) == "")
    }

    // MARK: What the cells get

    @Test func DECFRAUsesThePenRendition() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;4;31m⎋[88;1;1;1;1$x")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.scalar == "X")
        #expect(cell.attributes.contains(.bold))
        #expect(cell.attributes.underlineStyle == .single)
        #expect(cell.foreground == .indexed(1))
    }

    @Test func DECFRAKeepsColoursWhenThePenHasNone() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[33;44mab⎋[m⎋[88;1;1;1;2$x")
        #expect(t.cell(row: 0, column: 0).background == .indexed(4))
        #expect(t.cell(row: 0, column: 1).foreground == .indexed(3))
        #expect(t.cell(row: 0, column: 1).scalar == "X")
    }

    @Test func DECFRAWithAProtectedPenProtects() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1\"q⎋[88;1;1;1;2$x⎋[0\"q⎋[?2K")
        expectScreen(t, ["XX"], cursor: (0, 0))
    }

    @Test func DECERAUsesTheCurrentBackground() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1mab⎋[44m⎋[1;1;1;1$z")
        #expect(t.cell(row: 0, column: 0) == Cell(backgroundBits: TerminalColor.indexed(4).packed))
        #expect(t.cell(row: 0, column: 1).attributes.contains(.bold))
    }

    @Test func DECSERAKeepsColoursAndRendition() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[7;44mab⎋[m⎋[1;1;1;1${")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.codePoint == 0)
        #expect(cell.attributes.contains(.inverse))
        #expect(cell.background == .indexed(4))
    }

    // MARK: DECCARA, DECRARA, DECSACE

    private func bold(_ t: Terminal, _ row: Int, _ column: Int) -> Bool {
        t.cell(row: row, column: column).attributes.contains(.bold)
    }

    @Test func DECCARAOnARectangle() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, "\(fiveRows)⎋[2*x⎋[1;2;2;3;1$r")
        #expect(bold(t, 0, 1) && bold(t, 0, 2) && bold(t, 1, 1) && bold(t, 1, 2))
        #expect(!bold(t, 0, 0) && !bold(t, 0, 3) && !bold(t, 1, 0) && !bold(t, 2, 1))
        expectScreen(t, r, cursor: (4, 9))
    }

    @Test func DECCARAOnAStreamByDefault() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, "\(fiveRows)⎋[1;2;2;3;1$r")
        #expect(bold(t, 0, 1) && bold(t, 0, 9) && bold(t, 1, 0) && bold(t, 1, 2))
        #expect(!bold(t, 0, 0) && !bold(t, 1, 3) && !bold(t, 2, 0))
        // The corners still make a rectangle: a first column right of the last is empty
        // (xterm's validRect), even for a stream.
        let (empty, _) = feedAllWays(rows: 5, columns: 10, "\(fiveRows)⎋[1;9;2;2;1$r")
        #expect(!bold(empty, 0, 9) && !bold(empty, 1, 0))
    }

    @Test func DECCARAOnAStreamSkipsEmptyCells() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "ab⎋[1;1;1;10;4$r")
        #expect(t.cell(row: 0, column: 1).attributes.underlineStyle == .single)
        #expect(t.cell(row: 0, column: 5).attributes.underlineStyle == .none)
        let (rectangle, _) = feedAllWays(rows: 2, columns: 10, "ab⎋[2*x⎋[1;1;1;10;4$r")
        #expect(rectangle.cell(row: 0, column: 5).attributes.underlineStyle == .single)
    }

    @Test func DECCARASetsAndClears() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;4;5;7;8ma⎋[mb⎋[1;1;1;1;0$r⎋[1;2;1;2;5;7;8$r")
        let cleared = t.cell(row: 0, column: 0).attributes
        #expect(!cleared.contains(.bold) && !cleared.contains(.blink) && !cleared.contains(.inverse))
        #expect(cleared.underlineStyle == .none)
        #expect(cleared.contains(.invisible))  // not covered by 0, as in xterm
        let set = t.cell(row: 0, column: 1).attributes
        #expect(set.contains(.blink) && set.contains(.inverse) && set.contains(.invisible))
        let (off, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;4;5;7;8ma⎋[1;1;1;1;22;24;25;27;28$r")
        #expect(off.cell(row: 0, column: 0).attributes == [])
    }

    @Test func DECCARAWithoutAttributesDoesNothing() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1ma⎋[1;1;1;1$r")
        #expect(bold(t, 0, 0))
    }

    @Test func DECRARAReverses() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1ma⎋[mb⎋[1;1;1;2;1$t")
        #expect(!bold(t, 0, 0) && bold(t, 0, 1))
        let (all, _) = feedAllWays(rows: 2, columns: 10, "⎋[4ma⎋[mb⎋[1;1;1;2;0$t")
        #expect(all.cell(row: 0, column: 0).attributes == [.bold, .blink, .inverse])
        #expect(all.cell(row: 0, column: 1).attributes.contains([.bold, .blink, .inverse]))
        #expect(all.cell(row: 0, column: 1).attributes.underlineStyle == .single)
    }

    @Test func attributeChangesKeepCharactersAndColours() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[31mab⎋[1;1;1;2;7$r")
        expectScreen(t, ["ab"], cursor: (0, 2))
        #expect(t.cell(row: 0, column: 0).foreground == .indexed(1))
    }

    // MARK: Damage

    @Test(arguments: [
        ("DECCRA", "⎋[1;1;1;3;1;3;1$v", [2]),
        ("DECFRA", "⎋[37;2;1;3;4$x", [1, 2]),
        ("DECERA", "⎋[4;1;5;4$z", [3, 4]),
        ("DECSERA", "⎋[2;1;2;4${", [1]),
        ("DECCARA", "⎋[2*x⎋[1;1;2;4;1$r", [0, 1]),
        ("DECSED", "⎋[3;1H⎋[?J", [2, 3, 4]),
        ("DECSEL", "⎋[4;1H⎋[?K", [3]),
    ])
    func changedRowsAreTouched(_ name: String, _ change: String, _ expected: [Int]) {
        var t = Terminal(rows: 5, columns: 10)
        t.feed(esc(fiveRows))
        let before = (0..<5).map { t.rowRevision($0) }
        t.feed(esc(change))
        let changed = (0..<5).filter { t.rowRevision($0) != before[$0] }
        #expect(changed == expected, "\(name)")
    }
}

/// DECCRA against a model of it (the source read whole, then each destination row written
/// with its edges released and cut halves trimmed), over random screens with wide characters
/// and colours, and over floods of one copy repeated: the fast paths (whole rows rotated into
/// place, rows of one repeated cell skipped) must not change what a copy does.
@Suite struct RectangleCopyModelTests {
    private typealias Grid = [[Cell]]

    private func grid(_ t: Terminal) -> Grid {
        (0..<t.rows).map { r in (0..<t.columns).map { t.cell(row: r, column: $0) } }
    }

    private func blankHalf(_ cell: inout Cell) {
        cell.codePoint = 0
        cell.extra = 0
        cell.attributes.remove([.wide, .wideContinuation])
    }

    /// The copy as DEC STD 070 and xterm describe it, without origin mode or margins.
    private func modelCopy(_ g: Grid, top st: Int, left sl: Int, bottom sb: Int, right sr: Int, to dt: Int, _ dl: Int)
        -> Grid
    {
        var g = g
        let rows = g.count
        let columns = g[0].count
        let source = (st...sb).map { Array(g[$0][sl...sr]) }
        let right = min(dl + (sr - sl), columns - 1)
        let bottom = min(dt + (sb - st), rows - 1)
        for row in dt...bottom {
            if dl > 0 && g[row][dl].attributes.contains(.wideContinuation) { blankHalf(&g[row][dl - 1]) }
            if right + 1 < columns && g[row][right + 1].attributes.contains(.wideContinuation) {
                blankHalf(&g[row][right + 1])
            }
            for column in dl...right { g[row][column] = source[row - dt][column - dl] }
            if g[row][dl].attributes.contains(.wideContinuation) { blankHalf(&g[row][dl]) }
            if g[row][right].attributes.contains(.wide) { blankHalf(&g[row][right]) }
        }
        return g
    }

    private func randomScreen(_ rng: inout SplitMix64, rows: Int, columns: Int) -> Terminal {
        var t = Terminal(rows: rows, columns: columns)
        var text = ""
        for _ in 0..<(rows * columns) {
            switch rng.next(below: 10) {
            case 0: text += "中"
            case 1: text += "⎋[3\(rng.next(below: 8))m"
            case 2: text += " "
            default: text += String(UnicodeScalar(UInt8(0x61 + rng.next(below: 26))))
            }
        }
        t.feed(esc("⎋[H" + text + "⎋[H"))
        return t
    }

    @Test func randomCopiesMatchTheModel() {
        var rng = SplitMix64(seed: 70)
        for _ in 0..<300 {
            let rows = rng.next(in: 1...7)
            let columns = rng.next(in: 2...12)
            var t = randomScreen(&rng, rows: rows, columns: columns)
            for _ in 0..<5 {
                let st = rng.next(below: rows)
                let sb = rng.next(in: st...(rows - 1))
                let whole = rng.chance(40)
                let sl = whole ? 0 : rng.next(below: columns)
                let sr = whole ? columns - 1 : rng.next(in: sl...(columns - 1))
                let dt = rng.next(below: rows)
                let dl = whole ? 0 : rng.next(below: columns)
                let wraps = (0..<rows).map { t.isRowWrapped($0) }
                let expected = modelCopy(grid(t), top: st, left: sl, bottom: sb, right: sr, to: dt, dl)
                let sequence = "⎋[\(st + 1);\(sl + 1);\(sb + 1);\(sr + 1);1;\(dt + 1);\(dl + 1);1$v"
                t.feed(esc(sequence))
                #expect(grid(t) == expected, "\(rows)x\(columns) \(visible(esc(sequence)))")
                #expect((0..<rows).map { t.isRowWrapped($0) } == wraps, "wrap flags stay with their rows")
            }
        }
    }

    @Test(arguments: ["1;1;9;12;1;1;2;1", "1;2;9;12;1;1;1;1", "1;1;9;12;1;2;1;1", "2;1;9;12;1;1;1;1"])
    func aRepeatedCopyMatchesTheModelEveryTime(_ parameters: String) {
        // A shift by one column (or row) repeated past the width: rows settle into one
        // repeated cell and are then skipped; a print in between must be copied again.
        var rng = SplitMix64(seed: 71)
        var t = randomScreen(&rng, rows: 9, columns: 12)
        let p = parameters.split(separator: ";").map { Int($0)! - 1 }
        for step in 0..<40 {
            if step == 25 { t.feed(esc("⎋[4;6Hq⎋[H")) }
            let expected = modelCopy(grid(t), top: p[0], left: p[1], bottom: p[2], right: p[3], to: p[5], p[6])
            t.feed(esc("⎋[\(parameters)$v"))
            #expect(grid(t) == expected, "step \(step)")
        }
    }
}
