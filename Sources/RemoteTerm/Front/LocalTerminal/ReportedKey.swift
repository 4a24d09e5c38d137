import RemoteTermEngine

/// A key as the user's terminal reports it in a control sequence: xterm's legacy forms
/// (`CSI 1 ; m A`, `CSI n ; m ~`), the kitty keyboard protocol's
/// (`CSI code[:shifted[:base]] ; mods[:event] ; text u`, and the legacy forms with an event
/// type, `CSI 1 ; mods:event A`), and xterm's modifyOtherKeys (`CSI 27 ; mods ; code ~`, or
/// `CSI code ; mods u` under formatOtherKeys 1). Whichever way the terminal said it, the key
/// becomes the one `KeyEvent` a legacy terminal's bytes would have decoded to, plus what only
/// the protocol could say, so that `KeyEncoder` sends the remote the bytes it asked for:
/// the kitty protocol's Ctrl+I (`CSI 105 ; 5 u`) is Ctrl+i, a Tab to a remote that asked for
/// nothing, and never the sequence itself.
///
/// Text keys are reported by the key's code (unshifted in the kitty protocol, `97` for Shift+a;
/// the character typed in modifyOtherKeys, `65`). The event holds the character the key
/// types, as a real keyboard delivers it (Shift+a is "A"); Shift that only chose that
/// character is consumed into it, as in a legacy terminal's bytes, unless Ctrl is held too
/// (Ctrl+Shift+a is a key of its own that only these protocols can tell from Ctrl+a).
enum ReportedKey {
    /// What a sequence reported.
    enum Outcome: Equatable {
        /// Keys (one, or the characters of text the terminal typed without a key, code 0).
        case keys([KeyEvent])
        /// A key coming up: rterm never asks for these, and a remote hears of none.
        case release
        /// Not a key report rterm reads (malformed, or an unknown key): passed on as it came.
        case unknown
    }

    /// The parameters of a sequence: fields split by `;`, sub-fields by `:`, empty ones nil.
    /// Nil when anything else (a private marker such as `?` or `<`) is in the body.
    static func fields(_ body: ArraySlice<UInt8>) -> [[Int?]]? {
        guard !body.isEmpty else { return [] }
        var fields: [[Int?]] = [[nil]]
        for byte in body {
            switch byte {
            case UInt8(ascii: ";"): fields.append([nil])
            case UInt8(ascii: ":"): fields[fields.count - 1].append(nil)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                let last = fields[fields.count - 1].count - 1
                // Bounded: no key number or code point goes past this.
                fields[fields.count - 1][last] = min((fields[fields.count - 1][last] ?? 0) * 10 + digit, 10_000_000)
            default: return nil
            }
        }
        return fields
    }

    /// The key that the sequence with parameters `fields` and final byte `final` reports.
    static func decode(_ fields: [[Int?]], final: UInt8) -> Outcome {
        guard fields.count <= 3, case let (modifiers, kind)? = modifiersAndKind(fields.count > 1 ? fields[1] : [])
        else { return .unknown }
        let first = fields.first ?? []
        var events: [KeyEvent]
        switch final {
        case UInt8(ascii: "u"):
            guard (1...3).contains(first.count), let code = first[0] else { return .unknown }
            let text = fields.count > 2 ? fields[2] : nil
            guard let keys = codeKeys(
                code, shifted: first.count > 1 ? first[1] : nil, base: first.count > 2 ? first[2] : nil, text: text,
                modifiers: modifiers)
            else { return .unknown }
            events = keys
        case UInt8(ascii: "~") where first == [27] && fields.count == 3:
            // modifyOtherKeys: `CSI 27 ; mods ; code ~`, the code as one number.
            guard fields[2].count == 1, let code = fields[2][0],
                let keys = codeKeys(code, shifted: nil, base: nil, text: nil, modifiers: modifiers)
            else { return .unknown }
            events = keys
        case UInt8(ascii: "~"):
            guard fields.count <= 2, first.count == 1, let key = tildeKey(first[0] ?? 0) else { return .unknown }
            events = [KeyEvent(key, modifiers: modifiers)]
        case UInt8(ascii: "Z"):
            // Back-tab: Shift+Tab, whatever else is held.
            guard fields.count <= 2, first.count <= 1 else { return .unknown }
            events = [KeyEvent(.tab, modifiers: modifiers.union(.shift))]
        default:
            guard fields.count <= 2, first.count <= 1, let key = letterKey(final) else { return .unknown }
            events = [KeyEvent(key, modifiers: modifiers)]
        }
        if kind == .release { return .release }
        for index in events.indices { events[index].kind = kind }
        return .keys(events)
    }

    /// `mods[:event]`: the modifiers (1 + bits, 1 when absent) and the event type (press
    /// when absent); nil for numbers the protocol does not have.
    private static func modifiersAndKind(_ field: [Int?]) -> (KeyModifiers, KeyEventKind)? {
        guard field.count <= 2 else { return nil }
        let value = field.first.flatMap { $0 } ?? 1
        guard value <= 256, let kind = KeyEventKind(rawValue: UInt8(clamping: field.count > 1 ? field[1] ?? 1 : 1))
        else { return nil }
        return (KeyModifiers(rawValue: UInt8(max(value - 1, 0))), kind)
    }

    /// The key(s) of a `u` report or of modifyOtherKeys: Enter, Tab, Backspace and Esc by
    /// their control codes, functional keys by their Private Use Area numbers, text keys by
    /// their characters; nil for a code that is none of these.
    private static func codeKeys(
        _ code: Int, shifted: Int?, base: Int?, text: [Int?]?, modifiers: KeyModifiers
    ) -> [KeyEvent]? {
        var typed: [Unicode.Scalar]?
        if let text {
            guard let scalars = scalars(text), !scalars.isEmpty else { return nil }
            typed = scalars
        }
        switch code {
        case 0:
            // Text typed without a key (an input method's): its characters, as typed.
            return typed?.map { KeyEvent.character($0) }
        case 9: return [KeyEvent(.tab, modifiers: modifiers)]
        case 13: return [KeyEvent(.enter, modifiers: modifiers)]
        case 27: return [KeyEvent(.escape, modifiers: modifiers)]
        case 127: return [KeyEvent(.backspace, modifiers: modifiers)]
        case 1..<32:
            // modifyOtherKeys may name a control character (Ctrl+H as 8): the key that types it.
            var event = KeyEvent.typed(UInt8(code))
            event.modifiers.formUnion(modifiers)
            return [event]
        case Int(KittyFunctionalKey.privateUseArea.lowerBound)...Int(KittyFunctionalKey.privateUseArea.upperBound):
            return KittyFunctionalKey.key(code: UInt32(code)).map { [KeyEvent($0, modifiers: modifiers)] }
        default:
            guard let key = Unicode.Scalar(UInt32(clamping: code)), !isControl(key) else { return nil }
            let shiftedKey = shifted.flatMap { Unicode.Scalar(UInt32(clamping: $0)) }
            let baseKey = base.flatMap { Unicode.Scalar(UInt32(clamping: $0)) }
            guard (shifted == nil) == (shiftedKey == nil), (base == nil) == (baseKey == nil) else { return nil }
            return [textKey(key, shiftedKey: shiftedKey, baseLayoutKey: baseKey, text: typed, modifiers: modifiers)]
        }
    }

    /// A text key: the character it types (shifted, from the text or the shifted key the
    /// terminal reported, or for a–z by Shift and Caps Lock), with Shift consumed into it when
    /// that character is known and Ctrl is not held.
    private static func textKey(
        _ code: Unicode.Scalar, shiftedKey: Unicode.Scalar?, baseLayoutKey: Unicode.Scalar?, text: [Unicode.Scalar]?,
        modifiers: KeyModifiers
    ) -> KeyEvent {
        var modifiers = modifiers
        let shift = modifiers.contains(.shift)
        let isLetter = ("a"..."z").contains(code)
        var character = code
        var knowsShiftedCharacter = true
        if let text, text.count == 1 {
            character = text[0]
        } else if shift, let shiftedKey {
            character = shiftedKey
        } else if isLetter {
            if shift != modifiers.contains(.capsLock) { character = Unicode.Scalar(code.value - 0x20) ?? code }
        } else {
            // A shifted symbol, a capital or a space is already what Shift types (xterm's
            // modifyOtherKeys names the character typed; the kitty protocol never reports a
            // shifted key as the code); for a digit or another symbol Shift may change, it
            // stays, for an encoder to tell.
            knowsShiftedCharacter = text != nil || shiftedSymbols.contains(code) || ("A"..."Z").contains(code)
        }
        if shift, knowsShiftedCharacter, !modifiers.contains(.control) { modifiers.remove(.shift) }
        var event = KeyEvent(.character(character), modifiers: modifiers)
        event.shiftedKey = shiftedKey
        event.baseLayoutKey = baseLayoutKey
        // Text that is only the key's own character says nothing more.
        if let text, text != [character] { event.text = String(String.UnicodeScalarView(text)) }
        return event
    }

    /// What Shift types on a US keyboard's symbol keys, and the space bar, which Shift leaves as it is.
    private static let shiftedSymbols = Set("~!@#$%^&*()_+{}|:\"<>? ".unicodeScalars)

    /// Code points (`:`-separated) as characters; nil when one is missing, not a character,
    /// or a control character (text never is one).
    private static func scalars(_ codes: [Int?]) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        for code in codes {
            guard let code, let scalar = Unicode.Scalar(UInt32(clamping: code)), !isControl(scalar) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: - Legacy forms

    /// `CSI 1 ; m x`: the cursor keys, Home, End and F1–F4.
    static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `CSI n ; m ~`: the editing keys and F1–F12 by xterm's (and the VT220's) numbers, and
    /// the kitty protocol's keypad Begin (57427).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        case 57427: .kittyFunctional(57427)
        default: nil
        }
    }
}
