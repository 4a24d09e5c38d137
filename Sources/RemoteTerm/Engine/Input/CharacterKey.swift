/// A character key as the keyboard protocols describe it: the key's own (unshifted)
/// character, the character it types, and Shift made explicit.
///
/// Keys arrive two ways for the same press: a real keyboard delivers Shift+a as "A" with no
/// Shift reported, while the key bar and scripts send Shift with "a". The kitty protocol
/// wants the key (`a`, code 97) and Shift; xterm's modifyOtherKeys wants the character typed
/// (`A`, 65) and Shift. Both read this instead of guessing again.
struct CharacterKey: Equatable {
    /// The key without Shift: kitty's key code (`a` for "A").
    var unshifted: Unicode.Scalar
    /// What the key types with Shift, when known: the user's terminal reported it, or the
    /// key is a letter (its capital).
    var shifted: Unicode.Scalar?
    /// The character the key types with the modifiers held.
    var typed: Unicode.Scalar
    /// The event's modifiers, with Shift added for a capital letter that Caps Lock does not
    /// explain.
    var modifiers: KeyModifiers

    /// The parts of `scalar` pressed as `event` (whose key is that character).
    init(_ scalar: Unicode.Scalar, event: KeyEvent) {
        modifiers = event.modifiers
        if let lower = Self.caseMapping(scalar, \.lowercaseMapping) {
            // A capital letter: the key is its small letter, typed with Shift (or Caps Lock).
            unshifted = lower
            shifted = event.shiftedKey ?? scalar
            typed = scalar
            if !modifiers.contains(.capsLock) { modifiers.insert(.shift) }
        } else {
            unshifted = scalar
            shifted = event.shiftedKey ?? Self.caseMapping(scalar, \.uppercaseMapping)
            typed = modifiers.contains(.shift) ? (shifted ?? scalar) : scalar
        }
    }

    /// The other case of a letter, when it is a single different scalar (nil for "ß", whose
    /// capital is "SS", and for anything that is not a cased letter).
    private static func caseMapping(
        _ scalar: Unicode.Scalar, _ mapping: KeyPath<Unicode.Scalar.Properties, String>
    ) -> Unicode.Scalar? {
        let mapped = scalar.properties[keyPath: mapping].unicodeScalars
        guard mapped.count == 1, let other = mapped.first, other != scalar else { return nil }
        return other
    }
}
