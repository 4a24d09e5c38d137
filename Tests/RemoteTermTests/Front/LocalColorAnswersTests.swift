// The front asks the local terminal for its colours once (OSC 10/11 queries, then DA1 as an
// end marker), so the remote's colour queries are answered with what the user sees.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct LocalColorAnswersTests {
    private static let answer = Array(
        "\u{1B}]10;rgb:e0e0/e0e0/e0e0\u{1B}\\\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{7}\u{1B}[?64;1;2c".utf8)

    @Test func readsBothColoursAndStopsAtTheDeviceAttributes() {
        var answers = LocalColorAnswers()
        answers.scan(Self.answer)
        #expect(answers.isComplete)
        #expect(answers.foreground == RGBColor(0xE0E0E0))
        #expect(answers.background == RGBColor(0x1C1C1C))
        #expect(answers.colorDefaults.dynamics[1] == RGBColor(0x1C1C1C))
    }

    @Test func answersSplitAnywhereGiveTheSameResult() {
        for split in 1..<Self.answer.count {
            var answers = LocalColorAnswers()
            answers.scan(Self.answer[..<split])
            answers.scan(Self.answer[split...])
            #expect(answers.foreground == RGBColor(0xE0E0E0) && answers.background == RGBColor(0x1C1C1C), "\(split)")
            #expect(answers.isComplete)
        }
    }

    @Test func aTerminalThatOnlyAnswersDA1KeepsXtermsColours() {
        var answers = LocalColorAnswers()
        answers.scan(Array("x\u{1B}[?1;2c".utf8))
        #expect(answers.isComplete && answers.foreground == nil)
        #expect(answers.colorDefaults == .xterm)
    }

    @Test func theRemoteQueryIsAnsweredWithTheLocalColours() {
        var answers = LocalColorAnswers()
        answers.scan(Self.answer)
        var t = Terminal(rows: 5, columns: 10)
        t.colorDefaults = answers.colorDefaults
        #expect(replyText(t.feed(esc("⎋]11;?⎋\\"))) == "⎋]11;rgb:1c1c/1c1c/1c1c⎋\\")
        t.feed(esc("⎋]11;#ffffff⎋\\⎋]111⎋\\"))
        #expect(replyText(t.feed(esc("⎋]11;?\u{7}"))) == "⎋]11;rgb:1c1c/1c1c/1c1c\\x7")
    }

    @Test func garbageIsBounded() {
        var answers = LocalColorAnswers()
        answers.scan(Array("\u{1B}]10;".utf8) + Array(repeating: UInt8(ascii: "a"), count: 10_000))
        answers.scan(Array("\u{1B}[?1c".utf8))
        #expect(answers.isComplete && answers.foreground == nil)
    }
}
