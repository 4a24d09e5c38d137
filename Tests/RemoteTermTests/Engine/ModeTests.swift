// Modes (SM/RM, DECSET/DECRST, DECKPAM/DECKPNM, DECSCUSR). Reference: xterm ctlseqs.
// ANSI and DEC private mode numbers are separate namespaces (CSI 4 h is IRM, CSI ? 4 h is
// DECSCLM). Several modes may be set in one sequence. Mouse tracking modes 9/1000/1002/1003
// replace each other, and resetting any of them turns tracking off (xterm set_mousemode).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func modes(_ input: String) -> TerminalModes {
    feedAllWays(rows: 3, columns: 10, input).0.modes
}

@Suite struct ModeTests {
    @Test func defaults() {
        let m = Terminal(rows: 3, columns: 10).modes
        #expect(!m.insert)
        #expect(!m.lineFeedNewLine)
        #expect(!m.cursorKeysApplication)
        #expect(!m.keypadApplication)
        #expect(!m.origin)
        #expect(m.autowrap)
        #expect(m.cursorVisible)
        #expect(!m.bracketedPaste)
        #expect(!m.focusEvents)
        #expect(!m.reverseVideo)
        #expect(m.mouseTracking == .off)
        #expect(m.mouseEncoding == .x10)
        #expect(m.cursorStyle == 0)
    }

    @Test func IRM() {
        #expect(modes("⎋[4h").insert)
        #expect(!modes("⎋[4h⎋[4l").insert)
    }

    @Test func LNM() {
        #expect(modes("⎋[20h").lineFeedNewLine)
        #expect(!modes("⎋[20h⎋[20l").lineFeedNewLine)
    }

    @Test func DECCKM() {
        #expect(modes("⎋[?1h").cursorKeysApplication)
        #expect(!modes("⎋[?1h⎋[?1l").cursorKeysApplication)
    }

    @Test func DECKPAMAndDECKPNM() {
        #expect(modes("⎋=").keypadApplication)
        #expect(!modes("⎋=⎋>").keypadApplication)
    }

    @Test func DECOM() {
        #expect(modes("⎋[?6h").origin)
        #expect(!modes("⎋[?6h⎋[?6l").origin)
    }

    @Test func DECAWM() {
        #expect(!modes("⎋[?7l").autowrap)
        #expect(modes("⎋[?7l⎋[?7h").autowrap)
    }

    @Test func DECTCEM() {
        #expect(!modes("⎋[?25l").cursorVisible)
        #expect(modes("⎋[?25l⎋[?25h").cursorVisible)
    }

    @Test func DECSCNMReverseVideo() {
        #expect(modes("⎋[?5h").reverseVideo)
        #expect(!modes("⎋[?5h⎋[?5l").reverseVideo)
    }

    @Test func bracketedPaste2004() {
        #expect(modes("⎋[?2004h").bracketedPaste)
        #expect(!modes("⎋[?2004h⎋[?2004l").bracketedPaste)
    }

    @Test func focusEvents1004() {
        #expect(modes("⎋[?1004h").focusEvents)
        #expect(!modes("⎋[?1004h⎋[?1004l").focusEvents)
    }

    @Test(arguments: [
        ("⎋[?9h", "x10"),
        ("⎋[?1000h", "normal"),
        ("⎋[?1002h", "buttonEvent"),
        ("⎋[?1003h", "anyEvent"),
        ("⎋[?1000h⎋[?1002h", "buttonEvent"),
        ("⎋[?1003h⎋[?1000h", "normal"),
        ("⎋[?1000h⎋[?1000l", "off"),
        ("⎋[?1002h⎋[?1002l", "off"),
        ("⎋[?1003h⎋[?1003l", "off"),
        ("⎋[?9h⎋[?9l", "off"),
        ("⎋[?1002h⎋[?1000l", "off"),
    ])
    func mouseTracking(_ input: String, _ expected: String) {
        // Compared by case name so the test does not depend on MouseTracking being Sendable.
        #expect("\(modes(input).mouseTracking)" == expected, "\(input)")
    }

    @Test(arguments: [
        ("⎋[?1005h", "utf8"),
        ("⎋[?1006h", "sgr"),
        ("⎋[?1006h⎋[?1006l", "x10"),
        ("⎋[?1005h⎋[?1005l", "x10"),
        ("⎋[?1005h⎋[?1006h", "sgr"),
        ("⎋[?1000;1006h", "sgr"),
    ])
    func mouseEncoding(_ input: String, _ expected: String) {
        #expect("\(modes(input).mouseEncoding)" == expected, "\(input)")
    }

    @Test func mouseEncodingIsIndependentOfTracking() {
        let m = modes("⎋[?1006h⎋[?1002h⎋[?1002l")
        #expect(m.mouseTracking == .off)
        #expect(m.mouseEncoding == .sgr)
    }

    @Test(arguments: [("⎋[4 q", 4), ("⎋[ q", 0), ("⎋[0 q", 0), ("⎋[1 q", 1), ("⎋[6 q", 6), ("⎋[2 q⎋[5 q", 5)])
    func DECSCUSR(_ input: String, _ style: Int) {
        #expect(modes(input).cursorStyle == style, "\(input)")
    }

    @Test func severalModesInOneSequence() {
        let m = modes("⎋[?1;2004;1004;25l⎋[?1;2004;1004h")
        #expect(m.cursorKeysApplication)
        #expect(m.bracketedPaste)
        #expect(m.focusEvents)
        #expect(!m.cursorVisible)
    }

    @Test func severalANSIModesInOneSequence() {
        let m = modes("⎋[4;20h")
        #expect(m.insert)
        #expect(m.lineFeedNewLine)
    }

    @Test func ANSIAndDECNamespacesAreSeparate() {
        let a = modes("⎋[?4h⎋[?20h")  // DECSCLM, and no DEC mode 20
        #expect(!a.insert)
        #expect(!a.lineFeedNewLine)
        let b = modes("⎋[25l⎋[7l⎋[1h")  // ANSI 25, 7, 1 are not DECTCEM/DECAWM/DECCKM
        #expect(b.cursorVisible)
        #expect(b.autowrap)
        #expect(!b.cursorKeysApplication)
    }

    @Test func unknownModesAreIgnored() {
        let (t, e) = feedAllWays(rows: 3, columns: 10, "⎋[?9999h⎋[?0h⎋[9999h⎋[?99999999999hA")
        #expect(t.modes.autowrap)
        #expect(t.modes.cursorVisible)
        #expect(!t.modes.insert)
        #expect(replyBytes(e).isEmpty)
        expectScreen(t, ["A"], cursor: (0, 1))
    }

    @Test func modesDoNotPrint() {
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[?1h⎋=⎋[?2004h⎋[?1000h⎋[?1006h⎋[4 q")
        expectScreen(t, [], cursor: (0, 0))
    }
}
