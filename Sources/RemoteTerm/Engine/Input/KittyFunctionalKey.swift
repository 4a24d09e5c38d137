/// A key that types no text as the kitty keyboard protocol numbers it: the number and final
/// byte of its escape code (`CSI 1 A` for Up, `CSI 15 ~` for F5, `CSI 57399 u` for keypad 0),
/// from the spec's table of functional key codes. Keys xterm already had keep xterm's
/// numbers, so a program that knows those reads them unchanged; the rest live in Unicode's
/// Private Use Area. The one table both ways: keys rterm sends to a remote program that asked
/// for the protocol (`KittyKeyEncoder`), and keys the local terminal reports in it
/// (`key(code:)`).
package struct KittyFunctionalKey: Equatable {
    /// The number written before the final byte (1 for the keys written with a letter).
    var number: UInt32
    /// `u`, `~`, or the letter of an xterm cursor or PF key.
    var final: UInt8

    /// A key written `CSI number final`.
    init(number: UInt32, final: UInt8) {
        self.number = number
        self.final = final
    }

    /// A key written `CSI number u`, the protocol's own form.
    init(number: UInt32) {
        self.init(number: number, final: UInt8(ascii: "u"))
    }

    /// `key`'s entry in the table; nil for character and keypad keys (numbered apart, since
    /// they may type text), for `kittyFunctional` (already a number), and for a function key
    /// outside F1–F35.
    init?(_ key: Key) {
        let tilde = UInt8(ascii: "~")
        switch key {
        case .escape: self.init(number: 27)
        case .enter: self.init(number: 13)
        case .tab: self.init(number: 9)
        case .backspace: self.init(number: 127)
        case .insert: self.init(number: 2, final: tilde)
        case .delete: self.init(number: 3, final: tilde)
        case .pageUp: self.init(number: 5, final: tilde)
        case .pageDown: self.init(number: 6, final: tilde)
        case .up: self.init(number: 1, final: UInt8(ascii: "A"))
        case .down: self.init(number: 1, final: UInt8(ascii: "B"))
        case .right: self.init(number: 1, final: UInt8(ascii: "C"))
        case .left: self.init(number: 1, final: UInt8(ascii: "D"))
        case .home: self.init(number: 1, final: UInt8(ascii: "H"))
        case .end: self.init(number: 1, final: UInt8(ascii: "F"))
        case .function(let number):
            switch number {
            case 1: self.init(number: 1, final: UInt8(ascii: "P"))
            case 2: self.init(number: 1, final: UInt8(ascii: "Q"))
            // F3 is `CSI 13 ~`: `CSI R` would read as a cursor position report.
            case 3: self.init(number: 13, final: tilde)
            case 4: self.init(number: 1, final: UInt8(ascii: "S"))
            case 5...12: self.init(number: UInt32([15, 17, 18, 19, 20, 21, 23, 24][number - 5]), final: tilde)
            case 13...35: self.init(number: Self.f13 + UInt32(number - 13))
            default: return nil
            }
        case .character, .keypad, .kittyFunctional:
            return nil
        }
    }

    // MARK: - Numbers of the spec's table

    /// The Private Use Area, where every number of the protocol's own keys lies.
    package static let privateUseArea: ClosedRange<UInt32> = 57344...63743

    /// Caps Lock, Scroll Lock and Num Lock: reported only as every key is (flag 8).
    static let lockKeys: ClosedRange<UInt32> = 57358...57360
    /// Menu, which keeps xterm's `CSI 29 ~` (F16) where the legacy encoding applies.
    static let menu: UInt32 = 57363
    /// F13; F14…F35 follow.
    static let f13: UInt32 = 57376
    /// Keypad 0; keypad 1…9 follow, then decimal, divide, multiply, subtract, add, enter,
    /// equal, separator (`keypadNumber`).
    static let keypad0: UInt32 = 57399
    /// Keypad Begin (the middle key of the keypad without Num Lock), written `CSI 1 E`.
    static let keypadBegin: UInt32 = 57427
    /// Left Shift … ISO Level 5 Shift: modifier keys, reported only as every key is (flag 8).
    static let modifierKeys: ClosedRange<UInt32> = 57441...57454

    /// The number of a key of the numeric keypad.
    static func keypadNumber(_ key: KeypadKey) -> UInt32 {
        switch key {
        case .digit0: keypad0
        case .digit1: keypad0 + 1
        case .digit2: keypad0 + 2
        case .digit3: keypad0 + 3
        case .digit4: keypad0 + 4
        case .digit5: keypad0 + 5
        case .digit6: keypad0 + 6
        case .digit7: keypad0 + 7
        case .digit8: keypad0 + 8
        case .digit9: keypad0 + 9
        case .decimal: 57409
        case .divide: 57410
        case .multiply: 57411
        case .subtract: 57412
        case .add: 57413
        case .enter: 57414
        case .equal: 57415
        case .separator: 57416
        }
    }

    /// The keypad key with this number, so a `kittyFunctional` keypad number is encoded as
    /// the keypad key it is.
    static func keypadKey(_ number: UInt32) -> KeypadKey? {
        KeypadKey.allCases.first { keypadNumber($0) == number }
    }

    /// The main key that a keypad navigation key (keypad Left … keypad Delete, 57417–57426)
    /// is where the keypad is not told apart (no flag 1 or 8).
    static func mainKey(forKeypadNavigation number: UInt32) -> Key? {
        let keys: [Key] = [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete]
        guard (57417...57426).contains(number) else { return nil }
        return keys[Int(number - 57417)]
    }

    /// The key a terminal reports with the Private Use Area number `code` (`CSI code u`);
    /// nil outside the area. F13–F35 and the keypad's keys are rterm's keys; the keypad's
    /// navigation keys arrive as the ordinary keys (a legacy terminal sends the same bytes
    /// for both). Numbers without a key of their own in rterm (Print Screen, Pause, Menu,
    /// the lock keys, media and volume keys, the modifier keys themselves, keypad Begin,
    /// numbers of later versions of the protocol) are `Key.kittyFunctional`: only a remote
    /// program that asked for the protocol hears of them.
    package static func key(code: UInt32) -> Key? {
        guard privateUseArea.contains(code) else { return nil }
        if (f13...(f13 + 22)).contains(code) { return .function(13 + Int(code - f13)) }
        if let keypad = keypadKey(code) { return .keypad(keypad) }
        if let main = mainKey(forKeypadNavigation: code) { return main }
        return .kittyFunctional(code)
    }

    // MARK: - Roles in the legacy encodings

    /// Enter, Tab or Backspace, which keep their C0 bytes unmodified so a user can still type
    /// `reset` at a shell after a program left the protocol on.
    var isEnterTabOrBackspace: Bool { final == UInt8(ascii: "u") && [13, 9, 127].contains(number) }

    /// Whether this is Esc.
    var isEscape: Bool { self == KittyFunctionalKey(number: 27) }

    /// The letter the key sends after SS3 in cursor key mode (DECCKM) when unmodified: the
    /// arrows, Home, End and keypad Begin.
    var cursorKeyModeFinal: UInt8? {
        guard number == 1, "ABCDEFH".utf8.contains(final) else { return nil }
        return final
    }

    /// The letter F1–F4 send after SS3 where the legacy encoding applies (F3's `R` included).
    var legacyPFFinal: UInt8? {
        switch (number, final) {
        case (1, UInt8(ascii: "P")), (1, UInt8(ascii: "Q")), (1, UInt8(ascii: "S")): final
        case (13, UInt8(ascii: "~")): UInt8(ascii: "R")
        default: nil
        }
    }
}
