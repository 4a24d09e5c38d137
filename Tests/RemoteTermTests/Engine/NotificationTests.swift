// Notifications and progress reports from the remote (OSC 9, OSC 777 notify, kitty's OSC 99,
// ConEmu's OSC 9 ; 4) become effects holding cleaned text, and what rterm passes on to the
// user's terminal is its own sequence, inert and bounded, whatever the remote sent.

import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront

@Suite struct NotificationTests {
    private func notifications(_ input: String) -> [TerminalNotification] {
        feedAllWays(rows: 5, columns: 10, input).1.compactMap {
            if case .notification(let n) = $0 { return n } else { return nil }
        }
    }

    private func progress(_ input: String) -> [TerminalProgress?] {
        feedAllWays(rows: 5, columns: 10, input).1.compactMap {
            if case .progress(let p) = $0 { return .some(p) } else { return nil }
        }
    }

    @Test func osc9IsANotification() {
        #expect(notifications("⎋]9;build done\u{07}") == [TerminalNotification(kind: .osc9, title: "", body: "build done")])
        #expect(notifications("⎋]9;a;b⎋\\") == [TerminalNotification(kind: .osc9, title: "", body: "a;b")])
    }

    @Test(arguments: ["⎋]9;9;/home/u\u{07}", "⎋]9;1;500\u{07}", "⎋]9;12\u{07}", "⎋]777;preexec\u{07}", "⎋]99;p=?;\u{07}"])
    func otherCommandsAreNotNotifications(_ input: String) {
        #expect(notifications(input).isEmpty, "\(input)")
    }

    @Test func osc777Notify() {
        #expect(notifications("⎋]777;notify;make;all targets built\u{07}")
            == [TerminalNotification(kind: .osc777, title: "make", body: "all targets built")])
    }

    @Test func osc99TitleAndBodyInPieces() {
        let pieces = "⎋]99;i=1:d=0;Hello\u{07}⎋]99;i=1:p=body;world\u{07}"
        #expect(notifications(pieces) == [TerminalNotification(kind: .osc99, title: "Hello", body: "world")])
        #expect(notifications("⎋]99;;Just a title\u{07}") == [TerminalNotification(kind: .osc99, title: "Just a title", body: "")])
        // base64: "Hi there" in a body
        #expect(notifications("⎋]99;e=1:p=body;SGkgdGhlcmU=\u{07}") == [TerminalNotification(kind: .osc99, title: "", body: "Hi there")])
    }

    @Test func osc99PiecesAreBounded() {
        var t = Terminal(rows: 5, columns: 10)
        for _ in 0..<1000 { _ = t.feed(esc("⎋]99;i=x:d=0;" + String(repeating: "a", count: 1000) + "\u{07}")) }
        let done = t.feed(esc("⎋]99;i=x;end\u{07}"))
        guard case .notification(let n) = done.first else {
            Issue.record("no notification: \(done)")
            return
        }
        #expect(n.title.count <= TerminalNotification.titleLimit)
    }

    @Test(arguments: [
        ("⎋]9;4;1;42\u{07}", TerminalProgress?.some(.percent(42))),
        ("⎋]9;4;1;420\u{07}", .percent(100)),
        ("⎋]9;4;2;13\u{07}", .error(13)),
        ("⎋]9;4;2\u{07}", .error(nil)),
        ("⎋]9;4;3\u{07}", .indeterminate),
        ("⎋]9;4;4;50\u{07}", .paused(50)),
        ("⎋]9;4;0\u{07}", nil),
        ("⎋]9;4;1;x\u{07}", .percent(0)),
    ])
    func progressReports(_ input: String, _ expected: TerminalProgress?) {
        #expect(progress(input) == [expected], "\(input)")
    }

    /// A hostile remote: controls, bidirectional overrides and line separators, and a body far
    /// beyond the bounds. (A C1 control ends the string, as in xterm: `c1EndsTheString`.)
    @Test func aHostileNotificationPassesOnInertAndBounded() throws {
        let hostile = "⎋]777;notify;ti\u{7F}6n;tle\u{202E};x\u{2028}52;c;?\u{2066}" + String(repeating: "é", count: 50_000) + "\u{07}"
        let effects = feedAllWays(rows: 5, columns: 10, hostile, byteByByte: false).1
        for case .notification(let n) in effects {
            let sequence = PassedOnSequence.notification(n)
            #expect(sequence.count <= 4096, "\(sequence.count) bytes")
            #expect(sequence.first == 0x1B && sequence.last == 0x07)
            let inner = sequence.dropFirst().dropLast()
            #expect(!inner.contains { $0 < 0x20 || $0 == 0x7F }, "no C0 control inside")
            let text = String(decoding: inner, as: UTF8.self)
            #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
            #expect(text.hasPrefix("]777;notify;ti6n;tle;x52;c;?é"), "\(text.prefix(40))")
        }
        #expect(!effects.isEmpty)
    }

    @Test func c1EndsTheString() {
        let effects = feedAllWays(rows: 5, columns: 10, "⎋]777;notify;ti\u{9B}6n;rest\u{07}").1
        // The C1 is a CSI: `6n` after it is a cursor report request, answered as such.
        #expect(effects.first == .notification(TerminalNotification(kind: .osc777, title: "ti", body: "")))
    }

    @Test(arguments: [
        (TerminalNotification(kind: .osc9, title: "", body: "done"), "⎋]9;done\u{07}"),
        (TerminalNotification(kind: .osc9, title: "", body: "4;1;2 pieces"), "⎋]9; 4;1;2 pieces\u{07}"),
        (TerminalNotification(kind: .osc777, title: "a;b", body: "c;d"), "⎋]777;notify;a,b;c;d\u{07}"),
        (TerminalNotification(kind: .osc99, title: "T", body: "B"), "⎋]99;i=rterm:d=0;T\u{07}⎋]99;i=rterm:p=body;B\u{07}"),
    ])
    func passedOnAsTheProgramAsked(_ notification: TerminalNotification, _ expected: String) {
        #expect(visible(PassedOnSequence.notification(notification)) == visible(esc(expected)))
    }

    @Test func progressPassedOn() {
        #expect(visible(PassedOnSequence.progress(.percent(42))) == visible(esc("⎋]9;4;1;42\u{07}")))
        #expect(visible(PassedOnSequence.progress(nil)) == visible(esc("⎋]9;4;0\u{07}")))
        #expect(TerminalProgress.percent(42).barLabel == "42%")
    }

    @Test func aFloodIsPaced() {
        var pacing = NotificationPacing()
        let second: UInt64 = 1_000_000_000
        let passed = (0..<100).filter { pacing.allows(now: UInt64($0) * second / 10) }.count  // 100 in 10 s
        #expect(passed <= NotificationPacing.burst + 5, "\(passed) passed")
        let later = pacing.allows(now: 100 * second)
        #expect(later, "later, one passes again")
    }
}
