// The mouse encoder: what each tracking mode reports, how each encoding writes it, and
// when nothing is sent (tracking off, motion the mode does not want, positions past the
// encoding's limit).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func options(_ tracking: MouseTracking, _ encoding: MouseEncoding) -> KeyEncodingOptions {
    KeyEncodingOptions(mouseTracking: tracking, mouseEncoding: encoding)
}

private func sgr(_ text: String) -> [UInt8] { Array(("\u{1B}[<" + text).utf8) }

private func event(_ action: MouseAction, _ column: Int, _ row: Int, _ modifiers: KeyModifiers = []) -> MouseEvent {
    MouseEvent(action, column: column, row: row, modifiers: modifiers)
}

private let press = event(.press(.left), 1, 1)
private let release = event(.release(.left), 1, 1)
private let drag = event(.motion(held: .left), 1, 1)
private let hover = event(.motion(held: nil), 1, 1)
private let wheel = event(.wheelDown, 1, 1)

@Suite struct MouseEncoderTests {
    @Test(arguments: [
        ("press", event(.press(.left), 0, 0), sgr("0;1;1M")),
        ("release keeps its button", event(.release(.left), 0, 0), sgr("0;1;1m")),
        ("right press, 1-based", event(.press(.right), 9, 4), sgr("2;10;5M")),
        ("middle release", event(.release(.middle), 3, 3), sgr("1;4;4m")),
        ("wheel up", event(.wheelUp, 5, 5), sgr("64;6;6M")),
        ("wheel down", event(.wheelDown, 5, 5), sgr("65;6;6M")),
        ("shift", event(.press(.left), 0, 0, .shift), sgr("4;1;1M")),
        ("alt", event(.press(.left), 0, 0, .alt), sgr("8;1;1M")),
        ("meta as alt", event(.press(.left), 0, 0, .meta), sgr("8;1;1M")),
        ("ctrl", event(.press(.left), 0, 0, .control), sgr("16;1;1M")),
        ("ctrl+shift wheel", event(.wheelUp, 0, 0, [.control, .shift]), sgr("84;1;1M")),
        ("no coordinate limit", event(.press(.left), 300, 250), sgr("0;301;251M")),
    ])
    func sgrEncoding(_ name: String, _ mouse: MouseEvent, _ expected: [UInt8]) {
        #expect(MouseEncoder.encode(mouse, options: options(.normal, .sgr)) == expected, "\(name)")
    }

    @Test(arguments: [
        ("press", event(.press(.left), 0, 0), "1b 5b 4d 20 21 21"),
        ("release is button 3", event(.release(.right), 0, 0), "1b 5b 4d 23 21 21"),
        ("wheel up", event(.wheelUp, 2, 3), "1b 5b 4d 60 23 24"),
        ("wheel down", event(.wheelDown, 2, 3), "1b 5b 4d 61 23 24"),
        ("ctrl right press", event(.press(.right), 1, 1, .control), "1b 5b 4d 32 22 22"),
        ("last column that fits", event(.press(.left), 222, 0), "1b 5b 4d 20 ff 21"),
        ("last row that fits", event(.press(.left), 0, 222), "1b 5b 4d 20 21 ff"),
    ])
    func x10Encoding(_ name: String, _ mouse: MouseEvent, _ expected: String) {
        let bytes = MouseEncoder.encode(mouse, options: options(.normal, .x10))
        #expect(bytes.map(hexString) == expected, "\(name)")
    }

    @Test(arguments: [
        event(.press(.left), 223, 0), event(.press(.left), 0, 223), event(.release(.left), 500, 500),
        event(.wheelUp, 223, 223),
    ])
    func x10EncodingSendsNothingPastColumn223(_ mouse: MouseEvent) {
        #expect(MouseEncoder.encode(mouse, options: options(.normal, .x10)) == nil)
        // The same events are fine in SGR.
        #expect(MouseEncoder.encode(mouse, options: options(.normal, .sgr)) != nil)
    }

    @Test func utf8EncodingWritesLargeCoordinatesAsCharacters() {
        let small = MouseEncoder.encode(event(.press(.left), 0, 0), options: options(.normal, .utf8))
        #expect(small.map(hexString) == "1b 5b 4d 20 21 21")
        // Column 200 → 1 + 200 + 32 = 233 = U+00E9.
        let wide = MouseEncoder.encode(event(.press(.left), 200, 0), options: options(.normal, .utf8))
        #expect(wide.map(hexString) == "1b 5b 4d 20 c3 a9 21")
        // 2015 + 32 = 2047 = U+07FF, the last two-byte character.
        let last = MouseEncoder.encode(event(.press(.left), 2014, 0), options: options(.normal, .utf8))
        #expect(last.map(hexString) == "1b 5b 4d 20 df bf 21")
        #expect(MouseEncoder.encode(event(.press(.left), 2015, 0), options: options(.normal, .utf8)) == nil)
    }

    // MARK: - What each tracking mode reports

    @Test(arguments: [
        (MouseTracking.off, press, false), (.off, release, false), (.off, drag, false), (.off, hover, false),
        (.off, wheel, false),
        (.x10, press, true), (.x10, release, false), (.x10, drag, false), (.x10, hover, false), (.x10, wheel, true),
        (.normal, press, true), (.normal, release, true), (.normal, drag, false), (.normal, hover, false),
        (.normal, wheel, true),
        (.buttonEvent, press, true), (.buttonEvent, release, true), (.buttonEvent, drag, true),
        (.buttonEvent, hover, false), (.buttonEvent, wheel, true),
        (.anyEvent, press, true), (.anyEvent, release, true), (.anyEvent, drag, true), (.anyEvent, hover, true),
        (.anyEvent, wheel, true),
    ])
    func trackingModeDecidesWhatIsReported(_ tracking: MouseTracking, _ mouse: MouseEvent, _ reported: Bool) {
        for encoding in [MouseEncoding.x10, .utf8, .sgr] {
            let bytes = MouseEncoder.encode(mouse, options: options(tracking, encoding))
            #expect((bytes != nil) == reported, "\(tracking) \(encoding) \(mouse.action)")
        }
    }

    @Test func motionCodes() {
        #expect(MouseEncoder.encode(drag, options: options(.buttonEvent, .sgr)) == sgr("32;2;2M"))
        #expect(MouseEncoder.encode(hover, options: options(.anyEvent, .sgr)) == sgr("35;2;2M"))
        let rightDrag = event(.motion(held: .right), 1, 1, .control)
        #expect(MouseEncoder.encode(rightDrag, options: options(.anyEvent, .sgr)) == sgr("50;2;2M"))
        #expect(MouseEncoder.encode(drag, options: options(.buttonEvent, .x10)).map(hexString) == "1b 5b 4d 40 22 22")
    }

    @Test func x10TrackingReportsNoModifiers() {
        let ctrlPress = event(.press(.left), 0, 0, [.control, .shift])
        #expect(MouseEncoder.encode(ctrlPress, options: options(.x10, .x10)).map(hexString) == "1b 5b 4d 20 21 21")
        #expect(MouseEncoder.encode(ctrlPress, options: options(.normal, .x10)).map(hexString) == "1b 5b 4d 34 21 21")
    }

    @Test func negativePositionsAreNotSent() {
        #expect(MouseEncoder.encode(event(.press(.left), -1, 0), options: options(.normal, .sgr)) == nil)
        #expect(MouseEncoder.encode(event(.press(.left), 0, -1), options: options(.normal, .sgr)) == nil)
    }

    @Test func modesComeFromTheRemote() {
        var terminal = Terminal(rows: 5, columns: 10)
        #expect(MouseEncoder.encode(press, options: .matching(terminal.modes)) == nil)
        terminal.feed("\u{1B}[?1000h\u{1B}[?1006h")
        #expect(MouseEncoder.encode(press, options: .matching(terminal.modes)) == sgr("0;2;2M"))
        terminal.feed("\u{1B}[?1006l")
        #expect(MouseEncoder.encode(press, options: .matching(terminal.modes)).map(hexString) == "1b 5b 4d 20 22 22")
        terminal.feed("\u{1B}[?1000l")
        #expect(MouseEncoder.encode(press, options: .matching(terminal.modes)) == nil)
    }
}
