import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Parser tables: bytes in, actions out, and the same actions however the input is split.
@Suite struct ParserTests {
    static func parse(_ bytes: [UInt8]) -> [ParserAction] {
        var parser = VTParser()
        var recorder = ParserActionRecorder()
        parser.feed(bytes, into: &recorder)
        return recorder.actions
    }

    /// Feeds byte by byte and in seeded random chunks; every way must give the same actions.
    static func parseAllWays(_ bytes: [UInt8]) -> [ParserAction] {
        let whole = parse(bytes)
        var parser = VTParser()
        var recorder = ParserActionRecorder()
        for byte in bytes { parser.feed([byte], into: &recorder) }
        #expect(recorder.actions == whole, "byte by byte")
        var seed: UInt64 = 0x5EED
        for _ in 0..<3 {
            var chunked = VTParser()
            var chunkRecorder = ParserActionRecorder()
            var i = 0
            while i < bytes.count {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let n = min(bytes.count - i, 1 + Int(seed >> 60))
                chunked.feed(Array(bytes[i..<i + n]), into: &chunkRecorder)
                i += n
            }
            #expect(chunkRecorder.actions == whole, "random chunks")
        }
        return whole
    }

    static func csi(_ marker: Character?, _ params: [Int], _ final: Character, sub: Set<Int> = [],
                    intermediates: String = "") -> ParserAction {
        var packed: UInt16 = 0
        for (k, b) in intermediates.utf8.enumerated() { packed |= UInt16(b) << UInt16(8 * k) }
        return .csi(CSISequence(
            privateMarker: marker.map { $0.asciiValue! } ?? 0, parameters: CSIParameters(params, subparameters: sub),
            intermediates: packed, final: final.asciiValue!))
    }

    static func text(_ s: String) -> ParserAction { .print(s.unicodeScalars.map(\.value)) }

    static let cases: [(String, [UInt8], [ParserAction])] = [
        ("plain text", Array("hello".utf8), [text("hello")]),
        ("C0 controls", [0x41, 0x0D, 0x0A, 0x07, 0x42], [text("A"), .execute(0x0D), .execute(0x0A), .execute(0x07), text("B")]),
        ("DEL ignored in ground", [0x41, 0x7F, 0x42], [text("AB")]),
        ("CSI with params", Array("\u{1B}[1;22H".utf8), [csi(nil, [1, 22], "H")]),
        ("CSI no params", Array("\u{1B}[m".utf8), [csi(nil, [], "m")]),
        ("CSI empty params", Array("\u{1B}[;5H".utf8), [csi(nil, [0, 5], "H")]),
        ("CSI private marker", Array("\u{1B}[?1049h".utf8), [csi("?", [1049], "h")]),
        ("CSI intermediate", Array("\u{1B}[2 q".utf8), [csi(nil, [2], "q", intermediates: " ")]),
        ("CSI colon sub-parameters", Array("\u{1B}[38:2::1:2:3m".utf8),
         [csi(nil, [38, 2, 0, 1, 2, 3], "m", sub: [1, 2, 3, 4, 5])]),
        ("CSI value clamped", Array("\u{1B}[99999999999C".utf8), [csi(nil, [65535], "C")]),
        ("C0 inside CSI executes", Array("\u{1B}[1\u{0A}2H".utf8), [.execute(0x0A), csi(nil, [12], "H")]),
        ("CAN aborts CSI", Array("\u{1B}[12\u{18}A".utf8), [.execute(0x18), text("A")]),
        ("ESC restarts a sequence", Array("\u{1B}[12\u{1B}[3A".utf8), [csi(nil, [3], "A")]),
        ("marker after params ignores", Array("\u{1B}[1?hX".utf8), [text("X")]),
        ("ESC dispatch", Array("\u{1B}7\u{1B}(0".utf8),
         [.escape(intermediates: 0, final: 0x37), .escape(intermediates: 0x28, final: 0x30)]),
        ("OSC with BEL", Array("\u{1B}]0;title\u{07}x".utf8), [.osc(Array("0;title".utf8), isTruncated: false), text("x")]),
        ("OSC with ST", Array("\u{1B}]2;t\u{1B}\\x".utf8),
         [.osc(Array("2;t".utf8), isTruncated: false), .escape(intermediates: 0, final: 0x5C), text("x")]),
        ("OSC keeps UTF-8", Array("\u{1B}]2;é\u{07}".utf8), [.osc(Array("2;é".utf8), isTruncated: false)]),
        ("DCS string", Array("\u{1B}P$qm\u{1B}\\".utf8),
         [.dcs(CSISequence(intermediates: 0x24, final: 0x71), Array("m".utf8), isTruncated: false),
          .escape(intermediates: 0, final: 0x5C)]),
        ("SOS/PM/APC swallowed", Array("\u{1B}_junk\u{1B}\\A".utf8), [.escape(intermediates: 0, final: 0x5C), text("A")]),
        ("UTF-8 text", Array("中é".utf8), [.print([0x4E2D, 0xE9])]),
        ("C1 CSI from UTF-8", [0xC2, 0x9B, 0x32, 0x4A], [csi(nil, [2], "J")]),
        ("raw 0x9B is malformed", [0x9B, 0x41], [.print([0xFFFD, 0x41])]),
        ("truncated sequence then ASCII", [0xE2, 0x82, 0x41], [.print([0xFFFD, 0x41])]),
        ("F0 80 80: three replacements", [0xF0, 0x80, 0x80], [.print([0xFFFD, 0xFFFD, 0xFFFD])]),
        ("overlong C0 AF", [0xC0, 0xAF], [.print([0xFFFD, 0xFFFD])]),
        ("surrogate ED A0 80", [0xED, 0xA0, 0x80], [.print([0xFFFD, 0xFFFD, 0xFFFD])]),
        ("incomplete before ESC", [0xE4, 0xB8, 0x1B, 0x5B, 0x41], [.print([0xFFFD]), csi(nil, [], "A")]),
    ]

    @Test(arguments: cases.indices)
    func table(index: Int) {
        let (name, input, expected) = Self.cases[index]
        #expect(Self.parseAllWays(input) == expected, "\(name)")
    }

    @Test func atMostThirtyTwoParameters() {
        let input = "\u{1B}[" + (1...40).map(String.init).joined(separator: ";") + "m"
        guard case .csi(let sequence)? = Self.parseAllWays(Array(input.utf8)).first else {
            Issue.record("no CSI")
            return
        }
        #expect(sequence.parameters.count == 32)
        #expect(sequence.parameters.isTruncated)
        #expect(sequence.parameters.list == Array(1...32))
    }

    @Test func oscPayloadIsBoundedAndParsingContinues() {
        var bytes = Array("\u{1B}]2;".utf8)
        bytes += [UInt8](repeating: 0x61, count: 100)
        bytes += Array("\u{07}ok".utf8)
        var parser = VTParser(stringLimit: 10)
        var recorder = ParserActionRecorder()
        parser.feed(bytes, into: &recorder)
        #expect(recorder.actions == [.osc(Array("2;aaaaaaaa".utf8), isTruncated: true), Self.text("ok")])
    }

    @Test func cellIsAtMostSixteenBytes() {
        // Exactly two words with no padding: the scrollback encoder reads the style as raw
        // words at these offsets, and the front compares and scans cells as words
        // (`Cell.sameBits`, `RemoteRowWriter`, `LinkDetector.mayHoldLink`).
        #expect(MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.codePoint) == 0)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.foregroundBits) == 4)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.backgroundBits) == 8)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.attributes) == 12)
        #expect(MemoryLayout<Cell>.offset(of: \Cell.extra) == 14)
        // A blank cell is all zero bits: the engine erases and the frame pads with zeros.
        #expect(withUnsafeBytes(of: Cell.blank) { $0.allSatisfy { $0 == 0 } })
    }
}

/// A plain row (default-style ASCII) is saved to the scrollback by copying its mirrored
/// bytes; the result must equal what the general encoder produces for the same cells.
@Suite struct PlainRowScrollbackTests {
    static let inputs = [
        "ab\u{1B}[3Ccd  ",  // a gap of empty cells, trailing spaces
        "0123456789",  // a full row (pending wrap)
        "x\u{1B}[1mB\u{1B}[0my",  // bold in the middle: not plain
        "tab\tx",
        "\u{1B}[5Cright",
        "",
    ]

    @Test(arguments: inputs)
    func plainAndEncodedRowsMatch(text: String) {
        var plain = Terminal(rows: 2, columns: 10)
        plain.feed(text + "\r\n\n\n")
        // The same row, forced through the general encoder: DECRARA reversing bold twice
        // changes no cell but touches the row (no longer known plain).
        var general = Terminal(rows: 2, columns: 10)
        general.feed(text + "\u{1B}[1;1;1;10;1$t\u{1B}[1;1;1;10;1$t")
        #expect(!general.screen.isPlain(0))
        general.feed("\r\n\n\n")
        #expect(plain.scrollbackCount == 2)
        #expect(general.scrollbackCount == 2)
        #expect(plain.line(number: 0)?.cells == general.line(number: 0)?.cells, "\(text)")
        #expect(plain.scrollbackText(0) == general.scrollbackText(0))
    }
}
