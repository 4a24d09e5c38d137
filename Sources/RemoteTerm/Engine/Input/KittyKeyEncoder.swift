/// Keys to bytes for a program that asked for the kitty keyboard protocol (`CSI > flags u`),
/// as https://sw.kovidgoyal.net/kitty/keyboard-protocol/ specifies for each flag, with
/// kitty's own encoder (`kitty/key_encoding.c`) as the reference where the text is silent.
///
/// | Flag | What it changes |
/// |---|---|
/// | 1 disambiguate | Esc, and text keys with Ctrl, Alt, Super, Hyper or Meta, as `CSI code ; m u`; modified Enter, Tab, Backspace likewise; keypad keys that type no text as `CSI 57399 u`…; F1–F4 as `CSI P`…, F3 `CSI 13 ~` |
/// | 2 event types | `:2` for a repeat and `:3` for a release after the modifiers; unmodified Enter, Tab and Backspace report no release (unless 8) |
/// | 4 alternate keys | `code:shifted:base` on text keys already sent as escape codes |
/// | 8 all keys | every key as an escape code: `a` → `CSI 97 u`, Enter `CSI 13 u`… |
/// | 16 associated text | `; code points` of the text typed (only with 8, as the spec says) |
///
/// The modifier field is 1 + the bits of `KeyModifiers` (Shift 1, Alt 2, Ctrl 4, Super 8,
/// Hyper 16, Meta 32, Caps Lock 64, Num Lock 128). Lock bits are reported with any escape
/// code; a text key that types text without flag 8 sends the text, so Caps Lock never turns
/// typing into escapes. Where no flag changes a key (flags 2, 4 or 16 alone) it keeps the
/// spec's legacy encoding, which differs from xterm's only in a few combinations
/// (`KittyKeyEncoder+Legacy.swift`).
enum KittyKeyEncoder {
    /// The bytes `event` sends under `options.kittyFlags` (not empty); empty for a release
    /// or a modifier key nobody asked to hear of.
    static func encode(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        var event = event.withControlCharacterAsKey
        if !options.kittyFlags.contains(.reportEventTypes) {
            // Without flag 2 a repeat is another press and a release says nothing.
            guard event.kind != .release else { return [] }
            event.kind = .press
        }
        switch event.key {
        case .character(let scalar):
            return encodeCharacter(CharacterKey(scalar, event: event), of: event, options: options)
        case .keypad(let key):
            return encodeKeypad(key, of: event, options: options)
        case .kittyFunctional(let number):
            return encodeNumbered(number, of: event, options: options)
        default:
            guard let functional = KittyFunctionalKey(event.key) else { return [] }
            return encodeFunctional(functional, of: event, options: options)
        }
    }

    /// The modifiers that stop a key from typing text (Shift and the locks change the text
    /// instead; kitty's keyboard layer drops the text for these).
    static let textSuppressingModifiers: KeyModifiers = [.alt, .control, .meta, .hyper, .kittyMeta]
    /// Caps Lock and Num Lock, which no legacy byte can carry.
    static let lockModifiers: KeyModifiers = [.capsLock, .numLock]

    // MARK: - Text keys

    /// A character key: its text while no flag asks otherwise, its legacy bytes while no flag
    /// changes them, else `CSI code ; m u` with the unshifted key's code.
    private static func encodeCharacter(_ key: CharacterKey, of event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        let flags = options.kittyFlags
        let text = self.text(of: event, typing: key.typed, modifiers: key.modifiers)
        if !flags.contains(.reportAllKeysAsEscapeCodes) {
            if event.kind != .release, let text { return Array(text.utf8) }
            if event.kind == .press, !flags.contains(.disambiguate), let bytes = legacyCharacter(key, of: event) {
                return bytes
            }
        }
        var code = KittyEscapeCode(
            number: key.unshifted.value, final: UInt8(ascii: "u"), modifiers: key.modifiers, kind: event.kind)
        if flags.contains(.reportAlternateKeys) {
            // The shifted key only goes with Shift, as the spec says; either is left out when it
            // is the key itself.
            if key.modifiers.contains(.shift), let shifted = key.shifted, shifted != key.unshifted {
                code.shiftedKey = shifted.value
            }
            if let base = event.baseLayoutKey, base != key.unshifted { code.baseLayoutKey = base.value }
        }
        code.text = associatedText(text, of: event, options: options)
        return code.bytes
    }

    /// The text a press types: what the user's terminal reported (control characters
    /// dropped), else the typed character unless Ctrl, Alt, Super, Hyper or Meta is held;
    /// nil when it types none.
    private static func text(of event: KeyEvent, typing typed: Unicode.Scalar?, modifiers: KeyModifiers) -> String? {
        if let reported = event.text {
            let printable = reported.unicodeScalars.filter { !isControl($0) }
            return printable.isEmpty ? nil : String(String.UnicodeScalarView(printable))
        }
        guard let typed, !isControl(typed), modifiers.isDisjoint(with: textSuppressingModifiers) else { return nil }
        return String(typed)
    }

    /// The code points of flag 16's text field: only with flag 8 (the spec leaves flag 16
    /// alone undefined), and never on a release, which types nothing.
    private static func associatedText(_ text: String?, of event: KeyEvent, options: KeyEncodingOptions) -> [UInt32] {
        guard options.kittyFlags.contains([.reportAllKeysAsEscapeCodes, .reportAssociatedText]),
              event.kind != .release, let text else { return [] }
        return text.unicodeScalars.map(\.value)
    }

    /// C0, DEL and C1 controls, which the spec keeps out of text.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: - Keypad

    /// A keypad key: the main keyboard's key while no flag tells the keypad apart (the
    /// spec's legacy rule); with flag 1 its text if it types some, else `CSI 57399 u`…; with
    /// flag 8 always its number.
    private static func encodeKeypad(_ key: KeypadKey, of event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        let flags = options.kittyFlags
        if flags.isDisjoint(with: [.disambiguate, .reportAllKeysAsEscapeCodes]) {
            var main = event
            main.key = key.character.map(Key.character) ?? .enter
            return encode(main, options: options)
        }
        let text = self.text(of: event, typing: key.character, modifiers: event.modifiers)
        if !flags.contains(.reportAllKeysAsEscapeCodes), event.kind != .release, let text { return Array(text.utf8) }
        var code = KittyEscapeCode(
            number: KittyFunctionalKey.keypadNumber(key), final: UInt8(ascii: "u"), modifiers: event.modifiers,
            kind: event.kind)
        code.text = associatedText(text, of: event, options: options)
        return code.bytes
    }

    // MARK: - Functional keys

    /// A key given by its number in the spec's table: the keypad's numbers as keypad keys,
    /// the keypad's navigation keys as the main ones where the keypad is not told apart,
    /// modifier and lock keys only with flag 8.
    private static func encodeNumbered(_ number: UInt32, of event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        let flags = options.kittyFlags
        if let keypad = KittyFunctionalKey.keypadKey(number) {
            return encodeKeypad(keypad, of: event, options: options)
        }
        if KittyFunctionalKey.modifierKeys.contains(number) || KittyFunctionalKey.lockKeys.contains(number) {
            guard flags.contains(.reportAllKeysAsEscapeCodes) else { return [] }
        }
        if flags.isDisjoint(with: [.disambiguate, .reportAllKeysAsEscapeCodes]),
           let main = KittyFunctionalKey.mainKey(forKeypadNavigation: number) {
            var mainEvent = event
            mainEvent.key = main
            return encode(mainEvent, options: options)
        }
        let functional = number == KittyFunctionalKey.keypadBegin
            ? KittyFunctionalKey(number: 1, final: UInt8(ascii: "E")) : KittyFunctionalKey(number: number)
        return encodeFunctional(functional, of: event, options: options)
    }

    /// A key that types no text, in kitty's order of precedence: xterm's legacy forms while
    /// no flag changes them (SS3 under DECCKM, SS3 P–S, C0 bytes with an ESC for Alt), the
    /// C0 bytes of unmodified Enter, Tab and Backspace unless flag 8, else the escape code.
    private static func encodeFunctional(
        _ key: KittyFunctionalKey, of event: KeyEvent, options: KeyEncodingOptions
    ) -> [UInt8] {
        let flags = options.kittyFlags
        // Flag 2 counts here (unlike for text keys): a key whose release is reported is
        // pressed as an escape code too, so the two match.
        let legacy = flags.isDisjoint(with: [.disambiguate, .reportEventTypes, .reportAllKeysAsEscapeCodes])
        let modifiers = event.modifiers
        let isRelease = event.kind == .release
        if legacy {
            if modifiers.isEmpty, options.cursorKeysApplication, let final = key.cursorKeyModeFinal {
                return ss3 + [final]
            }
            if modifiers.isEmpty, let final = key.legacyPFFinal { return ss3 + [final] }
            if !modifiers.isEmpty, let bytes = legacyC0Key(key, modifiers.subtracting(lockModifiers), options: options) {
                return bytes
            }
            if key.number == KittyFunctionalKey.menu {
                // Menu keeps xterm's F16 number where the legacy encoding applies.
                return KittyEscapeCode(number: 29, final: UInt8(ascii: "~"), modifiers: modifiers).bytes
            }
        }
        if key.isEscape, modifiers.isEmpty, !isRelease,
           flags.isDisjoint(with: [.disambiguate, .reportAllKeysAsEscapeCodes]) {
            return [0x1B]
        }
        if key.isEnterTabOrBackspace, modifiers.subtracting(lockModifiers).isEmpty,
           !flags.contains(.reportAllKeysAsEscapeCodes) {
            return isRelease ? [] : legacyC0Key(key, [], options: options) ?? []
        }
        return KittyEscapeCode(number: key.number, final: key.final, modifiers: modifiers, kind: event.kind).bytes
    }

    /// `ESC O`, the 7-bit SS3.
    static let ss3: [UInt8] = [0x1B, UInt8(ascii: "O")]
}
