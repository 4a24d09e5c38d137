/// The keyboard protocols a program can ask for: the kitty keyboard protocol's flags (push,
/// pop, set, query) and xterm's modifyOtherKeys (XTMODKEYS). The terminal only
/// keeps what was asked for, in `modes` for the input path; the key encoders act on it.
extension Terminal {
    /// `CSI > flags u`, `CSI < n u`, `CSI = flags ; mode u` and `CSI ? u`.
    mutating func kittyKeyboard(_ marker: UInt8, _ parameters: borrowing CSIParameters) {
        let isAlternate = isAlternateScreenActive
        switch marker {
        case UInt8(ascii: ">"): keyboardStacks.push(UInt8(truncatingIfNeeded: parameters[0]), alternate: isAlternate)
        case UInt8(ascii: "<"): keyboardStacks.pop(parameters.value(at: 0, default: 1), alternate: isAlternate)
        case UInt8(ascii: "="):
            keyboardStacks.set(
                UInt8(truncatingIfNeeded: parameters[0]), mode: parameters.value(at: 1, default: 1),
                alternate: isAlternate)
        case UInt8(ascii: "?"):
            reply("\u{1B}[?\(modes.kittyKeyboard.rawValue)u")
            return
        default: return
        }
        modes.kittyKeyboard = keyboardStacks.current(alternate: isAlternate)
    }

    /// The screen changed: its own stack's flags are in force.
    mutating func followKeyboardStack() {
        modes.kittyKeyboard = keyboardStacks.current(alternate: isAlternateScreenActive)
    }

    /// XTMODKEYS (`CSI > Pp ; Pv m`): only modifyOtherKeys (`Pp` 4) changes what rterm sends;
    /// `CSI > 4 m` puts it back to its default (off). The other resources (modifyCursorKeys,
    /// modifyFunctionKeys) keep xterm's defaults, which the encoder always uses.
    mutating func setKeyModifierOptions(_ parameters: borrowing CSIParameters) {
        guard parameters.count >= 1, parameters[0] == 4 else { return }
        let value = parameters.count >= 2 ? parameters[1] : 0
        guard (0...2).contains(value) else { return }
        modes.modifyOtherKeys = value
    }

    /// XTMODKEYS' reset form (`CSI > Pp n`): modifyOtherKeys off.
    mutating func disableKeyModifierOptions(_ parameters: borrowing CSIParameters) {
        if parameters[0] == 4 { modes.modifyOtherKeys = 0 }
    }

    // XTQMODKEYS (`CSI ? Pp m`) is not answered, as tmux does not: vim 9.0 asks while it edits
    // and takes xterm's answer (`CSI > 4 ; 2 m`), read among the keys, for keys typed.
}
