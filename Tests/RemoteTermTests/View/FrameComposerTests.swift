import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The frame composer: viewport plus overlays in, text and renditions out.
@Suite struct FrameComposerTests {
    static func terminal(_ text: String, rows: Int = 4, columns: Int = 12) -> Terminal {
        var t = Terminal(rows: rows, columns: columns)
        t.feed(text)
        return t
    }

    static func compose(
        _ t: Terminal, topLine: Int? = nil, rows: Int? = nil, columns: Int? = nil,
        _ overlays: FrameComposer.Overlays = FrameComposer.Overlays()
    ) -> Frame {
        FrameComposer.compose(t, topLine: topLine, area: (rows ?? t.rows, columns ?? t.columns), overlays: overlays)
    }

    static func inverted(_ line: FrameLine) -> [Int] {
        line.cells.indices.filter { line.cells[$0].attributes.contains(.inverse) }
    }

    @Test func theLiveScreenWithItsCursor() {
        let f = Self.compose(Self.terminal("ab\r\ncd"))
        #expect(f.text == ["ab", "cd", "", ""])
        #expect(f.cursor == FrameCursor(row: 1, column: 2))
    }

    @Test func theHistoryFromAStableLineShowsNoCursor() {
        let t = Self.terminal((1...10).map { "L\($0)" }.joined(separator: "\r\n"))
        let f = Self.compose(t, topLine: 2)
        #expect(f.text == ["L3", "L4", "L5", "L6"])
        #expect(f.cursor == nil)
    }

    @Test(arguments: [
        ("one row", TextPosition(line: 0, column: 1), TextPosition(line: 0, column: 3), [[1, 2, 3], [], []]),
        ("two rows", TextPosition(line: 0, column: 10), TextPosition(line: 1, column: 1), [[10, 11], [0, 1], []]),
        ("wide halves", TextPosition(line: 2, column: 1), TextPosition(line: 2, column: 1), [[], [], [0, 1]]),
    ])
    func selectionIsReverseVideo(_ name: String, _ start: TextPosition, _ end: TextPosition, _ expected: [[Int]]) {
        let t = Self.terminal("abcdefghijkl\r\nmnop\r\n漢字", rows: 3)
        let f = Self.compose(t, FrameComposer.Overlays(selection: start...end))
        #expect(f.lines.map(Self.inverted) == expected, "\(name)")
    }

    @Test func aSelectionOnReverseTextTurnsItBack() {
        let t = Self.terminal("\u{1B}[7mab\u{1B}[0m", rows: 1)
        let f = Self.compose(t, FrameComposer.Overlays(selection: TextPosition(line: 0, column: 0)...TextPosition(line: 0, column: 2)))
        #expect(Self.inverted(f.lines[0]) == [2])
    }

    @Test func linksAreUnderlinedKeepingTheirOwnStyle() {
        let t = Self.terminal("ab \u{1B}[4:3mcd\u{1B}[0m", rows: 1)
        let link = DetectedLink(
            url: "https://x.example/", start: TextPosition(line: 0, column: 0), end: TextPosition(line: 0, column: 4),
            isExplicit: false)
        let f = Self.compose(t, FrameComposer.Overlays(links: [link]))
        let styles = f.lines[0].cells.prefix(6).map(\.attributes.underlineStyle)
        #expect(styles == [.single, .single, .single, .curly, .curly, .none])
        #expect(f.lines[0].links == [FrameLink(columns: 0..<5, url: "https://x.example/")])
    }

    @Test func aLinkWrappedOverTwoRowsIsNamedOnBoth() {
        let t = Self.terminal("ab https://x.example/long", rows: 3, columns: 12)
        let link = DetectedLink(
            url: "https://x.example/long", start: TextPosition(line: 0, column: 3),
            end: TextPosition(line: 1, column: 12), isExplicit: false)
        let f = Self.compose(t, FrameComposer.Overlays(links: [link]))
        #expect(f.lines[0].links == [FrameLink(columns: 3..<12, url: "https://x.example/long")])
        #expect(f.lines[1].links == [FrameLink(columns: 0..<12, url: "https://x.example/long")])
    }

    @Test func overlaysOffTheScreenAreLeftOut() {
        let t = Self.terminal("a\r\nb", rows: 2)
        let off = TextPosition(line: 40, column: 0)...TextPosition(line: 41, column: 3)
        let f = Self.compose(t, FrameComposer.Overlays(selection: off))
        #expect(f.lines.allSatisfy { Self.inverted($0).isEmpty })
    }

    @Test func thePanelCoversTheBottomRowsAndHidesTheCursorUnderIt() {
        let t = Self.terminal("\r\n\r\n\r\n$ ", rows: 4, columns: 20)
        let panel = Panel(title: "Help", paragraphs: ["one two three four five"])
        let f = Self.compose(t, FrameComposer.Overlays(panel: panel))
        #expect(f.text == ["", " Help", " one two three four", " five"])
        #expect(Self.inverted(f.lines[1]) == Array(0..<20))
        #expect(f.cursor == nil)
    }

    @Test(arguments: [
        (40, " Help  [1-2/6]  any key closes"),
        (20, " Help  [1-2/6]"),
        (10, " Help"),
    ])
    func thePanelTitleSaysWhereTheTextIsAsFarAsItFits(_ columns: Int, _ expected: String) {
        let t = Self.terminal("", rows: 3, columns: columns)
        let panel = Panel(title: "Help", hint: "any key closes", paragraphs: ["a", "b", "c", "d", "e", "f"])
        #expect(Self.compose(t, FrameComposer.Overlays(panel: panel)).text[0] == expected)
    }

    @Test func theBarRowIsBelowTheAreaWithItsEmphasis() {
        let t = Self.terminal("x", rows: 2, columns: 10)
        let bar = [BarLabel(column: 0, text: "Esc"), BarLabel(column: 4, text: "^Ctrl", emphasis: .armed)]
        let f = Self.compose(t, FrameComposer.Overlays(bar: bar))
        #expect(f.rows == 3)
        #expect(f.text[2] == "Esc ^Ctrl")
        #expect(Self.inverted(f.lines[2]) == [4, 5, 6, 7, 8])
    }

    /// Buttons are caps in reverse video on every row of a taller bar (issue 45: the extra
    /// rows were blank), with the gap before each left alone; an armed modifier's cap is the
    /// other way round, its label bold; the bar's rows are drawn in the user's own colours.
    @Test func buttonsAreCapsOnEveryRowOfTheBar() {
        let t = Self.terminal("x", rows: 2, columns: 12)
        var overlays = FrameComposer.Overlays(bar: [
            BarLabel(column: 2, text: "Esc", cap: 1..<5),
            BarLabel(column: 6, text: "^Ctrl", emphasis: .armed, cap: 6..<11),
        ])
        overlays.barRows = 3
        let f = Self.compose(t, overlays)
        #expect(f.rows == 5)
        #expect(f.text[2...] == ["", "  Esc ^Ctrl", ""])
        for row in 2..<5 {
            #expect(Self.inverted(f.lines[row]) == [1, 2, 3, 4], "row \(row)")
            #expect(f.lines[row].usesLocalColors)
        }
        #expect(f.lines[3].cells[6].attributes == .bold)
        #expect(!f.lines[0].usesLocalColors, "the remote's rows keep its colours")
    }

    @Test func aRemoteLargerThanTheAreaIsCutAndAWideCharacterAtTheEdgeIsNotHalved() {
        let t = Self.terminal("abc漢", rows: 3, columns: 6)
        let f = Self.compose(t, rows: 2, columns: 4)
        #expect(f.text == ["abc", ""])
    }

    @Test func rtermTextNeverCarriesControls() {
        var line = FrameLine(columns: 6)
        line.write("a\u{1B}[2Jb", at: 0)
        #expect(line.cells.map(\.codePoint).allSatisfy { $0 >= 0x20 && $0 != 0x7F })
    }
}
