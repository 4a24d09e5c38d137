import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The key bar's second round in the front, in-process on the manual clock: key sets chosen
/// by program, by host and by hand; popups; taller bars; labels in words. What the remote
/// received is read from its memory transport, what the user sees from the frame.
@Suite struct KeyBarSecondRoundFrontTests {
    static let ms: UInt64 = 1_000_000

    /// A front on one memory session, with rterm's sets.
    static func front(
        rows: Int = 24, columns: Int = 100, keySet: String? = nil, style: KeyBarLabelStyle = .glyphs, barRows: Int = 1
    ) throws -> (FrontHarness, MemoryTransport) {
        let harness = try FrontHarness(rows: rows, columns: columns)
        let transport = MemoryTransport(outputEnds: false)
        var opened = harness.memorySession(transport: transport)
        opened.front.keyBarSet = keySet
        var bar = KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn)
        bar.style = style
        bar.rows = barRows
        harness.start([opened], bar: bar)
        return (harness, transport)
    }

    static func received(_ transport: MemoryTransport) -> String { String(decoding: transport.received, as: UTF8.self) }

    /// The name of the set the bar shows (its first word).
    static func set(_ front: FrontHarness) -> String { front.barRow.split(separator: " ").first.map(String.init) ?? "" }

    /// The remote writes `text`; the front takes it.
    static func remote(_ text: String, _ transport: MemoryTransport, _ front: FrontHarness) {
        transport.deliver(Array(text.utf8))
        front.settle(for: 20 * ms)
    }

    @Test func startingVimShowsTheVimSetAndQuittingShowsTheShellsAgain() throws {
        let (front, remote) = try Self.front()
        #expect(Self.set(front) == "shell", "\(front.barRow)")
        // A shell that titles its commands, then vim on the alternate screen.
        Self.remote("\u{1B}]2;vim notes.txt\u{07}\u{1B}[?1049h~\r\n", remote, front)
        #expect(Self.set(front) == "vim", "\(front.barRow)")
        #expect(front.barRow.contains(":w⏎") && front.barRow.contains(":q⏎"), "\(front.barRow)")
        Self.remote("\u{1B}[?1049l\u{1B}]2;me@box: ~\u{07}$ ", remote, front)
        #expect(Self.set(front) == "shell", "\(front.barRow)")
        // The vim set's buttons send what they say.
        Self.remote("\u{1B}]2;vim\u{07}\u{1B}[?1049h", remote, front)
        try front.click(":w⏎")
        #expect(Self.received(remote) == ":w\r")
    }

    @Test func theHostsSetIsShownOnConnectAndAClickOnTheNameCycles() throws {
        let (front, remote) = try Self.front(keySet: "tmux")
        #expect(Self.set(front) == "tmux", "\(front.barRow)")
        try front.click("prefix")
        #expect(Self.received(remote) == "\u{02}")
        try front.click("tmux")
        #expect(Self.set(front) == "shell", "after tmux comes the first set: \(front.barRow)")
        try front.click("shell")
        #expect(Self.set(front) == "vim", "\(front.barRow)")
        // The pick holds while output comes, until the program changes.
        Self.remote("more output\r\n", remote, front)
        #expect(Self.set(front) == "vim", "\(front.barRow)")
        Self.remote("\u{1B}]2;htop\u{07}", remote, front)
        #expect(Self.set(front) == "htop", "\(front.barRow)")
        // A click on the name sends nothing.
        #expect(Self.received(remote) == "\u{02}")
    }

    @Test func anUnknownHostSetIsSaidAndTheShellSetShown() throws {
        let (front, remote) = try Self.front(keySet: "nope")
        #expect(front.barRow.contains("no key set 'nope' (the sets are shell, vim, less, htop, tmux)"), "\(front.barRow)")
        front.type("x")
        #expect(Self.set(front) == "shell" && Self.received(remote) == "x", "the key dismissed it and went on")
        #expect(front.workspace.laterMessages.contains { $0.hasPrefix("rterm: no key set 'nope'") })
    }

    @Test func aSetSwitchRedrawsTheBarRowOnly() throws {
        let (front, remote) = try Self.front()
        Self.remote("line one\r\n$ ", remote, front)
        let before = try #require(front.screen.frame)
        try front.click("shell")
        let after = try #require(front.screen.frame)
        for row in 0..<(before.rows - 1) {
            #expect(before.lines[row] == after.lines[row], "row \(row): '\(before.text[row])' / '\(after.text[row])'")
        }
        #expect(before.lines.last != after.lines.last)
    }

    @Test func aHeldDashOpensItsPopupAndAClickSendsExactlyTheAlternative() throws {
        let (front, remote) = try Self.front()
        let row = front.screen.size.rows - 1
        let dash = try #require(front.column(of: "-"))
        // Press and hold: nothing is sent; after 400 ms the strip opens above the bar.
        front.type(FrontHarness.mouse(0, dash, row), then: 399 * Self.ms)
        #expect(!front.text[row - 1].contains("_"), "too early: \(front.text[row - 1])")
        front.settle(for: 2 * Self.ms)
        let strip = front.text[row - 1]
        #expect(strip.contains(" _ ") && strip.contains(" = ") && strip.hasSuffix(" +"), "\(strip)")
        front.type(FrontHarness.mouse(0, dash, row, release: true))
        #expect(remote.received.isEmpty, "a held button never sends its own key")
        // A click on _ sends it and closes the strip.
        let underscore = try #require(front.text[row - 1].firstIndex(of: "_"))
        let column = front.text[row - 1].distance(from: front.text[row - 1].startIndex, to: underscore)
        front.type(FrontHarness.click(column, row - 1))
        #expect(Self.received(remote) == "_")
        #expect(!front.text[row - 1].contains(" _ "))
    }

    @Test func escOrAClickElsewhereClosesThePopupAndSendsNothing() throws {
        let (front, remote) = try Self.front()
        let row = front.screen.size.rows - 1
        let slash = try #require(front.column(of: "/"))
        // A right click opens at once.
        front.type(FrontHarness.mouse(2, slash, row) + FrontHarness.mouse(2, slash, row, release: true))
        #expect(front.text[row - 1].contains(" ? "), "\(front.text[row - 1])")
        front.type("\u{1B}", then: 20 * Self.ms)
        #expect(!front.text[row - 1].contains(" ? "))
        #expect(remote.received.isEmpty, "Esc closed the popup and was not sent")
        front.type(FrontHarness.mouse(2, slash, row) + FrontHarness.mouse(2, slash, row, release: true))
        front.type(FrontHarness.click(5, 3))
        #expect(!front.text[row - 1].contains(" ? "))
        #expect(remote.received.isEmpty, "the click elsewhere only closed it")
        // A tap sends the button's own key, at the release.
        try front.click("/")
        #expect(Self.received(remote) == "/")
    }

    @Test func fnOpensTheFunctionKeysAndCtrlAppliesToAnAlternative() throws {
        let (front, remote) = try Self.front()
        let row = front.screen.size.rows - 1
        try front.click("Fn")
        let strip = front.text[row - 1]
        #expect(strip.contains(" F1 ") && strip.hasSuffix(" F12"), "\(strip)")
        let text = front.text[row - 1]
        let f5 = try #require(text.range(of: "F5 "))
        front.type(FrontHarness.click(text.distance(from: text.startIndex, to: f5.lowerBound), row - 1))
        #expect(Self.received(remote) == "\u{1B}[15~")
        // Ctrl armed, then - held and = picked: Ctrl applies to the alternative (once).
        try front.click("Ctrl")
        let dash = try #require(front.column(of: "-"))
        front.type(FrontHarness.mouse(2, dash, row))
        let equals = try #require(front.text[row - 1].firstIndex(of: "="))
        front.type(FrontHarness.click(front.text[row - 1].distance(from: front.text[row - 1].startIndex, to: equals), row - 1))
        let ctrlEquals = KeyEncoder.encode(KeyEvent(.character("="), modifiers: .control), options: KeyEncodingOptions())
        #expect(remote.received == Array("\u{1B}[15~".utf8) + ctrlEquals)
        #expect(!front.barRow.contains("^Ctrl"), "one-shot: used up by the alternative")
    }

    @Test func aThreeRowBarActsOnEveryRowAndTheRemoteGetsThreeFewerRows() throws {
        let (front, remote) = try Self.front(rows: 24, barRows: 3)
        #expect(remote.resizes.last.map { $0.0 } == 21, "\(remote.resizes)")
        #expect(front.workspace.shown.terminal.rows == 21)
        // The labels sit on the middle row of the three.
        #expect(front.text[22].contains("Esc") && !front.text[21].contains("Esc") && !front.text[23].contains("Esc"))
        let esc = try #require(front.text[22].range(of: "Esc"))
        let column = front.text[22].distance(from: front.text[22].startIndex, to: esc.lowerBound)
        for row in 21...23 { front.type(FrontHarness.click(column, row)) }
        #expect(Self.received(remote) == "\u{1B}\u{1B}\u{1B}")
        // A popup is a strip as tall as the bar, over the remote's bottom rows.
        try #require(front.text[22].range(of: "Fn") != nil)
        let fn = front.text[22].distance(from: front.text[22].startIndex, to: front.text[22].range(of: "Fn")!.lowerBound)
        front.type(FrontHarness.click(fn, 23))
        #expect(front.text[19].contains("F1") && !front.text[18].contains("F1"), "\(front.text[17...20])")
        let f1 = front.text[19].distance(from: front.text[19].startIndex, to: front.text[19].range(of: "F1 ")!.lowerBound)
        front.type(FrontHarness.click(f1, 18))
        #expect(Self.received(remote) == "\u{1B}\u{1B}\u{1B}\u{1B}OP")
    }

    @Test func wordsLeaveNothingButASCIIOnTheBarRow() throws {
        let (front, remote) = try Self.front(columns: 80, style: .words)
        _ = remote
        // Buttons in words are caps too.
        let bar = try #require(front.screen.frame?.lines.last)
        #expect(bar.cells.filter { $0.attributes.contains(.inverse) }.count > 40, "\(front.barRow)")
        var rows: [String] = []
        for _ in 0..<4 where !front.barRow.contains("Menu") {
            rows.append(front.barRow)
            front.type(FrontHarness.mouse(65, 40, 23))
        }
        rows.append(front.barRow)
        try front.click("Menu")
        rows.append(front.barRow)
        #expect(rows.last?.contains("[Hide bar]") == true, "\(rows)")
        // The help panel, in ASCII too.
        let help = try #require(front.barRow.range(of: "[Help]"))
        front.type(FrontHarness.click(front.barRow.distance(from: front.barRow.startIndex, to: help.lowerBound) + 1, 23))
        #expect(front.text.joined().contains("rterm help"), "\(front.text)")
        #expect(front.text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(front.text)")
        #expect(rows.contains { $0.contains("Backspace") || $0.contains("BkSp") }, "\(rows)")
        #expect(rows.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(rows)")
    }
}

/// Reader mode in the front, in-process: the transcript instead of frames, and the bar's
/// buttons read out and taken by number.
@Suite struct ReaderFrontTests {
    static let ms = KeyBarSecondRoundFrontTests.ms

    static func front() throws -> (FrontHarness, MemoryTransport) {
        let harness = try FrontHarness(rows: 24, columns: 80)
        let transport = MemoryTransport(outputEnds: false)
        harness.start(
            [harness.memorySession(transport: transport)], bar: KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn),
            reader: true)
        return (harness, transport)
    }

    static func transcript(_ front: FrontHarness) -> String { String(decoding: front.screen.transcript, as: UTF8.self) }

    @Test func theRemotesLinesAreWrittenAsPlainText() throws {
        let (front, remote) = try Self.front()
        remote.deliver(Array("\u{1B}[1;31mhello\u{1B}[0m\r\nworld\r\n$ ".utf8))
        front.settle(for: 50 * Self.ms)
        #expect(Self.transcript(front) == "hello\r\nworld\r\n$ ")
    }

    /// Issue 56 item 3: reader mode draws no frame, so it composes none while output flows
    /// (only rterm's own line, when the bar row has one to say, reads a frame).
    @Test func readerModeComposesNoFrameItWouldDrop() throws {
        let (front, remote) = try Self.front()
        front.settle(for: 50 * Self.ms)
        let before = front.workspace.frameWork.frames
        for line in 0..<20 {
            remote.deliver(Array("line \(line)\r\n".utf8))
            front.settle(for: 50 * Self.ms)
        }
        #expect(Self.transcript(front).contains("line 19"))
        #expect(front.workspace.frameWork.frames == before, "\(front.workspace.frameWork.frames - before) frames composed")
    }

    /// Issue 54 item 7: no bar is drawn, so the remote has every row (it was told 23 of 24).
    @Test func theRemoteHasEveryRowOfTheTerminal() throws {
        let (front, remote) = try Self.front()
        front.settle(for: 50 * Self.ms)
        #expect(front.front?.shownWorkspace.shown.terminal.rows == 24)
        #expect(remote.resizes.allSatisfy { $0.rows == 24 }, "\(remote.resizes)")
        remote.deliver(Array("\u{1B}[?1049h".utf8))
        front.settle(for: 50 * Self.ms)
        #expect(Self.transcript(front).contains("[full screen, 24 rows by 80 columns]"), "\(Self.transcript(front))")
    }

    @Test func tildeKReadsTheButtonsAndANumberTakesOne() throws {
        let (front, remote) = try Self.front()
        front.type("\r~k")
        let list = Self.transcript(front)
        #expect(list.contains("[rterm] keys of the shell set: 1 Esc, 2 Tab, 3 Ctrl, 4 Alt, 5 Left"), "\(list)")
        #expect(list.contains("0 next set (vim)"))
        #expect(String(decoding: remote.received, as: UTF8.self) == "\r", "~k is not sent")
        front.type("1\r")
        #expect(String(decoding: remote.received, as: UTF8.self) == "\r\u{1B}")
        #expect(Self.transcript(front).hasSuffix("[rterm] sent Esc\r\n"))
        // F12, the reader key: Ctrl armed by number, then a typed c is Ctrl+C.
        front.type("\u{1B}[24~")
        front.type("3\r")
        #expect(Self.transcript(front).hasSuffix("[rterm] Ctrl armed\r\n"))
        front.type("c")
        #expect(String(decoding: remote.received, as: UTF8.self) == "\r\u{1B}\u{03}")
        // Fn reads out its keys; Esc cancels and sends nothing.
        front.type("\u{1B}[24~")
        let fn = try #require(Self.transcript(front).components(separatedBy: ", ").firstIndex { $0.hasSuffix(" Fn") })
        _ = fn
        front.type("\u{1B}", then: 20 * Self.ms)
        #expect(Self.transcript(front).hasSuffix("[rterm] cancelled\r\n"))
        #expect(String(decoding: remote.received, as: UTF8.self) == "\r\u{1B}\u{03}")
    }
}
