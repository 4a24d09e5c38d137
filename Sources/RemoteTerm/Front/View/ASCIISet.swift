/// A set of ASCII characters as two 64-bit masks, so testing a character on the per-cell
/// paths of word and URL detection is a shift and an AND.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// Letters, digits and the characters of `extra`.
    init(alphanumericsAnd extra: String) {
        let extra = Set(extra.unicodeScalars.map(\.value))
        for value in UInt32(0)..<128 {
            let isAlphanumeric = (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            guard isAlphanumeric || extra.contains(value) else { continue }
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
    }

    /// Whether `codePoint` (below 0x80) is in the set.
    @inline(__always) func contains(_ codePoint: UInt32) -> Bool {
        (codePoint < 64 ? low : high) & (1 << UInt64(codePoint & 63)) != 0
    }
}
