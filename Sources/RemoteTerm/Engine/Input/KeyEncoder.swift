/// Keys to bytes for the remote, as xterm sends them with its default settings
/// (`modifyCursorKeys: 2`, `modifyFunctionKeys: 2`, no `modifyOtherKeys`). The same encoder
/// serves the physical keyboard and the key bar, so a click and a key press send the same.
///
/// The table, in short (m = `KeyModifiers.xtermParameter`, 1 + Shift 1 | Alt 2 | Ctrl 4 | Meta 8):
///
/// | Key | Unmodified | Modified |
/// |---|---|---|
/// | ↑ ↓ → ← Home End | `CSI A`…, `CSI H`, `CSI F`; `SS3 x` under DECCKM | `CSI 1 ; m x` |
/// | Insert Delete PgUp PgDn | `CSI 2 ~`, `CSI 3 ~`, `CSI 5 ~`, `CSI 6 ~` | `CSI n ; m ~` |
/// | F1–F4 | `SS3 P`…`SS3 S` | `CSI 1 ; m P`… |
/// | F5–F12 | `CSI 15 ~` 17 18 19 20 21 23 24 | `CSI n ; m ~` |
/// | Keypad (DECKPAM) | `SS3 p`…`SS3 y`, `SS3 M` … | `SS3 m x` |
///
/// Everything else is a byte or a character: Enter CR (CR LF under LNM), Tab HT (Shift+Tab
/// `CSI Z`), Backspace DEL (Ctrl+Backspace BS), Esc ESC, Ctrl+letter 0x01–0x1A and the
/// VT220 Ctrl punctuation; Alt (and Meta) put ESC in front of those.
public enum KeyEncoder {
    /// The bytes `event` sends to the remote under `options`; empty for a key that sends
    /// nothing (a function key outside F1–F12).
    public static func encode(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        // An ESC-prefixed key from a legacy terminal stays as ambiguous as it came.
        if event.isEscapePrefixed, event.modifiers.contains(.alt), event.kind != .release {
            return legacy(event, options: options)
        }
        // A program that asked for the kitty keyboard protocol gets it, whatever else is set.
        if !options.kittyFlags.isEmpty { return KittyKeyEncoder.encode(event, options: options) }
        // Only the kitty protocol reports a key coming up.
        if event.kind == .release { return [] }
        if options.modifyOtherKeys > 0, let bytes = ModifyOtherKeysEncoder.encode(event, options: options) {
            return bytes
        }
        return legacy(event, options: options)
    }

    /// The bytes xterm sends for `event` with no keyboard protocol asked for.
    static func legacy(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        let modifiers = event.modifiers
        switch event.key {
        case .up: return cursorKey(UInt8(ascii: "A"), modifiers, options)
        case .down: return cursorKey(UInt8(ascii: "B"), modifiers, options)
        case .right: return cursorKey(UInt8(ascii: "C"), modifiers, options)
        case .left: return cursorKey(UInt8(ascii: "D"), modifiers, options)
        case .home: return cursorKey(UInt8(ascii: "H"), modifiers, options)
        case .end: return cursorKey(UInt8(ascii: "F"), modifiers, options)
        case .insert: return tildeKey(2, modifiers)
        case .delete: return tildeKey(3, modifiers)
        case .pageUp: return tildeKey(5, modifiers)
        case .pageDown: return tildeKey(6, modifiers)
        case .function(let number):
            return functionKey(number, modifiers)
        case .keypad(let key):
            return keypadKey(key, modifiers, options)
        case .enter:
            let newline: [UInt8] = options.lineFeedNewLine ? [0x0D, 0x0A] : [0x0D]
            return altPrefixed(newline, modifiers)
        case .tab:
            // Shift+Tab is the back-tab (CBT) sequence; other modifiers leave Tab alone.
            let bytes: [UInt8] = modifiers.contains(.shift) ? csi + [UInt8(ascii: "Z")] : [0x09]
            return altPrefixed(bytes, modifiers)
        case .backspace:
            // Ctrl flips the byte, so whichever the remote does not use for erase stays reachable.
            let sendsControlH = options.backspaceSendsControlH != modifiers.contains(.control)
            return altPrefixed([sendsControlH ? 0x08 : 0x7F], modifiers)
        case .escape:
            return altPrefixed([0x1B], modifiers)
        case .character(let scalar):
            return altPrefixed(characterBytes(scalar, modifiers), modifiers)
        case .kittyFunctional:
            return []
        }
    }

    // MARK: - Sequences

    /// `ESC [`, the 7-bit CSI.
    static let csi: [UInt8] = [0x1B, UInt8(ascii: "[")]
    /// `ESC O`, the 7-bit SS3.
    private static let ss3: [UInt8] = [0x1B, UInt8(ascii: "O")]

    /// Arrows, Home and End: DECCKM picks SS3 only for unmodified keys; a modified one is
    /// always `CSI 1 ; m x`, because SS3 carries no parameters.
    private static func cursorKey(_ final: UInt8, _ modifiers: KeyModifiers, _ options: KeyEncodingOptions) -> [UInt8] {
        let parameter = modifiers.xtermParameter
        if parameter > 1 { return csi + decimal(1) + [UInt8(ascii: ";")] + decimal(parameter) + [final] }
        return (options.cursorKeysApplication ? ss3 : csi) + [final]
    }

    /// `CSI n ~`, or `CSI n ; m ~` when modified.
    private static func tildeKey(_ number: Int, _ modifiers: KeyModifiers) -> [UInt8] {
        let parameter = modifiers.xtermParameter
        var bytes = csi + decimal(number)
        if parameter > 1 { bytes += [UInt8(ascii: ";")] + decimal(parameter) }
        return bytes + [UInt8(ascii: "~")]
    }

    /// F1–F4 are SS3 P–S (CSI 1 ; m P–S when modified); F5–F12 are `CSI n ~` with xterm's
    /// numbering, which skips 16 and 22 (a VT220 legacy).
    private static func functionKey(_ number: Int, _ modifiers: KeyModifiers) -> [UInt8] {
        switch number {
        case 1...4:
            let final = UInt8(ascii: "P") + UInt8(number - 1)
            let parameter = modifiers.xtermParameter
            if parameter > 1 { return csi + decimal(1) + [UInt8(ascii: ";")] + decimal(parameter) + [final] }
            return ss3 + [final]
        case 5...12:
            let codes = [15, 17, 18, 19, 20, 21, 23, 24]
            return tildeKey(codes[number - 5], modifiers)
        default:
            return []
        }
    }

    /// Keypad keys: `SS3 x` under DECKPAM (xterm puts the modifier parameter straight after
    /// SS3, `SS3 5 k`, since `modifyKeypadKeys` defaults to 0); in numeric mode the key types
    /// its character (Ctrl and Shift do not change it, Alt still prefixes ESC), and keypad
    /// Enter is Enter, with their legacy bytes even under modifyOtherKeys, which in xterm
    /// leaves the keypad alone.
    private static func keypadKey(_ key: KeypadKey, _ modifiers: KeyModifiers, _ options: KeyEncodingOptions) -> [UInt8] {
        if options.keypadApplication {
            let parameter = modifiers.xtermParameter
            return ss3 + (parameter > 1 ? decimal(parameter) : []) + [key.applicationFinal]
        }
        guard let character = key.character else {
            return legacy(KeyEvent(.enter, modifiers: modifiers), options: options)
        }
        let kept = modifiers.subtracting([.control, .shift])
        return legacy(KeyEvent(.character(character), modifiers: kept), options: options)
    }

    // MARK: - Characters

    /// A character with Ctrl (and Shift) applied, before any Alt prefix.
    private static func characterBytes(_ scalar: Unicode.Scalar, _ modifiers: KeyModifiers) -> [UInt8] {
        if modifiers.contains(.control), let control = controlByte(for: scalar) { return [control] }
        var scalar = scalar
        // A real keyboard already delivers Shift+a as "A"; the bar and scripts may send
        // Shift with a lower-case letter, which means the capital.
        if modifiers.contains(.shift), ("a"..."z").contains(scalar) {
            scalar = Unicode.Scalar(scalar.value - 0x20) ?? scalar
        }
        return utf8(scalar)
    }

    /// The C0 control Ctrl turns a character into (the VT220 and xterm mapping), or nil
    /// when Ctrl does not change it (Ctrl+1, Ctrl+é: xterm sends the character).
    static func controlByte(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "a"..."z": return UInt8(scalar.value - 0x60)
        case "A"..."Z": return UInt8(scalar.value - 0x40)
        case "@", " ", "2", "`": return 0x00
        case "[", "3": return 0x1B
        case "\\", "4": return 0x1C
        case "]", "5": return 0x1D
        case "^", "6", "~": return 0x1E
        case "_", "7", "/": return 0x1F
        case "?", "8": return 0x7F
        default: return nil
        }
    }

    /// Alt and Meta send ESC before the key's own bytes (xterm's `metaSendsEscape`), so
    /// Alt+x is `ESC x` and Ctrl+Alt+c is `ESC 0x03`.
    private static func altPrefixed(_ bytes: [UInt8], _ modifiers: KeyModifiers) -> [UInt8] {
        guard !modifiers.isDisjoint(with: [.alt, .meta]), !bytes.isEmpty else { return bytes }
        return [0x1B] + bytes
    }

    // MARK: - Bytes

    /// The UTF-8 encoding of a scalar.
    static func utf8(_ scalar: Unicode.Scalar) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4)
        UTF8.encode(scalar) { bytes.append($0) }
        return bytes
    }

    /// The ASCII digits of a non-negative number.
    static func decimal(_ value: Int) -> [UInt8] {
        var digits: [UInt8] = []
        digits.appendDecimal(value)
        return digits
    }
}

extension Array where Element == UInt8 {
    /// Appends the ASCII digits of a non-negative number (sequences' parameters, written
    /// where a frame or a key is encoded, with no string made on the way).
    package mutating func appendDecimal(_ value: Int) {
        // Most parameters have one to three digits: appended as they are (a frame writes two
        // for each cursor move), longer ones digit by digit from the left.
        let zero = UInt8(ascii: "0")
        switch value {
        case ..<10: append(zero &+ UInt8(truncatingIfNeeded: Swift.max(value, 0)))
        case ..<100:
            append(zero &+ UInt8(truncatingIfNeeded: value / 10))
            append(zero &+ UInt8(truncatingIfNeeded: value % 10))
        case ..<1000:
            append(zero &+ UInt8(truncatingIfNeeded: value / 100))
            append(zero &+ UInt8(truncatingIfNeeded: value / 10 % 10))
            append(zero &+ UInt8(truncatingIfNeeded: value % 10))
        default:
            appendDecimal(value / 10)
            append(zero &+ UInt8(truncatingIfNeeded: value % 10))
        }
    }

    /// Appends `ESC [`, the start of every control sequence a frame writes.
    package mutating func appendCSI() {
        append(0x1B)
        append(0x5B)
    }
}
