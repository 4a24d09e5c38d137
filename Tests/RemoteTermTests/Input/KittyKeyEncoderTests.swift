// The kitty keyboard protocol encoder, from the spec's own tables and examples
// (https://sw.kovidgoyal.net/kitty/keyboard-protocol/) and kitty's tests of its encoder.
// Tables give the flags as the spec's numbers (1 disambiguate, 2 event types, 4 alternate
// keys, 8 all keys, 16 associated text), an event name and the bytes in the spec's notation
// (`CSI 97;5u`). Event names are `kittyEvent(_:)`'s: `key(_:)`'s, plus `Super+`, `Hyper+`,
// `KMeta+` (kitty's Meta), `Caps+`, `Num+`, `F13`…`F35`, `#57361` (a kitty key number), and
// ` repeat` or ` release` after. The legacy encodings are in KittyKeyEncoderLegacyTests, the
// sweeps over every kind of key, modifier, event type and flag in KittyKeyEncoderSweepTests.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct KittyKeyEncoderTests {
    /// The spec's table of functional key codes, in its own words (`27 u`, `1 D`); the first
    /// form where it gives two.
    static let functionalKeyCodes: [(String, String)] = [
        ("Esc", "27 u"), ("Enter", "13 u"), ("Tab", "9 u"), ("Backspace", "127 u"),
        ("Insert", "2 ~"), ("Delete", "3 ~"), ("Left", "1 D"), ("Right", "1 C"), ("Up", "1 A"), ("Down", "1 B"),
        ("PgUp", "5 ~"), ("PgDn", "6 ~"), ("Home", "1 H"), ("End", "1 F"),
        ("#57358", "57358 u"), ("#57359", "57359 u"), ("#57360", "57360 u"),  // Caps, Scroll, Num Lock
        ("#57361", "57361 u"), ("#57362", "57362 u"), ("#57363", "57363 u"),  // Print Screen, Pause, Menu
        ("F1", "1 P"), ("F2", "1 Q"), ("F3", "13 ~"), ("F4", "1 S"), ("F5", "15 ~"), ("F6", "17 ~"),
        ("F7", "18 ~"), ("F8", "19 ~"), ("F9", "20 ~"), ("F10", "21 ~"), ("F11", "23 ~"), ("F12", "24 ~"),
        ("F13", "57376 u"), ("F14", "57377 u"), ("F15", "57378 u"), ("F16", "57379 u"), ("F17", "57380 u"),
        ("F18", "57381 u"), ("F19", "57382 u"), ("F20", "57383 u"), ("F21", "57384 u"), ("F22", "57385 u"),
        ("F23", "57386 u"), ("F24", "57387 u"), ("F25", "57388 u"), ("F26", "57389 u"), ("F27", "57390 u"),
        ("F28", "57391 u"), ("F29", "57392 u"), ("F30", "57393 u"), ("F31", "57394 u"), ("F32", "57395 u"),
        ("F33", "57396 u"), ("F34", "57397 u"), ("F35", "57398 u"),
        ("KP0", "57399 u"), ("KP1", "57400 u"), ("KP2", "57401 u"), ("KP3", "57402 u"), ("KP4", "57403 u"),
        ("KP5", "57404 u"), ("KP6", "57405 u"), ("KP7", "57406 u"), ("KP8", "57407 u"), ("KP9", "57408 u"),
        ("KPDecimal", "57409 u"), ("KPDivide", "57410 u"), ("KPMultiply", "57411 u"), ("KPSubtract", "57412 u"),
        ("KPAdd", "57413 u"), ("KPEnter", "57414 u"), ("KPEqual", "57415 u"), ("KPSeparator", "57416 u"),
        ("#57417", "57417 u"), ("#57418", "57418 u"), ("#57419", "57419 u"), ("#57420", "57420 u"),  // KP arrows
        ("#57421", "57421 u"), ("#57422", "57422 u"), ("#57423", "57423 u"), ("#57424", "57424 u"),
        ("#57425", "57425 u"), ("#57426", "57426 u"), ("#57427", "1 E"),  // KP Insert, Delete, Begin
        ("#57428", "57428 u"), ("#57429", "57429 u"), ("#57430", "57430 u"), ("#57431", "57431 u"),  // media
        ("#57432", "57432 u"), ("#57433", "57433 u"), ("#57434", "57434 u"), ("#57435", "57435 u"),
        ("#57436", "57436 u"), ("#57437", "57437 u"), ("#57438", "57438 u"), ("#57439", "57439 u"),
        ("#57440", "57440 u"),
        ("#57441", "57441 u"), ("#57442", "57442 u"), ("#57443", "57443 u"), ("#57444", "57444 u"),  // modifiers
        ("#57445", "57445 u"), ("#57446", "57446 u"), ("#57447", "57447 u"), ("#57448", "57448 u"),
        ("#57449", "57449 u"), ("#57450", "57450 u"), ("#57451", "57451 u"), ("#57452", "57452 u"),
        ("#57453", "57453 u"), ("#57454", "57454 u"),
    ]

    /// Every functional key with flags 1, 2, 4 and 8 (8 reports even the modifier keys), bare
    /// and with Ctrl, Shift+Alt, Super and Num Lock, pressed and released:
    /// `CSI number ; m final`, the `1` of the letter forms left out when nothing follows it.
    @Test(arguments: functionalKeyCodes)
    func functionalKeyCodesMatchTheSpecsTable(_ name: String, _ code: String) {
        let parts = code.split(separator: " ")
        let (number, final) = (String(parts[0]), String(parts[1]))
        expectKittyEncoding(kittyEvent(name), kittyOptions(15), "CSI " + (number == "1" ? "" : number) + final, "\(name) bare")
        for (prefix, modifier) in [("Ctrl+", "5"), ("Alt+Shift+", "4"), ("Super+", "9"), ("Num+", "129")] {
            expectKittyEncoding(kittyEvent(prefix + name), kittyOptions(15), "CSI \(number);\(modifier)\(final)", prefix + name)
            expectKittyEncoding(kittyEvent(prefix + name + " release"), kittyOptions(15), "CSI \(number);\(modifier):3\(final)",
                           prefix + name + " release")
        }
    }

    @Test(arguments: [
        // Esc is told apart from the start of an escape code.
        (1, "Esc", "CSI 27u"),
        (1, "Alt+Esc", "CSI 27;3u"),
        (1, "Esc repeat", "CSI 27u"),
        // Enter, Tab and Backspace keep their bytes unmodified (so `reset` can be typed)…
        (1, "Enter", "\r"),
        (1, "Tab", "\t"),
        (1, "Backspace", "\u{7F}"),
        (1, "KPEnter", "CSI 57414u"),
        // … and become escape codes with modifiers.
        (1, "Shift+Enter", "CSI 13;2u"),
        (1, "Ctrl+Enter", "CSI 13;5u"),
        (1, "Alt+Enter", "CSI 13;3u"),
        (1, "Shift+Tab", "CSI 9;2u"),
        (1, "Ctrl+Tab", "CSI 9;5u"),
        (1, "Ctrl+Shift+Tab", "CSI 9;6u"),
        (1, "Ctrl+Backspace", "CSI 127;5u"),
        (1, "Alt+Backspace", "CSI 127;3u"),
        // Text keys type their text, Shift included…
        (1, "a", "a"),
        (1, "A", "A"),
        (1, "Shift+a", "A"),
        (1, "Shift+1", "1"),
        (1, "Space", " "),
        (1, "Shift+Space", " "),
        (1, "é", "é"),
        (1, "€", "€"),
        (1, "a repeat", "a"),
        // … and with Ctrl, Alt, Super, Hyper or Meta are `CSI code ; m u` with the unshifted key.
        (1, "Ctrl+i", "CSI 105;5u"),
        (1, "Ctrl+I", "CSI 105;6u"),
        (1, "Ctrl+c", "CSI 99;5u"),
        (1, "Ctrl+C", "CSI 99;6u"),
        (1, "Ctrl+Shift+a", "CSI 97;6u"),
        (1, "Alt+a", "CSI 97;3u"),
        (1, "Alt+A", "CSI 97;4u"),
        (1, "Alt+Shift+a", "CSI 97;4u"),
        (1, "Ctrl+Alt+a", "CSI 97;7u"),
        (1, "Ctrl+Alt+Shift+a", "CSI 97;8u"),
        (1, "Meta+a", "CSI 97;9u"),
        (1, "Hyper+a", "CSI 97;17u"),
        (1, "KMeta+a", "CSI 97;33u"),
        (1, "Ctrl+Space", "CSI 32;5u"),
        (1, "Ctrl+[", "CSI 91;5u"),
        (1, "Ctrl+1", "CSI 49;5u"),
        (1, "Alt+é", "CSI 233;3u"),
        (1, "Ctrl+a repeat", "CSI 97;5u"),
        // Control characters are the keys that type them.
        (1, "U+0003", "CSI 99;5u"),
        (1, "U+001B", "CSI 27u"),
        (1, "U+000D", "\r"),
        (1, "Alt+U+0009", "CSI 9;3u"),
        // Cursor and function keys: xterm's letter and tilde forms, DECCKM no longer applies.
        (1, "Up", "CSI A"),
        (1, "Ctrl+Up", "CSI 1;5A"),
        (1, "Shift+End", "CSI 1;2F"),
        (1, "F1", "CSI P"),
        (1, "F3", "CSI 13~"),
        (1, "Shift+F1", "CSI 1;2P"),
        (1, "Ctrl+F3", "CSI 13;5~"),
        (1, "F5", "CSI 15~"),
        (1, "Ctrl+F12", "CSI 24;5~"),
        (1, "F13", "CSI 57376u"),
        (1, "Insert", "CSI 2~"),
        (1, "Ctrl+Delete", "CSI 3;5~"),
        (1, "#57363", "CSI 57363u"),
        // Keypad keys that type text type it; the others are their own keys.
        (1, "KP5", "5"),
        (1, "KPAdd", "+"),
        (1, "Ctrl+KP5", "CSI 57404;5u"),
        (1, "Alt+KPAdd", "CSI 57413;3u"),
        (1, "#57417", "CSI 57417u"),
        // Lock modifiers are reported, except on text keys that type text.
        (1, "Caps+A", "A"),
        (1, "Num+a", "a"),
        (1, "Caps+Ctrl+a", "CSI 97;69u"),
        (1, "Num+Up", "CSI 1;129A"),
        (1, "Num+Enter", "\r"),
        (1, "Caps+Num+Tab", "\t"),
        (1, "Num+Esc", "CSI 27;129u"),
        // Modifier keys are only heard of with flag 8.
        (1, "#57441", ""),
        (1, "#57358", ""),
    ] as [(UInt8, String, String)])
    func disambiguateEscapeCodes(_ flags: UInt8, _ name: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(flags), expected, "\(name) [\(flags)]")
    }

    @Test(arguments: [
        (1, "Up", "ckm", "CSI A"),
        (1, "Home", "ckm", "CSI H"),
        (1, "KP5", "kpam", "5"),
        (1, "KPEnter", "kpam", "CSI 57414u"),
        (1, "Enter", "lnm", "\r"),
        (1, "Backspace", "bs8", "\u{08}"),
        (1, "Ctrl+Backspace", "bs8", "CSI 127;5u"),
        (4, "Up", "ckm", "SS3 A"),
        (4, "Ctrl+Up", "ckm", "CSI 1;5A"),
        (4, "#57427", "ckm", "SS3 E"),
        (4, "Backspace", "bs8", "\u{08}"),
        (4, "Ctrl+Backspace", "bs8", "\u{7F}"),
        (4, "KP5", "kpam", "5"),
        (4, "KPEnter", "kpam", "\r"),
    ] as [(UInt8, String, String, String)])
    func terminalModes(_ flags: UInt8, _ name: String, _ modes: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(flags, modes), expected, "\(name) [\(flags), \(modes)]")
    }

    @Test(arguments: [
        // Flag 2: repeats and releases after the modifiers, `1` standing in for none.
        (3, "a", "a"),
        (3, "a repeat", "a"),
        (3, "a release", "CSI 97;1:3u"),
        (3, "Shift+a release", "CSI 97;2:3u"),
        (3, "A release", "CSI 97;2:3u"),
        (3, "Ctrl+a", "CSI 97;5u"),
        (3, "Ctrl+a repeat", "CSI 97;5:2u"),
        (3, "Ctrl+a release", "CSI 97;5:3u"),
        (3, "Esc release", "CSI 27;1:3u"),
        (3, "Up repeat", "CSI 1;1:2A"),
        (3, "Up release", "CSI 1;1:3A"),
        (3, "Ctrl+Up release", "CSI 1;5:3A"),
        (3, "F1 release", "CSI 1;1:3P"),
        (3, "F5 release", "CSI 15;1:3~"),
        (3, "KP5 release", "CSI 57404;1:3u"),
        // Unmodified Enter, Tab and Backspace report no release (kitty's tests)…
        (3, "Enter", "\r"),
        (3, "Enter repeat", "\r"),
        (3, "Enter release", ""),
        (3, "Tab release", ""),
        (3, "Backspace", "\u{7F}"),
        (3, "Backspace release", ""),
        (3, "Caps+Num+Enter", "\r"),
        (3, "Caps+Num+Enter release", ""),
        // … but do when modified, since their presses were escape codes.
        (3, "Shift+Enter release", "CSI 13;2:3u"),
        // Flag 2 alone (kitty's tests): text keys keep their bytes on press, report releases.
        (2, "a", "a"),
        (2, "a repeat", "a"),
        (2, "a release", "CSI 97;1:3u"),
        (2, "Shift+a release", "CSI 97;2:3u"),
        (2, "Ctrl+a", "\u{01}"),
        (2, "Ctrl+a repeat", "CSI 97;5:2u"),
        (2, "Ctrl+a release", "CSI 97;5:3u"),
        (2, "Esc", "ESC"),
        (2, "Esc release", "CSI 27;1:3u"),
        (2, "Shift+Tab", "CSI 9;2u"),
        (2, "F1", "CSI P"),
        (2, "Enter release", ""),
        // With flag 8 Enter, Tab and Backspace report releases too.
        (10, "Enter release", "CSI 13;1:3u"),
        (10, "Tab repeat", "CSI 9;1:2u"),
        (10, "a repeat", "CSI 97;1:2u"),
        (10, "a release", "CSI 97;1:3u"),
        // Without flag 2 a release is nothing and a repeat a press.
        (1, "a release", ""),
        (1, "Ctrl+a release", ""),
        (1, "Esc release", ""),
        (8, "a repeat", "CSI 97u"),
        (8, "a release", ""),
        (31, "a release", "CSI 97;1:3u"),
    ] as [(UInt8, String, String)])
    func reportEventTypes(_ flags: UInt8, _ name: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(flags), expected, "\(name) [\(flags)]")
    }

    @Test(arguments: [
        // Flag 8: every key an escape code, Enter, Tab and Backspace included.
        (8, "a", "CSI 97u"),
        (8, "A", "CSI 97;2u"),
        (8, "Shift+a", "CSI 97;2u"),
        (8, "Ctrl+a", "CSI 97;5u"),
        (8, "Space", "CSI 32u"),
        (8, "é", "CSI 233u"),
        (8, "1", "CSI 49u"),
        (8, "Enter", "CSI 13u"),
        (8, "Ctrl+Enter", "CSI 13;5u"),
        (8, "Tab", "CSI 9u"),
        (8, "Backspace", "CSI 127u"),
        (8, "Esc", "CSI 27u"),
        (8, "Up", "CSI A"),
        (8, "F1", "CSI P"),
        (8, "F3", "CSI 13~"),
        (8, "KP5", "CSI 57404u"),
        (8, "KPEnter", "CSI 57414u"),
        (8, "#57441", "CSI 57441u"),
        (8, "#57358", "CSI 57358u"),
        (8, "#57417", "CSI 57417u"),
        // … with the lock modifiers on text keys too.
        (8, "Caps+A", "CSI 97;65u"),
        (8, "Num+a", "CSI 97;129u"),
        (8, "Caps+Shift+a", "CSI 97;66u"),
        (8, "U+0003", "CSI 99;5u"),
        (9, "a", "CSI 97u"),
    ] as [(UInt8, String, String)])
    func reportAllKeysAsEscapeCodes(_ flags: UInt8, _ name: String, _ expected: String) {
        expectKittyEncoding(kittyEvent(name), kittyOptions(flags), expected, "\(name) [\(flags)]")
    }

    /// Flag 4: `code:shifted:base` on keys already sent as escape codes, the shifted key
    /// only with Shift, `code::base` when only the base-layout key is known.
    @Test(arguments: [
        (5, KeyEvent(.character("a"), modifiers: [.control, .shift]), "CSI 97:65;6u"),
        (5, KeyEvent(.character("A"), modifiers: .control), "CSI 97:65;6u"),
        (5, KeyEvent(.character("a"), modifiers: .control), "CSI 97;5u"),
        (5, KeyEvent(.character("a"), modifiers: .control, shiftedKey: "A"), "CSI 97;5u"),
        (5, KeyEvent(.character("a"), modifiers: .shift, shiftedKey: "A"), "A"),
        (5, KeyEvent(.character("с"), modifiers: .control, baseLayoutKey: "c"), "CSI 1089::99;5u"),
        (5, KeyEvent(.character("с"), modifiers: [.control, .shift], shiftedKey: "С", baseLayoutKey: "c"),
         "CSI 1089:1057:99;6u"),
        (5, KeyEvent(.character("1"), modifiers: [.control, .shift], shiftedKey: "!"), "CSI 49:33;6u"),
        (5, KeyEvent(.character("c"), modifiers: .control, baseLayoutKey: "c"), "CSI 99;5u"),
        (5, KeyEvent(.up, modifiers: [.control, .shift], shiftedKey: "A"), "CSI 1;6A"),
        (5, KeyEvent(.escape, baseLayoutKey: "q"), "CSI 27u"),
        (12, KeyEvent(.character("A")), "CSI 97:65;2u"),
        (12, KeyEvent(.character("a")), "CSI 97u"),
        (12, KeyEvent(.character("a"), shiftedKey: "A"), "CSI 97u"),
        (12, KeyEvent(.character("ж"), modifiers: .shift), "CSI 1078:1046;2u"),
        (14, KeyEvent(.character("a"), modifiers: .shift, kind: .release), "CSI 97:65;2:3u"),
        // Alone, flag 4 changes only codes that are escapes anyway (the legacy Ctrl+Shift+a).
        (4, KeyEvent(.character("a"), modifiers: [.alt, .shift]), "ESC A"),
        (4, KeyEvent(.character("a"), modifiers: [.control, .shift]), "CSI 97:65;6u"),
        (4, KeyEvent(.character("a"), modifiers: .control, baseLayoutKey: "b"), "\u{01}"),
        (4, KeyEvent(.character("с"), modifiers: .control, baseLayoutKey: "c"), "\u{03}"),
        (4, KeyEvent(.character("с"), modifiers: .meta, baseLayoutKey: "c"), "CSI 1089::99;9u"),
    ] as [(UInt8, KeyEvent, String)])
    func reportAlternateKeys(_ flags: UInt8, _ event: KeyEvent, _ expected: String) {
        expectKittyEncoding(event, kittyOptions(flags), expected, "\(event) [\(flags)]")
    }

    /// Flag 16 (with 8): the text after the modifiers, its code points separated by colons;
    /// the spec's examples `shift+a` and `option+a` first.
    @Test(arguments: [
        (24, KeyEvent(.character("a"), modifiers: .shift), "CSI 97;2;65u"),
        (24, KeyEvent(.character("a"), text: "å"), "CSI 97;;229u"),
        (24, KeyEvent(.character("a")), "CSI 97;;97u"),
        (24, KeyEvent(.character("A")), "CSI 97;2;65u"),
        (24, KeyEvent(.character("a"), modifiers: .shift, text: "AB"), "CSI 97;2;65:66u"),
        (24, KeyEvent(.character("a"), modifiers: .control), "CSI 97;5u"),
        (24, KeyEvent(.character("a"), kind: .repeat), "CSI 97;;97u"),
        (24, KeyEvent(.character("€")), "CSI 8364;;8364u"),
        (24, KeyEvent(.character("a"), text: "a\u{7}b"), "CSI 97;;97:98u"),
        (24, KeyEvent(.character("a"), text: "\u{1B}"), "CSI 97u"),
        (24, KeyEvent(.enter), "CSI 13u"),
        (24, KeyEvent(.keypad(.digit5)), "CSI 57404;;53u"),
        (24, KeyEvent(.keypad(.digit5), modifiers: .numLock), "CSI 57404;129;53u"),
        (26, KeyEvent(.character("a"), kind: .repeat), "CSI 97;1:2;97u"),
        (26, KeyEvent(.character("a"), kind: .release), "CSI 97;1:3u"),
        (31, KeyEvent(.character("a"), modifiers: .shift, shiftedKey: "A"), "CSI 97:65;2;65u"),
        // Without flag 8 the text is sent as text, as the spec leaves flag 16 alone undefined.
        (16, KeyEvent(.character("a")), "a"),
        (17, KeyEvent(.character("a"), text: "å"), "å"),
        (17, KeyEvent(.character("a"), modifiers: .control), "CSI 97;5u"),
    ] as [(UInt8, KeyEvent, String)])
    func reportAssociatedText(_ flags: UInt8, _ event: KeyEvent, _ expected: String) {
        expectKittyEncoding(event, kittyOptions(flags), expected, "\(event) [\(flags)]")
    }
}
