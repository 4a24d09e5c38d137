// Selections (Selection, SelectionText): what a drag, a double-click drag and a triple-click
// drag select, and the text they copy, as xterm and tmux copy it — soft wraps join, hard
// newlines stay, trailing blanks go, wide and combined characters come whole, whichever
// way the pointer went.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct SelectionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var columns: Int
    var input: String
    var anchor: TextPosition
    var head: TextPosition
    var granularity: SelectionGranularity
    /// What copying the selection gives.
    var text: String
    /// The cells selected, when the case is about where they are.
    var bounds: (start: TextPosition, end: TextPosition)?

    init(
        _ name: String, columns: Int = 10, _ input: String, _ anchor: TextPosition, _ head: TextPosition,
        _ text: String, by granularity: SelectionGranularity = .character, bounds: (TextPosition, TextPosition)? = nil
    ) {
        self.name = name
        self.columns = columns
        self.input = input
        self.anchor = anchor
        self.head = head
        self.granularity = granularity
        self.text = text
        self.bounds = bounds.map { (start: $0.0, end: $0.1) }
    }

    var testDescription: String { name }
}

private let selectionCases: [SelectionCase] = [
    // Characters: rows, wraps and newlines.
    SelectionCase("Part of one row", "hello world", at(0, 1), at(0, 3), "ell", bounds: (at(0, 1), at(0, 3))),
    SelectionCase("Backwards gives the same", "hello world", at(0, 3), at(0, 1), "ell", bounds: (at(0, 1), at(0, 3))),
    SelectionCase("A soft wrap joins with nothing", "hello world", at(0, 6), at(1, 0), "world"),
    SelectionCase("A hard newline joins with a newline", "hello\r\nworld", at(0, 0), at(1, 4), "hello\nworld"),
    SelectionCase(
        "Wraps and newlines together", "hello world\r\nsecond", at(0, 6), at(2, 2), "world\nsec",
        bounds: (at(0, 6), at(2, 2))),
    SelectionCase("Backwards across lines", "hello world\r\nsecond", at(2, 2), at(0, 6), "world\nsec"),
    SelectionCase(
        "A URL wrapped over three rows", "https://example.com/abcd", at(0, 0), at(2, 3), "https://example.com/abcd"),
    SelectionCase("Empty rows between stay as newlines", "a\r\n\r\n\r\nb", at(0, 0), at(3, 0), "a\n\n\nb"),
    // Blanks.
    SelectionCase("Trailing empty cells are dropped", "ab\r\ncd", at(0, 0), at(1, 9), "ab\ncd"),
    SelectionCase("Trailing spaces are dropped", "ab   \r\ncd  ", at(0, 0), at(1, 9), "ab\ncd"),
    SelectionCase("Empty cells before text read as spaces", "a⎋[5Cb", at(0, 0), at(0, 9), "a     b"),
    SelectionCase("Spaces before text on the row are kept", "foo   bar", at(0, 0), at(0, 4), "foo  "),
    SelectionCase("A start past a row's text gives just the newline", "ab\r\ncd", at(0, 5), at(1, 1), "\ncd"),
    SelectionCase("Spaces at a soft wrap are kept", "abcdefghi jklm", at(0, 0), at(1, 3), "abcdefghi jklm"),
    SelectionCase(
        "The blank a wrapped wide character leaves is not copied", columns: 5, "abcd日本", at(0, 0), at(1, 3),
        "abcd日本"),
    SelectionCase("A row of nothing copies as nothing", "", at(0, 0), at(0, 9), ""),
    // Wide and combined characters.
    SelectionCase(
        "Wide characters are read once", "ab日本cd", at(0, 0), at(0, 7), "ab日本cd", bounds: (at(0, 0), at(0, 7))),
    SelectionCase(
        "A start on a second half takes the character", "ab日本cd", at(0, 3), at(0, 4), "日本",
        bounds: (at(0, 2), at(0, 5))),
    SelectionCase(
        "An end on a first half takes the character", "ab日本cd", at(0, 1), at(0, 4), "b日本",
        bounds: (at(0, 1), at(0, 5))),
    SelectionCase(
        "One cell of an emoji takes the emoji", "x😀y", at(0, 2), at(0, 2), "😀", bounds: (at(0, 1), at(0, 2))),
    SelectionCase(
        "A ZWJ sequence cell by cell", "x👩‍💻y", at(0, 1), at(0, 4), "👩‍💻", bounds: (at(0, 1), at(0, 4))),
    SelectionCase(
        "A clustered ZWJ sequence comes whole", "⎋[?2027hx👩‍💻y", at(0, 2), at(0, 2), "👩‍💻",
        bounds: (at(0, 1), at(0, 2))),
    SelectionCase("Combining marks come with their base", "e\u{301}a", at(0, 0), at(0, 0), "e\u{301}"),
    SelectionCase("Several marks on one base", "xa\u{300}\u{323}y", at(0, 1), at(0, 2), "a\u{300}\u{323}y"),
    // Words.
    SelectionCase(
        "A double-click drag grows to whole words", columns: 20, "cd /tmp/foo bar", at(0, 5), at(0, 13),
        "/tmp/foo bar", by: .word, bounds: (at(0, 3), at(0, 14))),
    SelectionCase(
        "A double-click drag backwards", columns: 20, "cd /tmp/foo bar", at(0, 13), at(0, 5),
        "/tmp/foo bar", by: .word, bounds: (at(0, 3), at(0, 14))),
    SelectionCase("A double-click", columns: 20, "cd /tmp/foo bar", at(0, 6), at(0, 6), "/tmp/foo", by: .word),
    SelectionCase(
        "A double-click on a wrapped word", "echo /usr/local/share/doc", at(1, 3), at(1, 3),
        "/usr/local/share/doc", by: .word, bounds: (at(0, 5), at(2, 4))),
    SelectionCase("Words over a newline", "one two\r\nthree four", at(0, 5), at(1, 1), "two\nthree", by: .word),
    // Lines.
    SelectionCase(
        "A triple-click takes the logical line", "first\r\nhello world again\r\nlast", at(2, 2), at(2, 2),
        "hello world again", by: .line, bounds: (at(1, 0), at(2, 9))),
    SelectionCase(
        "A triple-click on its first row", "first\r\nhello world again\r\nlast", at(1, 2), at(1, 2),
        "hello world again", by: .line, bounds: (at(1, 0), at(2, 9))),
    SelectionCase(
        "A triple-click drag over two lines", "first\r\nhello world again\r\nlast", at(3, 1), at(0, 1),
        "first\nhello world again\nlast", by: .line, bounds: (at(0, 0), at(3, 9))),
    SelectionCase(
        "A line wrapped over three rows", "x\r\nabcdefghijklmnopqrstuvw\r\ny", at(2, 0), at(2, 0),
        "abcdefghijklmnopqrstuvw", by: .line, bounds: (at(1, 0), at(3, 9))),
]

@Suite struct SelectionTests {
    @Test(arguments: selectionCases)
    func selection(_ c: SelectionCase) {
        let t = viewTerminal(columns: c.columns, c.input)
        let selection = Selection(anchor: c.anchor, head: c.head, granularity: c.granularity)
        let bounds = selection.bounds(lines: t.line(number:))
        #expect(bounds.start <= bounds.end)
        #expect(SelectionText.text(from: bounds.start, to: bounds.end, lines: t.line(number:)) == c.text)
        if let expected = c.bounds {
            #expect(bounds.start == expected.start && bounds.end == expected.end, "\(bounds.start)–\(bounds.end)")
        }
    }

    @Test func textTakesItsEndsEitherWay() {
        let t = viewTerminal(columns: 10, "hello\r\nworld")
        #expect(SelectionText.text(from: at(1, 2), to: at(0, 1), lines: t.line(number:)) == "ello\nwor")
    }

    @Test func missingLinesAreSkipped() {
        let t = viewTerminal(columns: 10, "one\r\ntwo\r\nthree")
        let lines = { (number: Int) in number == 1 ? nil : t.line(number: number) }
        #expect(SelectionText.text(from: at(0, 0), to: at(2, 9), lines: lines) == "one\nthree")
        // Lines the scrollback forgot, before the first held one.
        #expect(SelectionText.text(from: at(-5, 0), to: at(1, 9), lines: t.line(number:)) == "one\ntwo")
    }

    @Test func aSelectionReachingIntoTheScrollback() {
        // Two rows: the wrapped line's first half and the line above it are in the scrollback.
        let t = viewTerminal(columns: 10, rows: 2, "top\r\nhello world again\r\nz")
        #expect(t.screenTopLineNumber == 2)
        let lines = t.line(number:)
        #expect(SelectionText.text(from: at(0, 0), to: at(2, 9), lines: lines) == "top\nhello world again")
        let line = Selection(anchor: at(2, 3), head: at(2, 3), granularity: .line).bounds(lines: lines)
        #expect(line.start == at(1, 0) && line.end == at(2, 9))
    }

    @Test func aSelectionKeepsItsTextWhileOutputScrolls() {
        var t = viewTerminal(columns: 10, rows: 3, "alpha\r\nbeta\r\ngamma")
        let selection = Selection(anchor: at(1, 0), head: at(1, 3))
        t.feed("\r\ndelta\r\nepsilon")
        let bounds = selection.bounds(lines: t.line(number:))
        #expect(SelectionText.text(from: bounds.start, to: bounds.end, lines: t.line(number:)) == "beta")
    }

    @Test func theDefaultGranularityIsCharacters() {
        #expect(Selection(anchor: at(0, 0), head: at(0, 1)).granularity == .character)
    }
}
