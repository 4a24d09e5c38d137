// The key encoder: a table of key × modifiers × modes → bytes, checked against what xterm
// sends with its default settings. Modes in the table: "" (power-on), "ckm" (DECCKM),
// "kpam" (DECKPAM), "lnm" (LNM), "bs8" (Backspace sends ^H), combinable with ",".

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func options(_ modes: String) -> KeyEncodingOptions {
    var options = KeyEncodingOptions()
    for mode in modes.split(separator: ",") {
        switch mode {
        case "ckm": options.cursorKeysApplication = true
        case "kpam": options.keypadApplication = true
        case "lnm": options.lineFeedNewLine = true
        case "bs8": options.backspaceSendsControlH = true
        default: fatalError("unknown mode \(mode) in test table")
        }
    }
    return options
}

@Suite struct KeyEncoderTests {
    @Test(arguments: [
        // Single-byte keys.
        ("Esc", "", "1b"),
        ("Alt+Esc", "", "1b 1b"),
        ("Backspace", "", "7f"),
        ("Ctrl+Backspace", "", "08"),
        ("Alt+Backspace", "", "1b 7f"),
        ("Shift+Backspace", "", "7f"),
        ("Backspace", "bs8", "08"),
        ("Ctrl+Backspace", "bs8", "7f"),
        ("Enter", "", "0d"),
        ("Enter", "lnm", "0d 0a"),
        ("Alt+Enter", "", "1b 0d"),
        ("Ctrl+Enter", "", "0d"),
        ("Tab", "", "09"),
        ("Shift+Tab", "", "1b 5b 5a"),
        ("Ctrl+Tab", "", "09"),
        ("Alt+Tab", "", "1b 09"),
        // Cursor keys: DECCKM only for unmodified keys.
        ("Up", "", "1b 5b 41"),
        ("Down", "", "1b 5b 42"),
        ("Right", "", "1b 5b 43"),
        ("Left", "", "1b 5b 44"),
        ("Up", "ckm", "1b 4f 41"),
        ("Down", "ckm", "1b 4f 42"),
        ("Right", "ckm", "1b 4f 43"),
        ("Left", "ckm", "1b 4f 44"),
        ("Home", "", "1b 5b 48"),
        ("End", "", "1b 5b 46"),
        ("Home", "ckm", "1b 4f 48"),
        ("End", "ckm", "1b 4f 46"),
        ("Shift+Up", "", "1b 5b 31 3b 32 41"),
        ("Alt+Up", "", "1b 5b 31 3b 33 41"),
        ("Ctrl+Up", "", "1b 5b 31 3b 35 41"),
        ("Ctrl+Up", "ckm", "1b 5b 31 3b 35 41"),
        ("Ctrl+Shift+Up", "", "1b 5b 31 3b 36 41"),
        ("Ctrl+Alt+Left", "", "1b 5b 31 3b 37 44"),
        ("Ctrl+Alt+Shift+Right", "", "1b 5b 31 3b 38 43"),
        ("Meta+Down", "", "1b 5b 31 3b 39 42"),
        ("Shift+End", "ckm", "1b 5b 31 3b 32 46"),
        ("Ctrl+Home", "", "1b 5b 31 3b 35 48"),
        // The tilde keys, which DECCKM does not change.
        ("Insert", "", "1b 5b 32 7e"),
        ("Delete", "", "1b 5b 33 7e"),
        ("PgUp", "", "1b 5b 35 7e"),
        ("PgDn", "", "1b 5b 36 7e"),
        ("PgUp", "ckm", "1b 5b 35 7e"),
        ("Ctrl+Delete", "", "1b 5b 33 3b 35 7e"),
        ("Shift+PgUp", "", "1b 5b 35 3b 32 7e"),
        ("Alt+PgDn", "", "1b 5b 36 3b 33 7e"),
        // Function keys.
        ("F1", "", "1b 4f 50"),
        ("F2", "", "1b 4f 51"),
        ("F3", "", "1b 4f 52"),
        ("F4", "", "1b 4f 53"),
        ("F1", "ckm", "1b 4f 50"),
        ("Shift+F1", "", "1b 5b 31 3b 32 50"),
        ("Ctrl+F4", "", "1b 5b 31 3b 35 53"),
        ("F5", "", "1b 5b 31 35 7e"),
        ("F6", "", "1b 5b 31 37 7e"),
        ("F7", "", "1b 5b 31 38 7e"),
        ("F8", "", "1b 5b 31 39 7e"),
        ("F9", "", "1b 5b 32 30 7e"),
        ("F10", "", "1b 5b 32 31 7e"),
        ("F11", "", "1b 5b 32 33 7e"),
        ("F12", "", "1b 5b 32 34 7e"),
        ("Ctrl+F5", "", "1b 5b 31 35 3b 35 7e"),
        ("Shift+F12", "", "1b 5b 32 34 3b 32 7e"),
        // Characters, as UTF-8.
        ("a", "", "61"),
        ("A", "", "41"),
        ("Shift+a", "", "41"),
        ("Shift+1", "", "31"),
        ("Space", "", "20"),
        ("é", "", "c3 a9"),
        ("€", "", "e2 82 ac"),
        ("~", "ckm", "7e"),
        // Ctrl on characters.
        ("Ctrl+a", "", "01"),
        ("Ctrl+c", "", "03"),
        ("Ctrl+C", "", "03"),
        ("Ctrl+Shift+c", "", "03"),
        ("Ctrl+z", "", "1a"),
        ("Ctrl+[", "", "1b"),
        ("Ctrl+\\", "", "1c"),
        ("Ctrl+]", "", "1d"),
        ("Ctrl+^", "", "1e"),
        ("Ctrl+~", "", "1e"),
        ("Ctrl+_", "", "1f"),
        ("Ctrl+/", "", "1f"),
        ("Ctrl+Space", "", "00"),
        ("Ctrl+@", "", "00"),
        ("Ctrl+2", "", "00"),
        ("Ctrl+3", "", "1b"),
        ("Ctrl+4", "", "1c"),
        ("Ctrl+5", "", "1d"),
        ("Ctrl+6", "", "1e"),
        ("Ctrl+7", "", "1f"),
        ("Ctrl+8", "", "7f"),
        ("Ctrl+?", "", "7f"),
        ("Ctrl+1", "", "31"),
        ("Ctrl+é", "", "c3 a9"),
        // Alt as an ESC prefix.
        ("Alt+x", "", "1b 78"),
        ("Alt+X", "", "1b 58"),
        ("Meta+x", "", "1b 78"),
        ("Alt+Space", "", "1b 20"),
        ("Alt+é", "", "1b c3 a9"),
        ("Ctrl+Alt+c", "", "1b 03"),
        ("Ctrl+Alt+[", "", "1b 1b"),
        ("Ctrl+Alt+Space", "", "1b 00"),
        // The keypad: characters in numeric mode, SS3 under DECKPAM.
        ("KP5", "", "35"),
        ("KPPlus", "", "2b"),
        ("KPEnter", "", "0d"),
        ("KPEnter", "lnm", "0d 0a"),
        ("Ctrl+KP5", "", "35"),
        ("Alt+KP5", "", "1b 35"),
        ("KP0", "kpam", "1b 4f 70"),
        ("KP5", "kpam", "1b 4f 75"),
        ("KP9", "kpam", "1b 4f 79"),
        ("KPDot", "kpam", "1b 4f 6e"),
        ("KPPlus", "kpam", "1b 4f 6b"),
        ("KPMinus", "kpam", "1b 4f 6d"),
        ("KPStar", "kpam", "1b 4f 6a"),
        ("KPSlash", "kpam", "1b 4f 6f"),
        ("KPEqual", "kpam", "1b 4f 58"),
        ("KPComma", "kpam", "1b 4f 6c"),
        ("KPEnter", "kpam", "1b 4f 4d"),
        ("KPEnter", "kpam,lnm", "1b 4f 4d"),
        ("Ctrl+KPPlus", "kpam", "1b 4f 35 6b"),
    ])
    func encodesLikeXterm(_ name: String, _ modes: String, _ expected: String) {
        let bytes = KeyEncoder.encode(key(name), options: options(modes))
        #expect(hexString(bytes) == expected, "\(name) [\(modes)]")
    }

    @Test(arguments: [0, 13, 20, -1])
    func functionKeysOutsideOneToTwelveSendNothing(_ number: Int) {
        #expect(KeyEncoder.encode(KeyEvent(.function(number)), options: KeyEncodingOptions()) == [])
    }

    @Test func everyControlCharacterPassesThroughUnchanged() {
        // A physical keyboard's Ctrl+c arrives from the local terminal as 0x03 already.
        for value in UInt32(0)..<0x20 {
            let event = KeyEvent.character(Unicode.Scalar(value)!)
            #expect(KeyEncoder.encode(event, options: KeyEncodingOptions()) == [UInt8(value)])
        }
    }

    @Test func everyLetterWithCtrlIsItsControlCode() {
        for (offset, letter) in "abcdefghijklmnopqrstuvwxyz".unicodeScalars.enumerated() {
            let bytes = KeyEncoder.encode(.character(letter, modifiers: .control), options: KeyEncodingOptions())
            #expect(bytes == [UInt8(offset + 1)], "Ctrl+\(letter)")
        }
    }

    @Test func modifierParameterFollowsXtermBits() {
        #expect(KeyModifiers([]).xtermParameter == 1)
        #expect(KeyModifiers.shift.xtermParameter == 2)
        #expect(KeyModifiers.alt.xtermParameter == 3)
        #expect(KeyModifiers([.shift, .alt]).xtermParameter == 4)
        #expect(KeyModifiers.control.xtermParameter == 5)
        #expect(KeyModifiers([.control, .alt, .shift]).xtermParameter == 8)
        #expect(KeyModifiers.meta.xtermParameter == 9)
    }
}

/// The options come from the modes the remote set, so encoding follows the terminal.
@Suite struct KeyEncodingOptionsTests {
    @Test func defaultsMatchAFreshTerminal() {
        let terminal = Terminal(rows: 5, columns: 10)
        #expect(KeyEncodingOptions.matching(terminal.modes) == KeyEncodingOptions())
    }

    @Test(arguments: [
        ("\u{1B}[?1h", "Up", "1b 4f 41"),
        ("\u{1B}[?1h\u{1B}[?1l", "Up", "1b 5b 41"),
        ("\u{1B}[?1h", "Home", "1b 4f 48"),
        ("\u{1B}=", "KP1", "1b 4f 71"),
        ("\u{1B}=\u{1B}>", "KP1", "31"),
        ("\u{1B}[20h", "Enter", "0d 0a"),
    ])
    func encodingFollowsTheRemotesModes(_ setup: String, _ name: String, _ expected: String) {
        var terminal = Terminal(rows: 5, columns: 10)
        terminal.feed(setup)
        let bytes = KeyEncoder.encode(key(name), options: .matching(terminal.modes))
        #expect(hexString(bytes) == expected)
    }

    @Test func pasteFocusAndMouseModesAreCopied() {
        var terminal = Terminal(rows: 5, columns: 10)
        terminal.feed("\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?1002h\u{1B}[?1006h")
        let options = KeyEncodingOptions.matching(terminal.modes, backspaceSendsControlH: true)
        #expect(options.bracketedPaste)
        #expect(options.focusEvents)
        #expect(options.mouseTracking == .buttonEvent)
        #expect(options.mouseEncoding == .sgr)
        #expect(options.backspaceSendsControlH)
    }

    @Test func focusReportsOnlyWhenAsked() {
        #expect(FocusEncoder.encode(focused: true, options: KeyEncodingOptions()) == nil)
        let options = KeyEncodingOptions(focusEvents: true)
        #expect(FocusEncoder.encode(focused: true, options: options) == hexBytes("1b 5b 49"))
        #expect(FocusEncoder.encode(focused: false, options: options) == hexBytes("1b 5b 4f"))
    }

    /// Parameters are written as their ASCII digits, after what is already there.
    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12345, 9_999_999])
    func decimalsAreWrittenDigitByDigit(_ value: Int) {
        var bytes: [UInt8] = [0x1B]
        bytes.appendDecimal(value)
        #expect(bytes == [0x1B] + Array(String(value).utf8))
    }
}
