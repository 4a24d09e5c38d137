/// Decoding one printable character from four bytes at once, without branching on its length.
///
/// Text mixing ASCII, accents (2 bytes), CJK (3) and emoji (4) makes a decoder that branches
/// on the lead byte mispredict on nearly every character. This computes every length's
/// candidate and picks one, then checks well-formedness with comparisons turned into bits
/// (the lead byte decides the range of the second byte, as in the Unicode standard's table
/// of well-formed sequences); anything it does not accept (controls, C1, malformed or split
/// input) is left to `UTF8Decoder`, byte by byte.
enum UTF8Word {
    /// The character at the start of `word` (four input bytes, the first in the low byte)
    /// and its length in bytes, or length 0 when those bytes do not start one well-formed
    /// printable character: a C0 control, DEL, a C1 control, a bad lead or continuation byte,
    /// an overlong form, a surrogate or a value beyond U+10FFFF.
    @inline(__always)
    static func decodePrintable(_ word: UInt32) -> (codePoint: UInt32, length: Int) {
        let b0 = word & 0xFF
        let b1 = word >> 8 & 0xFF
        let long = (b0 >= 0xC0).bit &+ (b0 >= 0xE0).bit &+ (b0 >= 0xF0).bit  // length - 1
        let c1 = word >> 8 & 0x3F
        let c2 = word >> 16 & 0x3F
        let c3 = word >> 24
        let two = (b0 & 0x1F) << 6 | c1
        let three = (b0 & 0x0F) << 12 | c1 << 6 | c2
        let four = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | (c3 & 0x3F)
        var c = b0
        c = long == 1 ? two : c
        c = long == 2 ? three : c
        c = long == 3 ? four : c
        // A lead byte is printable ASCII (0x20–0x7E) or 0xC2–0xF4.
        var bad = (b0 &- 0x20 >= 0x5F).bit & (b0 &- 0xC2 >= 0x33).bit
        // The second byte of a longer form lies in 0x80–0xBF, narrower after five leads:
        // C2 (no C1 controls) and E0 (no overlong form) start at 0xA0, F0 at 0x90; ED (no
        // surrogates) ends at 0x9F, F4 (nothing past U+10FFFF) at 0x8F.
        let low = 0x80 &+ ((b0 == 0xC2).bit | (b0 == 0xE0).bit) << 5 &+ (b0 == 0xF0).bit << 4
        let high = 0xBF &- (b0 == 0xED).bit << 5 &- (b0 == 0xF4).bit * 0x30
        bad |= (long != 0).bit & (b1 &- low > high &- low).bit
        // Bytes 2 and 3, when the form has them, are continuation bytes (10xxxxxx).
        let inForm = UInt32(truncatingIfNeeded: (UInt64(1) &<< (8 &* (UInt64(long) &+ 1))) &- 1)
        let mask = 0xC0C0_0000 & inForm
        bad |= (word & mask != 0x8080_0000 & mask).bit
        return (c, bad == 0 ? Int(long &+ 1) : 0)
    }
}
