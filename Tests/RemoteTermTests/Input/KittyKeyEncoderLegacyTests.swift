// The kitty keyboard protocol's legacy encodings (what keys send while no flag of the
// program's changes them: flags 2, 4 or 16 without 1 or 8), from the spec's tables of
// legacy text keys, C0 keys, functional keys and the Ctrl mapping, and kitty's generated
// legacy letter tests; key bar events against keyboard ones; and xterm's bytes with no flag.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct KittyKeyEncoderLegacyTests {
    /// The spec's "Example encodings" of legacy text keys (key, shifted key, then plain,
    /// shift, alt, ctrl, shift+alt, alt+ctrl, ctrl+shift), under flag 2 (presses keep the
    /// legacy bytes).
    @Test(arguments: [
        ("i", "I", ["i", "I", "ESC i", "\t", "ESC I", "ESC \t", "CSI 105;6u"]),
        ("3", "#", ["3", "#", "ESC 3", "ESC", "ESC #", "ESC ESC", "CSI 51;6u"]),
        (";", ":", [";", ":", "ESC ;", ";", "ESC :", "ESC ;", "CSI 59;6u"]),
    ] as [(Unicode.Scalar, Unicode.Scalar, [String])])
    func legacyTextKeysMatchTheSpecsExamples(_ key: Unicode.Scalar, _ shifted: Unicode.Scalar, _ expected: [String]) {
        let modifiers: [KeyModifiers] = [[], .shift, .alt, .control, [.shift, .alt], [.alt, .control], [.control, .shift]]
        for (modifier, bytes) in zip(modifiers, expected) {
            let event = KeyEvent(.character(key), modifiers: modifier, shiftedKey: shifted)
            expectKittyEncoding(event, kittyOptions(2), bytes, "\(key) \(modifier)")
        }
    }

    /// The spec's table of C0 keys (plain, ctrl, alt, shift, ctrl+shift, alt+shift,
    /// ctrl+alt), under flag 4 (which leaves every one of them alone).
    @Test(arguments: [
        ("Enter", ["\r", "\r", "ESC \r", "\r", "\r", "ESC \r", "ESC \r"]),
        ("Esc", ["ESC", "ESC", "ESC ESC", "ESC", "ESC", "ESC ESC", "ESC ESC"]),
        ("Backspace", ["\u{7F}", "\u{08}", "ESC \u{7F}", "\u{7F}", "\u{08}", "ESC \u{7F}", "ESC \u{08}"]),
        ("Tab", ["\t", "\t", "ESC \t", "CSI Z", "CSI Z", "ESC CSI Z", "ESC \t"]),
        ("Space", [" ", "\u{00}", "ESC  ", " ", "\u{00}", "ESC  ", "ESC \u{00}"]),
    ])
    func c0KeysMatchTheSpecsTable(_ name: String, _ expected: [String]) {
        let prefixes = ["", "Ctrl+", "Alt+", "Shift+", "Ctrl+Shift+", "Alt+Shift+", "Ctrl+Alt+"]
        for (prefix, bytes) in zip(prefixes, expected) {
            expectKittyEncoding(kittyEvent(prefix + name), kittyOptions(4), bytes, prefix + name)
        }
    }

    /// The spec's "Legacy functional encoding" table (with DECCKM's SS3 forms), and keys
    /// with no legacy form sent as `CSI code u` as kitty does.
    @Test(arguments: [
        ("Insert", "", "CSI 2~"), ("Delete", "", "CSI 3~"), ("PgUp", "", "CSI 5~"), ("PgDn", "", "CSI 6~"),
        ("Up", "", "CSI A"), ("Down", "", "CSI B"), ("Right", "", "CSI C"), ("Left", "", "CSI D"),
        ("Home", "", "CSI H"), ("End", "", "CSI F"),
        ("Up", "ckm", "SS3 A"), ("Down", "ckm", "SS3 B"), ("Right", "ckm", "SS3 C"), ("Left", "ckm", "SS3 D"),
        ("Home", "ckm", "SS3 H"), ("End", "ckm", "SS3 F"),
        ("F1", "", "SS3 P"), ("F2", "", "SS3 Q"), ("F3", "", "SS3 R"), ("F4", "", "SS3 S"),
        ("F5", "", "CSI 15~"), ("F6", "", "CSI 17~"), ("F7", "", "CSI 18~"), ("F8", "", "CSI 19~"),
        ("F9", "", "CSI 20~"), ("F10", "", "CSI 21~"), ("F11", "", "CSI 23~"), ("F12", "", "CSI 24~"),
        ("#57363", "", "CSI 29~"),
        // With modifiers: `CSI 1 ; m X` (SS3 carries none) and `CSI n ; m ~`; F3 has no R form.
        ("Ctrl+Up", "ckm", "CSI 1;5A"), ("Shift+F1", "", "CSI 1;2P"), ("Shift+F3", "", "CSI 13;2~"),
        ("Alt+Delete", "", "CSI 3;3~"), ("Ctrl+#57363", "", "CSI 29;5~"), ("Num+Up", "", "CSI 1;129A"),
        ("F13", "", "CSI 57376u"), ("#57428", "", "CSI 57428u"),
        // Keypad keys are the main keyboard's (the keypad's navigation keys included).
        ("KP5", "", "5"), ("KPEnter", "", "\r"), ("Ctrl+KP5", "", "\u{1D}"), ("Alt+KP5", "", "ESC 5"),
        ("#57417", "", "CSI D"), ("#57423", "ckm", "SS3 H"), ("#57399", "", "0"),
        // Modifier keys only with flag 8.
        ("#57441", "", ""),
    ] as [(String, String, String)])
    func legacyFunctionalKeysMatchTheSpecsTable(_ name: String, _ modes: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(4, modes), expected, "\(name) [\(modes)]")
    }

    /// The spec's table of the bytes Ctrl makes of ASCII keys (any key not in it is left
    /// alone: `` ` `` too, unlike xterm's NUL).
    @Test(arguments: [
        ("Space", 0), ("/", 31), ("0", 48), ("1", 49), ("2", 0), ("3", 27), ("4", 28), ("5", 29), ("6", 30),
        ("7", 31), ("8", 127), ("9", 57), ("?", 127), ("@", 0), ("[", 27), ("\\", 28), ("]", 29), ("^", 30),
        ("_", 31), ("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", 6), ("g", 7), ("h", 8), ("i", 9),
        ("j", 10), ("k", 11), ("l", 12), ("m", 13), ("n", 14), ("o", 15), ("p", 16), ("q", 17), ("r", 18),
        ("s", 19), ("t", 20), ("u", 21), ("v", 22), ("w", 23), ("x", 24), ("y", 25), ("z", 26), ("~", 30),
        ("`", 96), (",", 44), ("-", 45),
    ] as [(String, UInt8)])
    func ctrlMappingMatchesTheSpecsTable(_ name: String, _ byte: UInt8) {
        #expect(KeyEncoder.encode(kittyEvent("Ctrl+" + name), options: kittyOptions(4)) == [byte], "Ctrl+\(name)")
        #expect(
            KeyEncoder.encode(kittyEvent("Ctrl+Alt+" + name), options: kittyOptions(4)) == [0x1B, byte], "Ctrl+Alt+\(name)")
    }

    /// US keys with their shifted keys and the byte Ctrl makes of them (kitty's table).
    static let usKeys: [(Unicode.Scalar, Unicode.Scalar, UInt8)] = {
        let punctuation: [(Unicode.Scalar, Unicode.Scalar, UInt8)] = [
            ("`", "~", 0x60), ("1", "!", 0x31), ("2", "@", 0x00), ("3", "#", 0x1B), ("4", "$", 0x1C),
            ("5", "%", 0x1D), ("6", "^", 0x1E), ("7", "&", 0x1F), ("8", "*", 0x7F), ("9", "(", 0x39),
            ("0", ")", 0x30), ("-", "_", 0x2D), ("=", "+", 0x3D), ("[", "{", 0x1B), ("]", "}", 0x1D),
            ("\\", "|", 0x1C), (";", ":", 0x3B), ("'", "\"", 0x27), (",", "<", 0x2C), (".", ">", 0x2E),
            ("/", "?", 0x1F),
        ]
        let letters = (UInt8(0)..<26).map { offset -> (Unicode.Scalar, Unicode.Scalar, UInt8) in
            (Unicode.Scalar(0x61 + offset), Unicode.Scalar(0x41 + offset), offset + 1)
        }
        return punctuation + letters
    }()

    /// kitty's generated legacy letter tests: each US key with its shifted key, plain,
    /// shift, alt, shift+alt, ctrl and ctrl+alt, under flags 2 and 4.
    @Test(arguments: usKeys)
    func legacyLettersMatchKittysTests(_ key: Unicode.Scalar, _ shifted: Unicode.Scalar, _ control: UInt8) {
        let plain = KeyEncoder.utf8(key)
        let shiftedBytes = KeyEncoder.utf8(shifted)
        let expectations: [(KeyModifiers, [UInt8])] = [
            ([], plain), (.shift, shiftedBytes), (.alt, [0x1B] + plain), ([.shift, .alt], [0x1B] + shiftedBytes),
            (.control, [control]), ([.control, .alt], [0x1B, control]),
        ]
        for flags: UInt8 in [2, 4] {
            for (modifiers, expected) in expectations {
                let event = KeyEvent(.character(key), modifiers: modifiers, shiftedKey: shifted)
                let bytes = KeyEncoder.encode(event, options: kittyOptions(flags))
                #expect(bytes == expected, "\(key) \(modifiers) [\(flags)]: \(sequenceNotation(bytes))")
            }
        }
    }

    /// No flags: xterm's bytes, whatever the key's kitty-only parts say.
    @Test(arguments: [
        ("Enter", "\r"), ("Tab", "\t"), ("Esc", "ESC"), ("Shift+Enter", "\r"), ("Ctrl+i", "\t"), ("Shift+Tab", "CSI Z"),
        ("F3", "SS3 R"), ("F13", ""), ("#57361", ""), ("Hyper+a", "a"), ("Caps+Up", "CSI A"), ("a release", ""),
        ("a repeat", "a"),
    ])
    func noFlagsKeepXtermsBytes(_ name: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(0), expected, name)
    }

    /// The key bar's events (`Ctrl` latched with `c`), the bytes a keyboard's Ctrl+c arrives
    /// as, and a capital letter from a keyboard against Shift with the small one, under
    /// every flag.
    @Test(arguments: 1...31)
    func keyBarAndKeyboardEventsEncodeAlike(_ flags: Int) {
        let options = kittyOptions(UInt8(flags))
        let pairs: [(KeyEvent, KeyEvent)] = [
            (.character("c", modifiers: .control), .character("\u{03}")),
            (.character("C", modifiers: .control), .character("c", modifiers: [.control, .shift])),
            (.character("A"), .character("a", modifiers: .shift)),
            (.character("A", modifiers: .alt), .character("a", modifiers: [.alt, .shift])),
            (KeyEvent(.backspace, modifiers: .control), .character("\u{08}")),
            (KeyEvent(.escape, modifiers: .alt), .character("\u{1B}", modifiers: .alt)),
            (KeyEvent(.enter), .character("\r")),
            (.character(" ", modifiers: .control), .character("\u{00}")),
        ]
        for (bar, keyboard) in pairs {
            #expect(KeyEncoder.encode(bar, options: options) == KeyEncoder.encode(keyboard, options: options),
                    "\(bar) vs \(keyboard) [\(flags)]")
        }
    }
}
