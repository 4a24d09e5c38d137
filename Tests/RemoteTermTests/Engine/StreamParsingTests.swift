// The byte-level parser: vt100.net DEC ANSI state machine, C0/C1 controls, parameter
// limits, string payloads; and the incremental, locale-independent UTF-8 decoder
// (malformed input becomes U+FFFD following the Unicode "maximal subpart" practice,
// Unicode 15 §3.9 table 3-8). UTF-8 is decoded before parsing, so a raw 0x9B byte is
// malformed UTF-8, while U+009B (bytes C2 9B) is the C1 control CSI.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let fffd = "\u{FFFD}"

struct ByteCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let lines: [String]
    let cursor: (Int, Int)
    var testDescription: String { name }
    init(_ name: String, _ bytes: [UInt8], _ lines: [String], cursor: (Int, Int)) {
        self.name = name
        self.bytes = bytes
        self.lines = lines
        self.cursor = cursor
    }
}

private let utf8Cases: [ByteCase] = [
    ByteCase("Valid multi-byte characters", Array("é中😀".utf8), ["é中😀"], cursor: (0, 5)),
    ByteCase("Truncated 3-byte sequence then ASCII: E2 82 41", [0xE2, 0x82, 0x41], [fffd + "A"], cursor: (0, 2)),
    ByteCase("F0 80 80 is three replacements", [0xF0, 0x80, 0x80, 0x41], [fffd + fffd + fffd + "A"],
             cursor: (0, 4)),
    ByteCase("Overlong C0 AF is two replacements", [0xC0, 0xAF, 0x41], [fffd + fffd + "A"], cursor: (0, 3)),
    ByteCase("Overlong E0 80 80 is three replacements", [0xE0, 0x80, 0x80, 0x41], [fffd + fffd + fffd + "A"],
             cursor: (0, 4)),
    ByteCase("Surrogate ED A0 80 is three replacements", [0xED, 0xA0, 0x80, 0x41], [fffd + fffd + fffd + "A"],
             cursor: (0, 4)),
    ByteCase("Above U+10FFFF: F4 90 80 80 is four replacements", [0xF4, 0x90, 0x80, 0x80],
             [fffd + fffd + fffd + fffd], cursor: (0, 4)),
    ByteCase("F5..FF are never valid", [0xF5, 0xFE, 0xFF, 0x41], [fffd + fffd + fffd + "A"], cursor: (0, 4)),
    ByteCase("Lone continuation bytes", [0x80, 0xBF, 0x41], [fffd + fffd + "A"], cursor: (0, 3)),
    ByteCase("Truncated 4-byte sequence F0 9F 98 then ASCII", [0xF0, 0x9F, 0x98, 0x41], [fffd + "A"],
             cursor: (0, 2)),
    ByteCase("Truncated sequence then a valid one", [0xE4, 0xB8, 0xE4, 0xB8, 0xAD], [fffd + "中"], cursor: (0, 3)),
    ByteCase("Truncated sequence interrupted by ESC", [0xE2, 0x82] + Array("\u{1B}[CX".utf8), [fffd + " X"],
             cursor: (0, 3)),
    ByteCase("Truncated sequence interrupted by CR", [0x41, 0xE2, 0x82, 0x0D, 0x42], ["B" + fffd], cursor: (0, 1)),
    ByteCase("An incomplete sequence at the end waits for more", [0x41, 0xE2, 0x82], ["A"], cursor: (0, 1)),
    ByteCase("Raw 0x9B is malformed, not CSI", Array("abc\r\n".utf8) + [0x9B] + Array("2J".utf8),
             ["abc", fffd + "2J"], cursor: (1, 3)),
    ByteCase("C2 9B is CSI: clears the screen", Array("abc".utf8) + [0xC2, 0x9B, 0x32, 0x4A], [], cursor: (0, 3)),
    ByteCase("Raw 0x84 is malformed, not IND", Array("a".utf8) + [0x84] + Array("b".utf8), ["a" + fffd + "b"],
             cursor: (0, 3)),
]

private let parserCases: [ScreenCase] = [
    ScreenCase("C0 inside a CSI is executed", "ab⎋[\u{08}C", ["ab"], cursor: (0, 2)),
    ScreenCase("CR inside a CSI is executed", "abc⎋[2\rCx", ["abx"], cursor: (0, 3)),
    ScreenCase("CAN cancels a CSI", "⎋[2\u{18}J", ["J"], cursor: (0, 1)),
    ScreenCase("ESC inside a CSI starts over", "⎋[2⎋[3CX", ["   X"], cursor: (0, 4)),
    ScreenCase("ESC ESC starts over", "⎋⎋[CX", [" X"], cursor: (0, 2)),
    ScreenCase("Unknown CSI is ignored", "⎋[99;99~X", ["X"], cursor: (0, 1)),
    ScreenCase("Unknown private CSI is ignored", "⎋[?99zX", ["X"], cursor: (0, 1)),
    ScreenCase("Unknown ESC is ignored", "⎋yX⎋%GY", ["XY"], cursor: (0, 2)),
    ScreenCase("CSI with an intermediate then a parameter is ignored", "⎋[ 1CX", ["X"], cursor: (0, 1)),
    ScreenCase("Sub-parameters on a non-SGR CSI make it ignored (xterm)", "⎋[3;3H⎋[2:5;1HX", ["", "", "  X"],
               cursor: (2, 3)),
    ScreenCase("DEL is ignored", "a\u{7F}b", ["ab"], cursor: (0, 2)),
    ScreenCase("NUL is ignored", "a\u{0}b", ["ab"], cursor: (0, 2)),
    ScreenCase("Other C0 controls print nothing", "a\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{10}\u{11}\u{1C}\u{1F}b",
               ["ab"], cursor: (0, 2)),
    ScreenCase("A very long number is clamped", "⎋[" + String(repeating: "9", count: 1000) + "CX",
               ["         X"], cursor: (0, 9)),
    ScreenCase("Leading zeros", "⎋[0000000000000000000000000000002CX", ["  X"], cursor: (0, 3)),
    ScreenCase("APC string is ignored", "⎋_any thing⎋\\X", ["X"], cursor: (0, 1)),
    ScreenCase("PM string is ignored", "⎋^private⎋\\X", ["X"], cursor: (0, 1)),
    ScreenCase("SOS string is ignored", "⎋Xsos⎋\\X", ["X"], cursor: (0, 1)),
    ScreenCase("Unknown DCS is ignored", "⎋Pq#0;2;0;0;0#0~~@@⎋\\X", ["X"], cursor: (0, 1)),
    ScreenCase("Controls inside a DCS do not act", "⎋P1$tab\r\n\u{08}cd⎋\\X", ["X"], cursor: (0, 1)),
    ScreenCase("C1 CSI in the middle of text", "ab\u{9B}1;1HX", ["Xb"], cursor: (0, 1)),
    ScreenCase("Printable characters right after a CSI", "⎋[1mbold⎋[0mplain", ["boldplain"], cursor: (0, 9)),
]

@Suite struct StreamParsingTests {
    @Test(arguments: utf8Cases)
    func utf8(_ c: ByteCase) {
        let (t, _) = feedAllWays(rows: 3, columns: 10, c.bytes)
        #expect(t.renderText() == screenText(c.lines, cursor: c.cursor, rows: 3), "\(c.name)")
    }

    @Test(arguments: parserCases)
    func parser(_ c: ScreenCase) { c.run() }

    @Test func replacementCharacterIsStoredInTheCell() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, [0xFF])
        #expect(t.cell(row: 0, column: 0).scalar == "\u{FFFD}")
    }

    @Test func everyScalarSplitAtEveryPointDecodesTheSame() {
        // Feed a mix of 1- to 4-byte characters; feedAllWays splits them everywhere.
        let text = "aé€😀中ßж\u{10FFFD}Z"
        let (t, _) = feedAllWays(rows: 2, columns: 20, text)
        #expect(t.graphemeText(row: 0, column: 0) == "a")
        #expect(t.graphemeText(row: 0, column: 1) == "é")
        #expect(t.graphemeText(row: 0, column: 2) == "€")
        #expect(t.graphemeText(row: 0, column: 3) == "😀")
    }

    @Test func allSingleBytesAreSafe() {
        for b in 0...255 {
            let (t, _) = feedAllWays(rows: 2, columns: 5, [UInt8(b), 0x41, 0x1B, 0x5C, 0x18, 0x42])
            #expect((0..<2).contains(t.cursorRow), "byte \(b)")
            #expect((0..<5).contains(t.cursorColumn), "byte \(b)")
        }
    }

    @Test func allTwoByteEscapesAreSafe() {
        for b in 0...255 {
            let (t, _) = feedAllWays(rows: 3, columns: 5, [0x1B, UInt8(b), 0x41, 0x18, 0x42])
            #expect((0..<3).contains(t.cursorRow), "ESC \(b)")
            #expect((0..<5).contains(t.cursorColumn), "ESC \(b)")
        }
    }

    @Test func allCSIFinalsAreSafe() {
        for prefix in ["", "?", ">", "=", "!", " ", "$", "\"", "'", "*"] {
            for f in 0x40...0x7E {
                let input = "⎋[" + prefix + "1;2" + String(UnicodeScalar(UInt8(f))) + "A"
                let (t, _) = feedAllWays(rows: 3, columns: 5, input, byteByByte: false)
                #expect((0..<3).contains(t.cursorRow), "\(input)")
                #expect((0..<5).contains(t.cursorColumn), "\(input)")
            }
        }
    }

    @Test func tooManyParametersAreDropped() {
        let params = (1...100).map(String.init).joined(separator: ";")
        let (t, _) = feedAllWays(rows: 3, columns: 10, "⎋[\(params)HX")
        // CUP 1;2 — the rest are ignored.
        expectScreen(t, [" X"], cursor: (0, 2))
    }

    @Test func hugeDCSPayloadIsBoundedAndParsingContinues() {
        let payload = [UInt8](repeating: UInt8(ascii: "q"), count: 3 * 1024 * 1024)
        let input = esc("⎋P$q") + payload + esc("⎋\\AB")
        let (t, e) = feedAllWays(rows: 2, columns: 10, input, byteByByte: false)
        expectScreen(t, ["AB"], cursor: (0, 2))
        #expect(replyBytes(e).count < 1024, "a huge DECRQSS must not produce a huge reply")
    }

    @Test func APCAndPMStringsEndAtST() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋_apc⎋\\A⎋^pm⎋\\B")
        expectScreen(t, ["AB"], cursor: (0, 2))
    }

    @Test func feedStringEqualsFeedBytes() {
        let text = "héllo ⎋[1m中\u{301}⎋[0m\r\nworld"
        var a = Terminal(rows: 3, columns: 12)
        var b = Terminal(rows: 3, columns: 12)
        let ea = a.feed(text.replacingEscapes())
        let eb = b.feed(esc(text))
        #expect(a.renderText() == b.renderText())
        #expect(ea == eb)
    }
}

extension String {
    /// "⎋" → ESC, as a String (for `feed(_ text: String)`).
    fileprivate func replacingEscapes() -> String {
        var s = ""
        for u in unicodeScalars { s.unicodeScalars.append(u == "⎋" ? "\u{1B}" : u) }
        return s
    }
}
