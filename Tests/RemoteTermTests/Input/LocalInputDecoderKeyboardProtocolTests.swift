// Keys the user's terminal reports in the kitty keyboard protocol or xterm's modifyOtherKeys
// (which rterm turns on locally) decode to the same keys as their legacy bytes would, plus
// what only the protocol can say, whether the bytes arrive whole or one at a time; releases
// are dropped; anything malformed passes through as it came.

import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront

@Suite struct LocalInputDecoderKeyboardProtocolTests {
    typealias Event = LocalInputDecoder.Event

    static func csi(_ body: String) -> [UInt8] { Array("\u{1B}[\(body)".utf8) }

    static func key(_ key: Key, _ modifiers: KeyModifiers = [], kind: KeyEventKind = .press) -> Event {
        .key(KeyEvent(key, modifiers: modifiers, kind: kind))
    }

    static func char(_ scalar: Unicode.Scalar, _ modifiers: KeyModifiers = []) -> Event {
        .key(.character(scalar, modifiers: modifiers))
    }

    /// Decoded whole and one byte at a time: both must give `expected`.
    static func expectDecodes(_ bytes: [UInt8], _ expected: [Event], _ name: String) {
        #expect(LocalInputDecoderTests.decode(bytes) == expected, "\(name)")
        #expect(LocalInputDecoderTests.decodeByteByByte(bytes) == expected, "\(name), one byte at a time")
    }

    static let kittyCases: [(String, String, [Event])] = [
        ("Esc", "27u", [key(.escape)]),
        ("Alt+Esc", "27;3u", [key(.escape, .alt)]),
        ("Enter", "13u", [key(.enter)]),
        ("Shift+Enter", "13;2u", [key(.enter, .shift)]),
        ("Ctrl+Enter", "13;5u", [key(.enter, .control)]),
        ("Tab", "9u", [key(.tab)]),
        ("Shift+Tab", "9;2u", [key(.tab, .shift)]),
        ("Ctrl+Shift+Tab", "9;6u", [key(.tab, [.control, .shift])]),
        ("Backspace", "127u", [key(.backspace)]),
        ("Ctrl+Backspace", "127;5u", [key(.backspace, .control)]),
        ("a", "97u", [char("a")]),
        ("Shift+a types A", "97;2u", [char("A")]),
        ("Ctrl+a", "97;5u", [char("a", .control)]),
        ("Ctrl+I", "105;5u", [char("i", .control)]),
        ("Ctrl+Shift+a keeps Shift", "97;6u", [char("A", [.control, .shift])]),
        ("Alt+a", "97;3u", [char("a", .alt)]),
        ("Shift+Alt+a", "97;4u", [char("A", .alt)]),
        ("Ctrl+Alt+a", "97;7u", [char("a", [.alt, .control])]),
        ("Super+a", "97;9u", [char("a", .meta)]),
        ("Caps Lock a", "97;65u", [char("A", .capsLock)]),
        ("Caps Lock Shift+a", "97;66u", [char("a", .capsLock)]),
        ("Ctrl+Space", "32;5u", [char(" ", .control)]),
        ("Ctrl+3", "51;5u", [char("3", .control)]),
        ("Shift+3 without its shifted key keeps Shift", "51;2u", [char("3", .shift)]),
        ("Cyrillic", "1089;5u", [char("с", .control)]),
        ("empty modifiers field", "97;u", [char("a")]),
        ("modifier value 1 is none", "13;1u", [key(.enter)]),
        // Event types: press and repeat; a release is nothing.
        ("press", "97;1:1u", [char("a")]),
        ("repeat", "97;1:2u", [key(.character("a"), kind: .repeat)]),
        ("release", "97;1:3u", []),
        ("Shift+Enter release", "13;2:3u", []),
        ("Ctrl+Up repeat", "1;5:2A", [key(.up, .control, kind: .repeat)]),
        ("Up release", "1;1:3A", []),
        ("Shift+Delete repeat", "3;2:2~", [key(.delete, .shift, kind: .repeat)]),
        ("Delete release", "3;1:3~", []),
        // Legacy forms the protocol keeps.
        ("Up", "A", [key(.up)]),
        ("Shift+F1", "1;2P", [key(.function(1), .shift)]),
        ("F3 by number", "13~", [key(.function(3))]),
        ("F1 by number", "11~", [key(.function(1))]),
        ("Home", "7~", [key(.home)]),
        ("End", "1;3F", [key(.end, .alt)]),
        ("Hyper+F5", "15;17~", [key(.function(5), .hyper)]),
        // Functional keys in the Private Use Area.
        ("F13", "57376u", [key(.function(13))]),
        ("Ctrl+F35", "57398;5u", [key(.function(35), .control)]),
        ("KP_0", "57399u", [key(.keypad(.digit0))]),
        ("KP_Enter", "57414u", [key(.keypad(.enter))]),
        ("KP_Left", "57417u", [key(.left)]),
        ("KP_Delete", "57426u", [key(.delete)]),
        ("KP_Begin", "57427u", [key(.kittyFunctional(57427))]),
        ("KP_Begin as ~", "57427~", [key(.kittyFunctional(57427))]),
        ("Print Screen", "57361u", [key(.kittyFunctional(57361))]),
        ("Shift+Pause", "57362;2u", [key(.kittyFunctional(57362), .shift)]),
        ("Menu", "57363u", [key(.kittyFunctional(57363))]),
        ("Caps Lock key", "57358u", [key(.kittyFunctional(57358))]),
        ("Media Play", "57428u", [key(.kittyFunctional(57428))]),
        ("Left Shift", "57441;2u", [key(.kittyFunctional(57441), .shift)]),
        ("ISO Level 5 Shift", "57454u", [key(.kittyFunctional(57454))]),
        // Several keys in one read.
        ("two keys", "97;5u\u{1B}[13;2u", [char("a", .control), key(.enter, .shift)]),
    ]

    @Test(arguments: kittyCases.indices)
    func kittyForms(index: Int) {
        let (name, body, expected) = Self.kittyCases[index]
        Self.expectDecodes(Self.csi(body), expected, name)
    }

    /// Every modifier bit, on a key that keeps them all.
    @Test(arguments: [1, 2, 4, 8, 16, 32, 64, 128, 255] as [UInt8])
    func everyModifierBit(bits: UInt8) {
        Self.expectDecodes(Self.csi("13;\(Int(bits) + 1)u"), [Self.key(.enter, KeyModifiers(rawValue: bits))], "\(bits)")
    }

    @Test func alternateKeys() {
        var shifted = KeyEvent.character("A")
        shifted.shiftedKey = "A"
        Self.expectDecodes(Self.csi("97:65;2u"), [.key(shifted)], "shifted key")
        var symbol = KeyEvent.character("#")
        symbol.shiftedKey = "#"
        Self.expectDecodes(Self.csi("51:35;2u"), [.key(symbol)], "the shifted key is what Shift types")
        var cyrillic = KeyEvent.character("с", modifiers: .control)
        cyrillic.baseLayoutKey = "c"
        Self.expectDecodes(Self.csi("1089::99;5u"), [.key(cyrillic)], "base layout key only")
        var both = KeyEvent.character("С", modifiers: [.control, .shift])
        both.shiftedKey = "С"
        both.baseLayoutKey = "c"
        Self.expectDecodes(Self.csi("1089:1057:99;6u"), [.key(both)], "both")
    }

    @Test func associatedText() {
        Self.expectDecodes(Self.csi("97;2;65u"), [Self.char("A")], "text that is the key's character adds nothing")
        Self.expectDecodes(Self.csi("97;;229u"), [Self.char("å")], "Option+a types å")
        var composed = KeyEvent.character("a")
        composed.text = "a\u{302}"
        Self.expectDecodes(Self.csi("97;;97:770u"), [.key(composed)], "text of two code points")
        Self.expectDecodes(Self.csi("0;;104:105u"), [Self.char("h"), Self.char("i")], "text without a key")
        var repeated = KeyEvent.character("é")
        repeated.kind = .repeat
        Self.expectDecodes(Self.csi("101;1:2;233u"), [.key(repeated)], "a repeat with text")
    }

    @Test func functionalKeyTable() {
        for number in 13...35 {
            Self.expectDecodes(Self.csi("\(57376 + number - 13)u"), [Self.key(.function(number))], "F\(number)")
        }
        let keypad: [KeypadKey] = [
            .digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9,
            .decimal, .divide, .multiply, .subtract, .add, .enter, .equal, .separator,
        ]
        for (offset, key) in keypad.enumerated() {
            Self.expectDecodes(Self.csi("\(57399 + offset)u"), [Self.key(.keypad(key))], "\(key)")
        }
        let navigation: [Key] = [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete]
        for (offset, key) in navigation.enumerated() {
            Self.expectDecodes(Self.csi("\(57417 + offset);2u"), [Self.key(key, .shift)], "keypad \(key)")
        }
        for code in [57358, 57359, 57360, 57361, 57362, 57363] + Array(57427...57454) {
            Self.expectDecodes(Self.csi("\(code)u"), [Self.key(.kittyFunctional(UInt32(code)))], "\(code)")
        }
    }

    /// One table both ways (issue 54 item 8): a key rterm would send a remote program as a
    /// Private Use Area number reads back from the local terminal as the same key.
    @Test func theTableReadsBackWhatItWrites() throws {
        let keys: [Key] = (13...35).map { .function($0) } + KeypadKey.allCases.map { .keypad($0) }
        for key in keys {
            let number: UInt32
            if case .keypad(let keypad) = key {
                number = KittyFunctionalKey.keypadNumber(keypad)
            } else {
                number = try #require(KittyFunctionalKey(key)?.number, "\(key)")
            }
            #expect(KittyFunctionalKey.privateUseArea.contains(number))
            #expect(KittyFunctionalKey.key(code: number) == key)
            Self.expectDecodes(Self.csi("\(number)u"), [Self.key(key)], "\(key)")
        }
    }

    static let modifyOtherKeysCases: [(String, String, [Event])] = [
        ("Ctrl+I", "27;5;105~", [char("i", .control)]),
        ("Shift+Enter", "27;2;13~", [key(.enter, .shift)]),
        ("Ctrl+Shift+A", "27;6;65~", [char("A", [.control, .shift])]),
        ("Ctrl+Shift+a (unshifted code)", "27;6;97~", [char("A", [.control, .shift])]),
        ("Shift+Space", "27;2;32~", [char(" ")]),
        ("Shift+~", "27;2;126~", [char("~")]),
        ("Alt+a", "27;3;97~", [char("a", .alt)]),
        ("Ctrl+Tab", "27;5;9~", [key(.tab, .control)]),
        ("Ctrl+Backspace", "27;5;127~", [key(.backspace, .control)]),
        ("Ctrl+H as its control code", "27;5;8~", [key(.backspace, .control)]),
        ("Alt+Esc", "27;3;27~", [key(.escape, .alt)]),
        ("Ctrl+1", "27;5;49~", [char("1", .control)]),
        ("formatOtherKeys 1: Ctrl+I", "105;5u", [char("i", .control)]),
        ("formatOtherKeys 1: Ctrl+Shift+A", "65;6u", [char("A", [.control, .shift])]),
        ("formatOtherKeys 1: Shift+Space", "32;2u", [char(" ")]),
    ]

    @Test(arguments: modifyOtherKeysCases.indices)
    func modifyOtherKeysForms(index: Int) {
        let (name, body, expected) = Self.modifyOtherKeysCases[index]
        Self.expectDecodes(Self.csi(body), expected, name)
    }

    /// Malformed or unknown reports are forwarded as they came: no physical key is lost.
    @Test(arguments: [
        "97;2;u", "97:65:99:1u", ";2u", "u", "97;2:4u", "97;2:0u", "97;300u", "55296u", "1114112u", "99999999u",
        "1;2;3;4u", "0u", "128u", "97:55296;2u", "97;;7u", "97;1:2:3u", "27;5~", "27;5;1:2~", "27;5;;~", "99;5~",
        "?1u", ">1u", "1:2A", "1;2;3A", "3;2;1~", "1$u",
    ])
    func malformedPassesThrough(body: String) {
        Self.expectDecodes(Self.csi(body), [.passthrough(Self.csi(body))], body)
    }

    /// The same key, whichever way the terminal says it.
    @Test(arguments: [
        ("a", Array("a".utf8), csi("97u")),
        ("Shift+a", Array("A".utf8), csi("97;2u")),
        ("Ctrl+c", [0x03], csi("99;5u")),
        ("Alt+x", Array("\u{1B}x".utf8), csi("120;3u")),
        ("Shift+Alt+a", Array("\u{1B}A".utf8), csi("97;4u")),
        ("Ctrl+Alt+c", [0x1B, 0x03], csi("99;7u")),
        ("Enter", [0x0D], csi("13u")),
        ("Tab", [0x09], csi("9u")),
        ("Shift+Tab", csi("Z"), csi("9;2u")),
        ("Backspace", [0x7F], csi("127u")),
        ("Ctrl+Backspace", [0x08], csi("127;5u")),
        ("keypad 0 (DECKPAM)", Array("\u{1B}Op".utf8), csi("57399u")),
        ("Ctrl+Up", csi("1;5A"), csi("1;5:1A")),
        ("F5", csi("15~"), csi("15;1:1~")),
        ("Ctrl+i (modifyOtherKeys)", [0x09], csi("27;5;105~")),
    ] as [(String, [UInt8], [UInt8])])
    func sameKeyWhateverTheEncoding(name: String, legacy: [UInt8], reported: [UInt8]) {
        let fromLegacy = LocalInputDecoderTests.decode(legacy)
        let fromReport = LocalInputDecoderTests.decode(reported)
        if name.hasPrefix("Ctrl+i") {
            // A legacy terminal's Tab and Ctrl+I are one byte; the report tells them apart.
            #expect(fromReport == [Self.char("i", .control)])
            #expect(KeyEncoder.encode(Self.keyEvent(fromReport), options: KeyEncodingOptions()) == legacy)
        } else {
            // The same key; a legacy ESC prefix is marked as such (`isEscapePrefixed`).
            let unmarked = fromLegacy.map { event -> Event in
                guard case .key(var key) = event else { return event }
                key.isEscapePrefixed = false
                return .key(key)
            }
            #expect(fromReport == unmarked, "\(name)")
        }
    }

    static func keyEvent(_ events: [Event]) -> KeyEvent {
        guard events.count == 1, case .key(let event) = events[0] else { return KeyEvent(.kittyFunctional(0)) }
        return event
    }

    /// A decoded report re-encodes for a remote that asked for nothing as a legacy terminal
    /// would have sent it: the protocol's own encoding never leaks.
    @Test(arguments: [
        ("Shift+Enter", "13;2u", [0x0D]),
        ("Ctrl+I", "105;5u", [0x09]),
        ("Ctrl+Shift+I", "105;6u", [0x09]),
        ("Shift+a", "97;2u", Array("A".utf8)),
        ("Esc", "27u", [0x1B]),
        ("Alt+a", "97;3u", Array("\u{1B}a".utf8)),
        ("Ctrl+c", "99;5u", [0x03]),
        ("Shift+Tab", "9;2u", Array("\u{1B}[Z".utf8)),
        ("Ctrl+Backspace", "127;5u", [0x08]),
        ("Option+a", "97;;229u", Array("å".utf8)),
        ("Ctrl+Up repeat", "1;5:2A", Array("\u{1B}[1;5A".utf8)),
        ("modifyOtherKeys Ctrl+I", "27;5;105~", [0x09]),
        ("modifyOtherKeys Shift+Enter", "27;2;13~", [0x0D]),
        ("keypad 5", "57404u", Array("5".utf8)),
    ] as [(String, String, [UInt8])])
    func reencodesAsLegacyBytes(name: String, body: String, legacy: [UInt8]) {
        let event = Self.keyEvent(LocalInputDecoderTests.decode(Self.csi(body)))
        #expect(KeyEncoder.encode(event, options: KeyEncodingOptions()) == legacy, "\(name)")
    }

    /// The decoder's bound on unfinished sequences holds for these reports too.
    @Test func anOverlongReportIsForwardedCut() {
        let long = Self.csi(String(repeating: "1", count: 100) + "u")
        let events = LocalInputDecoderTests.decode(long)
        #expect(events.first == .passthrough(Array(long.prefix(65))))
        var decoder = LocalInputDecoder()
        _ = decoder.feed(long)
        #expect(!decoder.hasPending)
    }
}

/// The user's terminal saying its colour scheme changed (`CSI ? 997 ; 1|2 n`, asked for with
/// ?2031): an event of its own, never passed to the remote as bytes.
@Suite struct LocalColorSchemeReportTests {
    @Test(arguments: [("\u{1B}[?997;1n", TerminalColorScheme.dark), ("\u{1B}[?997;2n", .light)])
    func colorSchemeReports(_ input: String, _ scheme: TerminalColorScheme) {
        var decoder = LocalInputDecoder()
        #expect(decoder.feed(Array(input.utf8)) == [.colorScheme(scheme)])
        var split = LocalInputDecoder()
        let events = Array(input.utf8).flatMap { split.feed([$0]) }
        #expect(events == [.colorScheme(scheme)])
    }
}
