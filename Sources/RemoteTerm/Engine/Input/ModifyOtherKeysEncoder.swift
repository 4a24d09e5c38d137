/// Keys to bytes for a program that set xterm's modifyOtherKeys (`CSI > 4 ; 1 m` or `2`):
/// modified "ordinary" keys (characters, Enter, Tab, Esc, Backspace) as
/// `CSI 27 ; m ; code ~`, or `CSI code ; m u` with formatOtherKeys, where code is the
/// character typed (Ctrl+Shift+a is 65) and m is xterm's modifier parameter. Cursor,
/// function and keypad keys keep their own `CSI 1 ; m X` forms (nil here: legacy bytes).
///
/// The rules are those of xterm's `input.c` (`ModifyOtherKeys`, `allowedCharModifiers`,
/// `filterAltMeta`; xterm 410) for a US keyboard with metaSendsEscape, which is how rterm's
/// Alt and Meta already send ESC:
///
/// | Level 1 | Sends |
/// |---|---|
/// | Ctrl or Ctrl+Shift with a key X11 has no control character for (`1`, `9`, `0`, `;`, `,`, `.`, `-`, `=`, `'`, `?`, é) | `CSI 27;5;49~` |
/// | Shift, Ctrl or Ctrl+Shift with Enter; Ctrl with Tab | `CSI 27;2;13~`, `CSI 27;5;9~` |
/// | Ctrl with the keys X11 makes control characters of (letters, `@`–`~`, Space, `2`–`8`, `/`) | legacy: `0x09` for Ctrl+I |
/// | Alt or Meta alone; Shift alone on anything but Enter | legacy: `ESC x`, `A` |
/// | Shift+Tab (X11's ISO_Left_Tab), Backspace, Esc with Shift or Ctrl | legacy: `CSI Z`, DEL, ESC |
///
/// Alt and Meta never make an escape at level 1 (they send ESC instead, as xterm's
/// metaSendsEscape has it), and xterm drops them from a key that is escaped for its other
/// modifiers (Ctrl+Alt+1 is `CSI 27;5;49~`) and drops Ctrl with them from Enter, Tab and
/// control keys (Ctrl+Alt+Enter is `ESC CR`).
///
/// Level 2 escapes every modified key except: Shift alone on a printable key (Shift+1 sends
/// `!`, Shift+a `A`, as tmux, foot and WezTerm send them, where today's xterm escapes
/// letters and Space); Shift+Tab (`CSI Z`, with other modifiers `CSI 27;m;9~`); Ctrl alone on
/// Backspace (the byte Ctrl picks, BS or DEL, is itself the code of a modified Backspace).
enum ModifyOtherKeysEncoder {
    /// The bytes `event` sends under `options.modifyOtherKeys` (1, or 2 and above), or nil
    /// when the key goes as xterm's legacy bytes anyway.
    static func encode(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8]? {
        guard let key = OrdinaryKey(event.withControlCharacterAsKey, options: options), !key.modifiers.isEmpty,
              let reported = options.modifyOtherKeys >= 2 ? key.levelTwoModifiers : key.levelOneModifiers,
              !reported.isEmpty else { return nil }
        let parameter = KeyEncoder.decimal(reported.xtermParameter)
        let code = KeyEncoder.decimal(Int(key.code))
        let separator = UInt8(ascii: ";")
        if options.formatOtherKeys { return KeyEncoder.csi + code + [separator] + parameter + [UInt8(ascii: "u")] }
        return KeyEncoder.csi + [UInt8(ascii: "2"), UInt8(ascii: "7"), separator] + parameter + [separator] + code
            + [UInt8(ascii: "~")]
    }
}

/// A key modifyOtherKeys applies to, as xterm's `input.c` sees it: what kind of key, the
/// character it types (X11's keysym), and Shift, Alt, Ctrl and Meta.
private struct OrdinaryKey {
    enum Kind { case character, enter, tab, escape, backspace }

    var kind: Kind
    /// The code xterm reports: the character typed, CR, HT, ESC, or the byte Backspace sends.
    var code: UInt32
    /// Shift, Alt, Ctrl and Meta (the modifiers xterm's parameter has), Shift included for a
    /// capital letter.
    var modifiers: KeyModifiers

    /// The key, or nil for one modifyOtherKeys leaves alone (cursor, function, keypad keys).
    init?(_ event: KeyEvent, options: KeyEncodingOptions) {
        let xtermModifiers: KeyModifiers = [.shift, .alt, .control, .meta]
        modifiers = event.modifiers.intersection(xtermModifiers)
        switch event.key {
        case .character(let scalar):
            let key = CharacterKey(scalar, event: event)
            kind = .character
            code = key.typed.value
            modifiers = key.modifiers.intersection(xtermModifiers)
        case .enter: (kind, code) = (.enter, 0x0D)
        case .tab: (kind, code) = (.tab, 0x09)
        case .escape: (kind, code) = (.escape, 0x1B)
        case .backspace:
            kind = .backspace
            code = options.backspaceSendsControlH != modifiers.contains(.control) ? 0x08 : 0x7F
        default:
            return nil
        }
    }

    /// Alt and Meta, which send ESC (metaSendsEscape) rather than an escape at level 1.
    private static let escapeSending: KeyModifiers = [.alt, .meta]

    // MARK: - Level 1

    /// The modifiers reported at level 1, or nil (or none) when the key keeps its legacy
    /// bytes: xterm's `ModifyOtherKeys` decision, then the modifiers `allowedCharModifiers`
    /// lets through.
    var levelOneModifiers: KeyModifiers? {
        switch kind {
        case .backspace:
            return nil
        case .tab where modifiers.contains(.shift):
            return nil  // X11 makes it ISO_Left_Tab, which sends CSI Z
        case .enter, .tab:
            return allowedAtLevelOne
        case .escape:
            // A control alias: Shift alone or Ctrl alone leaves it be.
            guard modifiers != .shift, !modifiers.subtracting(.control).isEmpty else { return nil }
            return allowedAtLevelOne
        case .character:
            let allowed = allowedAtLevelOne
            if isControlInput {
                guard allowed != .control, allowed != .shift else { return nil }
            } else if isControlAlias {
                guard allowed != .shift, !allowed.subtracting(.control).isEmpty else { return nil }
            }
            return allowed
        }
    }

    /// xterm's `allowedCharModifiers` for level 1 with `filterAltMeta`: Shift is dropped
    /// from printable keys (it is already in the character), a key X11 turns into a control
    /// byte keeps no Ctrl or Shift, and Alt and Meta go (with Ctrl on control keys, Enter
    /// and Tab).
    private var allowedAtLevelOne: KeyModifiers {
        var allowed = modifiers
        if isControlInput && allowed.subtracting(.control).isEmpty {
            // Ctrl alone on @…~: the well-known control characters.
        } else if kind == .enter || kind == .tab {
            // Their modifiers stand.
        } else if isControlAlias {
            if allowed.subtracting([.control, .shift]).isEmpty { allowed = [] }
        } else if kind == .character && !isControlOutput && !allowed.contains(.control) {
            allowed.remove(.shift)
        }
        if !allowed.isDisjoint(with: Self.escapeSending) {
            allowed.subtract(Self.escapeSending)
            if isControlInput || isControlOutput || kind == .enter || kind == .tab { allowed.remove(.control) }
        }
        return allowed
    }

    // MARK: - Level 2

    /// The modifiers reported at level 2 (all of them), or nil for the keys xterm still
    /// leaves alone.
    var levelTwoModifiers: KeyModifiers? {
        switch kind {
        case .backspace:
            guard !modifiers.subtracting(.control).isEmpty else { return nil }
        case .tab where modifiers.contains(.shift):
            guard !modifiers.subtracting(.shift).isEmpty else { return nil }
        case .enter, .tab, .escape:
            break
        case .character:
            // Shift alone types the shifted character, as tmux, foot and WezTerm send it at
            // level 2. (Today's xterm escapes Shift+letter and Shift+Space too, which makes
            // every capital an escape code; vim, having seen one, then reads Esc and `o`
            // arriving together as Alt+o.)
            guard !modifiers.subtracting(.shift).isEmpty else { return nil }
        }
        return modifiers
    }

    // MARK: - xterm's key classes

    /// `IsControlInput`: a character Ctrl makes a control character of, `@` to DEL.
    private var isControlInput: Bool { kind == .character && (0x40...0x7F).contains(code) }

    /// `IsControlOutput`: the character is itself a control character.
    private var isControlOutput: Bool { kind == .character && (code < 0x20 || (0x7F...0x9F).contains(code)) }

    /// `IsControlAlias`: the key, as pressed, produces one control byte (X11's Ctrl
    /// mapping for characters, CR, HT, ESC, BS or DEL for the others).
    private var isControlAlias: Bool {
        guard kind == .character else { return true }
        guard modifiers.contains(.control), let scalar = Unicode.Scalar(code) else { return false }
        switch scalar {
        case "@"..."~", " ", "2"..."8", "/": return true
        default: return false
        }
    }
}
