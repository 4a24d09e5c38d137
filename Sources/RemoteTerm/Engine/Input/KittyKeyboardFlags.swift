/// The kitty keyboard protocol's progressive enhancement flags: what a program asked keys to
/// say beyond xterm's legacy bytes (https://sw.kovidgoyal.net/kitty/keyboard-protocol/).
package struct KittyKeyboardFlags: OptionSet, Hashable, Sendable {
    package var rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue & 0x1F }

    /// 1: keys that legacy bytes leave ambiguous (Esc, Alt+key, Ctrl+key, Shift+Enter…) as
    /// `CSI code ; modifiers u`.
    package static let disambiguate = KittyKeyboardFlags(rawValue: 1)
    /// 2: repeats and releases too, as `:2` and `:3` after the modifiers.
    package static let reportEventTypes = KittyKeyboardFlags(rawValue: 2)
    /// 4: the shifted and base-layout keys after the key code (`CSI 97:65 ; 2 u`).
    package static let reportAlternateKeys = KittyKeyboardFlags(rawValue: 4)
    /// 8: every key as an escape code, text keys and Enter, Tab, Backspace included.
    package static let reportAllKeysAsEscapeCodes = KittyKeyboardFlags(rawValue: 8)
    /// 16: the text a key types, as code points after the modifiers (needs flag 8).
    package static let reportAssociatedText = KittyKeyboardFlags(rawValue: 16)
}
