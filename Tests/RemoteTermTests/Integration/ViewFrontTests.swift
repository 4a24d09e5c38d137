import Foundation
import Testing

/// The view end to end: rterm in a real tmux pane (`set-clipboard on`, so OSC 52 lands in
/// tmux's paste buffers) against the test sshd; selections, the remote's clipboard writes,
/// links, panels, the wheel in less and the richer renditions, read back from tmux
/// (`show-buffer`, `capture-pane -e`) and from the remote's byte recorder.
extension SSHIntegrationTests.InteractiveFrontTests {
    /// An SGR mouse report for a 0-based cell: `code` 0 press, 32 drag, 64/65 wheel.
    static func mouse(_ code: Int, _ column: Int, _ row: Int, release: Bool = false) -> String {
        "\u{1B}[<\(code);\(column + 1);\(row + 1)\(release ? "m" : "M")"
    }

    static func click(_ column: Int, _ row: Int) -> String {
        mouse(0, column, row) + mouse(0, column, row, release: true)
    }

    @Test func aDoubleClickedWordAndADraggedSelectionLandInTmuxsBuffer() throws {
        defer { harness.remove() }
        let pane = try pane("printf 'alpha beta/gamma delta\\n'; sleep 60", clipboard: true)
        defer { pane.kill() }
        #expect(try pane.waitFor("delta"))
        try pane.type(Self.click(8, 0) + Self.click(8, 0))
        #expect(try pane.waitUntil { try pane.buffer() == "beta/gamma" }, "\((try? pane.buffer()) ?? nil ?? "no buffer")")
        #expect(try pane.waitFor("copied 10 characters"))
        try pane.type(Self.mouse(0, 0, 0) + Self.mouse(32, 2, 0) + Self.mouse(32, 4, 0) + Self.mouse(0, 4, 0, release: true))
        #expect(try pane.waitUntil { try pane.buffer() == "alpha" }, "\((try? pane.buffer()) ?? nil ?? "no buffer")")
    }

    @Test func theRemotesClipboardWriteLandsAndItsQueryIsNeverAnswered() throws {
        defer { harness.remove() }
        // "cmVtb3RlIGRhdGE=" is "remote data"; then a query.
        let pane = try record(modes: "\\x1b]52;c;cmVtb3RlIGRhdGE=\\x07\\x1b]52;c;?\\x07", clipboard: true)
        defer { pane.kill() }
        #expect(try pane.waitUntil { try pane.buffer() == "remote data" })
        #expect(try pane.waitFor("the remote copied 11 bytes"))
        try pane.type("z")
        #expect(pane.waitUntil(timeout: 5) { !recorded().isEmpty })
        #expect(recorded() == Array("z".utf8), "only the key arrived: no clipboard answer")
    }

    @Test func aURLIsUnderlinedAndASingleClickRunsTheOpenCommandAfterTheInterval() throws {
        defer { harness.remove() }
        let opened = harness.process.home + "/opened"
        try? FileManager.default.removeItem(atPath: opened)
        let opener = try harness.process.file("opener.sh", "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(opened)'\n")
        chmod(opener, 0o755)
        let pane = try pane("printf 'see https://example.com/a_(b). ok\\n'; sleep 60", environment: "RTERM_OPEN='\(opener)'")
        defer { pane.kill() }
        #expect(try pane.waitFor("ok"))
        #expect(try pane.waitUntil { try pane.styledScreen().contains("\u{1B}[4mhttps://example.com/a_(b)\u{1B}[") },
            "\((try? pane.styledScreen()) ?? "")")
        let start = Date()
        try pane.type(Self.click(10, 0))
        #expect(pane.waitUntil { FileManager.default.fileExists(atPath: opened) })
        #expect(Date().timeIntervalSince(start) >= 0.4, "opened before the double-click interval")
        #expect(pane.waitUntil {
            (try? String(contentsOfFile: opened, encoding: .utf8)) == "https://example.com/a_(b)\n"
        })
    }

    @Test func clicksUnderTheHelpPanelAndTheHistoryLineSendNothing() throws {
        defer { harness.remove() }
        let pane = try record(modes: String(repeating: "line\\r\\n", count: 60))
        defer { pane.kill() }
        try pane.type("~?")
        #expect(try pane.waitFor("rterm help"))
        let enter = try column(of: "⏎", in: pane)
        try pane.type(Self.click(5, 20) + Self.click(5, 22))
        try pane.type(Self.click(enter, 23))  // closes the panel only
        #expect(try pane.waitUntil { try !pane.screen().contains("rterm help") })
        try pane.type(Self.mouse(64, 10, 5))
        #expect(try pane.waitFor("[history"))
        try pane.type(Self.click(enter, 23))  // leaves the history only
        #expect(try pane.waitUntil { try !pane.screen().contains("[history") })
        try pane.type("z")
        #expect(pane.waitUntil(timeout: 5) { !recorded().isEmpty })
        #expect(recorded() == Array("z".utf8), "only the key arrived")
    }

    @Test func theWheelScrollsLess() throws {
        defer { harness.remove() }
        let pane = try pane("seq 1 200 | less")
        defer { pane.kill() }
        #expect(try pane.waitUntil { try pane.screen().hasPrefix("1\n2\n") })
        try pane.type(Self.mouse(65, 10, 5) + Self.mouse(65, 10, 5))
        #expect(try pane.waitUntil { try pane.screen().hasPrefix("7\n8\n") }, "\((try? pane.screen()) ?? "")")
        try pane.type("q")
    }

    @Test func truecolourAndStrikethroughReachTheLocalTerminal() throws {
        defer { harness.remove() }
        let pane = try pane(
            "printf '\\033[38;2;10;20;30mRGB\\033[0m \\033[9mSTRIKE\\033[0m end\\n'; sleep 60",
            environment: "COLORTERM=truecolor TERM=tmux-256color")
        defer { pane.kill() }
        #expect(try pane.waitFor("end"))
        #expect(try pane.waitUntil {
            let styled = try pane.styledScreen()
            return styled.contains("\u{1B}[38;2;10;20;30mRGB") && styled.contains("\u{1B}[9mSTRIKE")
        }, "\((try? pane.styledScreen()) ?? "")")
    }

    @Test func linksArePassedOnAsOSC8WhenTheTerminalTakesThem() throws {
        defer { harness.remove() }
        let typescript = harness.process.home + "/typescript-links"
        let remote = "printf 'see https://b.example/x and \\033]8;;https://a.example/\\007here\\033]8;;\\007.\\n'; echo DONE-MARK"
        let sshd = harness.sshd
        let session = try harness.process.script(
            "links.sh",
            "RTERM_HYPERLINKS=on HOME='\(harness.process.home)' exec '\(RTermProcess.executable)' -F '\(harness.config)' "
                + "-t -p \(sshd.port) \(sshd.host) \"\(remote)\"")
        let line = try harness.process.script(
            "links-pane.sh", "script -q -e -c '\(session)' '\(typescript)'\necho EXITED=$?\nsleep 60")
        let pane = try TmuxPane(command: line)
        defer { pane.kill() }
        #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")
        let text = String(decoding: try #require(FileManager.default.contents(atPath: typescript)), as: UTF8.self)
        #expect(text.contains("\u{1B}]8;;https://b.example/x\u{1B}\\"), "the URL found in the text")
        #expect(text.contains("\u{1B}]8;;https://a.example/\u{1B}\\"), "the remote's OSC 8 link")
    }

    @Test func aKeyBarConfigMistakeStaysOnTheBarUntilDismissed() throws {
        defer { harness.remove() }
        let directory = harness.process.home + "/.config/rterm"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "key Esc\nkey NoSuchKey\n".write(toFile: directory + "/keybar", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: directory + "/keybar") }
        let pane = try record()
        defer { pane.kill() }
        #expect(try pane.waitFor("key bar config:"), "\((try? pane.screen()) ?? "")")
        #expect(try pane.screen().contains("key bar config: ~/.config/rterm/keybar:2:"))
        try pane.type("q")  // dismisses only
        #expect(try pane.waitUntil { try !pane.screen().contains("key bar config:") })
        try pane.type("z")
        #expect(pane.waitUntil(timeout: 5) { !recorded().isEmpty })
        #expect(recorded() == Array("z".utf8), "the key that dismissed the notice was not sent")
    }
}
