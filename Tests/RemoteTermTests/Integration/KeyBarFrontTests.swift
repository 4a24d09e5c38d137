import Foundation
import Testing

/// The key bar end to end: rterm in a real tmux pane against the test sshd, clicks sent as
/// the SGR mouse reports rterm asked the local terminal for, at the columns where
/// `capture-pane` shows the labels; the remote's raw-mode recorder says what arrived.
extension SSHIntegrationTests.InteractiveFrontTests {
    /// The 0-based column of `label` on the bar (the pane's last row).
    func column(of label: String, in pane: TmuxPane, rows: Int = 24) throws -> Int {
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let bar = String(lines[rows - 1])
        let range = try #require(bar.range(of: label), "no '\(label)' on the bar: '\(bar)'")
        return bar.unicodeScalars.distance(from: bar.unicodeScalars.startIndex, to: range.lowerBound.samePosition(in: bar.unicodeScalars)!)
    }

    /// A press (and, unless held, a release) on the bar at `label`.
    func click(_ label: String, in pane: TmuxPane, release: Bool = true, rows: Int = 24) throws {
        let x = try column(of: label, in: pane, rows: rows) + 1
        try pane.type("\u{1B}[<0;\(x);\(rows)M" + (release ? "\u{1B}[<0;\(x);\(rows)m" : ""))
    }

    /// Clicks each label in turn and returns what arrived for each.
    func clicks(_ labels: [String], in pane: TmuxPane) throws -> [[UInt8]] {
        var arrivals: [[UInt8]] = []
        for label in labels {
            let before = recorded().count
            try click(label, in: pane)
            _ = pane.waitUntil(timeout: 5) { recorded().count > before }
            usleep(150_000)
            arrivals.append(Array(recorded()[before...]))
        }
        return arrivals
    }

    func typeAndRecord(_ key: String, in pane: TmuxPane) throws -> [UInt8] {
        let before = recorded().count
        try pane.type(key)
        _ = pane.waitUntil(timeout: 5) { recorded().count > before }
        usleep(150_000)
        return Array(recorded()[before...])
    }

    @Test func barClicksSendExactlyOneKeyEach() throws {
        defer { harness.remove() }
        let pane = try record()
        defer { pane.kill() }
        #expect(try clicks(["Esc", "Tab", "⌫", "⏎", "PgUp"], in: pane)
            == [[0x1B], [0x09], [0x7F], [0x0D], [0x1B, 0x5B, 0x35, 0x7E]])
    }

    @Test func ctrlIsOneShotVisibleAndCancellable() throws {
        defer { harness.remove() }
        let pane = try record()
        defer { pane.kill() }
        try click("Ctrl", in: pane)
        #expect(try pane.waitFor("^Ctrl"), "armed Ctrl is not shown")
        #expect(recorded().isEmpty, "arming sent something")
        #expect(try typeAndRecord("c", in: pane) == [0x03])
        #expect(try pane.waitUntil { try !pane.screen().contains("^Ctrl") })
        // Click twice: armed, then cancelled; the next c is a plain c.
        try click("Ctrl", in: pane)
        #expect(try pane.waitFor("^Ctrl"))
        usleep(600_000)  // slower than a double click
        try click("^Ctrl", in: pane)
        #expect(try pane.waitUntil { try !pane.screen().contains("^Ctrl") })
        #expect(try typeAndRecord("c", in: pane) == [0x63])
    }

    @Test func aDoubleClickLocksCtrlForSeveralKeys() throws {
        defer { harness.remove() }
        let pane = try record()
        defer { pane.kill() }
        try click("Ctrl", in: pane)
        try click("Ctrl", in: pane)  // within the double-click interval
        #expect(try pane.waitFor("^CTRL"), "locked Ctrl is not shown: \((try? pane.screen()) ?? "")")
        #expect(try typeAndRecord("c", in: pane) == [0x03])
        #expect(try typeAndRecord("d", in: pane) == [0x04])
    }

    @Test func barArrowsFollowTheCursorKeyMode() throws {
        defer { harness.remove() }
        let normal = try record()
        #expect(try clicks(["↑"], in: normal) == [[0x1B, 0x5B, 0x41]])
        normal.kill()
        let application = try record(modes: "\\x1b[?1h")
        defer { application.kill() }
        #expect(try clicks(["↑"], in: application) == [[0x1B, 0x4F, 0x41]])
    }

    @Test func holdingAnArrowRepeatsUntilRelease() throws {
        defer { harness.remove() }
        let pane = try record()
        defer { pane.kill() }
        let x = try column(of: "←", in: pane) + 1
        try pane.type("\u{1B}[<0;\(x);24M")
        usleep(900_000)  // 400 ms delay, then every 80 ms
        try pane.type("\u{1B}[<0;\(x);24m")
        usleep(300_000)
        let atRelease = recorded()
        usleep(400_000)
        let left: [UInt8] = [0x1B, 0x5B, 0x44]
        let count = atRelease.count / 3
        #expect(atRelease == Array([[UInt8]](repeating: left, count: count).joined()))
        #expect(count >= 4, "only \(count) ← arrived in 0.9 s of holding")
        #expect(recorded() == atRelease, "keys kept coming after the release")
    }

    @Test func theRemoteSizeFollowsHidingAndShowingTheBar() throws {
        defer { harness.remove() }
        let pane = try pane("stty size; read a; stty size; read b; stty size; read c")
        defer { pane.kill() }
        #expect(try pane.waitFor("23 80"))
        try pane.type("~b")
        usleep(300_000)
        try pane.keys("Enter")
        #expect(try pane.waitFor("24 80"), "\((try? pane.screen()) ?? "")")
        try pane.type("~b")
        usleep(300_000)
        try pane.keys("Enter")
        #expect(try pane.waitUntil { try pane.screen().components(separatedBy: "23 80").count == 3 })
    }

    @Test func vimDrivenFromTheBar() throws {
        defer { harness.remove() }
        let home = harness.process.home
        try "one\n".write(toFile: home + "/bar.txt", atomically: true, encoding: .utf8)
        let pane = try pane("cd \(home) && vim -u NONE bar.txt")
        defer { pane.kill() }
        #expect(try pane.waitFor("one"))
        try pane.type("Otwo")
        usleep(300_000)
        try click("Esc", in: pane)  // leaves insert mode: the next keys are commands
        usleep(300_000)
        try pane.type(":wq")
        try pane.keys("Enter")
        try expectRestored(pane, status: "0")
        #expect(try String(contentsOfFile: home + "/bar.txt", encoding: .utf8) == "two\none\n")
    }

    @Test func remoteMouseReportsGetCellsOfTheRemoteScreenButNeverBarClicks() throws {
        defer { harness.remove() }
        let pane = try record(modes: "\\x1b[?1000h\\x1b[?1006h")
        defer { pane.kill() }
        try pane.type("\u{1B}[<0;10;5M\u{1B}[<0;10;5m")
        _ = pane.waitUntil(timeout: 5) { recorded().count >= 18 }
        usleep(200_000)
        #expect(recorded() == Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m".utf8))
        let before = recorded().count
        try click("Tab", in: pane)  // on the bar: a Tab, not a mouse report
        _ = pane.waitUntil(timeout: 5) { recorded().count > before }
        usleep(200_000)
        #expect(Array(recorded()[before...]) == [0x09])
    }

    @Test func theWheelShowsHistoryAndAKeyReturns() throws {
        defer { harness.remove() }
        let pane = try pane("seq 1 100; read x")
        defer { pane.kill() }
        #expect(try pane.waitFor("100"))
        #expect(try !pane.screen().contains("\n70\n"))
        for _ in 0..<4 { try pane.type("\u{1B}[<64;10;5M") }  // 12 lines back
        #expect(try pane.waitFor("[history -12]"), "\((try? pane.screen()) ?? "")")
        #expect(try pane.waitFor("\n70\n"))
        try pane.type("q")
        #expect(try pane.waitUntil { try !pane.screen().contains("[history") })
        #expect(try !pane.screen().contains("\n70\n"))
    }
}
