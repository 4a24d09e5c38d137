// Links found in terminal text (LinkDetector): OSC 8 hyperlinks and plain URLs, followed
// across soft wraps, with the punctuation and brackets around a URL left out, at the right
// columns after wide characters, in text order, and quickly on long lines.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A URL found in plain text.
private func plain(_ url: String, _ start: TextPosition, _ end: TextPosition) -> DetectedLink {
    DetectedLink(url: url, start: start, end: end, isExplicit: false)
}

/// An OSC 8 hyperlink.
private func explicit(_ url: String, _ start: TextPosition, _ end: TextPosition) -> DetectedLink {
    DetectedLink(url: url, start: start, end: end, isExplicit: true)
}

struct LinkCase: Sendable, CustomTestStringConvertible {
    var name: String
    var columns: Int
    var input: String
    var links: [DetectedLink]

    init(_ name: String, columns: Int = 40, _ input: String, _ links: [DetectedLink]) {
        self.name = name
        self.columns = columns
        self.input = input
        self.links = links
    }

    var testDescription: String { name }
}

private let linkCases: [LinkCase] = [
    // Schemes.
    LinkCase(
        "https in a sentence", "go https://example.com/x now", [plain("https://example.com/x", at(0, 3), at(0, 23))]),
    LinkCase("http alone on the line", "http://a.b", [plain("http://a.b", at(0, 0), at(0, 9))]),
    LinkCase(
        "www gets http in front", "visit www.example.org today",
        [plain("http://www.example.org", at(0, 6), at(0, 20))]),
    LinkCase("mailto", "mailto:bob@example.com", [plain("mailto:bob@example.com", at(0, 0), at(0, 21))]),
    LinkCase("file", "open file:///etc/hosts", [plain("file:///etc/hosts", at(0, 5), at(0, 21))]),
    LinkCase("ftp", "ftp://ftp.x.org/pub", [plain("ftp://ftp.x.org/pub", at(0, 0), at(0, 18))]),
    LinkCase("ssh", "ssh://git@host:22/repo", [plain("ssh://git@host:22/repo", at(0, 0), at(0, 21))]),
    LinkCase("git", "git://host/r.git", [plain("git://host/r.git", at(0, 0), at(0, 15))]),
    LinkCase("Schemes in capitals", "HTTPS://X.Y/Z", [plain("HTTPS://X.Y/Z", at(0, 0), at(0, 12))]),
    LinkCase(
        "Reserved characters and percent escapes", "https://x.y/a%20b;c=d*e$f!g+h@i~j",
        [plain("https://x.y/a%20b;c=d*e$f!g+h@i~j", at(0, 0), at(0, 32))]),
    LinkCase(
        "A URL inside a URL's query is part of it", "https://x.y/?u=http://z",
        [plain("https://x.y/?u=http://z", at(0, 0), at(0, 22))]),
    // Soft wraps and newlines.
    LinkCase(
        "Wrapped over two lines", columns: 20, "see https://example.com/path/to/x ok",
        [plain("https://example.com/path/to/x", at(0, 4), at(1, 12))]),
    LinkCase(
        "Wrapped over three lines", columns: 10, "https://example.com/abcdefgh",
        [plain("https://example.com/abcdefgh", at(0, 0), at(2, 7))]),
    LinkCase(
        "A hard newline ends a URL", columns: 20, "https://a.b/c\r\nd/e",
        [plain("https://a.b/c", at(0, 0), at(0, 12))]),
    LinkCase(
        "Wrapped across the blank a wide character leaves", columns: 10, "https://a日本",
        [plain("https://a日本", at(0, 0), at(1, 3))]),
    // What ends a URL.
    LinkCase("A full stop after", "see https://x.y/z.", [plain("https://x.y/z", at(0, 4), at(0, 16))]),
    LinkCase("A comma after", "https://x.y/a?b=c, then", [plain("https://x.y/a?b=c", at(0, 0), at(0, 16))]),
    LinkCase("A question mark after", "Is it https://x.y/?", [plain("https://x.y/", at(0, 6), at(0, 17))]),
    LinkCase("A colon after", "https://x.y/a: ok", [plain("https://x.y/a", at(0, 0), at(0, 12))]),
    LinkCase("Several marks after", "https://x.y/a!!!", [plain("https://x.y/a", at(0, 0), at(0, 12))]),
    LinkCase(
        "Balanced parentheses stay, the enclosing one goes", "(see https://a.b/c_(d))",
        [plain("https://a.b/c_(d)", at(0, 5), at(0, 21))]),
    LinkCase(
        "An unbalanced parenthesis and a full stop", "https://x.y/z).", [plain("https://x.y/z", at(0, 0), at(0, 12))]),
    LinkCase("An unclosed parenthesis stays", "https://x.y/a(b", [plain("https://x.y/a(b", at(0, 0), at(0, 14))]),
    LinkCase("Square brackets around", "[https://x.y/a]", [plain("https://x.y/a", at(0, 1), at(0, 13))]),
    LinkCase("Square brackets inside", "https://x.y/a[1]", [plain("https://x.y/a[1]", at(0, 0), at(0, 15))]),
    LinkCase("Double quotes around", "\"https://x.y/a\"", [plain("https://x.y/a", at(0, 1), at(0, 13))]),
    LinkCase("Single quotes around", "'https://x.y/a'", [plain("https://x.y/a", at(0, 1), at(0, 13))]),
    LinkCase("Backticks around", "`https://x.y/a`", [plain("https://x.y/a", at(0, 1), at(0, 13))]),
    LinkCase("Angle brackets around", "<https://x.y/a>", [plain("https://x.y/a", at(0, 1), at(0, 13))]),
    LinkCase("An HTML attribute", "href=\"https://x.y/a\">", [plain("https://x.y/a", at(0, 6), at(0, 18))]),
    LinkCase("A non-letter ends it", "https://a.b/x→y", [plain("https://a.b/x", at(0, 0), at(0, 12))]),
    LinkCase("An emoji ends it", "https://a.b/c😀", [plain("https://a.b/c", at(0, 0), at(0, 12))]),
    // Wide and combined characters.
    LinkCase("After CJK and a space", "日本 https://x.y", [plain("https://x.y", at(0, 5), at(0, 15))]),
    LinkCase("Right after CJK", "日本https://x.y", [plain("https://x.y", at(0, 4), at(0, 14))]),
    LinkCase("Letters beyond ASCII", "https://例え.jp/パス", [plain("https://例え.jp/パス", at(0, 0), at(0, 19))]),
    LinkCase("A combining mark", "https://x.y/cafe\u{301}", [plain("https://x.y/cafe\u{301}", at(0, 0), at(0, 15))]),
    // Not links.
    LinkCase("Schemes with nothing after", "http:// and mailto: and www. and https://.", []),
    LinkCase("A scheme inside a word", "xhttps://a.b awww.x.y a/www.x.y", []),
    LinkCase("No scheme", "example.com/path and user@host", []),
    // Several.
    LinkCase(
        "Two URLs on a line", "https://a.b and www.c.d",
        [plain("https://a.b", at(0, 0), at(0, 10)), plain("http://www.c.d", at(0, 16), at(0, 22))]),
    LinkCase(
        "URLs on two lines", "https://a.b\r\nwww.c.d",
        [plain("https://a.b", at(0, 0), at(0, 10)), plain("http://www.c.d", at(1, 0), at(1, 6))]),
    // OSC 8.
    LinkCase(
        "An OSC 8 link", hyperlink("https://e.com", "click") + " here",
        [explicit("https://e.com", at(0, 0), at(0, 4))]),
    LinkCase(
        "An OSC 8 link in a sentence", "see " + hyperlink("https://e.com/docs", "the docs") + ".",
        [explicit("https://e.com/docs", at(0, 4), at(0, 11))]),
    LinkCase(
        "An OSC 8 link across a wrap", columns: 10, "abcdefg" + hyperlink("https://e.com", "linktext"),
        [explicit("https://e.com", at(0, 7), at(1, 4))]),
    LinkCase(
        "An OSC 8 link with an id", "⎋]8;id=7;https://e.com⎋\\ab⎋]8;;⎋\\",
        [explicit("https://e.com", at(0, 0), at(0, 1))]),
    LinkCase(
        "OSC 8 wins over the URL it shows", hyperlink("https://real.example", "https://shown.example"),
        [explicit("https://real.example", at(0, 0), at(0, 20))]),
    LinkCase(
        "An OSC 8 link over wide text", hyperlink("https://e.com", "日本") + "x",
        [explicit("https://e.com", at(0, 0), at(0, 3))]),
    LinkCase(
        "Two OSC 8 links side by side", hyperlink("https://a", "one") + hyperlink("https://b", "two"),
        [explicit("https://a", at(0, 0), at(0, 2)), explicit("https://b", at(0, 3), at(0, 5))]),
    LinkCase(
        "OSC 8 and a plain URL in text order", hyperlink("https://e.com", "docs") + " https://x.y",
        [explicit("https://e.com", at(0, 0), at(0, 3)), plain("https://x.y", at(0, 5), at(0, 15))]),
    LinkCase(
        "A plain URL ends where an OSC 8 link starts", "https://x.y" + hyperlink("https://e", "z"),
        [plain("https://x.y", at(0, 0), at(0, 10)), explicit("https://e", at(0, 11), at(0, 11))]),
]

@Suite struct LinkDetectorTests {
    @Test(arguments: linkCases)
    func links(_ c: LinkCase) {
        let t = viewTerminal(columns: c.columns, c.input)
        let found = LinkDetector.links(in: t.heldLines, firstLineNumber: t.oldestLineNumber)
        #expect(found == c.links)
    }

    @Test func linesInTheScrollbackKeepTheirNumbers() {
        // Two rows: the URL's first two rows scroll into the scrollback.
        let t = viewTerminal(columns: 10, rows: 2, "top\r\nhttps://example.com/abc\r\nz")
        #expect(t.screenTopLineNumber == 3)
        let found = LinkDetector.links(in: t.heldLines, firstLineNumber: t.oldestLineNumber)
        #expect(found == [plain("https://example.com/abc", at(1, 0), at(3, 2))])
        // From the middle of the wrapped line, the scheme is not in view and nothing is found.
        let screen = (t.screenTopLineNumber..<t.endLineNumber).compactMap { t.line(number: $0) }
        #expect(LinkDetector.links(in: screen, firstLineNumber: t.screenTopLineNumber).isEmpty)
    }

    @Test func aWrappedLinkContainsTheCellsBetweenItsEnds() {
        let link = explicit("https://e.com", at(0, 7), at(1, 4))
        for p in [at(0, 7), at(0, 9), at(1, 0), at(1, 4)] { #expect(link.contains(p), "\(p)") }
        for p in [at(0, 6), at(1, 5), at(2, 0), at(-1, 8)] { #expect(!link.contains(p), "\(p)") }
    }

    @Test func noLinesHaveNoLinks() {
        #expect(LinkDetector.links(in: [], firstLineNumber: 7).isEmpty)
    }

    @Test func aLineOfLettersHasNoLinks() {
        let t = viewTerminal(columns: 1000, rows: 3, String(repeating: "a", count: 1000))
        #expect(LinkDetector.links(in: t.heldLines, firstLineNumber: 0).isEmpty)
    }

    @Test func aVeryLongURLIsCut() {
        let t = viewTerminal(columns: 1000, rows: 4, "https://" + String(repeating: "a", count: 3000) + " www.x.y")
        let found = LinkDetector.links(in: t.heldLines, firstLineNumber: 0)
        #expect(found.count == 2)
        #expect(found.first?.url.unicodeScalars.count == LinkDetector.maximumURLLength)
        #expect(found.first?.start == at(0, 0) && found.first?.end == at(2, 47))
        // What the cut left is not searched again; the next URL is still found.
        #expect(found.last == plain("http://www.x.y", at(3, 9), at(3, 15)))
    }

    @Test func aLongLineOfURLs() {
        let t = viewTerminal(columns: 1000, rows: 2, String(repeating: "http://a.b ", count: 91))
        let found = LinkDetector.links(in: t.heldLines, firstLineNumber: 0)
        #expect(found.count == 91)
        #expect(found.last == plain("http://a.b", at(0, 990), at(0, 999)))
    }

    @Test(arguments: ["h", "http:", "www", "(", "https://(", "h日", "http://a.b ", "https://x.y/(a)b "])
    func repetitiveLinesStayLinear(_ unit: String) {
        // Rows of the same few characters, the shape that makes naive matchers go quadratic.
        // Linear means four times the text costs four times the steps (counted by the
        // detector, so no clock is involved); a quadratic matcher would take sixteen times.
        func work(rows: Int) -> Int {
            let text = String(repeating: unit, count: rows * 200 / unit.count)
            let lines = viewTerminal(columns: 200, rows: rows, text).heldLines
            var work = 0
            _ = LinkDetector.links(in: lines, firstLineNumber: 0, work: &work)
            return work
        }
        let small = work(rows: 25)
        let large = work(rows: 100)
        #expect(small > 0)
        #expect(Double(large) / Double(small) < 4.5, "25 rows: \(small) steps, 100 rows: \(large)")
    }
}
