// Character sets: G0/G1 designation (ESC ( 0, ESC ) 0, ESC ( B, ESC ) B), SI/SO locking
// shifts and the DEC Special Graphics set. Reference: xterm ctlseqs, VT100 User Guide
// table 3-9, xterm's Unicode mapping of the DEC line-drawing set (charsets.c). Only
// 0x5F–0x7E are remapped; everything else prints as itself.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let decSpecialGraphics: [(String, String)] = [
    ("`", "◆"), ("a", "▒"), ("b", "␉"), ("c", "␌"), ("d", "␍"), ("e", "␊"), ("f", "°"), ("g", "±"),
    ("h", "␤"), ("i", "␋"), ("j", "┘"), ("k", "┐"), ("l", "┌"), ("m", "└"), ("n", "┼"), ("o", "⎺"),
    ("p", "⎻"), ("q", "─"), ("r", "⎼"), ("s", "⎽"), ("t", "├"), ("u", "┤"), ("v", "┴"), ("w", "┬"),
    ("x", "│"), ("y", "≤"), ("z", "≥"), ("{", "π"), ("|", "≠"), ("}", "£"), ("~", "·"),
]

private let cases: [ScreenCase] = [
    ScreenCase("ESC ( 0 draws a box", "⎋(0lqqk\r\nx  x\r\nmqqj", ["┌──┐", "│  │", "└──┘"], cursor: (2, 4)),
    ScreenCase("ESC ( B returns to ASCII", "⎋(0q⎋(Bq", ["─q"], cursor: (0, 2)),
    ScreenCase("Uppercase and digits are not remapped", "⎋(0ABC123", ["ABC123"], cursor: (0, 6)),
    ScreenCase("Non-ASCII is not remapped", "⎋(0é中q", ["é中─"], cursor: (0, 4)),
    ScreenCase("ESC ) 0 alone does not affect G0", "⎋)0q", ["q"], cursor: (0, 1)),
    ScreenCase("SO invokes G1", "⎋)0a\u{0E}q\u{0F}q", ["a─q"], cursor: (0, 3)),
    ScreenCase("SO with G1 still ASCII prints ASCII", "\u{0E}q\u{0F}", ["q"], cursor: (0, 1)),
    ScreenCase("SI returns to G0 graphics", "⎋(0⎋)B\u{0E}q\u{0F}q", ["q─"], cursor: (0, 2)),
    ScreenCase("ESC ) B makes G1 ASCII again", "⎋)0⎋)B\u{0E}q", ["q"], cursor: (0, 1)),
    ScreenCase("Designating G0 while G1 is invoked has no visible effect", "⎋)0\u{0E}⎋(Bq", ["─"], cursor: (0, 1)),
    ScreenCase("Line drawing survives line wrap", "⎋(0qqqqqqqqqqqq", ["──────────", "──"], cursor: (1, 2)),
    ScreenCase("Controls still work in graphics mode", "⎋(0q\r\nq", ["─", "─"], cursor: (1, 1)),
    ScreenCase("Escape sequences still parse in graphics mode", "⎋(0⎋[2Cq", ["  ─"], cursor: (0, 3)),
]

@Suite struct CharsetTests {
    @Test(arguments: cases)
    func charsets(_ c: ScreenCase) { c.run() }

    @Test(arguments: decSpecialGraphics)
    func decSpecialGraphicsMapping(_ ascii: String, _ unicode: String) {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋(0" + ascii)
        #expect(renderedRow(t, 0) == unicode, "ESC ( 0 then \(ascii)")
        #expect(t.cursorColumn == 1)
    }

    @Test func underscoreIsBlankInDECGraphics() {
        // 0x5F is a blank in the DEC Special Graphics set.
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋(0_x")
        let row = renderedRow(t, 0)
        #expect(row.unicodeScalars.count == 2)
        #expect(row.hasSuffix("│"))
        #expect(!row.hasPrefix("_"))
    }

    @Test func designationDoesNotPrint() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋(0⎋)0⎋(B⎋)B\u{0E}\u{0F}")
        expectScreen(t, [], cursor: (0, 0))
    }

    @Test func graphicsCellsKeepAttributes() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋(0⎋[1;32mq")
        #expect(t.cell(row: 0, column: 0).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 0).foreground == .indexed(2))
    }
}
