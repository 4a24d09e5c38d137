// Key names as written in the key-bar config and in scripts: valid names with their
// events, invalid ones with their errors, and the canonical name round trip.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct KeyNameTests {
    @Test(arguments: [
        ("Enter", KeyEvent(.enter)),
        ("enter", KeyEvent(.enter)),
        ("RETURN", KeyEvent(.enter)),
        ("Esc", KeyEvent(.escape)),
        ("escape", KeyEvent(.escape)),
        ("Tab", KeyEvent(.tab)),
        ("Up", KeyEvent(.up)),
        ("down", KeyEvent(.down)),
        ("Left", KeyEvent(.left)),
        ("RIGHT", KeyEvent(.right)),
        ("Home", KeyEvent(.home)),
        ("End", KeyEvent(.end)),
        ("PgUp", KeyEvent(.pageUp)),
        ("pageup", KeyEvent(.pageUp)),
        ("PgDn", KeyEvent(.pageDown)),
        ("PageDown", KeyEvent(.pageDown)),
        ("Insert", KeyEvent(.insert)),
        ("Ins", KeyEvent(.insert)),
        ("Delete", KeyEvent(.delete)),
        ("del", KeyEvent(.delete)),
        ("Backspace", KeyEvent(.backspace)),
        ("BS", KeyEvent(.backspace)),
        ("Space", KeyEvent(.character(" "))),
        ("F1", KeyEvent(.function(1))),
        ("f12", KeyEvent(.function(12))),
        ("KPEnter", KeyEvent(.keypad(.enter))),
        ("kp7", KeyEvent(.keypad(.digit7))),
        ("a", KeyEvent(.character("a"))),
        ("A", KeyEvent(.character("A"))),
        ("|", KeyEvent(.character("|"))),
        ("~", KeyEvent(.character("~"))),
        ("/", KeyEvent(.character("/"))),
        ("-", KeyEvent(.character("-"))),
        ("+", KeyEvent(.character("+"))),
        (" ", KeyEvent(.character(" "))),
        ("é", KeyEvent(.character("é"))),
        ("U+001B", KeyEvent(.character("\u{1B}"))),
        ("u+e9", KeyEvent(.character("é"))),
        ("Ctrl+c", KeyEvent(.character("c"), modifiers: .control)),
        ("ctrl+C", KeyEvent(.character("C"), modifiers: .control)),
        ("Control+Up", KeyEvent(.up, modifiers: .control)),
        ("Ctrl+Up", KeyEvent(.up, modifiers: .control)),
        ("Alt+x", KeyEvent(.character("x"), modifiers: .alt)),
        ("Shift+Tab", KeyEvent(.tab, modifiers: .shift)),
        ("Meta+x", KeyEvent(.character("x"), modifiers: .meta)),
        ("Ctrl+Alt+x", KeyEvent(.character("x"), modifiers: [.control, .alt])),
        ("Alt+Ctrl+x", KeyEvent(.character("x"), modifiers: [.control, .alt])),
        ("SHIFT+ctrl+ALT+Delete", KeyEvent(.delete, modifiers: [.control, .alt, .shift])),
        ("Ctrl++", KeyEvent(.character("+"), modifiers: .control)),
        ("Ctrl+Space", KeyEvent(.character(" "), modifiers: .control)),
        ("Ctrl+[", KeyEvent(.character("["), modifiers: .control)),
        ("Alt+F4", KeyEvent(.function(4), modifiers: .alt)),
        ("Ctrl+U+0003", KeyEvent(.character("\u{03}"), modifiers: .control)),
    ])
    func parsesValidNames(_ name: String, _ expected: KeyEvent) throws {
        #expect(try KeyEvent(name: name) == expected, "\(name)")
    }

    @Test(arguments: [
        ("", KeyNameError.empty),
        ("Foo", .unknownKey("Foo", in: "Foo")),
        ("ab", .unknownKey("ab", in: "ab")),
        ("Ctrl+Foo", .unknownKey("Foo", in: "Ctrl+Foo")),
        ("Hyper+x", .unknownModifier("Hyper", in: "Hyper+x")),
        ("a+b", .unknownModifier("a", in: "a+b")),
        ("Ctrl+Ctrl+x", .repeatedModifier("Ctrl", in: "Ctrl+Ctrl+x")),
        ("Ctrl+Control+x", .repeatedModifier("Control", in: "Ctrl+Control+x")),
        ("Ctrl+", .missingKey("Ctrl+")),
        ("Ctrl+Alt+", .missingKey("Ctrl+Alt+")),
        ("F0", .functionKeyOutOfRange("F0")),
        ("F13", .functionKeyOutOfRange("F13")),
        ("Shift+F24", .functionKeyOutOfRange("Shift+F24")),
        ("U+", .invalidCodePoint("U+")),
        ("U+D800", .invalidCodePoint("U+D800")),
        ("U+110000", .invalidCodePoint("U+110000")),
        ("U+12G", .invalidCodePoint("U+12G")),
        ("\u{1B}", .controlCharacter("\u{1B}")),
        ("Ctrl+\t", .controlCharacter("Ctrl+\t")),
        ("\u{9B}", .controlCharacter("\u{9B}")),
    ])
    func rejectsInvalidNames(_ name: String, _ expected: KeyNameError) {
        #expect(throws: expected) { try KeyEvent(name: name) }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(KeyNameError.unknownKey("Foo", in: "Ctrl+Foo").description.contains("unknown key 'Foo' in 'Ctrl+Foo'"))
        #expect(KeyNameError.unknownKey("Foo", in: "Ctrl+Foo").description.contains("PgUp"))
        #expect(KeyNameError.unknownModifier("Hyper", in: "Hyper+x").description.contains("Ctrl, Alt, Meta and Shift"))
        #expect(KeyNameError.functionKeyOutOfRange("F13").description == "'F13': function keys go from F1 to F12")
        #expect(KeyNameError.missingKey("Ctrl+").description.contains("Ctrl++"))
    }

    @Test(arguments: [
        (KeyEvent(.up, modifiers: [.shift, .control, .alt]), "Ctrl+Alt+Shift+Up"),
        (KeyEvent(.character(" ")), "Space"),
        (KeyEvent(.character("+"), modifiers: .control), "Ctrl++"),
        (KeyEvent(.character("\u{1B}")), "U+001B"),
        (KeyEvent(.function(11), modifiers: .meta), "Meta+F11"),
        (KeyEvent(.pageDown), "PgDn"),
        (KeyEvent(.keypad(.decimal)), "KPDecimal"),
    ])
    func canonicalNames(_ event: KeyEvent, _ expected: String) {
        #expect(event.name == expected)
    }

    @Test func everyNamedKeyRoundTripsWithEveryModifierCombination() throws {
        var keys = KeyEvent.keyNames.map(\.key)
        keys += (1...12).map { Key.function($0) }
        keys += [.character("x"), .character("+"), .character("é"), .character("\u{7F}")]
        for key in keys {
            for bits in UInt8(0)..<16 {
                let event = KeyEvent(key, modifiers: KeyModifiers(rawValue: bits))
                #expect(try KeyEvent(name: event.name) == event, "\(event.name)")
            }
        }
    }

    @Test func everyAliasIsUniqueAcrossKeys() {
        var seen: [String: Key] = [:]
        for entry in KeyEvent.keyNames {
            for name in entry.names {
                #expect(seen[name.lowercased()] == nil, "\(name) names two keys")
                seen[name.lowercased()] = entry.key
            }
        }
    }
}
