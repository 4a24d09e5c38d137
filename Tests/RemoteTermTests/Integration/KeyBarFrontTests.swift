import Foundation
import Testing

/// The key bar end to end: rterm in a real tmux pane against the test sshd, clicks sent as
/// the SGR mouse reports rterm asked the local terminal for, at the columns where
/// `capture-pane` shows the labels; the remote's raw-mode recorder says what arrived. (The
/// bar's behaviour in detail is proven in-process: FrontInProcessTests.)
extension SSHIntegrationTests.InteractiveFrontTests {
    /// The 0-based column of `label` on the bar (the pane's last row).
    func column(of label: String, in pane: TmuxPane, rows: Int = 24, barRow: Int? = nil) throws -> Int {
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let bar = String(lines[barRow ?? rows - 1])
        let range = try #require(bar.range(of: label), "no '\(label)' on the bar: '\(bar)'")
        return bar.unicodeScalars.distance(from: bar.unicodeScalars.startIndex, to: range.lowerBound.samePosition(in: bar.unicodeScalars)!)
    }

    /// A press (and, unless held, a release) on the bar at `label`.
    func click(_ label: String, in pane: TmuxPane, release: Bool = true, rows: Int = 24) throws {
        let x = try column(of: label, in: pane, rows: rows) + 1
        try pane.type("\u{1B}[<0;\(x);\(rows)M" + (release ? "\u{1B}[<0;\(x);\(rows)m" : ""))
    }

    /// Clicks on the bar, as the terminal reports them (SGR mouse), send one key each; Ctrl
    /// arms (and shows it) for the next typed key.
    @Test func barClicksSendExactlyOneKeyEachAndCtrlArms() throws {
        defer { harness.remove() }
        // 80 columns: Ctrl in full (issue 45: it read `Ct`), PgUp short.
        let pane = try record(columns: 80)
        defer { pane.kill() }
        var expected: [UInt8] = []
        for (label, bytes): (String, [UInt8]) in [("Esc", [0x1B]), ("Tab", [0x09]), ("⌫", [0x7F]), ("⏎", [0x0D]), ("P↑", [0x1B, 0x5B, 0x35, 0x7E])] {
            try click(label, in: pane)
            expected += bytes
            #expect(pane.waitUntil { recorded() == expected }, "after \(label): \(recorded())")
        }
        try click("Ctrl", in: pane)
        #expect(try pane.waitFor("^Ctrl"), "armed Ctrl is not shown")
        try pane.type("c")
        expected += [0x03]
        #expect(pane.waitUntil { recorded() == expected }, "\(recorded())")
        #expect(try pane.waitUntil { try !pane.screen().contains("^Ctrl") })
    }

    /// At 80 columns, the commonest width, the bar row shows Esc, Tab, Ctrl, Alt and the four
    /// arrows in full, drawn as buttons: caps in reverse video (SGR 7, the terminal's own
    /// colours swapped), as `capture-pane -e` shows them (issue 45).
    @Test func atEightyColumnsTheBarShowsEscTabCtrlAltAndTheArrowsInFullAsButtons() throws {
        defer { harness.remove() }
        let pane = try record(columns: 80)
        defer { pane.kill() }
        func barWords() throws -> String {
            let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 23 ? lines[23].split(separator: " ").joined(separator: " ") : ""
        }
        #expect(pane.waitUntil { (try? barWords())?.contains("Esc Tab Ctrl Alt ← ↑ ↓ →") == true }, "\((try? barWords()) ?? "")")
        let styled = try pane.styledScreen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bar = styled.count > 23 ? styled[23] : ""
        for label in ["Esc", "Tab", "Ctrl", "Alt", "←", "→"] {
            #expect(bar.contains("\u{1B}[7m \(label)"), "\(label) is not on a reverse-video cap: \(bar.debugDescription)")
        }
        // The remote's rows above are not reversed.
        #expect(!styled.prefix(23).joined().contains("\u{1B}[7m"), "\(styled.prefix(23))")
    }
}

/// The key bar's second round end to end (issue 32): sets by host and by program, popups,
/// a taller bar, labels in words. (Each behaviour in detail: KeyBarSecondRoundFrontTests.)
extension SSHIntegrationTests.InteractiveFrontTests {
    /// A bash whose title is the command it runs (a DEBUG trap), and `user@host` at its
    /// prompt, as zsh and fish themes do by themselves: the two lines docs/keybar.md gives.
    static func titlingShell() throws -> String {
        "PS1='rc-ready$ '\n" + (try docsCodeBlock("docs/keybar.md", after: "two lines in `~/.bashrc`"))
    }

    /// The first word of the bar row: the set's name.
    func shownSet(_ pane: TmuxPane, barRow: Int = 23) throws -> String {
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > barRow ? String(lines[barRow].split(separator: " ").first ?? "") : ""
    }

    @Test func theHostsSetOnConnectVimsWhileItRunsAndAClickOnTheNameCycles() throws {
        defer { harness.remove() }
        // The host's set, from a Host block; the docs' key-bar file (with its vim rule).
        let config = try String(contentsOfFile: harness.config, encoding: .utf8)
        try (config + "Host \(harness.sshd.host)\n  RTermKeyBar htop\n").write(
            toFile: harness.config, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: harness.process.home + "/.config/rterm", withIntermediateDirectories: true)
        _ = try harness.process.file(".config/rterm/keybar", try KeyBarConfigTests.docsExample())
        let rc = try harness.sharedFile("titling.bashrc", try Self.titlingShell())
        let pane = try pane("bash --rcfile \(rc) -i", columns: 100)
        defer { pane.kill() }
        #expect(pane.waitUntil { (try? shownSet(pane)) == "htop" }, "\((try? pane.screen()) ?? "")")
        #expect(try pane.waitFor("rc-ready$"))
        try pane.type("vim -u NONE -N notes.txt\r")
        #expect(pane.waitUntil { (try? shownSet(pane)) == "vim" }, "\((try? pane.screen()) ?? "")")
        #expect(try pane.screen().contains(":w "), "the docs' vim set: \((try? pane.screen()) ?? "")")
        // vim asks the terminal for its keys (XTGETTCAP) as it starts; the answers are in its
        // input before anything typed after, so once it echoes this, it has read them all (a
        // `:q!` before that leaves them to bash, which shows them as typed text).
        try pane.type(":echo 'vim-has-read'\r")
        #expect(try pane.waitFor("vim-has-read"))
        try pane.type(":q!\r")
        #expect(pane.waitUntil { (try? shownSet(pane)) == "htop" }, "\((try? pane.screen()) ?? "")")
        // A click on the name shows the next set; it sends nothing (the shell shows no ^[).
        try click("htop", in: pane)
        #expect(pane.waitUntil { (try? shownSet(pane)) == "tmux" }, "\((try? pane.screen()) ?? "")")
        try pane.type("exit\r")
        try expectRestored(pane, status: "0")
    }

    @Test func aHeldDashOffersItsAlternativesAndSendsOnlyThePickedOne() throws {
        defer { harness.remove() }
        let pane = try record(columns: 100)
        defer { pane.kill() }
        let dash = try column(of: " - ", in: pane) + 2
        // Held: the strip opens above the bar after 400 ms (shown: the acknowledgement).
        try pane.type("\u{1B}[<0;\(dash);24M")
        #expect(try pane.waitFor(" _  =  +"), "\((try? pane.screen()) ?? "")")
        try pane.type("\u{1B}[<0;\(dash);24m")
        let strip = String(try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)[22])
        let underscore = try #require(strip.firstIndex(of: "_"))
        let x = strip.distance(from: strip.startIndex, to: underscore) + 1
        try pane.type("\u{1B}[<0;\(x);23M\u{1B}[<0;\(x);23m")
        #expect(pane.waitUntil { recorded() == Array("_".utf8) }, "\(recorded())")
        // A right click opens it again; Esc closes it and sends nothing; then a tap sends -.
        try pane.type("\u{1B}[<2;\(dash);24M\u{1B}[<2;\(dash);24m")
        #expect(try pane.waitFor(" _  =  +"))
        try pane.keys("Escape")
        #expect(try pane.waitUntil { try !pane.screen().contains(" _  =  +") })
        try click(" - ", in: pane)
        #expect(pane.waitUntil { recorded() == Array("_-".utf8) }, "Esc was not sent: \(recorded())")
    }

    @Test func aThreeRowBarInWordsActsOnEveryRowAndTheRemoteHasThreeRowsFewer() throws {
        defer { harness.remove() }
        try? FileManager.default.removeItem(atPath: recording)
        let pane = try pane(
            "stty size; python3 \(recorderPath) \(recording) ''", columns: 80, options: "--bar-rows 3 --bar-labels words")
        defer { pane.kill() }
        #expect(try pane.waitFor("READY"), "\((try? pane.screen()) ?? "")")
        #expect(try pane.screen().contains("21 80"), "\((try? pane.screen()) ?? "")")
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for row in 21...23 {
            let ascii = lines[row].unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "row \(row): \(lines[row])")
        }
        #expect(lines[22].contains("Esc") && lines[22].contains("Tab"), "\(lines[22])")
        // Each button's cap fills the three rows (issue 45: the others were blank).
        let styled = try pane.styledScreen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for row in 21...23 {
            #expect(styled[row].components(separatedBy: "\u{1B}[7m").count > 10, "row \(row): \(styled[row].debugDescription)")
        }
        let esc = try column(of: "Esc", in: pane, barRow: 22) + 1
        var expected: [UInt8] = []
        for row in 22...24 {
            try pane.type("\u{1B}[<0;\(esc);\(row)M\u{1B}[<0;\(esc);\(row)m")
            expected.append(0x1B)
            #expect(pane.waitUntil { recorded() == expected }, "row \(row): \(recorded())")
        }
    }
}
