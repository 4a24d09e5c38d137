/// A control character given as a character key (`.character("\u{03}")`, as a script or a
/// raw byte can produce) turned into the key that types it (Ctrl+c), so the keyboard
/// protocols, which name keys rather than bytes, report it as the key it stands for.
extension KeyEvent {
    /// The event with a C0 control or DEL character as its key (Enter for CR, Tab for HT,
    /// Esc for ESC, Backspace for DEL, Ctrl+Backspace for BS, Ctrl+Space for NUL, Ctrl+a…
    /// Ctrl+z for 0x01–0x1A, Ctrl with `\ ] ^ _` for 0x1C–0x1F, the same mapping as
    /// `LocalInputDecoder`); any other event unchanged.
    var withControlCharacterAsKey: KeyEvent {
        guard case .character(let scalar) = key, scalar.value < 0x20 || scalar.value == 0x7F else { return self }
        var event = self
        switch scalar.value {
        case 0x0D: event.key = .enter
        case 0x09: event.key = .tab
        case 0x7F: event.key = .backspace
        case 0x1B: event.key = .escape
        case 0x08:
            event.key = .backspace
            event.modifiers.insert(.control)
        case 0x00:
            event.key = .character(" ")
            event.modifiers.insert(.control)
        case 0x01...0x1A:
            event.key = .character(Unicode.Scalar(UInt8(scalar.value) + 0x60))
            event.modifiers.insert(.control)
        default:
            event.key = .character(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            event.modifiers.insert(.control)
        }
        return event
    }
}
