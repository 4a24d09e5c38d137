/// The kitty keyboard protocol's legacy encodings, for keys no flag of the program's
/// changes (flags 2, 4 or 16 without 1 or 8): the spec's "Legacy text keys" algorithm and
/// its table of C0 keys. They match xterm's bytes except where xterm loses a key: Ctrl+Shift
/// or Super with a text key goes as `CSI code ; m u` rather than the bare control byte.
extension KittyKeyEncoder {
    /// A text key with modifiers as the spec's legacy algorithm writes it: for Shift, Alt,
    /// Ctrl, Shift+Alt and Ctrl+Alt on an ASCII key, ESC for Alt, then the Ctrl mapping, else
    /// the shifted key; nil for anything else (it goes as `CSI code ; m u`). Lock modifiers
    /// are left out, as legacy bytes cannot carry them.
    static func legacyCharacter(_ key: CharacterKey, of event: KeyEvent) -> [UInt8]? {
        let modifiers = key.modifiers.subtracting(lockModifiers)
        if modifiers.isEmpty || modifiers == .shift { return KeyEncoder.utf8(key.typed) }
        var scalar = key.unshifted
        if !isLegacyTextKey(scalar) {
            // A key of another layout (Ctrl+с on a Russian keyboard) acts as the key at its
            // place on a US keyboard (Ctrl+c) when the user's terminal said which that is.
            let layoutFree: [KeyModifiers] = [.control, .alt, [.control, .alt]]
            guard layoutFree.contains(modifiers), let base = event.baseLayoutKey,
                  isLegacyTextKey(base) else { return nil }
            scalar = base
        }
        let escape: [UInt8] = [0x1B]
        switch modifiers {
        case .alt:
            return escape + KeyEncoder.utf8(scalar)
        case .control:
            return controlled(scalar)
        case [.control, .alt]:
            return escape + controlled(scalar)
        case [.shift, .alt]:
            // Shift leaves Space a space; other keys need their shifted character known.
            guard let shifted = scalar == " " ? scalar : key.shifted else { return nil }
            return escape + KeyEncoder.utf8(shifted)
        case [.control, .shift] where scalar == " ":
            return [0x00]
        default:
            return nil
        }
    }

    /// Enter, Esc, Backspace and Tab with modifiers, from the spec's table of C0 keys: Alt
    /// puts ESC in front, Ctrl turns Backspace into BS (DEL when Backspace sends BS), Shift
    /// turns Tab into `CSI Z`, other modifiers change nothing; nil for other keys.
    static func legacyC0Key(
        _ key: KittyFunctionalKey, _ modifiers: KeyModifiers, options: KeyEncodingOptions
    ) -> [UInt8]? {
        let prefix: [UInt8] = modifiers.contains(.alt) ? [0x1B] : []
        switch key.number {
        case 13 where key.final == UInt8(ascii: "u"):
            return prefix + [0x0D]
        case 27 where key.final == UInt8(ascii: "u"):
            return prefix + [0x1B]
        case 127 where key.final == UInt8(ascii: "u"):
            let sendsControlH = options.backspaceSendsControlH != modifiers.contains(.control)
            return prefix + [sendsControlH ? 0x08 : 0x7F]
        case 9 where key.final == UInt8(ascii: "u"):
            return prefix + (modifiers.contains(.shift) ? KeyEncoder.csi + [UInt8(ascii: "Z")] : [0x09])
        default:
            return nil
        }
    }

    /// The spec's legacy text keys: `a`–`z`, `0`–`9` and the printable ASCII punctuation
    /// (their shifted forms included), Space too; not the capitals, which are Shift+letter.
    private static func isLegacyTextKey(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) && !("A"..."Z").contains(scalar)
    }

    /// The spec's Ctrl mapping: xterm's, except that `` ` `` is left alone (the spec's table
    /// has no entry for it), as is any key not in the table.
    private static func controlled(_ scalar: Unicode.Scalar) -> [UInt8] {
        if scalar != "`", let byte = KeyEncoder.controlByte(for: scalar) { return [byte] }
        return KeyEncoder.utf8(scalar)
    }
}
