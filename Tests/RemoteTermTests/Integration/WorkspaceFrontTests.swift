import Foundation
import Testing

/// Several sessions in one rterm, end to end: `rterm --hosts FILE` in a real tmux pane with
/// three sessions to the test sshd. Keys and bar clicks reach only the shown session (each
/// runs the raw-mode byte recorder into its own file); sessions are switched with `~N` and by
/// clicking their tabs; each ends in turn and rterm exits with the terminal restored. (Tabs,
/// marks, resizes and `~c` are proven in-process: WorkspaceTests, FrontInProcessTests.)
extension SSHIntegrationTests.InteractiveFrontTests {
    /// rterm showing one session per line of `targets` (each after `-t -p PORT HOST`).
    func workspacePane(_ commands: [String]) throws -> TmuxPane {
        let sshd = harness.sshd
        let hosts = commands.map { "-t -p \(sshd.port) \(sshd.host) \($0)" }.joined(separator: "\n") + "\n"
        let hostsFile = try harness.process.file("hosts.txt", "# three sessions\n" + hosts)
        let line = "HOME='\(harness.process.home)' '\(RTermProcess.executable)' -F '\(harness.config)' --hosts '\(hostsFile)'"
            + "; echo EXITED=$?; stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON;"
            + " stty -a | tr ' ' '\\n' | grep -qx opost && echo OUTPUT-PROCESSED; sleep 60"
        return try TmuxPane(command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'")
    }

    func recording(_ number: Int) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: harness.shared + "/rec\(number).bin") ?? Data())
    }

    /// Types `text` and waits until recorder `number` has received `expected` in all.
    func type(_ text: String, in pane: TmuxPane, untilRecorder number: Int, has expected: [UInt8]) throws -> Bool {
        try pane.type(text)
        return pane.waitUntil { recording(number) == expected }
    }

    /// The bar's page of session tabs, turned to with the wheel over the bar (the buttons
    /// may take more than one page).
    func showTabs(_ pane: TmuxPane) throws -> Bool {
        for _ in 0..<4 {
            let before = try pane.screen()
            try pane.type("\u{1B}[<65;40;24M")
            // The page turned when the bar row changed.
            _ = pane.waitUntil { (try? pane.screen()) != before }
            if try pane.screen().contains("1:") { return true }
        }
        return false
    }

    @Test func keysAndClicksReachOnlyTheShownSessionSwitchedByEscapeAndTab() throws {
        defer { harness.remove() }
        let pane = try workspacePane((1...3).map { "python3 \(recorderPath) \(harness.shared)/rec\($0).bin S\($0)" })
        defer { pane.kill() }
        #expect(try pane.waitFor("S1READY"), "\((try? pane.screen()) ?? "")")
        #expect(try type("a", in: pane, untilRecorder: 1, has: [0x61]))
        try click("Esc", in: pane)
        #expect(pane.waitUntil { recording(1) == [0x61, 0x1B] }, "a bar click reaches the shown session")
        // Enter starts a line, so ~2 is an escape: it is sent nowhere and shows session 2.
        try pane.keys("Enter")
        #expect(pane.waitUntil { recording(1) == [0x61, 0x1B, 0x0D] })
        try pane.type("~2")
        #expect(try pane.waitFor("S2READY"), "\((try? pane.screen()) ?? "")")
        #expect(try type("b", in: pane, untilRecorder: 2, has: [0x62]))
        try click("Tab", in: pane)
        #expect(pane.waitUntil { recording(2) == [0x62, 0x09] })
        // A click on the third tab shows session 3.
        #expect(try showTabs(pane), "\((try? pane.screen()) ?? "")")
        try click("3:", in: pane)
        #expect(try pane.waitFor("S3READY"), "\((try? pane.screen()) ?? "")")
        #expect(try type("c", in: pane, untilRecorder: 3, has: [0x63]))
        // Every key went to the session shown when it was typed, and nowhere else.
        #expect(recording(1) == [0x61, 0x1B, 0x0D])
        #expect(recording(2) == [0x62, 0x09])
        #expect(recording(3) == [0x63])
        // Ctrl+D ends a recorder: its session's status stays on the bar row until a key
        // closes it and shows its neighbour, and that key goes on to the neighbour (the
        // first key of a word is not lost); rterm exits when the last session ends.
        for (number, next) in [(3, 2), (2, 1)] {
            try pane.keys("C-d")
            #expect(try pane.waitForJoined("exited with status 0  (keys go on to the next session; Esc closes it)"), "\((try? pane.screen()) ?? "")")
            let before = recording(next)
            try pane.type("x")
            #expect(try pane.waitFor("S\(next)READY"), "after closing \(number): \((try? pane.screen()) ?? "")")
            #expect(pane.waitUntil { recording(next) == before + [0x78] }, "the key that closed \(number): \(recording(next))")
        }
        try pane.keys("C-d")
        try expectRestored(pane, status: "0")
    }

    /// Issue 45: a key typed while a notice is on the bar row is not swallowed. With a
    /// key-bar config mistake on the bar as rterm starts, `exit` typed at once reaches the
    /// shown session's remote as `exit`, not `xit`; Esc only closes an ended session's line.
    @Test func aWordTypedRightAfterANoticeShowsReachesTheRemoteWhole() throws {
        defer { harness.remove() }
        try FileManager.default.createDirectory(
            atPath: harness.process.home + "/.config/rterm", withIntermediateDirectories: true)
        _ = try harness.process.file(".config/rterm/keybar", "key Esc\nkey NoSuchKey\n")
        let pane = try workspacePane((1...2).map { "python3 \(recorderPath) \(harness.shared)/rec\($0).bin S\($0)" })
        defer { pane.kill() }
        #expect(try pane.waitFor("S1READY"), "\((try? pane.screen()) ?? "")")
        #expect(try pane.waitFor("key bar config:"), "\((try? pane.screen()) ?? "")")
        #expect(try type("exit", in: pane, untilRecorder: 1, has: Array("exit".utf8)), "\(recording(1))")
        #expect(try !pane.screen().contains("key bar config:"), "the first key dismissed the notice")
        // The first session ends; Esc closes its line and is sent nowhere.
        try pane.keys("C-d")
        #expect(try pane.waitForJoined("exited with status 0  (keys go on to the next session; Esc closes it)"), "\((try? pane.screen()) ?? "")")
        try pane.keys("Escape")
        #expect(try pane.waitFor("S2READY"), "\((try? pane.screen()) ?? "")")
        #expect(try type("y", in: pane, untilRecorder: 2, has: [0x79]), "Esc reached no session: \(recording(2))")
        try pane.keys("C-d")
        try expectRestored(pane, status: "0")
    }
}
