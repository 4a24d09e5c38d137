/// A key the user pressed (on the keyboard or on the key bar), before it is encoded for the
/// remote: what the key is, not which bytes it sends. `KeyEncoder` turns it into bytes for
/// the remote's current modes.
public enum Key: Hashable, Sendable {
    /// A character key: the character the local keyboard produced (already shifted, so
    /// Shift+a arrives as "A" from a real keyboard), sent as UTF-8.
    case character(Unicode.Scalar)
    /// Return / Enter on the main keyboard.
    case enter
    /// Tab.
    case tab
    /// Backspace (the key above Enter, not Delete).
    case backspace
    /// Escape.
    case escape
    /// Cursor up.
    case up
    /// Cursor down.
    case down
    /// Cursor left.
    case left
    /// Cursor right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// Page Up (Prior).
    case pageUp
    /// Page Down (Next).
    case pageDown
    /// A function key F1…F35: F1–F12 have xterm's sequences; F13–F35 reach only a program
    /// that asked for the kitty keyboard protocol (other numbers encode to nothing).
    case function(Int)
    /// A key of the numeric keypad, which sends application sequences under DECKPAM.
    case keypad(KeypadKey)
    /// A key only the kitty keyboard protocol has a number for (its Private Use Area code:
    /// Print Screen 57361, Pause 57362, Menu 57363, media keys, Caps Lock…): sent to a program
    /// that asked for that protocol, nothing to any other.
    case kittyFunctional(UInt32)
}

/// The keys of the numeric keypad that differ from the main keyboard under DECKPAM
/// (the keypad's arrows and Home/End arrive as the ordinary keys).
public enum KeypadKey: Hashable, Sendable, CaseIterable {
    case digit0, digit1, digit2, digit3, digit4, digit5, digit6, digit7, digit8, digit9
    /// The decimal point key.
    case decimal
    /// `+`.
    case add
    /// `-`.
    case subtract
    /// `*`.
    case multiply
    /// `/`.
    case divide
    /// `=` (on keypads that have one).
    case equal
    /// `,` (the separator key of some keypads).
    case separator
    /// Enter on the keypad.
    case enter

    /// The character the key types in numeric mode (DECKPNM); nil for Enter, which acts as
    /// the main Enter key.
    package var character: Unicode.Scalar? {
        switch self {
        case .digit0: "0"
        case .digit1: "1"
        case .digit2: "2"
        case .digit3: "3"
        case .digit4: "4"
        case .digit5: "5"
        case .digit6: "6"
        case .digit7: "7"
        case .digit8: "8"
        case .digit9: "9"
        case .decimal: "."
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .equal: "="
        case .separator: ","
        case .enter: nil
        }
    }

    /// The final byte xterm sends after `ESC O` in application keypad mode (DECKPAM).
    package var applicationFinal: UInt8 {
        switch self {
        case .digit0: UInt8(ascii: "p")
        case .digit1: UInt8(ascii: "q")
        case .digit2: UInt8(ascii: "r")
        case .digit3: UInt8(ascii: "s")
        case .digit4: UInt8(ascii: "t")
        case .digit5: UInt8(ascii: "u")
        case .digit6: UInt8(ascii: "v")
        case .digit7: UInt8(ascii: "w")
        case .digit8: UInt8(ascii: "x")
        case .digit9: UInt8(ascii: "y")
        case .decimal: UInt8(ascii: "n")
        case .add: UInt8(ascii: "k")
        case .subtract: UInt8(ascii: "m")
        case .multiply: UInt8(ascii: "j")
        case .divide: UInt8(ascii: "o")
        case .equal: UInt8(ascii: "X")
        case .separator: UInt8(ascii: "l")
        case .enter: UInt8(ascii: "M")
        }
    }
}

/// Modifier keys held (or latched from the key bar) with a key.
///
/// The raw values are xterm's modifier bits, so the parameter of a modified key
/// (`CSI 1 ; m A`) is `1 + rawValue`.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift (xterm bit 1).
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (xterm bit 2); sent as an ESC prefix on characters.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control (xterm bit 4).
    public static let control = KeyModifiers(rawValue: 4)
    /// Meta (xterm bit 8), for keyboards that report it apart from Alt; characters get the
    /// same ESC prefix as with Alt. The kitty keyboard protocol calls this bit Super.
    public static let meta = KeyModifiers(rawValue: 8)
    /// Hyper (kitty bit 16): only the kitty keyboard protocol reports it.
    package static let hyper = KeyModifiers(rawValue: 16)
    /// The kitty keyboard protocol's own Meta (bit 32), apart from xterm's Meta (bit 8).
    package static let kittyMeta = KeyModifiers(rawValue: 32)
    /// Caps Lock on (kitty bit 64): reported only to a program that asked for every key as
    /// an escape code; never a modifier of xterm's encodings.
    package static let capsLock = KeyModifiers(rawValue: 64)
    /// Num Lock on (kitty bit 128), as Caps Lock.
    package static let numLock = KeyModifiers(rawValue: 128)

    /// xterm's modifier parameter: 1 + the bits above (2 = Shift, 3 = Alt, 5 = Ctrl, …);
    /// 1 means no modifier.
    package var xtermParameter: Int { 1 + Int(rawValue & 0x0F) }
}

/// Whether a key went down, repeats while held, or came up: the kitty keyboard protocol's
/// event types (1, 2, 3). Only a program that asked for them (kitty flag 2) is told of a
/// repeat or a release; every other encoding sends a press or a repeat alike, and a
/// release not at all.
public enum KeyEventKind: UInt8, Hashable, Sendable {
    case press = 1
    case `repeat` = 2
    case release = 3
}

/// One key press: a key and the modifiers that go with it, and what the kitty keyboard
/// protocol can say of it besides (the event type, the shifted and base-layout keys, the
/// text it types) when the user's terminal said so.
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The modifiers held or latched.
    public var modifiers: KeyModifiers
    /// Press, repeat or release (press unless the user's terminal reported otherwise).
    public var kind: KeyEventKind
    /// The character the key types with Shift, when the user's terminal reported it (kitty's
    /// alternate keys): `A` for the `a` key.
    public var shiftedKey: Unicode.Scalar?
    /// The key at this position on a US PC-101 layout, when the user's terminal reported it
    /// (kitty's alternate keys): `c` for the key that types `с` on a Russian layout.
    public var baseLayoutKey: Unicode.Scalar?
    /// The text the key types, when the user's terminal reported it apart from the key
    /// (kitty's associated text; nil: the key's own character, if it has one).
    public var text: String?
    /// Alt came as an ESC before the key (a legacy terminal's Meta), which cannot be told from
    /// Esc typed just before the key: a program that asked for unambiguous keys (kitty flags,
    /// modifyOtherKeys) gets the two bytes as they came, and tells them apart itself, with
    /// its own timing, as it would behind ssh, rather than a certain Alt+key rterm cannot
    /// vouch for (`ESC :` typed quickly in vim is Esc, then `:`).
    package var isEscapePrefixed = false

    /// A key with modifiers (none by default), pressed.
    public init(
        _ key: Key, modifiers: KeyModifiers = [], kind: KeyEventKind = .press, shiftedKey: Unicode.Scalar? = nil,
        baseLayoutKey: Unicode.Scalar? = nil, text: String? = nil
    ) {
        self.key = key
        self.modifiers = modifiers
        self.kind = kind
        self.shiftedKey = shiftedKey
        self.baseLayoutKey = baseLayoutKey
        self.text = text
    }

    /// A character key.
    public static func character(_ scalar: Unicode.Scalar, modifiers: KeyModifiers = []) -> KeyEvent {
        KeyEvent(.character(scalar), modifiers: modifiers)
    }
}

extension KeyEvent {
    /// The key a byte typed on a terminal stands for: CR is Enter, Tab, DEL Backspace, BS
    /// Ctrl+Backspace, ESC Escape, NUL Ctrl+Space, another control character Ctrl with its
    /// letter (0x1C–0x1F: `\\ ] ^ _`); any other byte the character it is.
    package static func typed(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D: KeyEvent(.enter)
        case 0x09: KeyEvent(.tab)
        case 0x7F: KeyEvent(.backspace)
        case 0x08: KeyEvent(.backspace, modifiers: .control)
        case 0x1B: KeyEvent(.escape)
        case 0x00: .character(" ", modifiers: .control)
        case 0x01...0x1A: .character(Unicode.Scalar(byte + 0x60), modifiers: .control)
        case 0x1C...0x1F: .character(Unicode.Scalar(byte + 0x40), modifiers: .control)
        default: .character(Unicode.Scalar(byte))
        }
    }
}
