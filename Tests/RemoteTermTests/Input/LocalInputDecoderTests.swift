import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// What the local terminal sends, decoded back into keys, pastes and mouse reports; the
/// same whether the bytes arrive whole or one at a time.
@Suite struct LocalInputDecoderTests {
    typealias Event = LocalInputDecoder.Event

    static func decode(_ bytes: [UInt8]) -> [Event] {
        var decoder = LocalInputDecoder()
        return decoder.feed(bytes) + decoder.flushPending()
    }

    static func decodeByteByByte(_ bytes: [UInt8]) -> [Event] {
        var decoder = LocalInputDecoder()
        var events: [Event] = []
        for byte in bytes { events += decoder.feed([byte]) }
        return events + decoder.flushPending()
    }

    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Event { .key(KeyEvent(key, modifiers: modifiers)) }
    static func char(_ c: Unicode.Scalar, _ modifiers: KeyModifiers = []) -> Event {
        .key(.character(c, modifiers: modifiers))
    }

    /// Alt as a legacy terminal sends it: ESC before the key, marked as ambiguous.
    static func escapePrefixed(_ c: Unicode.Scalar, _ modifiers: KeyModifiers) -> Event {
        var key = KeyEvent.character(c, modifiers: modifiers)
        key.isEscapePrefixed = true
        return .key(key)
    }

    static let cases: [(String, [UInt8], [Event])] = [
        ("letters", Array("ab".utf8), [char("a"), char("b")]),
        ("UTF-8", Array("é中".utf8), [char("é"), char("中")]),
        ("Enter", [0x0D], [key(.enter)]),
        ("Backspace", [0x7F], [key(.backspace)]),
        ("Tab", [0x09], [key(.tab)]),
        ("Ctrl+c", [0x03], [char("c", .control)]),
        ("lone Esc", [0x1B], [key(.escape)]),
        ("up (normal)", Array("\u{1B}[A".utf8), [key(.up)]),
        ("up (application)", Array("\u{1B}OA".utf8), [key(.up)]),
        ("Ctrl+Up", Array("\u{1B}[1;5A".utf8), [key(.up, .control)]),
        ("PgUp", Array("\u{1B}[5~".utf8), [key(.pageUp)]),
        ("Shift+Delete", Array("\u{1B}[3;2~".utf8), [key(.delete, .shift)]),
        ("F1", Array("\u{1B}OP".utf8), [key(.function(1))]),
        ("F5", Array("\u{1B}[15~".utf8), [key(.function(5))]),
        ("F12", Array("\u{1B}[24~".utf8), [key(.function(12))]),
        ("Shift+Tab", Array("\u{1B}[Z".utf8), [key(.tab, .shift)]),
        ("Alt+x", Array("\u{1B}x".utf8), [escapePrefixed("x", .alt)]),
        ("Alt+Ctrl+c", [0x1B, 0x03], [escapePrefixed("c", [.alt, .control])]),
        ("Esc Esc", [0x1B, 0x1B], [key(.escape), key(.escape)]),
        ("paste", Array("\u{1B}[200~hi\u{1B}there\u{1B}[201~x".utf8),
         [.pasteStart, .pasteData(Array("hi\u{1B}there".utf8)), .pasteEnd, char("x")]),
        ("SGR click", Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m".utf8),
         [.mouse(LocalMouseEvent(action: .press, button: 0, column: 4, row: 2)),
          .mouse(LocalMouseEvent(action: .release, button: 0, column: 4, row: 2))]),
        ("wheel", Array("\u{1B}[<64;1;1M\u{1B}[<65;1;1M".utf8),
         [.mouse(LocalMouseEvent(action: .wheelUp, button: 0, column: 0, row: 0)),
          .mouse(LocalMouseEvent(action: .wheelDown, button: 1, column: 0, row: 0))]),
        ("focus", Array("\u{1B}[I\u{1B}[O".utf8), [.focus(true), .focus(false)]),
        ("unknown CSI passes through", Array("\u{1B}[99x".utf8), [.passthrough(Array("\u{1B}[99x".utf8))]),
    ]

    @Test(arguments: cases.indices)
    func table(index: Int) {
        let (name, bytes, expected) = Self.cases[index]
        let whole = Self.decode(bytes)
        #expect(whole == expected, "\(name)")
        let split = Self.decodeByteByByte(bytes).reduce(into: [Event]()) { merged, event in
            // Pasted data may arrive in several pieces when split; merge them to compare.
            if case .pasteData(let more) = event, case .pasteData(let earlier)? = merged.last {
                merged[merged.count - 1] = .pasteData(earlier + more)
            } else {
                merged.append(event)
            }
        }
        #expect(split == expected, "\(name), one byte at a time")
    }

    @Test func escWaitsUntilFlushed() {
        var decoder = LocalInputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [Self.key(.escape)])
        #expect(!decoder.hasPending)
    }
}
