/// Reading a control sequence's parameters four digits at a time (the parser's fast path for
/// the common shape of a control sequence).
extension VTParser {
    /// How many of the four bytes in `word` (the first in the low byte) are decimal digits
    /// before the first that is not, and the number they spell. Per byte, `byte - '0'` is
    /// flagged when it is not below 10; a borrow or carry only reaches bytes after one that
    /// is flagged itself, so the lowest flag is exact. The digits are then moved to the top
    /// and combined in pairs, then pairs of pairs, with two multiplications.
    @inline(__always)
    static func leadingDigits(_ word: UInt32) -> (count: Int, value: UInt32) {
        let d = word &- 0x3030_3030
        let flags = ((d &+ 0x7676_7676) | d) & 0x8080_8080
        let count = flags.trailingZeroBitCount &>> 3
        guard count > 0 else { return (0, 0) }
        let kept = d & UInt32(truncatingIfNeeded: (UInt64(1) &<< (8 &* UInt64(count))) &- 1)
        var x = kept &<< UInt32(8 &* (4 &- count))
        x = (x &* 10 &+ (x &>> 8)) & 0x00FF_00FF
        x = (x &* 100 &+ (x &>> 16)) & 0x0000_3FFF
        return (count, x)
    }
}
