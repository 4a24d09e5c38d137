/// Pasted text to bytes for the remote, sent as one write.
///
/// The text is made safe before it leaves: ESC (U+001B) and the C1 controls (U+0080–U+009F)
/// are removed, so pasted text can never carry a control sequence. That is also what keeps
/// a bracketed paste closed: text containing `ESC [ 201 ~` (or the 8-bit CSI `0x9B 201 ~`)
/// arrives as the harmless `[201~`, and only the encoder's own `ESC [ 201 ~` ends the paste.
///
/// Line ends become CR, as xterm sends pasted newlines (a shell or editor reading the tty in
/// raw mode sees Return); a CR LF pair becomes one CR, so text copied from CRLF sources does
/// not run each line twice.
public enum PasteEncoder {
    /// `ESC [ 200 ~`: the start of a bracketed paste.
    package static let bracketStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    /// `ESC [ 201 ~`: the end of a bracketed paste.
    package static let bracketEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The bytes for pasting `text`: sanitised, and wrapped in the bracket sequences when
    /// the remote enabled bracketed paste (?2004). Empty for an empty paste.
    public static func encode(_ text: String, options: KeyEncodingOptions) -> [UInt8] {
        guard !text.isEmpty else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + bracketStart.count + bracketEnd.count)
        if options.bracketedPaste { bytes += bracketStart }
        appendSanitized(text.unicodeScalars, to: &bytes)
        if options.bracketedPaste { bytes += bracketEnd }
        return bytes
    }

    /// The same for raw bytes collected from the local terminal's paste: they are decoded as
    /// UTF-8 first, invalid sequences becoming U+FFFD (so a stray 0x9B byte cannot act as CSI).
    package static func encode(_ bytes: [UInt8], options: KeyEncodingOptions) -> [UInt8] {
        encode(String(decoding: bytes, as: UTF8.self), options: options)
    }

    /// Whether a scalar is dropped from pasted text.
    static func isStripped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x1B || (0x80...0x9F).contains(scalar.value)
    }

    private static func appendSanitized(_ scalars: String.UnicodeScalarView, to bytes: inout [UInt8]) {
        var lastWasCarriageReturn = false
        for scalar in scalars {
            if isStripped(scalar) { continue }
            switch scalar.value {
            case 0x0A:
                // LF → CR, except the LF of a CR LF pair, whose CR is already out.
                if !lastWasCarriageReturn { bytes.append(0x0D) }
                lastWasCarriageReturn = false
            case 0x0D:
                bytes.append(0x0D)
                lastWasCarriageReturn = true
            case 0..<0x80:
                bytes.append(UInt8(scalar.value))
                lastWasCarriageReturn = false
            default:
                UTF8.encode(scalar) { bytes.append($0) }
                lastWasCarriageReturn = false
            }
        }
    }
}
