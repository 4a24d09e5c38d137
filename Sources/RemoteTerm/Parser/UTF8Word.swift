/// Decoding one printable character from four bytes at once, without branching on its length.
///
/// Text mixing ASCII, accents (2 bytes), CJK (3) and emoji (4) makes a decoder that branches
/// on the lead byte mispredict on nearly every character. This computes every length's
/// candidate and picks one, then checks well-formedness with masks; anything it does not
/// accept (controls, C1, malformed or split input) is left to `UTF8Decoder`, byte by byte.
enum UTF8Word {
    /// The character at the start of `word` (four input bytes, the first in the low byte)
    /// and its length in bytes, or length 0 when those bytes do not start one well-formed
    /// printable character: a C0 control, DEL, a C1 control, a bad lead or continuation byte,
    /// an overlong form, a surrogate or a value beyond U+10FFFF.
    @inline(__always)
    static func decodePrintable(_ word: UInt32) -> (codePoint: UInt32, length: Int) {
        let b0 = word & 0xFF
        let b1 = word >> 8 & 0x3F
        let b2 = word >> 16 & 0x3F
        let b3 = word >> 24 & 0x3F
        let length: UInt32 = 1 + (b0 >= 0xC0 ? 1 : 0) + (b0 >= 0xE0 ? 1 : 0) + (b0 >= 0xF0 ? 1 : 0)
        let two = (b0 & 0x1F) << 6 | b1
        let three = (b0 & 0x0F) << 12 | b1 << 6 | b2
        let four = (b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
        var c = b0
        c = length == 2 ? two : c
        c = length == 3 ? three : c
        c = length == 4 ? four : c
        // Continuation bytes 1..<length must be 10xxxxxx.
        let shift = (4 - length) * 8
        let continuationMask = (UInt32(0xC0C0_C000) &<< shift) &>> shift
        var bad = (word & continuationMask) ^ (continuationMask & 0x8080_8080)
        // Lead bytes 0x80...0xC1 and 0xF5... never start a character.
        bad |= b0 &- 0x80 < 0x42 ? 1 : 0
        bad |= b0 > 0xF4 ? 1 : 0
        // The smallest value of each length (no overlong forms; C0, DEL and C1 excluded).
        var smallest: UInt32 = 0x20
        smallest = length == 2 ? 0xA0 : smallest
        smallest = length == 3 ? 0x800 : smallest
        smallest = length == 4 ? 0x1_0000 : smallest
        bad |= c < smallest ? 1 : 0
        bad |= c == 0x7F ? 1 : 0
        bad |= c > 0x10_FFFF ? 1 : 0
        bad |= c & 0x1F_F800 == 0xD800 ? 1 : 0
        return (c, bad == 0 ? Int(length) : 0)
    }
}
