// Stable line numbers (Terminal+Lines): a number names the same text while lines arrive,
// until the scrollback forgets it; a taller screen takes lines back and the numbers hold.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func text(_ line: TerminalLine?) -> String? {
    guard let line else { return nil }
    return (0..<line.cells.count).map { line.text(at: $0) }.map { $0.isEmpty ? " " : $0 }.joined()
        .replacing(/\ +$/, with: "")
}

@Suite struct LineNumberTests {
    @Test func numbersFollowTheTextAsItScrolls() {
        var t = Terminal(rows: 3, columns: 10, scrollbackLimit: 4)
        t.feed("L1\r\nL2\r\nL3")
        #expect(t.screenTopLineNumber == 0 && t.oldestLineNumber == 0)
        #expect(text(t.line(number: 2)) == "L3")
        t.feed("\r\nL4\r\nL5")
        #expect(t.screenTopLineNumber == 2)
        #expect(text(t.line(number: 0)) == "L1")
        #expect(text(t.line(number: 2)) == "L3")
        #expect(text(t.line(number: 4)) == "L5")
        #expect(t.line(number: 5) == nil)
        t.feed("\r\nL6\r\nL7\r\nL8")
        // Five lines went up; the limit of 4 forgot L1; the numbers of the others held.
        #expect(t.oldestLineNumber == 1)
        #expect(t.line(number: 0) == nil)
        #expect(text(t.line(number: 1)) == "L2")
        #expect(text(t.line(number: 2)) == "L3")
        #expect(text(t.line(number: 7)) == "L8")
    }

    @Test func wrappedLinesSayTheyGoOn() {
        var t = Terminal(rows: 2, columns: 4)
        t.feed("abcdefg\r\nh\r\ni")
        #expect(t.line(number: 0)?.isWrapped == true)
        #expect(t.line(number: 1)?.isWrapped == false)
        #expect(text(t.line(number: 0)) == "abcd")
    }

    @Test func aTallerScreenTakesLinesBackAndNumbersHold() {
        var t = Terminal(rows: 2, columns: 10)
        t.feed("L1\r\nL2\r\nL3\r\nL4")
        #expect(t.screenTopLineNumber == 2)
        t.resize(rows: 4, columns: 10)
        #expect(t.screenTopLineNumber == 0)
        #expect(text(t.line(number: 0)) == "L1")
        #expect(text(t.line(number: 3)) == "L4")
    }

    @Test func hyperlinksAndMarksComeWithTheLine() {
        var t = Terminal(rows: 1, columns: 10)
        t.feed("\u{1B}]8;;https://example.com\u{1B}\\ab\u{1B}]8;;\u{1B}\\e\u{301}\r\nx")
        let line = t.line(number: 0)
        #expect(line?.hyperlink(at: 0) == "https://example.com")
        #expect(line?.hyperlink(at: 2) == nil)
        #expect(line?.text(at: 2) == "e\u{301}")
    }
}
