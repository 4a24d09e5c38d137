/// One key event written as the kitty keyboard protocol's escape code,
/// `CSI code[:shifted[:base]] ; modifiers[:event] ; text u` (or `~`, or the letter of a key
/// that keeps xterm's form, `CSI 1 ; 5 A`), each field left out when it says nothing.
struct KittyEscapeCode: Equatable {
    /// The key's number: a Unicode code point, one of the spec's functional key numbers, or
    /// 1 for the keys written with a letter.
    var number: UInt32
    /// The final byte: `u`, `~`, or a letter (`A`–`F`, `H`, `P`, `Q`, `S`).
    var final: UInt8
    /// The shifted key of the alternate-keys field (kitty flag 4), nil when not reported.
    var shiftedKey: UInt32? = nil
    /// The base-layout key of the alternate-keys field, nil when not reported.
    var baseLayoutKey: UInt32? = nil
    /// Every modifier bit, lock keys included: the field is 1 + these bits.
    var modifiers: KeyModifiers = []
    /// The event type, written only when it is not a press (kitty flag 2 reports it).
    var kind: KeyEventKind = .press
    /// The text's code points (kitty flag 16), empty when not reported.
    var text: [UInt32] = []

    /// The bytes, following the spec's rules for what may be omitted: the modifiers field
    /// is `1` when only the event type needs saying and empty when only text follows; the
    /// number is left out of `CSI 1 A`-style codes that have nothing after it.
    var bytes: [UInt8] {
        let hasAlternates = shiftedKey != nil || baseLayoutKey != nil
        let hasModifierField = !modifiers.isEmpty || kind != .press
        let hasText = !text.isEmpty
        var bytes = KeyEncoder.csi
        if number != 1 || hasAlternates || hasModifierField || hasText { bytes += KeyEncoder.decimal(Int(number)) }
        if hasAlternates {
            bytes.append(UInt8(ascii: ":"))
            if let shiftedKey { bytes += KeyEncoder.decimal(Int(shiftedKey)) }
            if let baseLayoutKey { bytes += [UInt8(ascii: ":")] + KeyEncoder.decimal(Int(baseLayoutKey)) }
        }
        if hasModifierField || hasText { bytes.append(UInt8(ascii: ";")) }
        if hasModifierField {
            bytes += KeyEncoder.decimal(1 + Int(modifiers.rawValue))
            if kind != .press { bytes += [UInt8(ascii: ":")] + KeyEncoder.decimal(Int(kind.rawValue)) }
        }
        for (index, codePoint) in text.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: ";") : UInt8(ascii: ":"))
            bytes += KeyEncoder.decimal(Int(codePoint))
        }
        bytes.append(final)
        return bytes
    }
}
