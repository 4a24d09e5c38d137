// xterm's modifyOtherKeys, levels 1 and 2, as xterm 410's input.c encodes keys for a US
// keyboard with metaSendsEscape (rterm's Alt sends ESC): each row gives an event name and
// the bytes at level 1 and at level 2, in the notation of `sequenceBytes` (`CSI 27;5;105~`).
// Rows whose bytes are not an escape are the legacy bytes xterm keeps for that key.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func options(level: Int, _ modes: String = "", format: Bool = false) -> KeyEncodingOptions {
    var options = KeyEncodingOptions(modifyOtherKeys: level, formatOtherKeys: format)
    if modes == "bs8" { options.backspaceSendsControlH = true }
    return options
}

private func expectEncoding(
    _ name: String, _ options: KeyEncodingOptions, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let bytes = KeyEncoder.encode(key(name), options: options)
    #expect(
        bytes == sequenceBytes(expected),
        "\(name) [level \(options.modifyOtherKeys)]: got \(sequenceNotation(bytes)), expected \(expected)",
        sourceLocation: sourceLocation)
}

@Suite struct ModifyOtherKeysEncoderTests {
    @Test(arguments: [
        // Letters: level 1 keeps the control characters; level 2 escapes every letter with
        // a modifier but Shift alone (a capital is typed, as tmux, foot and WezTerm do).
        ("a", "a", "a"),
        ("A", "A", "A"),
        ("Shift+a", "A", "A"),
        ("Ctrl+a", "\u{01}", "CSI 27;5;97~"),
        ("Ctrl+i", "\t", "CSI 27;5;105~"),
        ("Ctrl+m", "\r", "CSI 27;5;109~"),
        ("Ctrl+Shift+a", "\u{01}", "CSI 27;6;65~"),
        ("Ctrl+A", "\u{01}", "CSI 27;6;65~"),
        ("Alt+a", "ESC a", "CSI 27;3;97~"),
        ("Alt+Shift+a", "ESC A", "CSI 27;4;65~"),
        ("Ctrl+Alt+a", "ESC \u{01}", "CSI 27;7;97~"),
        ("Ctrl+Alt+Shift+a", "ESC \u{01}", "CSI 27;8;65~"),
        ("Meta+a", "ESC a", "CSI 27;9;97~"),
        ("U+0003", "\u{03}", "CSI 27;5;99~"),
        ("Alt+U+0003", "ESC \u{03}", "CSI 27;7;99~"),
        // Keys Ctrl has no control character for: escaped at level 1 too, without Alt.
        ("Ctrl+1", "CSI 27;5;49~", "CSI 27;5;49~"),
        ("Ctrl+9", "CSI 27;5;57~", "CSI 27;5;57~"),
        ("Ctrl+0", "CSI 27;5;48~", "CSI 27;5;48~"),
        ("Ctrl+;", "CSI 27;5;59~", "CSI 27;5;59~"),
        ("Ctrl+,", "CSI 27;5;44~", "CSI 27;5;44~"),
        ("Ctrl+.", "CSI 27;5;46~", "CSI 27;5;46~"),
        ("Ctrl+=", "CSI 27;5;61~", "CSI 27;5;61~"),
        ("Ctrl+-", "CSI 27;5;45~", "CSI 27;5;45~"),
        ("Ctrl+'", "CSI 27;5;39~", "CSI 27;5;39~"),
        ("Ctrl+?", "CSI 27;5;63~", "CSI 27;5;63~"),
        ("Ctrl+Shift+1", "CSI 27;6;49~", "CSI 27;6;49~"),
        ("Ctrl+Alt+1", "CSI 27;5;49~", "CSI 27;7;49~"),
        ("Ctrl+é", "CSI 27;5;233~", "CSI 27;5;233~"),
        ("Ctrl+€", "CSI 27;5;8364~", "CSI 27;5;8364~"),
        ("Alt+1", "ESC 1", "CSI 27;3;49~"),
        ("Alt+é", "ESC é", "CSI 27;3;233~"),
        // X11's control aliases (Ctrl+2 is NUL, Ctrl+3 ESC…) stay at level 1 only.
        ("Ctrl+2", "\u{00}", "CSI 27;5;50~"),
        ("Ctrl+3", "ESC", "CSI 27;5;51~"),
        ("Ctrl+8", "\u{7F}", "CSI 27;5;56~"),
        ("Ctrl+/", "\u{1F}", "CSI 27;5;47~"),
        ("Ctrl+@", "\u{00}", "CSI 27;5;64~"),
        ("Ctrl+[", "ESC", "CSI 27;5;91~"),
        ("Ctrl+`", "\u{00}", "CSI 27;5;96~"),
        ("Ctrl+~", "\u{1E}", "CSI 27;5;126~"),
        // Shift alone: in the character, except @…~ and Space at level 2.
        ("Shift+1", "1", "1"),
        ("!", "!", "!"),
        ("Shift+!", "!", "!"),
        ("Shift+@", "@", "@"),
        ("Shift+{", "{", "{"),
        ("Shift+é", "é", "é"),
        ("Space", " ", " "),
        ("Shift+Space", " ", " "),
        ("Ctrl+Space", "\u{00}", "CSI 27;5;32~"),
        ("Ctrl+Shift+Space", "\u{00}", "CSI 27;6;32~"),
        ("Alt+Space", "ESC  ", "CSI 27;3;32~"),
        // Enter: Shift and Ctrl at level 1 (Alt dropped, and Ctrl with it), all at level 2.
        ("Enter", "\r", "\r"),
        ("Shift+Enter", "CSI 27;2;13~", "CSI 27;2;13~"),
        ("Ctrl+Enter", "CSI 27;5;13~", "CSI 27;5;13~"),
        ("Ctrl+Shift+Enter", "CSI 27;6;13~", "CSI 27;6;13~"),
        ("Alt+Enter", "ESC \r", "CSI 27;3;13~"),
        ("Alt+Shift+Enter", "CSI 27;2;13~", "CSI 27;4;13~"),
        ("Ctrl+Alt+Enter", "ESC \r", "CSI 27;7;13~"),
        ("U+000D", "\r", "\r"),
        // Tab: Shift+Tab stays X11's ISO_Left_Tab (CSI Z) unless level 2 has more modifiers.
        ("Tab", "\t", "\t"),
        ("Ctrl+Tab", "CSI 27;5;9~", "CSI 27;5;9~"),
        ("Alt+Tab", "ESC \t", "CSI 27;3;9~"),
        ("Ctrl+Alt+Tab", "ESC \t", "CSI 27;7;9~"),
        ("Shift+Tab", "CSI Z", "CSI Z"),
        ("Ctrl+Shift+Tab", "CSI Z", "CSI 27;6;9~"),
        ("Alt+Shift+Tab", "ESC CSI Z", "CSI 27;4;9~"),
        // Esc: a control alias, escaped at level 1 only when Alt leaves another modifier.
        ("Esc", "ESC", "ESC"),
        ("Shift+Esc", "ESC", "CSI 27;2;27~"),
        ("Ctrl+Esc", "ESC", "CSI 27;5;27~"),
        ("Ctrl+Shift+Esc", "ESC", "CSI 27;6;27~"),
        ("Alt+Esc", "ESC ESC", "CSI 27;3;27~"),
        ("Alt+Shift+Esc", "CSI 27;2;27~", "CSI 27;4;27~"),
        ("Ctrl+Alt+Esc", "CSI 27;5;27~", "CSI 27;7;27~"),
        // Backspace: never at level 1; at level 2 with the byte Ctrl picks as its code.
        ("Backspace", "\u{7F}", "\u{7F}"),
        ("Shift+Backspace", "\u{7F}", "CSI 27;2;127~"),
        ("Ctrl+Backspace", "\u{08}", "\u{08}"),
        ("Alt+Backspace", "ESC \u{7F}", "CSI 27;3;127~"),
        ("Ctrl+Shift+Backspace", "\u{08}", "CSI 27;6;8~"),
        ("Ctrl+Alt+Backspace", "ESC \u{08}", "CSI 27;7;8~"),
        // Cursor, editing, function and keypad keys keep their own forms.
        ("Ctrl+Up", "CSI 1;5A", "CSI 1;5A"),
        ("Shift+Home", "CSI 1;2H", "CSI 1;2H"),
        ("Ctrl+Delete", "CSI 3;5~", "CSI 3;5~"),
        ("Alt+PgUp", "CSI 5;3~", "CSI 5;3~"),
        ("Ctrl+F1", "CSI 1;5P", "CSI 1;5P"),
        ("Shift+F5", "CSI 15;2~", "CSI 15;2~"),
        ("Ctrl+KP5", "5", "5"),
        ("Alt+KP5", "ESC 5", "ESC 5"),
    ])
    func encodesLikeXterm(_ name: String, _ levelOne: String, _ levelTwo: String) {
        expectEncoding(name, options(level: 1), levelOne)
        expectEncoding(name, options(level: 2), levelTwo)
    }

    /// Backspace sending BS (DECBKM's other setting): Ctrl picks DEL, and the byte picked is
    /// the code either way.
    @Test(arguments: [
        ("Backspace", "\u{08}", "\u{08}"),
        ("Shift+Backspace", "\u{08}", "CSI 27;2;8~"),
        ("Ctrl+Backspace", "\u{7F}", "\u{7F}"),
        ("Ctrl+Shift+Backspace", "\u{7F}", "CSI 27;6;127~"),
        ("Alt+Backspace", "ESC \u{08}", "CSI 27;3;8~"),
    ])
    func backspaceSendingControlH(_ name: String, _ levelOne: String, _ levelTwo: String) {
        expectEncoding(name, options(level: 1, "bs8"), levelOne)
        expectEncoding(name, options(level: 2, "bs8"), levelTwo)
    }

    /// formatOtherKeys: `CSI code ; m u` instead (ctlseqs' example: Alt+Tab `CSI 9 ; 3 u`).
    @Test(arguments: [
        (2, "Ctrl+i", "CSI 105;5u"),
        (2, "Shift+Enter", "CSI 13;2u"),
        (2, "Alt+Tab", "CSI 9;3u"),
        (2, "Ctrl+Shift+a", "CSI 65;6u"),
        (2, "Ctrl+€", "CSI 8364;5u"),
        (1, "Ctrl+1", "CSI 49;5u"),
        (1, "Shift+Enter", "CSI 13;2u"),
        (1, "Ctrl+a", "\u{01}"),
        (2, "Ctrl+Up", "CSI 1;5A"),
        (2, "a", "a"),
    ])
    func formatOtherKeysWritesCSIu(_ level: Int, _ name: String, _ expected: String) {
        expectEncoding(name, options(level: level, format: true), expected)
    }

    @Test func otherSettingsComeFirstOrNotAtAll() {
        let ctrlI = KeyEvent.character("i", modifiers: .control)
        #expect(KeyEncoder.encode(ctrlI, options: options(level: 0)) == [0x09])
        #expect(KeyEncoder.encode(ctrlI, options: options(level: 3)) == sequenceBytes("CSI 27;5;105~"))
        var kitty = options(level: 2)
        kitty.kittyFlags = .disambiguate
        #expect(KeyEncoder.encode(ctrlI, options: kitty) == sequenceBytes("CSI 105;5u"))
        var released = ctrlI
        released.kind = .release
        #expect(KeyEncoder.encode(released, options: options(level: 2)) == [])
        released.kind = .repeat
        #expect(KeyEncoder.encode(released, options: options(level: 2)) == sequenceBytes("CSI 27;5;105~"))
    }

    /// Every printable ASCII key with every combination of Shift, Alt, Ctrl and Meta, at
    /// both levels: what xterm's manual promises of each level.
    @Test func everyPrintableKeyAndModifierKeepsTheLevelsPromises() {
        let all: [KeyModifiers] = [.shift, .alt, .control, .meta]
        for bits in 1..<16 {
            let modifiers = all.enumerated().reduce(into: KeyModifiers()) { set, entry in
                if bits & (1 << entry.offset) != 0 { set.insert(entry.element) }
            }
            for value in UInt32(0x20)...0x7E {
                let event = KeyEvent.character(Unicode.Scalar(value)!, modifiers: modifiers)
                var reported = modifiers
                if ("A"..."Z").contains(Unicode.Scalar(value)!) { reported.insert(.shift) }
                let typed = modifiers.contains(.shift) && (0x61...0x7A).contains(value) ? value - 0x20 : value
                let escape = sequenceBytes("CSI 27;\(reported.xtermParameter);\(typed)~")
                let legacy = KeyEncoder.legacy(event, options: KeyEncodingOptions())
                // Level 2: any modifier but Shift escapes; Shift alone types the character.
                let levelTwo = KeyEncoder.encode(event, options: options(level: 2))
                let escapesAtTwo = !reported.subtracting(.shift).isEmpty
                #expect(levelTwo == (escapesAtTwo ? escape : legacy), "\(event.name) at level 2")
                // Level 1: Alt and Meta never escape nor are reported; Shift alone never escapes.
                let levelOne = KeyEncoder.encode(event, options: options(level: 1))
                if reported.subtracting([.alt, .meta]).subtracting(.shift).isEmpty {
                    #expect(levelOne == legacy, "\(event.name) at level 1")
                } else if levelOne != legacy {
                    let withoutAlt = reported.subtracting([.alt, .meta])
                    #expect(levelOne == sequenceBytes("CSI 27;\(withoutAlt.xtermParameter);\(typed)~"),
                            "\(event.name) at level 1")
                }
            }
        }
    }
}

/// Alt as a legacy terminal sends it, an ESC before the key, is the same bytes as Esc typed
/// just before the key: a program that asked for unambiguous keys gets the bytes as they came
/// (and tells them apart with its own timing, as behind ssh), never a certain Alt+key.
@Suite struct EscapePrefixedKeyTests {
    @Test(arguments: [
        KeyEncodingOptions(modifyOtherKeys: 2), KeyEncodingOptions(modifyOtherKeys: 1),
        KeyEncodingOptions(kittyFlags: .disambiguate), KeyEncodingOptions(kittyFlags: [.disambiguate, .reportAllKeysAsEscapeCodes]),
    ])
    func escapeThenAKeyStaysAsItCame(_ options: KeyEncodingOptions) {
        var colon = KeyEvent.character(":", modifiers: .alt)
        colon.isEscapePrefixed = true
        #expect(KeyEncoder.encode(colon, options: options) == Array("\u{1B}:".utf8))
        // A terminal that reports Alt unambiguously gets the program's encoding (level 1
        // leaves Alt to the ESC prefix itself).
        colon.isEscapePrefixed = false
        if options.modifyOtherKeys != 1 { #expect(KeyEncoder.encode(colon, options: options) != Array("\u{1B}:".utf8)) }
    }
}
