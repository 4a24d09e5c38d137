// Colour OSCs: OSC 4 (palette), OSC 5 (special colours), OSC 10–19 (dynamic colours), their
// resets (104, 105, 110–119) and X11 colour specs. Reference: xterm ctlseqs "Operating System
// Commands"; esctest2's change_color.py, change_dynamic_color.py, change_special_color.py,
// reset_color.py, reset_special_color.py (the expected answers for rgbi: and the CIE specs
// are the ones those tests hold, i.e. what xterm computes through Xlib's Xcms).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct ColorControlTests {
    private static let st = "⎋\\"
    private static let bel = "\u{07}"

    // MARK: Queries of the defaults

    @Test(arguments: [
        ("⎋]4;1;?⎋\\", "⎋]4;1;rgb:cdcd/0000/0000⎋\\"),
        ("⎋]4;1;?\u{07}", "⎋]4;1;rgb:cdcd/0000/0000\\x7"),
        ("⎋]4;12;?⎋\\", "⎋]4;12;rgb:5c5c/5c5c/ffff⎋\\"),
        ("⎋]4;16;?⎋\\", "⎋]4;16;rgb:0000/0000/0000⎋\\"),
        ("⎋]4;196;?⎋\\", "⎋]4;196;rgb:ffff/0000/0000⎋\\"),
        ("⎋]4;255;?⎋\\", "⎋]4;255;rgb:eeee/eeee/eeee⎋\\"),
        ("⎋]4;256;?⎋\\", "⎋]4;256;rgb:0000/0000/0000⎋\\"),
        ("⎋]5;0;?⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\"),
        ("⎋]10;?⎋\\", "⎋]10;rgb:0000/0000/0000⎋\\"),
        ("⎋]11;?\u{07}", "⎋]11;rgb:ffff/ffff/ffff\\x7"),
        ("⎋]10;?;?⎋\\", "⎋]10;rgb:0000/0000/0000⎋\\⎋]11;rgb:ffff/ffff/ffff⎋\\"),
        ("⎋]4;0;?;1;?⎋\\", "⎋]4;0;rgb:0000/0000/0000⎋\\⎋]4;1;rgb:cdcd/0000/0000⎋\\"),
        ("\u{9D}4;2;?\u{9C}", "⎋]4;2;rgb:0000/cdcd/0000⎋\\"),
    ])
    func queriesAnswerWithTheRequestsTerminator(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    // MARK: Every spec format

    @Test(arguments: [
        ("rgb:f0f0/f0f0/f0f0", "f0f0/f0f0/f0f0"),
        ("rgb:8080/8080/8080", "8080/8080/8080"),
        ("rgb:f/0/0", "ffff/0000/0000"),
        ("rgb:ff/80/0", "ffff/8080/0000"),
        ("rgb:123/456/789", "1212/4545/7878"),
        ("RGB:AB/CD/EF", "abab/cdcd/efef"),
        ("#fff", "f0f0/f0f0/f0f0"),
        ("#888", "8080/8080/8080"),
        ("#f0f0f0", "f0f0/f0f0/f0f0"),
        ("#AABBCC", "aaaa/bbbb/cccc"),
        ("#f00f00f00", "f0f0/f0f0/f0f0"),
        ("#800800800", "8080/8080/8080"),
        ("#f000f000f000", "f0f0/f0f0/f0f0"),
        ("#aaaabbbbcccc", "aaaa/bbbb/cccc"),
        ("rgbi:1/1/1", "ffff/ffff/ffff"),
        ("rgbi:0.5/0.5/0.5", "c1c1/bbbb/bbbb"),
        ("rgbi:0/0/0", "0000/0000/0000"),
        ("CIEXYZ:1/1/1", "ffff/ffff/ffff"),
        ("CIEXYZ:0.5/0.5/0.5", "dddd/b5b5/a0a0"),
        ("CIEuvY:1/1/1", "ffff/ffff/ffff"),
        ("CIEuvY:0.5/0.5/0.5", "ffff/a3a3/aeae"),
        ("CIExyY:1/1/1", "ffff/ffff/ffff"),
        ("CIExyY:0.5/0.5/0.5", "f7f7/b3b3/0e0e"),
        ("CIELuv:1/1/1", "1616/1414/0e0e"),
        ("CIELuv:0.5/0.5/0.5", "0e0e/1313/0e0e"),
        ("TekHVC:1/1/1", "1a1a/1313/0f0f"),
        ("TekHVC:0.5/0.5/0.5", "1111/1313/0e0e"),
        ("CIELab:1/1/1", "6c6c/6767/6767"),
        ("CIELab:0.5/0.5/0.5", "5252/4f4f/4f4f"),
        ("red", "ffff/0000/0000"),
        ("Grey", "bebe/bebe/bebe"),
    ])
    func specFormats(_ spec: String, _ expected: String) {
        for (code, query, answer) in [
            ("4;7;", "⎋]4;7;?⎋\\", "⎋]4;7;rgb:\(expected)⎋\\"),
            ("5;1;", "⎋]5;1;?⎋\\", "⎋]5;1;rgb:\(expected)⎋\\"),
            ("10;", "⎋]10;?⎋\\", "⎋]10;rgb:\(expected)⎋\\"),
            ("17;", "⎋]17;?\u{07}", "⎋]17;rgb:\(expected)\\x7"),
        ] {
            #expect(reply(to: "⎋]\(code)\(spec)⎋\\" + query) == answer, "\(code)\(spec)")
            #expect(reply(to: "⎋]\(code)\(spec)\u{07}" + query) == answer, "\(code)\(spec) BEL")
        }
    }

    @Test(arguments: [
        "", "#", "#ff", "#ffff", "#12345g", "#fffffffffffff", "rgb:1/2", "rgb:1/2/3/4", "rgb:12345/0/0",
        "rgb:g/0/0", "rgb://", "rgbi:2/0/0", "rgbi:-1/0/0", "rgbi:nan/0/0", "rgbi:inf/0/0", "rgbi:0x1/0/0",
        "rgbi:a/b/c", "CIELab:101/0/0", "nosuchcolor", "hsl:1/2/3", "?x",
        "rgb:" + String(repeating: "0", count: 70),
    ])
    func malformedSpecsAreIgnored(_ spec: String) {
        let input = "⎋]4;1;\(spec)⎋\\⎋]10;\(spec)⎋\\⎋]4;1;?⎋\\⎋]10;?⎋\\"
        #expect(
            reply(to: input) == "⎋]4;1;rgb:cdcd/0000/0000⎋\\⎋]10;rgb:0000/0000/0000⎋\\", "\(spec)")
    }

    @Test(arguments: [
        "CIEXYZ:1e308/1/-1e308", "CIEXYZ:-1e308/0.5/1e308", "TekHVC:1e6/50/1e308", "TekHVC:-1e6/0.0001/1e-300",
        "TekHVC:359.9999/100/0", "TekHVC:0/0/5", "CIELuv:50/1e308/-1e308", "CIELuv:0/5/5", "rgbi:1e-320/0/0",
        "CIEuvY:1e300/1e300/0.5", "CIEuvY:0.5/1.125/0.5", "CIExyY:0/0/0.5", "CIExyY:1.5/0/1", "CIELab:0/1e308/1e308",
        "CIELab:100/-1e300/1e300", "CIEXYZ:1e-320/1e-320/1e-320",
    ])
    func extremeNumbersEndQuickly(_ spec: String) {
        // Whatever they turn into, the table keeps a colour and the query is answered.
        let r = reply(to: "⎋]4;1;\(spec)⎋\\⎋]4;1;?⎋\\")
        #expect(r.hasPrefix("⎋]4;1;rgb:") && r.count == "⎋]4;1;rgb:0000/0000/0000⎋\\".count, "\(spec): \(r)")
    }

    // MARK: Several at once, and bounds

    @Test func severalPairsInOneOSC4() {
        let r = reply(to: "⎋]4;0;rgb:f0f0/f0f0/f0f0;1;rgb:f0f0/0000/0000⎋\\⎋]4;0;?;1;?⎋\\")
        #expect(r == "⎋]4;0;rgb:f0f0/f0f0/f0f0⎋\\⎋]4;1;rgb:f0f0/0000/0000⎋\\")
    }

    @Test func aBadSpecSkipsOnlyItsPair() {
        let r = reply(to: "⎋]4;2;bad;3;#123⎋\\⎋]4;2;?;3;?⎋\\")
        #expect(r == "⎋]4;2;rgb:0000/cdcd/0000⎋\\⎋]4;3;rgb:1010/2020/3030⎋\\")
    }

    @Test func dynamicListsContinueWithTheNextNumber() {
        let r = reply(to: "⎋]10;#f00;#0f0;#00f⎋\\⎋]10;?;?;?⎋\\")
        #expect(r == "⎋]10;rgb:f0f0/0000/0000⎋\\⎋]11;rgb:0000/f0f0/0000⎋\\⎋]12;rgb:0000/0000/f0f0⎋\\")
    }

    @Test func dynamicListsStopAfter19() {
        let r = reply(to: "⎋]18;#111;#222;#333⎋\\⎋]18;?;?;?⎋\\")
        #expect(r == "⎋]18;rgb:1010/1010/1010⎋\\⎋]19;rgb:2020/2020/2020⎋\\")
    }

    @Test(arguments: ["⎋]4;261;#fff⎋\\", "⎋]4;999;#fff⎋\\", "⎋]4;1000;#fff⎋\\", "⎋]4;-1;#fff⎋\\",
                      "⎋]4;x;#fff⎋\\", "⎋]4;;#fff⎋\\", "⎋]5;5;#fff⎋\\", "⎋]4;261;?⎋\\", "⎋]5;5;?⎋\\"])
    func outOfRangeIndicesAreIgnored(_ input: String) {
        let (t, e) = feedAllWays(rows: 2, columns: 10, input)
        #expect(replyText(e) == "")
        #expect(t.colorTable == TerminalColors())
    }

    @Test func aBadIndexEndsTheList() {
        #expect(reply(to: "⎋]4;1;?;999;?;2;?⎋\\") == "⎋]4;1;rgb:cdcd/0000/0000⎋\\")
    }

    @Test func answersPerSequenceAreBounded() {
        let input = "⎋]4;" + Array(repeating: "0;?", count: 1000).joined(separator: ";") + "⎋\\"
        let (_, e) = feedAllWays(rows: 2, columns: 10, input, byteByByte: false)
        let answers = e.filter { if case .reply = $0 { return true } else { return false } }
        #expect(answers.count == Terminal.colorItemLimit / 2)
    }

    @Test func queriesAreNotDrawn() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]4;1;?⎋\\⎋]10;?\u{07}⎋]4;1;#fff⎋\\")
        expectScreen(t, [], cursor: (0, 0))
    }

    // MARK: Special colours: OSC 4 past 255 and OSC 5 are the same entries

    @Test func specialColorsShareOSC4AndOSC5() {
        #expect(reply(to: "⎋]4;257;#abc⎋\\⎋]5;1;?⎋\\") == "⎋]5;1;rgb:a0a0/b0b0/c0c0⎋\\")
        #expect(reply(to: "⎋]5;4;#abc⎋\\⎋]4;260;?⎋\\") == "⎋]4;260;rgb:a0a0/b0b0/c0c0⎋\\")
    }

    // MARK: Resets

    @Test(arguments: [
        ("⎋]4;3;#aabbcc⎋\\⎋]104;3⎋\\", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104⎋\\", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104;⎋\\", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104\u{07}", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104;1;3⎋\\", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104;4⎋\\", "⎋]4;3;rgb:aaaa/bbbb/cccc⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]104;x;3⎋\\", "⎋]4;3;rgb:cdcd/cdcd/0000⎋\\"),
        ("⎋]4;3;#aabbcc⎋\\⎋]105⎋\\", "⎋]4;3;rgb:aaaa/bbbb/cccc⎋\\"),
    ])
    func OSC104ResetsThePalette(_ input: String, _ expected: String) {
        #expect(reply(to: input + "⎋]4;3;?⎋\\") == expected, "\(input)")
    }

    @Test(arguments: [
        ("⎋]5;0;#abc;1;#def⎋\\⎋]105;0⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\⎋]5;1;rgb:d0d0/e0e0/f0f0⎋\\"),
        ("⎋]5;0;#abc;1;#def⎋\\⎋]105;0;1⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\⎋]5;1;rgb:0000/0000/0000⎋\\"),
        ("⎋]5;0;#abc;1;#def⎋\\⎋]105⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\⎋]5;1;rgb:0000/0000/0000⎋\\"),
        ("⎋]5;0;#abc;1;#def⎋\\⎋]105;256⎋\\", "⎋]5;0;rgb:a0a0/b0b0/c0c0⎋\\⎋]5;1;rgb:d0d0/e0e0/f0f0⎋\\"),
        ("⎋]5;0;#abc;1;#def⎋\\⎋]104⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\⎋]5;1;rgb:0000/0000/0000⎋\\"),
        ("⎋]5;0;#abc;1;#def⎋\\⎋]104;1⎋\\", "⎋]5;0;rgb:a0a0/b0b0/c0c0⎋\\⎋]5;1;rgb:d0d0/e0e0/f0f0⎋\\"),
        ("⎋]4;256;#abc⎋\\⎋]104;256⎋\\", "⎋]5;0;rgb:0000/0000/0000⎋\\⎋]5;1;rgb:0000/0000/0000⎋\\"),
    ])
    func OSC105ResetsSpecialColors(_ input: String, _ expected: String) {
        #expect(reply(to: input + "⎋]5;0;?;1;?⎋\\") == expected, "\(input)")
    }

    @Test func OSC110To119ResetOneDynamicColorEach() {
        let set = "⎋]10;#111;#222;#333;#444;#555;#666;#777;#888;#999;#aaa⎋\\"
        #expect(reply(to: set + "⎋]110⎋\\⎋]10;?;?⎋\\") == "⎋]10;rgb:0000/0000/0000⎋\\⎋]11;rgb:2020/2020/2020⎋\\")
        #expect(reply(to: set + "⎋]111;⎋\\⎋]10;?;?⎋\\") == "⎋]10;rgb:1010/1010/1010⎋\\⎋]11;rgb:ffff/ffff/ffff⎋\\")
        #expect(reply(to: set + "⎋]119\u{07}⎋]19;?⎋\\") == "⎋]19;rgb:ffff/ffff/ffff⎋\\")
        let (t, _) = feedAllWays(rows: 2, columns: 10, set + (110...119).map { "⎋]\($0)⎋\\" }.joined())
        #expect(t.colorTable == TerminalColors())
    }

    @Test func RISRestoresEveryTable() {
        let (t, e) = feedAllWays(
            rows: 2, columns: 10, "⎋]4;1;#fff;256;#fff⎋\\⎋]10;#f00;#0f0⎋\\⎋c⎋]4;1;?⎋\\⎋]10;?;?⎋\\")
        #expect(t.colorTable == TerminalColors())
        #expect(
            replyText(e)
                == "⎋]4;1;rgb:cdcd/0000/0000⎋\\⎋]10;rgb:0000/0000/0000⎋\\⎋]11;rgb:ffff/ffff/ffff⎋\\")
    }

    @Test func RISKeepsDefaultsAFrontSet() {
        var defaults = TerminalColors.Defaults.xterm
        defaults.dynamics[1] = RGBColor(0x101010)
        let (_, e) = feedAllWays(
            rows: 2, columns: 10, setup: { $0.colorDefaults = defaults }, "⎋]11;#fff⎋\\⎋c⎋]11;?⎋\\")
        #expect(replyText(e) == "⎋]11;rgb:1010/1010/1010⎋\\")
    }

    // MARK: What the renderer draws

    @Test func changedEntriesAreDrawnAsTheirRGBValue() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋]4;1;#102030;3;#cdcd00⎋\\⎋]11;#000⎋\\")
        let colors = t.colorTable
        #expect(colors.drawn(.indexed(1), asForeground: true) == .rgb(0x10, 0x20, 0x30))
        // Set to its default value: still the local theme's colour 3.
        #expect(colors.drawn(.indexed(3), asForeground: true) == .indexed(3))
        #expect(colors.drawn(.indexed(2), asForeground: false) == .indexed(2))
        #expect(colors.drawn(.default, asForeground: false) == .rgb(0, 0, 0))
        #expect(colors.drawn(.default, asForeground: true) == .default)
        #expect(colors.drawn(.rgb(1, 2, 3), asForeground: true) == .rgb(1, 2, 3))
        #expect(TerminalColors().drawn(.default, asForeground: false) == .default)
    }

    @Test func aTruncatedOSCChangesNothing() {
        let input = "⎋]4;1;#fff;" + String(repeating: "2;#fff;", count: 160_000) + "⎋\\⎋]4;1;?⎋\\"
        let (_, e) = feedAllWays(rows: 2, columns: 10, input, byteByByte: false)
        #expect(replyText(e) == "⎋]4;1;rgb:cdcd/0000/0000⎋\\")
    }
}
