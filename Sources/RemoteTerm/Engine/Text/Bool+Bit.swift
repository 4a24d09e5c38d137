extension Bool {
    /// 1 for true, 0 for false, as a value, for hot paths that must not branch on data the
    /// processor cannot predict (the kind of each character of mixed text). Written as
    /// `self ? 1 : 0`, the optimizer turned such selects back into jumps; a `Bool` is one
    /// byte holding 0 or 1, so reading that byte gives the value with no comparison at all.
    @inline(__always)
    var bit: UInt32 { UInt32(unsafeBitCast(self, to: UInt8.self)) }
}
