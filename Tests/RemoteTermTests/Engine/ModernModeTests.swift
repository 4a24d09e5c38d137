// The modes today's programs set and ask about: synchronized output (?2026), colour-scheme
// reports (?2031, CSI ? 996 n), in-band resize reports (?2048), and DECRQM answering every
// mode rterm knows. Reference: contour's and kitty's specifications of 2026, 2031 and 2048;
// xterm ctlseqs, DECRQM.

import Testing

@testable import RemoteTermEngine

@Suite struct ModernModeTests {
    /// Every DEC private mode rterm acts on (Terminal+Modes), and the ANSI ones.
    static let privateModes = [
        1, 3, 5, 6, 7, 9, 25, 41, 45, 47, 66, 69, 95, 1000, 1002, 1003, 1004, 1005, 1006, 1007, 1045, 1047, 1049,
        2004, 2026, 2027, 2031, 2048,
    ]

    @Test(arguments: privateModes)
    func decrqmAnswersEveryModeRtermKnows(_ mode: Int) {
        // Set, asked; reset, asked: 1 then 2 (DECCOLM needs ?40 to change the width, DECNCSM
        // a VT510's level).
        let setup = mode == 95 ? "⎋[65;1\"p⎋[?40h" : "⎋[?40h"
        let set = reply(to: setup + "⎋[?\(mode)h⎋[?\(mode)$p", rows: 5, columns: 10)
        let reset = reply(to: setup + "⎋[?\(mode)h⎋[?\(mode)l⎋[?\(mode)$p", rows: 5, columns: 10)
        #expect(set.hasSuffix("⎋[?\(mode);1$y"), "?\(mode) set: \(set)")
        #expect(reset.hasSuffix("⎋[?\(mode);2$y"), "?\(mode) reset: \(reset)")
    }

    @Test(arguments: [4, 20])
    func decrqmAnswersTheANSIModes(_ mode: Int) {
        #expect(reply(to: "⎋[\(mode)h⎋[\(mode)$p") == "⎋[\(mode);1$y")
        #expect(reply(to: "⎋[\(mode)$p") == "⎋[\(mode);2$y")
    }

    @Test func synchronizedOutputIsAModeTheFrontReads() {
        let (t, _) = feedAllWays(rows: 5, columns: 10, "⎋[?2026hhalf")
        #expect(t.modes.synchronizedOutput)
        var ended = t
        _ = ended.feed(esc("⎋[?2026l"))
        #expect(!ended.modes.synchronizedOutput)
    }

    @Test func inBandResizeReportsTheSizeAtOnce() {
        #expect(reply(to: "⎋[?2048h", rows: 5, columns: 10) == "⎋[48;5;10;0;0t")
        var t = Terminal(rows: 5, columns: 10)
        _ = t.feed(esc("⎋[?2048h"))
        t.resize(rows: 7, columns: 20)
        #expect(visible(t.inBandResizeReport) == "⎋[48;7;20;0;0t")
    }

    @Test func colorSchemeIsAnsweredOnlyWhenTheUsersTerminalSaid() {
        #expect(reply(to: "⎋[?996n") == "", "unknown: no answer rather than a guess")
        var t = Terminal(rows: 5, columns: 10)
        t.setColorScheme(.dark)
        #expect(replyText(t.feed(esc("⎋[?996n"))) == "⎋[?997;1n")
        t.setColorScheme(.light)
        #expect(replyText(t.feed(esc("⎋[?996n"))) == "⎋[?997;2n")
    }

    @Test func aProgramThatAskedIsToldOfAChange() {
        var t = Terminal(rows: 5, columns: 10)
        t.setColorScheme(.dark)
        _ = t.feed(esc("⎋[?2031h"))
        #expect(visible(t.setColorScheme(.light)) == "⎋[?997;2n")
        #expect(t.setColorScheme(.light).isEmpty, "no change, nothing said")
    }

    @Test(arguments: [
        (UInt32(0x1E1E2E), TerminalColorScheme.dark), (UInt32(0xFFFFFF), .light), (UInt32(0x002B36), .dark),
        (UInt32(0xFDF6E3), .light),
    ])
    func schemeFromBackground(_ rgb: UInt32, _ scheme: TerminalColorScheme) {
        #expect(TerminalColorScheme(background: RGBColor(rgb)) == scheme)
    }
}
