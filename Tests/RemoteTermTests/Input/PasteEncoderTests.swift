// The paste encoder: plain and bracketed, ESC and C1 stripped, newlines as CR, and no way
// for pasted text to close a bracketed paste early.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let plain = KeyEncodingOptions()
private let bracketed = KeyEncodingOptions(bracketedPaste: true)

@Suite struct PasteEncoderTests {
    @Test(arguments: [
        ("plain text", "ls", "6c 73"),
        ("UTF-8 kept", "é€", "c3 a9 e2 82 ac"),
        ("tab kept", "a\tb", "61 09 62"),
        ("LF becomes CR", "a\nb\n", "61 0d 62 0d"),
        ("CR LF becomes one CR", "a\r\nb", "61 0d 62"),
        ("lone CR kept", "a\rb", "61 0d 62"),
        ("CR CR LF keeps both CRs", "a\r\r\nb", "61 0d 0d 62"),
        ("LF LF is two CRs", "\n\n", "0d 0d"),
        ("ESC stripped", "a\u{1B}[31mb", "61 5b 33 31 6d 62"),
        ("C1 CSI stripped", "a\u{9B}31mb", "61 33 31 6d 62"),
        ("every C1 stripped", "\u{80}\u{85}\u{90}\u{9C}\u{9F}x", "78"),
        ("U+00A0 kept", "\u{A0}", "c2 a0"),
        ("other C0 kept", "\u{03}", "03"),
        ("only controls", "\u{1B}\u{9B}", ""),
    ])
    func plainPaste(_ name: String, _ text: String, _ expected: String) {
        #expect(hexString(PasteEncoder.encode(text, options: plain)) == expected, "\(name)")
    }

    @Test func bracketedPasteIsWrapped() {
        let bytes = PasteEncoder.encode("ls\n", options: bracketed)
        #expect(hexString(bytes) == "1b 5b 32 30 30 7e 6c 73 0d 1b 5b 32 30 31 7e")
    }

    @Test func plainPasteIsNotWrapped() {
        #expect(PasteEncoder.encode("ls", options: plain) == Array("ls".utf8))
    }

    @Test(arguments: [
        "evil\u{1B}[201~; rm -rf ~\n",
        "evil\u{9B}201~; rm -rf ~\n",
        "\u{1B}[201~\u{1B}[201~",
        "\u{1B}\u{1B}[201~",
    ])
    func embeddedEndSequenceCannotEndThePaste(_ text: String) {
        let bytes = PasteEncoder.encode(text, options: bracketed)
        #expect(Array(bytes.prefix(6)) == PasteEncoder.bracketStart)
        #expect(Array(bytes.suffix(6)) == PasteEncoder.bracketEnd)
        let inner = Array(bytes.dropFirst(6).dropLast(6))
        #expect(!inner.contains(0x1B), "no ESC inside: \(hexString(inner))")
        #expect(!inner.contains(0x9B))
    }

    @Test func fakeEndMarkerArrivesAsHarmlessText() {
        let bytes = PasteEncoder.encode("a\u{1B}[201~b", options: bracketed)
        #expect(hexString(bytes) == "1b 5b 32 30 30 7e 61 5b 32 30 31 7e 62 1b 5b 32 30 31 7e")
    }

    @Test func rawBytesAreDecodedAndInvalidUTF8Replaced() {
        // A lone 0x9B byte is not UTF-8: it becomes U+FFFD, never an 8-bit CSI.
        let bytes = PasteEncoder.encode([0x61, 0x9B, 0x32, 0x1B, 0x62, 0xC2, 0x9B, 0x0A], options: plain)
        #expect(hexString(bytes) == "61 ef bf bd 32 62 0d")
    }

    @Test func emptyPasteSendsNothing() {
        #expect(PasteEncoder.encode("", options: bracketed) == [])
        #expect(PasteEncoder.encode([], options: plain) == [])
    }

    @Test func bracketedPasteFollowsTheRemoteMode() {
        var terminal = Terminal(rows: 3, columns: 10)
        #expect(PasteEncoder.encode("x", options: .matching(terminal.modes)) == [0x78])
        terminal.feed("\u{1B}[?2004h")
        #expect(PasteEncoder.encode("x", options: .matching(terminal.modes)).count == 13)
        terminal.feed("\u{1B}[?2004l")
        #expect(PasteEncoder.encode("x", options: .matching(terminal.modes)) == [0x78])
    }
}
