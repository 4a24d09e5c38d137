import RemoteTermEngine

/// The kitty keyboard protocol's numbers for keys that type no text
/// (https://sw.kovidgoyal.net/kitty/keyboard-protocol/#functional-key-definitions): code
/// points of the Private Use Area (57344–63743), which the user's terminal sends as
/// `CSI number u` once rterm has asked for the protocol. Each becomes the `Key` the rest of
/// rterm knows, so that F13 or keypad 5 is the same key whichever way the terminal said it.
enum KittyFunctionalKeyCode {
    /// The Private Use Area, where every functional key's number lies.
    static let privateUseArea: ClosedRange<Int> = 57344...63743

    /// F13 is 57376 and F35 57398, in order.
    private static let functionKeys: ClosedRange<Int> = 57376...57398

    /// The keypad's keys from 57399 on, in the protocol's order (KP_0…KP_9, then
    /// decimal, divide, multiply, subtract, add, Enter, equal, separator).
    private static let keypadKeys: [KeypadKey] = [
        .digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9,
        .decimal, .divide, .multiply, .subtract, .add, .enter, .equal, .separator,
    ]

    /// The keypad's navigation keys from 57417 on (KP_LEFT…KP_DELETE): they arrive as the
    /// ordinary keys, as `KeypadKey` expects (a legacy terminal sends the same bytes for both).
    private static let keypadNavigation: [Key] = [
        .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete,
    ]

    /// The key numbered `code`; nil outside the Private Use Area. Numbers without a key of
    /// their own in rterm (Print Screen, Pause, Menu, the lock keys, media and volume keys,
    /// the modifier keys themselves, keypad Begin, numbers of later versions of the
    /// protocol) are `Key.kittyFunctional`: only a remote program that asked for the
    /// protocol hears of them.
    static func key(_ code: Int) -> Key? {
        guard privateUseArea.contains(code) else { return nil }
        if functionKeys.contains(code) { return .function(13 + code - functionKeys.lowerBound) }
        let keypad = code - 57399
        if keypadKeys.indices.contains(keypad) { return .keypad(keypadKeys[keypad]) }
        let navigation = keypad - keypadKeys.count
        if keypadNavigation.indices.contains(navigation) { return keypadNavigation[navigation] }
        return .kittyFunctional(UInt32(code))
    }
}
