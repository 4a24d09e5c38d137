/// Key names as people write them in the key-bar config and in scripts: `Enter`, `Esc`,
/// `Ctrl+Alt+x`, `Shift+Tab`, `F5`, `PgUp`, a single character. Names and modifiers are
/// case-insensitive; a single character stands for itself (so `A` and `a` differ).
///
/// Grammar: `[Modifier+]… Key`, where Modifier is `Ctrl` (or `Control`), `Alt`, `Meta` or
/// `Shift` in any order, each at most once, and Key is a name from `KeyEvent.keyNames`,
/// `F1`…`F12`, `U+XXXX`, or one printable character (`Ctrl++` is Ctrl with `+`).
extension KeyEvent {
    /// Parses a key name such as `Ctrl+Up`, `Esc`, `F12`, `Shift+Tab`, `~` or `Ctrl+Alt+x`.
    public init(name: String) throws(KeyNameError) {
        guard !name.isEmpty else { throw .empty }
        var modifiers: KeyModifiers = []
        var rest = Substring(name)
        // A "+" that is not the first character separates a modifier from what follows;
        // a leading "+" is the plus key itself, so "Ctrl++" and "+" both work.
        while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex {
            let prefix = rest[..<plus]
            let after = rest[rest.index(after: plus)...]
            // "U+001B" is a code point, not the modifier "U".
            if prefix.count == 1, prefix.lowercased() == "u" { break }
            guard let modifier = Self.modifier(named: prefix) else {
                throw .unknownModifier(String(prefix), in: name)
            }
            guard !after.isEmpty else { throw .missingKey(name) }
            guard !modifiers.contains(modifier) else { throw .repeatedModifier(String(prefix), in: name) }
            modifiers.insert(modifier)
            rest = after
        }
        let key = try Self.key(named: rest, in: name)
        self.init(key, modifiers: modifiers)
    }

    /// The canonical name (`Ctrl+Alt+Up`, `Shift+Tab`, `x`, `Space`, `F5`), which
    /// `init(name:)` parses back to the same event.
    public var name: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.meta) { parts.append("Meta") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        parts.append(Self.name(of: key))
        var result = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { result += "+" }
            result += part
        }
        return result
    }

    /// The named keys, canonical spelling first, then accepted aliases (all matched
    /// case-insensitively). `F1`…`F12`, `U+XXXX` and single characters are accepted too.
    package static let keyNames: [(key: Key, names: [String])] = [
        (.enter, ["Enter", "Return"]),
        (.escape, ["Esc", "Escape"]),
        (.tab, ["Tab"]),
        (.backspace, ["Backspace", "BS", "BkSp"]),
        (.up, ["Up"]),
        (.down, ["Down"]),
        (.left, ["Left"]),
        (.right, ["Right"]),
        (.home, ["Home"]),
        (.end, ["End"]),
        (.pageUp, ["PgUp", "PageUp"]),
        (.pageDown, ["PgDn", "PageDown", "PgDown"]),
        (.insert, ["Insert", "Ins"]),
        (.delete, ["Delete", "Del"]),
        (.character(" "), ["Space"]),
        (.keypad(.digit0), ["KP0"]),
        (.keypad(.digit1), ["KP1"]),
        (.keypad(.digit2), ["KP2"]),
        (.keypad(.digit3), ["KP3"]),
        (.keypad(.digit4), ["KP4"]),
        (.keypad(.digit5), ["KP5"]),
        (.keypad(.digit6), ["KP6"]),
        (.keypad(.digit7), ["KP7"]),
        (.keypad(.digit8), ["KP8"]),
        (.keypad(.digit9), ["KP9"]),
        (.keypad(.decimal), ["KPDecimal", "KPDot"]),
        (.keypad(.add), ["KPAdd", "KPPlus"]),
        (.keypad(.subtract), ["KPSubtract", "KPMinus"]),
        (.keypad(.multiply), ["KPMultiply", "KPStar"]),
        (.keypad(.divide), ["KPDivide", "KPSlash"]),
        (.keypad(.equal), ["KPEqual"]),
        (.keypad(.separator), ["KPSeparator", "KPComma"]),
        (.keypad(.enter), ["KPEnter"]),
    ]

    /// Modifier names, lowercased.
    private static let modifierNames: [(name: String, modifier: KeyModifiers)] = [
        ("ctrl", .control), ("control", .control), ("alt", .alt), ("meta", .meta), ("shift", .shift),
    ]

    /// Lowercased name → key, built once from `keyNames`.
    private static let keysByLowercasedName: [String: Key] = {
        var table: [String: Key] = [:]
        for entry in keyNames {
            for name in entry.names { table[name.lowercased()] = entry.key }
        }
        return table
    }()

    private static func modifier(named name: Substring) -> KeyModifiers? {
        let lowered = name.lowercased()
        return modifierNames.first { $0.name == lowered }?.modifier
    }

    private static func key(named text: Substring, in fullName: String) throws(KeyNameError) -> Key {
        let scalars = text.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first {
            // Control characters are invisible in a config file; they must be named.
            guard !Self.isControl(scalar) else { throw .controlCharacter(fullName) }
            return .character(scalar)
        }
        let lowered = text.lowercased()
        if let key = keysByLowercasedName[lowered] { return key }
        if let number = functionNumber(lowered) {
            guard (1...12).contains(number) else { throw .functionKeyOutOfRange(fullName) }
            return .function(number)
        }
        if lowered.hasPrefix("u+") {
            let hex = lowered.dropFirst(2)
            guard (1...6).contains(hex.count), hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16),
                let scalar = Unicode.Scalar(value)
            else { throw .invalidCodePoint(fullName) }
            return .character(scalar)
        }
        throw .unknownKey(String(text), in: fullName)
    }

    /// The number of `f12`-style names, nil when the text is not `f` followed by digits.
    private static func functionNumber(_ lowered: String) -> Int? {
        guard lowered.first == "f", lowered.count > 1, lowered.count <= 4 else { return nil }
        return Int(lowered.dropFirst())
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func name(of key: Key) -> String {
        switch key {
        case .character(let scalar):
            if isControl(scalar) { return codePointName(scalar) }
            if let entry = keyNames.first(where: { $0.key == key }) { return entry.names[0] }
            return String(Character(scalar))
        case .function(let number):
            return "F\(number)"
        default:
            return keyNames.first { $0.key == key }?.names[0] ?? "?"
        }
    }

    /// `U+001B`-style name: at least four upper-case hex digits.
    private static func codePointName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Why a key name could not be parsed; the message names the offending text and what
/// would be accepted.
public enum KeyNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name was empty.
    case empty
    /// The key part is not a known name, `F1`…`F12`, `U+XXXX` or one character.
    case unknownKey(String, in: String)
    /// Text before a `+` is not Ctrl, Control, Alt, Meta or Shift.
    case unknownModifier(String, in: String)
    /// The same modifier appears twice.
    case repeatedModifier(String, in: String)
    /// The name ends with a `+` after modifiers (`Ctrl+`).
    case missingKey(String)
    /// `F0`, `F13` and up.
    case functionKeyOutOfRange(String)
    /// `U+` not followed by 1–6 hex digits of a valid scalar.
    case invalidCodePoint(String)
    /// A literal control character was given as the key.
    case controlCharacter(String)

    public var description: String {
        switch self {
        case .empty:
            return "empty key name"
        case .unknownKey(let key, let name):
            let context = key == name ? "" : " in '\(name)'"
            return "unknown key '\(key)'\(context): expected one character, F1–F12, U+XXXX, or one of "
                + KeyEvent.keyNames.map { $0.names[0] }.joined(separator: ", ")
        case .unknownModifier(let modifier, let name):
            return "unknown modifier '\(modifier)' in '\(name)': modifiers are Ctrl, Alt, Meta and Shift"
        case .repeatedModifier(let modifier, let name):
            return "modifier '\(modifier)' given twice in '\(name)'"
        case .missingKey(let name):
            return "'\(name)' names modifiers but no key (write Ctrl++ for Ctrl with the + key)"
        case .functionKeyOutOfRange(let name):
            return "'\(name)': function keys go from F1 to F12"
        case .invalidCodePoint(let name):
            return "'\(name)': U+ must be followed by 1 to 6 hex digits of a Unicode scalar"
        case .controlCharacter(let name):
            return "'\(name)' contains a control character: name the key instead (Ctrl+c, Esc, Tab, U+0003)"
        }
    }
}
