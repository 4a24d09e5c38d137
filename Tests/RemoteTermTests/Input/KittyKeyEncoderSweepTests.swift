// Sweeps of the kitty keyboard protocol encoder over every kind of key × every combination
// of modifiers × press, repeat and release × every set of flags, checking what the spec
// promises of each flag rather than one table row at a time: every escape code parses, its
// modifier field is 1 + the modifiers' bits, its event type is there exactly when flag 2
// asks, its text only with flags 8 and 16, and so on.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The fields of a kitty escape code (`CSI number:alternates ; modifiers:type ; text final`),
/// defaults filled in.
private struct KittyCode {
    var number: UInt32
    var modifiers: Int
    var kind: Int
    var text: [UInt32]

    /// Parses `bytes`; nil when they are not one escape code of the protocol's forms.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 3, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["), let final = bytes.last,
              "u~ABCDEFHPQS".utf8.contains(final) else { return nil }
        let body = String(decoding: bytes[2..<(bytes.count - 1)], as: UTF8.self)
        guard body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";" || $0 == ":") }) else { return nil }
        let fields = body.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count <= 3 else { return nil }
        number = fields[0].split(separator: ":", omittingEmptySubsequences: false).first.flatMap { UInt32($0) } ?? 1
        let modifierField = fields.count > 1 ? fields[1].split(separator: ":", omittingEmptySubsequences: false) : []
        modifiers = modifierField.first.flatMap { Int($0) } ?? 1
        kind = modifierField.count > 1 ? Int(modifierField[1]) ?? 0 : 1
        text = fields.count > 2 ? fields[2].split(separator: ":").compactMap { UInt32($0) } : []
    }
}

@Suite struct KittyKeyEncoderSweepTests {
    /// One key of each kind: text keys (small, capital, digit, Space, non-ASCII), the C0
    /// keys, cursor, editing and function keys of each form, keypad keys, a kitty-only key.
    static let keys: [Key] = [
        .character("a"), .character("A"), .character("1"), .character(" "), .character("é"),
        .enter, .tab, .backspace, .escape, .up, .home, .insert, .pageDown,
        .function(1), .function(3), .function(5), .function(13), .function(35),
        .keypad(.digit5), .keypad(.enter), .kittyFunctional(57361), .kittyFunctional(57427),
    ]

    /// Shift, Alt, Ctrl, Super, Hyper, Caps Lock, Num Lock: every combination.
    static let modifierSets: [KeyModifiers] = (UInt8(0)..<128).map { bits in
        let all: [KeyModifiers] = [.shift, .alt, .control, .meta, .hyper, .capsLock, .numLock]
        return all.enumerated().reduce(into: KeyModifiers()) { set, entry in
            if bits & (1 << entry.offset) != 0 { set.insert(entry.element) }
        }
    }

    @Test(arguments: 1...31)
    func everyKeyModifierAndEventTypeKeepsTheSpecsPromises(_ flagBits: Int) {
        let flags = KittyKeyboardFlags(rawValue: UInt8(flagBits))
        let options = KeyEncodingOptions(kittyFlags: flags)
        var failures = 0
        for key in Self.keys {
            for modifiers in Self.modifierSets {
                for kind in [KeyEventKind.press, .repeat, .release] {
                    let event = KeyEvent(key, modifiers: modifiers, kind: kind)
                    let bytes = KeyEncoder.encode(event, options: options)
                    if let problem = Self.problem(with: bytes, for: event, flags: flags) {
                        failures += 1
                        if failures <= 10 {
                            Issue.record("\(event) [\(flagBits)]: \(sequenceNotation(bytes)): \(problem)")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// What is wrong with `bytes` as the encoding of `event`, or nil.
    private static func problem(with bytes: [UInt8], for event: KeyEvent, flags: KittyKeyboardFlags) -> String? {
        let reported = event.kind != .release || flags.contains(.reportEventTypes)
        if !reported { return bytes.isEmpty ? nil : "a release without flag 2" }
        var expectedModifiers = event.modifiers
        if case .character(let scalar) = event.key, scalar.properties.changesWhenLowercased,
           !expectedModifiers.contains(.capsLock) {
            expectedModifiers.insert(.shift)
        }
        let typesText = expectedModifiers.isDisjoint(with: [.alt, .control, .meta, .hyper])
        if case .character(let scalar) = event.key, typesText, event.kind != .release,
           !flags.contains(.reportAllKeysAsEscapeCodes) {
            let typed = expectedModifiers.contains(.shift) ? scalar.properties.uppercaseMapping : String(scalar)
            return bytes == Array(typed.utf8) ? nil : "a text key that types text sends it"
        }
        if flags.contains(.disambiguate), bytes.first == 0x1B, bytes.count < 2 || bytes[1] != UInt8(ascii: "[") {
            return "flag 1 leaves no ESC that is not a CSI"
        }
        guard let code = KittyCode(bytes) else {
            if flags.contains(.reportAllKeysAsEscapeCodes) {
                return "flag 8 makes every key an escape code"
            }
            if flags.contains(.disambiguate), !expectedModifiers.isDisjoint(with: [.alt, .control, .meta, .hyper]) {
                return "flag 1 makes every key with Ctrl, Alt, Super or Hyper an escape code"
            }
            return nil
        }
        if code.modifiers != 1 + Int(expectedModifiers.rawValue) { return "the modifier field is 1 + the bits" }
        let expectedKind = flags.contains(.reportEventTypes) ? Int(event.kind.rawValue) : 1
        if code.kind != expectedKind { return "the event type is reported only with flag 2" }
        if !code.text.isEmpty, !flags.contains([.reportAllKeysAsEscapeCodes, .reportAssociatedText]) {
            return "text is reported only with flags 8 and 16"
        }
        return nil
    }
}
