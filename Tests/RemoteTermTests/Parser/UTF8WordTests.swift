import Testing

@testable import RemoteTerm

/// The parser's four-bytes-at-once decoder against the byte-at-a-time one it stands in for.
@Suite struct UTF8WordTests {
    /// What `UTF8Decoder` makes of the start of `bytes`: the first character and its length
    /// when that character is well formed and printable (not C0, DEL or C1), else nil.
    static func reference(_ bytes: [UInt8]) -> (UInt32, Int)? {
        var decoder = UTF8Decoder()
        for (k, byte) in bytes.enumerated() {
            let result = decoder.step(byte)
            if result == UTF8Decoder.needMore { continue }
            // U+FFFD is also what an invalid byte gives; only EF BF BD is the character.
            let isInvalid = result == UTF8Decoder.replacement && !(k == 2 && bytes.starts(with: [0xEF, 0xBF, 0xBD]))
            if result == UTF8Decoder.replaceAndRetry || isInvalid { return nil }
            let printable = result >= 0x20 && result != 0x7F && !(0x80...0x9F).contains(result)
            return printable ? (result, k + 1) : nil
        }
        return nil
    }

    /// Every first and second byte, with third and fourth bytes at every boundary of the
    /// well-formed ranges: the two decoders agree on the character, its length, and on
    /// refusing what is malformed, a control, a surrogate or beyond U+10FFFF.
    @Test func agreesWithTheByteDecoderOnEveryLeadAndSecondByte() {
        let edges: [UInt8] = [0x00, 0x1F, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xF0, 0xFF]
        var disagreements: [String] = []
        for b0 in 0...255 {
            for b1 in 0...255 {
                for b2 in edges {
                    for b3 in edges {
                        let bytes = [UInt8(b0), UInt8(b1), b2, b3]
                        let word = UInt32(b0) | UInt32(b1) << 8 | UInt32(b2) << 16 | UInt32(b3) << 24
                        let (c, length) = UTF8Word.decodePrintable(word)
                        let expected = Self.reference(bytes)
                        let agrees = expected.map { $0.0 == c && $0.1 == length } ?? (length == 0)
                        if !agrees && disagreements.count < 5 {
                            disagreements.append("\(bytes.map { String($0, radix: 16) }): \(c) \(length) vs \(String(describing: expected))")
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }
}
