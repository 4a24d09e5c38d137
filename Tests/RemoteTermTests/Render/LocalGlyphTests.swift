// What the ncurses front draws of a cell: everything that fits the cell's columns on a
// terminal counting with wcwidth. A skin-tone modifier in its own cells is drawn there; in
// a clustered cell (?2027) only the part before the first attached code point with a width
// of its own can be drawn without shifting the row.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func drawn(_ input: String, column: Int = 0) -> [UInt32] {
    var t = Terminal(rows: 2, columns: 20)
    t.feed(esc(input))
    return LocalGlyph.codePoints(of: t.cell(row: 0, column: column), extras: t.cellExtras)
}

private func padded(_ input: String, column: Int = 0) -> Bool {
    var t = Terminal(rows: 2, columns: 20)
    t.feed(esc(input))
    return LocalGlyph.needsPadding(t.cell(row: 0, column: column), extras: t.cellExtras)
}

@Suite struct LocalGlyphTests {
    @Test func combiningMarksAreDrawnWithTheirBase() {
        #expect(drawn("e\u{301}\u{302}") == [0x65, 0x301, 0x302])
        #expect(drawn("\u{2764}\u{FE0F}") == [0x2764, 0xFE0F])
        #expect(drawn("\u{1112}\u{1161}\u{11AB}") == [0x1112, 0x1161, 0x11AB])
    }

    @Test func aModifierInItsOwnCellsIsDrawn() {
        #expect(drawn("👍\u{1F3FD}", column: 0) == [0x1F44D])
        #expect(drawn("👍\u{1F3FD}", column: 2) == [0x1F3FD])
        #expect(!padded("👍\u{1F3FD}", column: 2))
    }

    @Test func anEmptyCellIsASpace() {
        #expect(drawn("") == [0x20])
    }

    @Test func aJoinerIsNotDrawn() {
        #expect(drawn("👨\u{200D}👩") == [0x1F468])
        #expect(drawn("👨\u{200D}👩", column: 2) == [0x1F469])
    }

    @Test func bidiControlsAreNotDrawn() {
        #expect(drawn("a\u{202E}\u{301}") == [0x61, 0x301])
    }

    @Test func aClusteredCellDrawsWhatFitsItsColumns() {
        #expect(drawn("⎋[?2027h👍\u{1F3FD}") == [0x1F44D])
        #expect(drawn("⎋[?2027h👨\u{200D}👩\u{200D}👧") == [0x1F468])
        #expect(drawn("⎋[?2027h\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}") == [0x1F3F3, 0xFE0F])
    }

    @Test func aClusterWhoseWidthsAddUpIsDrawnWhole() {
        #expect(drawn("⎋[?2027h🇫🇷") == [0x1F1EB, 0x1F1F7])
        #expect(LocalGlyph.isRun([0x1F1EB, 0x1F1F7]))
        #expect(!LocalGlyph.isRun([0x65, 0x301]))
        #expect(!padded("⎋[?2027h🇫🇷"))
    }

    @Test func aClusterWiderThanItsBaseIsPadded() {
        #expect(padded("⎋[?2027h🇫"))
        #expect(padded("⎋[?2027h\u{2764}\u{FE0F}"))
        #expect(!padded("⎋[?2027h👍\u{1F3FD}"))
        #expect(!padded("中"))
        #expect(!padded("🇫🇷"))
    }
}
