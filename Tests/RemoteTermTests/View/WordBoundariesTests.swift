// Double-click words (WordBoundaries): paths, URLs, addresses and host:port select whole, a
// word goes on across a soft wrap but not a newline, a blank selects its run of blanks, and
// other characters select themselves; wide and combined characters are taken whole.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct WordCase: Sendable, CustomTestStringConvertible {
    var name: String
    var columns: Int
    var input: String
    var click: TextPosition
    /// What copying the word gives.
    var text: String
    /// The word's first and last cells, when the case is about where they are.
    var bounds: (start: TextPosition, end: TextPosition)?

    init(
        _ name: String, columns: Int = 30, _ input: String, click: TextPosition, _ text: String,
        bounds: (TextPosition, TextPosition)? = nil
    ) {
        self.name = name
        self.columns = columns
        self.input = input
        self.click = click
        self.text = text
        self.bounds = bounds.map { (start: $0.0, end: $0.1) }
    }

    var testDescription: String { name }
}

private let wordCases: [WordCase] = [
    WordCase("A plain word", "say hello there", click: at(0, 6), "hello", bounds: (at(0, 4), at(0, 8))),
    WordCase("A word at the start of the line", "hello there", click: at(0, 0), "hello"),
    WordCase("A word at the end of a full line", columns: 5, "ab cd", click: at(0, 4), "cd"),
    WordCase("A path", "ls /usr/local/bin -l", click: at(0, 8), "/usr/local/bin"),
    WordCase("A home path with a tilde", "cd ~/src/rterm", click: at(0, 4), "~/src/rterm"),
    WordCase(
        "A URL with a query and fragment", "see https://example.com/a?b=c&d=e#f now", click: at(0, 12),
        "https://example.com/a?b=c&d=e#f"),
    WordCase("A URL with percent escapes", "get http://x.y/a%20b+c now", click: at(0, 4), "http://x.y/a%20b+c"),
    WordCase("An e-mail address", "mail bob.smith@example.com now", click: at(0, 16), "bob.smith@example.com"),
    WordCase("host:port", "ssh example.org:2222 -v", click: at(0, 5), "example.org:2222"),
    WordCase("A hyphenated option", "run --dry-run now", click: at(0, 9), "--dry-run"),
    WordCase("Digits and underscores", "x = foo_bar42 + 1", click: at(0, 6), "foo_bar42"),
    WordCase("Parentheses end a word", "call(arg)", click: at(0, 1), "call"),
    WordCase("A word inside parentheses", "call(arg)", click: at(0, 6), "arg"),
    WordCase("A quote ends a word", "say 'hi' now", click: at(0, 6), "hi"),
    WordCase("A comma ends a word", "a,b", click: at(0, 2), "b"),
    WordCase("Punctuation selects itself", "call(arg)", click: at(0, 4), "(", bounds: (at(0, 4), at(0, 4))),
    WordCase("Repeated punctuation selects one", "a ** b", click: at(0, 3), "*", bounds: (at(0, 3), at(0, 3))),
    WordCase("A blank selects its run", "a    b", click: at(0, 3), "    ", bounds: (at(0, 1), at(0, 4))),
    WordCase("A single blank", "a b", click: at(0, 1), " ", bounds: (at(0, 1), at(0, 1))),
    WordCase("Trailing blanks run to the line end", columns: 10, "ab", click: at(0, 5), "",
             bounds: (at(0, 2), at(0, 9))),
    WordCase("A click past the line's end", columns: 10, "abc", click: at(0, 40), "", bounds: (at(0, 3), at(0, 9))),
    WordCase("CJK letters are a word", "x 日本語 y", click: at(0, 2), "日本語", bounds: (at(0, 2), at(0, 7))),
    WordCase(
        "A click on a wide character's second half", "x 日本語 y", click: at(0, 5), "日本語",
        bounds: (at(0, 2), at(0, 7))),
    WordCase("CJK and Latin together", "日本abc", click: at(0, 5), "日本abc"),
    WordCase("An emoji selects itself", "a 😀😀 b", click: at(0, 3), "😀", bounds: (at(0, 2), at(0, 3))),
    WordCase("Combining marks stay in the word", "un cafe\u{301} noir", click: at(0, 3), "cafe\u{301}"),
    WordCase("Hangul syllables are a word", "x 한국어 y", click: at(0, 4), "한국어"),
    WordCase(
        "A path across a soft wrap", columns: 10, "echo /usr/local/share/doc", click: at(1, 3),
        "/usr/local/share/doc", bounds: (at(0, 5), at(2, 4))),
    WordCase(
        "A wrapped word from its first line", columns: 10, "echo /usr/local/share/doc", click: at(0, 6),
        "/usr/local/share/doc"),
    WordCase("A newline ends a word", columns: 10, "abc\r\ndef", click: at(0, 1), "abc", bounds: (at(0, 0), at(0, 2))),
    WordCase("A word after a newline", columns: 10, "abc\r\ndef", click: at(1, 1), "def"),
    WordCase("A space at the wrap ends a word", columns: 10, "abcdefghi jklm", click: at(0, 2), "abcdefghi"),
    WordCase("The word after a space at the wrap", columns: 10, "abcdefghi jklm", click: at(1, 0), "jklm"),
    WordCase(
        "A word across the blank a wrapped wide character leaves", columns: 5, "abcd日本", click: at(1, 1),
        "abcd日本", bounds: (at(0, 0), at(1, 3))),
    WordCase("A full-width space is a blank", "a\u{3000}b", click: at(0, 1), "\u{3000}"),
]

@Suite struct WordBoundariesTests {
    @Test(arguments: wordCases)
    func word(_ c: WordCase) {
        let t = viewTerminal(columns: c.columns, c.input)
        let word = WordBoundaries.word(at: c.click, lines: t.line(number:))
        #expect(SelectionText.text(from: word.start, to: word.end, lines: t.line(number:)) == c.text)
        if let bounds = c.bounds {
            #expect(word.start == bounds.start && word.end == bounds.end, "\(word.start)–\(word.end)")
        }
    }

    @Test func aMissingLineGivesThePositionItself() {
        let t = viewTerminal(columns: 10, "abc")
        let word = WordBoundaries.word(at: at(40, 2), lines: t.line(number:))
        #expect(word.start == at(40, 2) && word.end == at(40, 2))
    }

    @Test func aWordInTheScrollbackAcrossAWrapIntoTheScreen() {
        // Two rows: the first half of the path scrolls into the scrollback.
        let t = viewTerminal(columns: 10, rows: 2, "top\r\necho /usr/local/share/doc")
        #expect(t.screenTopLineNumber == 2)
        let word = WordBoundaries.word(at: at(3, 2), lines: t.line(number:))
        #expect(word.start == at(1, 5) && word.end == at(3, 4))
    }

    @Test(arguments: [
        ("letters", "aZ", true), ("digits", "09", true), ("path and URL punctuation", "_-.~/:@%+#?&=", true),
        ("accented and CJK letters", "éß日", true), ("marks", "\u{301}", true),
        ("brackets and quotes", "()[]{}<>'\"`", false), ("separators", ",;!|\\^*$", false),
        ("blanks", " \u{3000}", false), ("emoji", "😀", false),
    ])
    func wordCharacters(_ name: String, _ characters: String, _ isWord: Bool) {
        for scalar in characters.unicodeScalars {
            #expect(WordBoundaries.isWordCharacter(scalar.value) == isWord, "\(name): \(scalar)")
        }
    }
}
