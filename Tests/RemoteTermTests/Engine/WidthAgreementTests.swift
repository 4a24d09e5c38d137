// The cursor agrees with the remote: readline and ncurses count columns with the C
// library's wcwidth, code point by code point, so after `A…B` the cursor must sit at
// 1 + Σwcwidth + 1, whatever the string (issue 10: bash corrupted `echo A👍🏽B end` when
// rterm joined the modifier into its base's cell).
//
// The widths below are written by hand, one per code point, and were checked against
// glibc 2.36's wcwidth under C.UTF-8 (Debian 12):
//   python3 -c 'import ctypes,locale; locale.setlocale(locale.LC_ALL,"C.UTF-8");
//     w=ctypes.CDLL(None).wcwidth; print([w(ord(c)) for c in "👍🏽"])'
// `clustered` is the width of the same string with grapheme clustering on (?2027): one
// cell group per cluster, two columns for emoji presentation.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct WidthCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// wcwidth of each code point, by hand.
    let widths: [Int]
    /// Columns with grapheme clustering on.
    let clustered: Int

    init(_ name: String, _ text: String, _ widths: [Int], clustered: Int) {
        self.name = name
        self.text = text
        self.widths = widths
        self.clustered = clustered
    }

    var testDescription: String { name }
    var wcwidthSum: Int { widths.reduce(0, +) }
}

let widthCases: [WidthCase] = [
    WidthCase("skin-tone modifier", "👍\u{1F3FD}", [2, 2], clustered: 2),
    WidthCase("modifier after a narrow pictograph", "\u{261D}\u{1F3FD}", [1, 2], clustered: 2),
    WidthCase("ZWJ family", "👨\u{200D}👩\u{200D}👧", [2, 0, 2, 0, 2], clustered: 2),
    WidthCase("ZWJ with a modifier", "👩\u{1F3FD}\u{200D}💻", [2, 2, 0, 2], clustered: 2),
    WidthCase("people holding hands", "🧑\u{200D}🤝\u{200D}🧑", [2, 0, 2, 0, 2], clustered: 2),
    WidthCase("flag", "🇫🇷", [1, 1], clustered: 2),
    WidthCase("two flags", "🇺🇸🇫🇷", [1, 1, 1, 1], clustered: 4),
    WidthCase("lone regional indicator", "🇺", [1], clustered: 2),
    WidthCase("VS16 on a text-default emoji", "\u{2764}\u{FE0F}", [1, 0], clustered: 2),
    WidthCase("VS15 keeps text presentation", "\u{263A}\u{FE0E}", [1, 0], clustered: 1),
    WidthCase("keycap", "1\u{FE0F}\u{20E3}", [1, 0, 0], clustered: 2),
    WidthCase("rainbow flag", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", [1, 0, 0, 2], clustered: 2),
    WidthCase("heart on fire", "\u{2764}\u{FE0F}\u{200D}\u{1F525}", [1, 0, 0, 2], clustered: 2),
    WidthCase("heart on fire without VS16", "\u{2764}\u{200D}\u{1F525}", [1, 0, 2], clustered: 2),
    WidthCase(
        "tag sequence (Scotland)", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        [2, 0, 0, 0, 0, 0, 0], clustered: 2),
    WidthCase("emoji", "😀", [2], clustered: 2),
    WidthCase("CJK", "中文", [2, 2], clustered: 4),
    WidthCase("fullwidth Latin", "Ａ", [2], clustered: 2),
    WidthCase("ideographic space", "\u{3000}", [2], clustered: 2),
    WidthCase("halfwidth katakana", "ｱｲ", [1, 1], clustered: 2),
    WidthCase("precomposed Hangul", "한", [2], clustered: 2),
    WidthCase("Hangul jamo: leading wide, vowel and trailing zero", "\u{1112}\u{1161}\u{11AB}", [2, 0, 0], clustered: 2),
    WidthCase("two leading jamo", "\u{1100}\u{1100}", [2, 2], clustered: 4),
    WidthCase("Hangul jamo extended-B is zero width", "x\u{D7B0}", [1, 0], clustered: 1),
    WidthCase("combining acute", "e\u{301}", [1, 0], clustered: 1),
    WidthCase("two combining marks", "e\u{301}\u{302}", [1, 0, 0], clustered: 1),
    WidthCase("enclosing circle", "a\u{20DD}", [1, 0], clustered: 1),
    WidthCase("zero-width space", "a\u{200B}b", [1, 0, 1], clustered: 2),
    WidthCase("soft hyphen is one column", "\u{AD}", [1], clustered: 1),
    WidthCase("Devanagari virama", "\u{915}\u{94D}\u{937}", [1, 0, 1], clustered: 2),
    WidthCase("Thai vowel sign", "\u{E01}\u{E34}", [1, 0], clustered: 1),
    WidthCase("Arabic harakat", "\u{628}\u{64E}", [1, 0], clustered: 1),
    WidthCase("ZWJ between letters joins nothing", "a\u{200D}b", [1, 0, 1], clustered: 2),
]

@Suite struct WidthAgreementTests {
    /// The hand-written widths are what the engine's table says, code point by code point.
    @Test(arguments: widthCases)
    func handTableMatchesTheEngineTable(_ c: WidthCase) {
        let scalars = Array(c.text.unicodeScalars)
        #expect(scalars.count == c.widths.count, "one width per code point")
        for (scalar, width) in zip(scalars, c.widths) {
            #expect(characterWidth(scalar.value) == width, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    /// Default: the cursor after `A…B` is 1 + Σwcwidth + 1, and every code point is kept.
    @Test(arguments: widthCases)
    func cursorFollowsWcwidth(_ c: WidthCase) {
        let (t, _) = feedAllWays(rows: 3, columns: 40, "A" + c.text + "B")
        #expect(t.cursorColumn == 1 + c.wcwidthSum + 1)
        #expect(t.cell(row: 0, column: 1 + c.wcwidthSum).scalar == "B")
        #expect(renderedRow(t, 0) == "A" + c.text + "B")
    }

    /// With ?2027 the cursor moves by the clusters' widths, and every code point is kept.
    @Test(arguments: widthCases)
    func cursorFollowsClustersWhenAskedFor(_ c: WidthCase) {
        let (t, _) = feedAllWays(rows: 3, columns: 40, "⎋[?2027hA" + c.text + "B")
        #expect(t.cursorColumn == 1 + c.clustered + 1)
        #expect(t.cell(row: 0, column: 1 + c.clustered).scalar == "B")
        #expect(renderedRow(t, 0) == "A" + c.text + "B")
    }

    /// Resetting ?2027 goes back to wcwidth.
    @Test(arguments: widthCases)
    func resetClusteringFollowsWcwidthAgain(_ c: WidthCase) {
        let (t, _) = feedAllWays(rows: 3, columns: 40, "⎋[?2027h⎋[?2027lA" + c.text + "B")
        #expect(t.cursorColumn == 1 + c.wcwidthSum + 1)
    }

    @Test func modifierTakesItsOwnCells() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "👍\u{1F3FD}x")
        #expect(t.graphemeText(row: 0, column: 0) == "👍")
        #expect(t.cell(row: 0, column: 0).width == 2)
        #expect(t.graphemeText(row: 0, column: 2) == "\u{1F3FD}")
        #expect(t.cell(row: 0, column: 2).width == 2)
        #expect(t.cell(row: 0, column: 4).scalar == "x")
    }

    @Test func joinerStaysWithThePersonBeforeIt() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "👨\u{200D}👩")
        #expect(t.graphemeText(row: 0, column: 0) == "👨\u{200D}")
        #expect(t.graphemeText(row: 0, column: 2) == "👩")
        #expect(t.cursorColumn == 4)
    }

    /// The bash case of the issue, as readline writes it: after `echo A👍🏽B end`, six ←
    /// move back over six characters (d n e, space, B, 🏽), seven columns by wcwidth, which
    /// readline crosses with seven backspaces; typing Z then inserts one column (ICH) there.
    @Test func readlineEditingLinesUpWithBash() {
        let input = "echo A👍\u{1F3FD}B end" + String(repeating: "\u{8}", count: 7) + "⎋[1@Z"
        let (t, _) = feedAllWays(rows: 2, columns: 30, input)
        #expect(renderedRow(t, 0) == "echo A👍Z\u{1F3FD}B end")
        #expect(t.cursorColumn == 9)
    }

    @Test func wideClusterAtTheEdgeWraps() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?2027h12345678👨\u{200D}👩\u{200D}👧x")
        #expect(t.graphemeText(row: 0, column: 8) == "👨\u{200D}👩\u{200D}👧")
        #expect(t.cell(row: 1, column: 0).scalar == "x")
        #expect(t.cursorRow == 1 && t.cursorColumn == 1)
    }

    @Test func vs16WidensUpToTheEdge() {
        // The widened heart ends in the last column: the wrap is pending.
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?2027h12345678\u{2764}\u{FE0F}")
        #expect(t.cell(row: 0, column: 8).width == 2)
        #expect(t.cursorColumn == 9 && t.hasPendingWrap)
        // In the last column there is no room: it stays one column.
        let (u, _) = feedAllWays(rows: 3, columns: 10, "⎋[?2027h123456789\u{2764}\u{FE0F}x")
        #expect(u.graphemeText(row: 0, column: 9) == "\u{2764}\u{FE0F}")
        #expect(u.cell(row: 0, column: 9).width == 1)
        #expect(u.cell(row: 1, column: 0).scalar == "x")
    }

    @Test func vs16WideningSplitsAWideCharacterAfterIt() {
        // Rewriting a line: the heart widens over the first half of 中, whose second half
        // is blanked.
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?2027habc中x⎋[1;3H\u{2764}\u{FE0F}")
        #expect(renderedRow(t, 0) == "ab\u{2764}\u{FE0F} x")
        #expect(t.cursorColumn == 4)
    }

    @Test func vs16WideningInInsertModeShiftsTheRest() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?2027habc⎋[1;2H⎋[4h\u{2764}\u{FE0F}")
        #expect(renderedRow(t, 0) == "a\u{2764}\u{FE0F}bc")
        #expect(t.cursorColumn == 3)
    }

    @Test func clusteringMarksStayBounded() {
        // A remote cannot grow a cluster forever: joined pictographs count against the
        // per-cell limit like marks, and the rest start new cells.
        let run = String(repeating: "👨\u{200D}", count: 100)
        let (t, _) = feedAllWays(rows: 5, columns: 40, "⎋[?2027h" + run + "x", byteByByte: false)
        for row in 0..<5 {
            for column in 0..<40 {
                #expect(t.graphemeText(row: row, column: column).unicodeScalars.count <= 1 + CellExtra.combiningLimit)
            }
        }
        #expect(renderedRow(t, 0).unicodeScalars.starts(with: "👨\u{200D}👨".unicodeScalars))
        #expect(t.cursorRow < 5)
    }

    @Test(arguments: [
        ("⎋[?2027$p", "⎋[?2027;2$y"),
        ("⎋[?2027h⎋[?2027$p", "⎋[?2027;1$y"),
        ("⎋[?2027h⎋[?2027l⎋[?2027$p", "⎋[?2027;2$y"),
        ("⎋[?2027h⎋c⎋[?2027$p", "⎋[?2027;2$y"),
    ])
    func decrqmReportsClustering(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected)
    }
}
