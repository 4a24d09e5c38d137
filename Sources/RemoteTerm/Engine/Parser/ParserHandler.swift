/// What the parser reports, one call per action (the vte `Perform` idea, as a generic
/// protocol so the calls are specialised and inlined rather than dispatched dynamically).
///
/// The parser knows nothing of screens; `ParserAction` is the same vocabulary as values.
protocol ParserHandler {
    /// A run of printable ASCII bytes (0x20–0x7E) in the ground state.
    mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>)
    /// One printable character outside ASCII (already decoded from UTF-8).
    mutating func print(_ codePoint: UInt32)
    /// A run of printable characters (decoded; ASCII and beyond mixed) in the ground state.
    mutating func printRun(_ codePoints: UnsafeBufferPointer<UInt32>)
    /// A C0 control (0x00–0x1F, except those that change the parser state) or a C1 control
    /// given as a code point (0x80–0x9F) that has no parser meaning (IND, NEL, HTS, RI…).
    mutating func execute(_ control: UInt32)
    /// `ESC [intermediates] final`.
    mutating func escapeDispatch(intermediates: UInt16, final: UInt8)
    /// A complete CSI sequence.
    mutating func csiDispatch(_ sequence: inout CSISequence)
    /// A complete OSC string; `isTruncated` when the payload exceeded the parser's bound;
    /// `endedByBell` when BEL ended it rather than ST (xterm answers a query with the
    /// terminator the query came with).
    mutating func oscDispatch(_ payload: ArraySlice<UInt8>, isTruncated: Bool, endedByBell: Bool)
    /// A complete DCS string: its header and its (bounded) payload.
    mutating func dcsDispatch(_ header: CSISequence, payload: ArraySlice<UInt8>, isTruncated: Bool)
}
