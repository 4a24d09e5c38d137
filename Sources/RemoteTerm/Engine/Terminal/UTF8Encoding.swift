/// UTF-8 for stored text (the scrollback's lines, the marks of cell extras), written and
/// read through raw pointers on paths that run for every character.
enum UTF8Encoding {
    /// Stores the UTF-8 form of `c` (at most U+1FFFFF; four bytes for anything from U+10000)
    /// and returns its length.
    @inline(__always)
    static func store(_ c: UInt32, _ to: UnsafeMutablePointer<UInt8>) -> Int {
        switch c {
        case 0..<0x80:
            to[0] = UInt8(c)
            return 1
        case 0x80..<0x800:
            to[0] = UInt8(0xC0 | c >> 6)
            to[1] = UInt8(0x80 | c & 0x3F)
            return 2
        case 0x800..<0x10000:
            to[0] = UInt8(0xE0 | c >> 12)
            to[1] = UInt8(0x80 | (c >> 6) & 0x3F)
            to[2] = UInt8(0x80 | c & 0x3F)
            return 3
        default:
            to[0] = UInt8(truncatingIfNeeded: 0xF0 | c >> 18)
            to[1] = UInt8(0x80 | (c >> 12) & 0x3F)
            to[2] = UInt8(0x80 | (c >> 6) & 0x3F)
            to[3] = UInt8(0x80 | c & 0x3F)
            return 4
        }
    }

    /// Stores the UTF-8 form of `c` as one 4-byte write (the buffer must have room for four
    /// bytes) and returns its length. Without branches: text mixing ASCII, CJK and emoji
    /// would otherwise mispredict on every character.
    @inline(__always)
    static func storeBranchless(_ c: UInt32, _ to: UnsafeMutablePointer<UInt8>) -> Int {
        let length = 1 + (c >= 0x80 ? 1 : 0) + (c >= 0x800 ? 1 : 0) + (c >= 0x10000 ? 1 : 0)
        let two = (0xC0 | c >> 6) | (0x80 | c & 0x3F) << 8
        let three = (0xE0 | c >> 12) | (0x80 | (c >> 6) & 0x3F) << 8 | (0x80 | c & 0x3F) << 16
        let four = (0xF0 | c >> 18) | (0x80 | (c >> 12) & 0x3F) << 8 | (0x80 | (c >> 6) & 0x3F) << 16
            | (0x80 | c & 0x3F) << 24
        var word = c
        word = length >= 2 ? two : word
        word = length >= 3 ? three : word
        word = length == 4 ? four : word
        UnsafeMutableRawPointer(to).storeBytes(of: word.littleEndian, as: UInt32.self)
        return length
    }

    /// The character stored at `offset` by `store` and its length (the bytes are trusted:
    /// they were written by `store`).
    static func decode(_ bytes: [UInt8], at offset: Int) -> (UInt32, Int) {
        let b0 = UInt32(bytes[offset])
        switch b0 {
        case 0..<0xC0:
            return (b0, 1)
        case 0xC0..<0xE0:
            return ((b0 & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        case 0xE0..<0xF0:
            return ((b0 & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        default:
            return (
                (b0 & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                    | UInt32(bytes[offset + 3] & 0x3F), 4
            )
        }
    }
}
