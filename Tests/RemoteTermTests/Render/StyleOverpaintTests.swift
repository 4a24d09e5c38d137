// The bytes rterm writes over what ncurses drew, for the styling ncurses cannot give:
// 24-bit colour, strikethrough, overline, underline styles and colour. Screens come from a
// real Terminal fed with SGR text; the bytes are checked exactly.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let all = LocalStyleCapabilities(
    directColor: true, strikethrough: true, overline: true, styledUnderline: true, underlineColor: true)
private let noDirect = LocalStyleCapabilities(
    strikethrough: true, overline: true, styledUnderline: true, underlineColor: true)

/// Row 0 of a 2×10 terminal fed `input` ("⎋" is ESC): its runs and their bytes.
private func overpaint(
    _ input: String, _ capabilities: LocalStyleCapabilities = all, row: Int = 0
) -> (runs: [OverpaintRun], bytes: [UInt8]) {
    var t = Terminal(rows: 2, columns: 10)
    t.feed(esc(input))
    let runs = StyleOverpaint.runs(
        row: row, cells: t.rowCells(row), extras: t.cellExtras, colors: t.colorTable, capabilities: capabilities)
    let bytes = StyleOverpaint.bytes(
        for: runs, colors: t.colorTable, capabilities: capabilities, reverseScreen: t.modes.reverseVideo)
    return (runs, bytes)
}

/// Bytes as text with ESC shown as "⎋", so a failure reads like the expectation.
private func readable(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0 == "\u{1B}" ? "⎋" : Character($0) })
}

/// Checks `bytes` against `expected` ("⎋" is ESC) byte for byte: comparing Strings would
/// take "e\u{301}" and "é" for the same.
private func expectBytes(_ bytes: [UInt8], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(bytes == esc(expected), "got \(readable(bytes))", sourceLocation: sourceLocation)
}

private struct Case: Sendable, CustomStringConvertible {
    var name: String
    var input: String
    var capabilities: LocalStyleCapabilities = all
    var expected: String
    var description: String { name }
}

private let cases: [Case] = [
    Case(
        name: "RGB text and a strikethrough join one run; plain text is left to ncurses",
        input: "⎋[38;2;1;2;3mab⎋[9mc⎋[0md",
        expected: "⎋7⎋[1;1H⎋[0;38;2;1;2;3;49mab⎋[0;9;38;2;1;2;3;49mc⎋[0m⎋8"),
    Case(
        name: "without direct colour RGB is not overpainted, and drawn as ncurses' nearest",
        input: "⎋[38;2;1;2;3mab⎋[9mc⎋[0md", capabilities: noDirect,
        expected: "⎋7⎋[1;3H⎋[0;9;38;5;16;49mc⎋[0m⎋8"),
    Case(
        name: "every flag", input: "⎋[1;2;3;5;7;8;9;53mx",
        expected: "⎋7⎋[1;1H⎋[0;1;2;3;5;7;8;9;53;39;49mx⎋[0m⎋8"),
    Case(
        name: "ANSI, bright and 256 colours", input: "⎋[31;102;9mx⎋[38;5;200;48;5;17my",
        expected: "⎋7⎋[1;1H⎋[0;9;31;102mx⎋[0;9;38;5;200;48;5;17my⎋[0m⎋8"),
    Case(
        name: "RGB background", input: "⎋[48;2;10;20;30m x",
        expected: "⎋7⎋[1;1H⎋[0;39;48;2;10;20;30m x⎋[0m⎋8"),
    Case(
        name: "curly underline with an RGB colour", input: "⎋[4:3;58:2::10:20:30mx",
        expected: "⎋7⎋[1;1H⎋[0;4:3;39;49;58:2::10:20:30mx⎋[0m⎋8"),
    Case(
        name: "a single underline in a palette colour", input: "⎋[4;58:5:100mx",
        expected: "⎋7⎋[1;1H⎋[0;4;39;49;58:5:100mx⎋[0m⎋8"),
    Case(
        name: "an underline colour without an underline shows nothing", input: "⎋[58:5:100mx", expected: ""),
    Case(
        name: "a single underline is ncurses' own", input: "⎋[4mx", expected: ""),
    Case(
        name: "a double underline where only colour is known is drawn single, coloured",
        input: "⎋[4:2;58:5:9mx", capabilities: LocalStyleCapabilities(underlineColor: true),
        expected: "⎋7⎋[1;1H⎋[0;4;39;49;58:5:9mx⎋[0m⎋8"),
    Case(
        name: "strikethrough the terminal lacks is not sent", input: "⎋[9;4:5mx",
        capabilities: LocalStyleCapabilities(styledUnderline: true),
        expected: "⎋7⎋[1;1H⎋[0;4:5;39;49mx⎋[0m⎋8"),
    Case(
        name: "nothing without capabilities", input: "⎋[38;2;1;2;3;9;53;4:3;58:5:1mx", capabilities: .none,
        expected: ""),
    Case(
        name: "the style changes inside a run", input: "⎋[9mab⎋[1mc⎋[22;53md",
        expected: "⎋7⎋[1;1H⎋[0;9;39;49mab⎋[0;1;9;39;49mc⎋[0;9;53;39;49md⎋[0m⎋8"),
    Case(
        name: "two runs", input: "⎋[9ma⎋[0mb⎋[9mcd",
        expected: "⎋7⎋[1;1H⎋[0;9;39;49ma⎋[1;3H⎋[0;9;39;49mcd⎋[0m⎋8"),
    Case(
        name: "a wide character is written once", input: "⎋[9m中x",
        expected: "⎋7⎋[1;1H⎋[0;9;39;49m中x⎋[0m⎋8"),
    Case(
        name: "combining marks follow their base", input: "⎋[53me\u{301}\u{302}",
        expected: "⎋7⎋[1;1H⎋[0;53;39;49me\u{301}\u{302}⎋[0m⎋8"),
    Case(
        name: "a joiner is not written", input: "⎋[9m👨\u{200D}👩",
        expected: "⎋7⎋[1;1H⎋[0;9;39;49m👨👩⎋[0m⎋8"),
    Case(
        name: "a clustered glyph narrower than its cell is padded", input: "⎋[?2027h⎋[9m\u{2764}\u{FE0F}x",
        expected: "⎋7⎋[1;1H⎋[0;9;39;49m\u{2764}\u{FE0F} x⎋[0m⎋8"),
    Case(
        name: "reverse screen flips inverse", input: "⎋[?5h⎋[9mx⎋[7my",
        expected: "⎋7⎋[1;1H⎋[0;7;9;39;49mx⎋[0;9;39;49my⎋[0m⎋8"),
    Case(
        name: "a palette entry the remote changed is drawn as its RGB value",
        input: "⎋]4;1;rgb:ff/00/00⎋\\⎋[31mx",
        expected: "⎋7⎋[1;1H⎋[0;38;2;255;0;0;49mx⎋[0m⎋8"),
    Case(
        name: "a changed palette entry without direct colour is ncurses' nearest",
        input: "⎋]4;1;rgb:ff/00/00⎋\\⎋[31;9mx", capabilities: noDirect,
        expected: "⎋7⎋[1;1H⎋[0;9;38;5;196;49mx⎋[0m⎋8"),
]

@Suite struct StyleOverpaintTests {
    @Test(arguments: cases)
    fileprivate func bytes(_ c: Case) {
        expectBytes(overpaint(c.input, c.capabilities).bytes, c.expected)
    }

    @Test func noRunsNoBytes() {
        #expect(StyleOverpaint.bytes(for: [], colors: TerminalColors(), capabilities: all, reverseScreen: false) == [])
        #expect(overpaint("plain ⎋[1;3;4;7mtext").runs.isEmpty)
    }

    @Test func runsJoinAdjacentCells() {
        let (runs, _) = overpaint("⎋[9ma⎋[0mb⎋[9mc⎋[53md⎋[0m")
        #expect(runs.map { [$0.row, $0.column, $0.cells.count] } == [[0, 0, 1], [0, 2, 2]])
    }

    @Test func runsCarryTheirRow() {
        let (runs, bytes) = overpaint("\r\n⎋[9mx", row: 1)
        #expect(runs.map(\.row) == [1])
        expectBytes(bytes, "⎋7⎋[2;1H⎋[0;9;39;49mx⎋[0m⎋8")
    }

    @Test func aWideCharacterKeepsItsContinuation() {
        let (runs, _) = overpaint("a⎋[9m中⎋[0mb")
        #expect(runs.count == 1)
        #expect(runs.first?.column == 1)
        #expect(runs.first?.cells.map(\.width) == [2, 0])
    }

    @Test func aWideCharacterCutOffIsLeftToNcurses() {
        var t = Terminal(rows: 1, columns: 10)
        t.feed(esc("⎋[9ma中"))
        let runs = StyleOverpaint.runs(
            row: 0, cells: t.rowCells(0).prefix(2), extras: t.cellExtras, colors: t.colorTable, capabilities: all)
        #expect(runs.map(\.cells.count) == [1])
    }

    @Test func aChangedDefaultBackgroundOverpaintsBlankCells() {
        let (runs, bytes) = overpaint("⎋]11;rgb:10/20/30⎋\\")
        #expect(runs.map(\.cells.count) == [10])
        expectBytes(bytes, "⎋7⎋[1;1H⎋[0;39;48;2;16;32;48m          ⎋[0m⎋8")
    }

    @Test func needsOverpaint() {
        var t = Terminal(rows: 1, columns: 10)
        t.feed(esc("⎋[9ma⎋[0;53mb⎋[0;4:4mc⎋[0;38;2;9;9;9md⎋[0;4:1me"))
        let needy = (0..<5).map {
            StyleOverpaint.needsOverpaint(
                t.cell(row: 0, column: $0), extras: t.cellExtras, colors: t.colorTable, capabilities: all)
        }
        #expect(needy == [true, true, true, true, false])
        let none = (0..<5).map {
            StyleOverpaint.needsOverpaint(
                t.cell(row: 0, column: $0), extras: t.cellExtras, colors: t.colorTable, capabilities: .none)
        }
        #expect(none == [false, false, false, false, false])
    }

    // MARK: - Only printable text goes out

    @Test(arguments: [UInt32(0x1B), 0x07, 0x7F, 0x9B, 0x85, 0xD800, 0x110000])
    func aControlCodePointIsWrittenAsASpace(_ codePoint: UInt32) {
        let cell = Cell(codePoint: codePoint, attributes: .strikethrough)
        let run = OverpaintRun(row: 0, column: 0, cells: [cell, Cell(codePoint: 0x41, attributes: .strikethrough)],
                               extras: CellExtras())
        let bytes = StyleOverpaint.bytes(for: [run], colors: TerminalColors(), capabilities: all, reverseScreen: false)
        expectBytes(bytes, "⎋7⎋[1;1H⎋[0;9;39;49m A⎋[0m⎋8")
    }

    @Test func aControlMarkIsNeverWritten() {
        var extras = CellExtras()
        let marks = extras.intern(CellExtra(combining: [0x301, 0x1B, 0x302]))!
        let spaced = extras.intern(CellExtra(combining: [0x9B]))!
        let runs = [
            // LocalGlyph already stops at a code point with a width of its own…
            OverpaintRun(
                row: 0, column: 0, cells: [Cell(codePoint: 0x65, attributes: .overline, extra: marks)],
                extras: extras),
            // …unless the widths add up to the cell's: then the control keeps its column as a space.
            OverpaintRun(
                row: 0, column: 2,
                cells: [
                    Cell(codePoint: 0x65, attributes: [.overline, .wide], extra: spaced),
                    Cell(attributes: [.overline, .wideContinuation]),
                ], extras: extras),
        ]
        let bytes = StyleOverpaint.bytes(for: runs, colors: TerminalColors(), capabilities: all, reverseScreen: false)
        expectBytes(bytes, "⎋7⎋[1;1H⎋[0;53;39;49me\u{301}⎋[1;3H⎋[0;53;39;49me ⎋[0m⎋8")
    }

    @Test func aWideControlIsTwoSpaces() {
        let wide = Cell(codePoint: 0x1B, attributes: [.wide, .strikethrough])
        let continuation = Cell(attributes: [.wideContinuation, .strikethrough])
        let run = OverpaintRun(row: 0, column: 0, cells: [wide, continuation], extras: CellExtras())
        let bytes = StyleOverpaint.bytes(for: [run], colors: TerminalColors(), capabilities: all, reverseScreen: false)
        expectBytes(bytes, "⎋7⎋[1;1H⎋[0;9;39;49m  ⎋[0m⎋8")
    }

    @Test func aWideCharacterWithoutItsContinuationIsOneSpace() {
        let run = OverpaintRun(
            row: 0, column: 4, cells: [Cell(codePoint: 0x4E2D, attributes: [.wide, .strikethrough])],
            extras: CellExtras())
        let bytes = StyleOverpaint.bytes(for: [run], colors: TerminalColors(), capabilities: all, reverseScreen: false)
        expectBytes(bytes, "⎋7⎋[1;5H⎋[0;9;39;49m ⎋[0m⎋8")
    }

    @Test func anOrphanContinuationIsSkippedWithACursorMove() {
        let run = OverpaintRun(
            row: 0, column: 3,
            cells: [
                Cell(attributes: [.wideContinuation, .strikethrough]), Cell(codePoint: 0x78, attributes: .strikethrough),
            ],
            extras: CellExtras())
        let bytes = StyleOverpaint.bytes(for: [run], colors: TerminalColors(), capabilities: all, reverseScreen: false)
        expectBytes(bytes, "⎋7⎋[1;5H⎋[0;9;39;49mx⎋[0m⎋8")
    }

    // MARK: - The terminal's own strings

    @Test func terminfoStringsAreUsed() {
        let capabilities = LocalStyleCapabilities(
            strikethrough: true, styledUnderline: true, underlineColor: true,
            strikethroughString: "\u{1B}[9m", styledUnderlineString: "\u{1B}[4::%p1%dm",
            underlineColorString: "\u{1B}[58:2:%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m")
        expectBytes(
            overpaint("⎋[9;4:3;58:2::10:20:30mx", capabilities).bytes,
            "⎋7⎋[1;1H⎋[0;4::3;9;39;49;58:2:10:20:30mx⎋[0m⎋8")
    }

    @Test func aStringThatIsNoPlainSGRFollowsTheSGR() {
        let capabilities = LocalStyleCapabilities(overline: true, overlineString: "\u{1B}[?53h")
        expectBytes(overpaint("⎋[53mx", capabilities).bytes, "⎋7⎋[1;1H⎋[0;39;49m⎋[?53hx⎋[0m⎋8")
    }

    @Test func anUnreadableStringFallsBackToTheStandardOne() {
        let capabilities = LocalStyleCapabilities(styledUnderline: true, styledUnderlineString: "\u{1B}[4:%p1%sm")
        expectBytes(overpaint("⎋[4:3mx", capabilities).bytes, "⎋7⎋[1;1H⎋[0;4:3;39;49mx⎋[0m⎋8")
    }
}

/// Links passed on as OSC 8: the URL is made safe, the cells are written again inside.
@Suite struct HyperlinkOverpaintTests {
    @Test(arguments: [
        ("https://example.com/a?b=c;d", "https://example.com/a?b=c;d"),
        ("https://example.com/\u{1B}\\x", "https://example.com/%1B\\x"),
        ("https://例え.jp/ü", "https://%E4%BE%8B%E3%81%88.jp/%C3%BC"),
        ("a b\u{7}", "a%20b%07"),
    ])
    func urlsAreMadeSafe(_ url: String, _ expected: String) {
        #expect(HyperlinkOverpaint.sanitizedURL(url) == expected)
    }

    @Test func aTooLongURLIsNotPassedOn() {
        #expect(HyperlinkOverpaint.sanitizedURL("https://x/" + String(repeating: "a", count: 3000)) == nil)
    }

    @Test func theLinkWrapsTheRewrittenCells() {
        var t = Terminal(rows: 1, columns: 10)
        t.feed("go here")
        let run = OverpaintRun(row: 0, column: 3, cells: Array(t.rowCells(0)[3..<7]), extras: t.cellExtras)
        let bytes = HyperlinkOverpaint.bytes(
            for: [(run, "https://h.example/")], colors: t.colorTable,
            capabilities: LocalStyleCapabilities(hyperlinks: true), reverseScreen: false)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}7\u{1B}]8;;https://h.example/\u{1B}\\\u{1B}[1;4H"))
        #expect(text.contains("here"))
        #expect(text.hasSuffix("\u{1B}]8;;\u{1B}\\\u{1B}8"))
    }

    @Test(arguments: [
        (["VTE_VERSION": "6800"], true), (["TERM": "xterm-kitty"], true), (["TERM_PROGRAM": "WezTerm"], true),
        (["TERM": "xterm-256color"], false), (["TMUX": "/tmp/x", "VTE_VERSION": "6800"], false),
        (["TMUX": "/tmp/x", "RTERM_HYPERLINKS": "on"], true), (["TERM": "xterm-kitty", "RTERM_HYPERLINKS": "off"], false),
    ])
    func hyperlinkSupportFromTheEnvironment(_ environment: [String: String], _ expected: Bool) {
        #expect(LocalStyleCapabilities.hyperlinkSupport(environment) == expected)
    }
}
