// OSC: 0/1/2 titles (BEL or ST terminated), OSC 8 hyperlinks kept per cell, OSC 52
// clipboard requests passed on as effects, and bounded payloads. Reference: xterm ctlseqs
// "Operating System Commands"; vt100.net DEC ANSI parser (OSC string state: C0 controls
// other than BEL are ignored, CAN and SUB abort the string).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct OSCTests {
    @Test(arguments: ["⎋]0;hello\u{07}", "⎋]0;hello⎋\\"])
    func OSC0SetsTitleAndIconName(_ input: String) {
        let (t, e) = feedAllWays(rows: 2, columns: 10, input)
        #expect(t.title == "hello")
        #expect(t.iconName == "hello")
        #expect(e.contains(.titleChanged("hello")))
        #expect(e.contains(.iconNameChanged("hello")))
        expectScreen(t, [], cursor: (0, 0))
    }

    @Test(arguments: ["⎋]2;hi\u{07}", "⎋]2;hi⎋\\"])
    func OSC2SetsOnlyTheTitle(_ input: String) {
        let (t, e) = feedAllWays(rows: 2, columns: 10, input)
        #expect(t.title == "hi")
        #expect(t.iconName == "")
        #expect(e == [.titleChanged("hi")])
    }

    @Test(arguments: ["⎋]1;ic\u{07}", "⎋]1;ic⎋\\"])
    func OSC1SetsOnlyTheIconName(_ input: String) {
        let (t, e) = feedAllWays(rows: 2, columns: 10, input)
        #expect(t.iconName == "ic")
        #expect(t.title == "")
        #expect(e == [.iconNameChanged("ic")])
    }

    @Test func C1OSCFromUTF8() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "\u{9D}2;c1\u{07}")
        #expect(t.title == "c1")
    }

    @Test func titleIsUTF8() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]2;héllo 中 😀\u{07}")
        #expect(t.title == "héllo 中 😀")
    }

    @Test func malformedUTF8InATitleBecomesReplacementCharacters() {
        let input = esc("⎋]2;a") + [0xFF] + esc("b") + [0xE2, 0x82] + esc("c\u{07}")
        let (t, _) = feedAllWays(rows: 2, columns: 10, input)
        #expect(t.title == "a\u{FFFD}b\u{FFFD}c")
    }

    @Test func titleDropsBidirectionalControlsAndSeparators() {
        // A right-to-left override in a title would reorder the local terminal's title bar
        // or tab text; xterm shows no such character either.
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]2;a\u{202E}b\u{2066}c\u{2069}d\u{200F}e\u{2028}f\u{07}")
        #expect(t.title == "abcdef")
    }

    @Test func titleMayContainSemicolons() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]2;a;b;c\u{07}")
        #expect(t.title == "a;b;c")
    }

    @Test func emptyTitle() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]2;x\u{07}⎋]2;\u{07}")
        #expect(t.title == "")
    }

    @Test func latestTitleWins() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "⎋]2;one\u{07}⎋]2;two⎋\\")
        #expect(t.title == "two")
        #expect(titleEffects(e) == ["one", "two"])
    }

    @Test func controlCharactersAreStrippedFromTheTitle() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "⎋]2;a\u{01}b\u{08}c\u{0D}\u{0A}d\u{07}")
        #expect(t.title == "abcd")
        #expect(titleEffects(e) == ["abcd"])
    }

    @Test func CANAbortsTheOSC() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "⎋]2;abc\u{18}X")
        #expect(t.title == "")
        #expect(titleEffects(e).isEmpty)
        expectScreen(t, ["X"], cursor: (0, 1))
    }

    @Test func textAfterTheOSCPrints() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "A⎋]2;t\u{07}B⎋]0;u⎋\\C")
        expectScreen(t, ["ABC"], cursor: (0, 3))
    }

    @Test func BELTerminatingAnOSCIsNotABell() {
        let (_, e) = feedAllWays(rows: 2, columns: 10, "⎋]2;t\u{07}")
        #expect(!e.contains(.bell))
    }

    @Test func aThreeMegabyteTitleIsTruncatedAndParsingContinues() {
        let huge = [UInt8](repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024)
        let input = esc("⎋]2;") + huge + [0x07] + esc("AB⎋[2;1HC")
        let (t, e) = feedAllWays(rows: 2, columns: 10, input, byteByByte: false)
        #expect(t.title.utf8.count < 1_000_000, "title kept \(t.title.utf8.count) bytes")
        #expect(t.title.utf8.count > 0, "a truncated title is still a title")
        #expect(t.title.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        for title in titleEffects(e) { #expect(title.utf8.count < 1_000_000) }
        expectScreen(t, ["AB", "C"], cursor: (1, 1))
    }

    @Test func hugeUnterminatedOSCThenSTRecovers() {
        let huge = [UInt8](repeating: UInt8(ascii: "y"), count: 2 * 1024 * 1024)
        let input = esc("⎋]0;") + huge + esc("⎋\\ok")
        let (t, _) = feedAllWays(rows: 2, columns: 10, input, byteByByte: false)
        expectScreen(t, ["ok"], cursor: (0, 2))
        #expect(t.iconName.utf8.count < 1_000_000)
    }

    @Test func unknownOSCIsIgnored() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "⎋]777;notify;a;b\u{07}⎋]9999;x⎋\\A")
        expectScreen(t, ["A"], cursor: (0, 1))
        #expect(replyBytes(e).isEmpty)
        #expect(t.title == "")
    }

    // MARK: OSC 8

    /// An id too long to keep (70 KB once corrupted the scrollback, whose record of a link
    /// has a 16-bit length) is dropped; the link, its text and the scrollback stay whole.
    @Test func anOversizedLinkIDIsDroppedAndTheScrollbackStaysWhole() {
        var t = Terminal(rows: 2, columns: 10, scrollbackLimit: 10)
        let id = String(repeating: "i", count: 70_000)
        t.feed(esc("⎋]8;id=\(id);http://a.b/⎋\\linked⎋]8;;⎋\\\r\nline2\r\nline3\r\n"))
        #expect(EngineSnapshot(t).scrollback.first == "linked")
        var short = Terminal(rows: 2, columns: 10)
        short.feed(esc("⎋]8;id=\(String(repeating: "i", count: 256));http://a.b/⎋\\x"))
        #expect(short.hyperlink(row: 0, column: 0) == "http://a.b/")
    }

    @Test(arguments: ["\u{07}", "⎋\\"])
    func OSC8LinksTheCellsWrittenWhileOpen(_ st: String) {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]8;;http://a.b/\(st)link⎋]8;;\(st)x")
        for c in 0..<4 { #expect(t.hyperlink(row: 0, column: c) == "http://a.b/", "column \(c)") }
        #expect(t.hyperlink(row: 0, column: 4) == nil)
        #expect(t.hyperlink(row: 1, column: 0) == nil)
        expectScreen(t, ["linkx"], cursor: (0, 5))
    }

    @Test func OSC8WithParameters() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]8;id=42;https://example.com/?q=1;2⎋\\ab⎋]8;;⎋\\")
        #expect(t.hyperlink(row: 0, column: 0) == "https://example.com/?q=1;2")
        #expect(t.hyperlink(row: 0, column: 1) == "https://example.com/?q=1;2")
        #expect(t.hyperlink(row: 0, column: 2) == nil)
    }

    @Test func OSC8LinkSurvivesCursorMovementAndWrap() {
        let (t, _) = feedAllWays(rows: 3, columns: 4, "⎋]8;;u1\u{07}abcdef⎋[3;1Hg⎋]8;;\u{07}h")
        #expect(t.hyperlink(row: 0, column: 3) == "u1")
        #expect(t.hyperlink(row: 1, column: 1) == "u1")
        #expect(t.hyperlink(row: 2, column: 0) == "u1")
        #expect(t.hyperlink(row: 2, column: 1) == nil)
    }

    @Test func twoLinksSideBySide() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]8;;A\u{07}a⎋]8;;B\u{07}b⎋]8;;\u{07}")
        #expect(t.hyperlink(row: 0, column: 0) == "A")
        #expect(t.hyperlink(row: 0, column: 1) == "B")
    }

    @Test func overwritingALinkedCellDropsTheLink() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]8;;A\u{07}ab⎋]8;;\u{07}⎋[1;1Hx")
        #expect(t.hyperlink(row: 0, column: 0) == nil)
        #expect(t.hyperlink(row: 0, column: 1) == "A")
    }

    @Test func erasingDropsTheLink() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]8;;A\u{07}ab⎋]8;;\u{07}⎋[2K")
        #expect(t.hyperlink(row: 0, column: 0) == nil)
    }

    @Test func manyDistinctLinksDoNotCrash() {
        var input = ""
        for i in 0..<3000 { input += "⎋]8;;http://h/\(i)\u{07}x" }
        let (t, _) = feedAllWays(rows: 5, columns: 10, input + "⎋]8;;\u{07}", byteByByte: false)
        #expect(t.hyperlink(row: 4, column: 9) == "http://h/2999")
    }

    // MARK: OSC 52

    @Test func OSC52IsRecordedAsAClipboardRequest() {
        let (t, e) = feedAllWays(rows: 2, columns: 10, "⎋]52;c;aGVsbG8=\u{07}")
        #expect(e.contains(.clipboardRequest(selection: "c", data: "aGVsbG8=")))
        #expect(replyBytes(e).isEmpty)
        expectScreen(t, [], cursor: (0, 0))
    }

    @Test func OSC52QueryIsNeitherAnsweredNorPassedOn() {
        let (_, e) = feedAllWays(rows: 2, columns: 10, "⎋]52;c;?⎋\\")
        #expect(e.isEmpty, "a query must not even replace a write waiting for the front")
        #expect(replyBytes(e).isEmpty, "the engine must never answer a clipboard query itself")
    }

    @Test func OSC52WithSeveralSelections() {
        let (_, e) = feedAllWays(rows: 2, columns: 10, "⎋]52;ps;Zm9v\u{07}")
        #expect(e.contains(.clipboardRequest(selection: "ps", data: "Zm9v")))
    }

    /// Shell integration: OSC 7 reports the directory, OSC 133 A and D say the shell is
    /// back at its prompt (B and C do not); both count, for the key bar's program
    /// detection, and draw nothing; a D reports the command's status besides
    /// (ShellPromptTests).
    @Test(arguments: [
        ("⎋]7;file://box/home/me\u{07}", 1), ("⎋]133;A\u{07}", 1), ("⎋]133;D;0⎋\\", 1),
        ("⎋]133;B\u{07}⎋]133;C\u{07}", 0), ("⎋]133;A\u{07}⎋]133;B\u{07}⎋]133;C\u{07}⎋]133;D\u{07}", 2),
    ])
    func shellMarksCountPrompts(_ input: String, _ marks: Int) {
        let (t, e) = feedAllWays(rows: 2, columns: 10, input)
        #expect(t.promptMarks == marks)
        #expect(e.allSatisfy { if case .commandFinished = $0 { true } else { false } }, "\(e)")
        expectScreen(t, [], cursor: (0, 0))
    }

    @Test func theWorkingDirectoryIsKeptInert() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]7;file://box/tmp/a\u{202E}b\u{07}")
        #expect(t.workingDirectory == "file://box/tmp/ab")
    }
}
