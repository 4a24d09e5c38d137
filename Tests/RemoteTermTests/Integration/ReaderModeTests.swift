import Foundation
import Testing

/// Reader mode end to end (issue 32): rterm --reader in a real tmux pane over the test sshd,
/// recorded with script(1) as a screen reader user's terminal receives it: plain lines, each
/// once, and nothing a terminal would act on but CR, LF and backspaces.
extension SSHIntegrationTests.InteractiveFrontTests {
    @Test func readerModeWritesPlainLinesEachOnce() throws {
        defer { harness.remove() }
        let rc = try harness.sharedFile("titling.bashrc", "PS1='rc-ready$ '\n")
        let numbers = try harness.sharedFile("five-hundred.txt", (1...500).map(String.init).joined(separator: "\n") + "\n")
        let typescript = harness.process.home + "/reader.typescript"
        // The remote's shell under script(1) too: what the remote wrote, to compare with.
        let remoteOutput = harness.shared + "/remote.typescript"
        let shell = try harness.sharedScript("remote-shell", "exec script -qfc 'bash --rcfile \(rc) -i' \(remoteOutput)")
        let sshd = harness.sshd
        let rterm = "'\(RTermProcess.executable)' --reader -F '\(harness.config)' -t -p \(sshd.port) \(sshd.host) \(shell)"
        let line = "HOME='\(harness.process.home)' script -qfc \"\(rterm)\" '\(typescript)'; echo EXITED=$?; sleep 60"
        let pane = try TmuxPane(command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'")
        defer { pane.kill() }
        func transcript() -> String { (try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "" }
        func prompts() -> Int { transcript().components(separatedBy: "rc-ready$").count - 1 }
        #expect(pane.waitUntil { prompts() == 1 }, "\(transcript())")
        try pane.type("seq 1 1000\r")
        #expect(pane.waitUntil(timeout: 20) { prompts() == 2 }, "\(transcript())")
        try pane.type("echo hi\r")
        #expect(pane.waitUntil { prompts() == 3 })
        try pane.type("for i in $(seq 100); do printf '\\r%d%%' $i; sleep 0.02; done; echo\r")
        #expect(pane.waitUntil(timeout: 20) { prompts() == 4 }, "\(transcript())")
        let opened = Date()
        try pane.type("less \(numbers)\r")
        // No bar is drawn: the remote has every row of the 24 (issue 54 item 7: it said 23x80).
        #expect(pane.waitUntil { transcript().contains("full screen") }, "\(transcript())")
        #expect(transcript().contains("full screen, 24 rows by 80 columns]"), "\(transcript())")
        #expect(pane.waitUntil { transcript().contains("\r\n22\r\n") }, "the first screen is summarised: \(transcript())")
        try pane.type("q")
        #expect(pane.waitUntil { transcript().contains("ended]") }, "\(transcript())")
        let seconds = Date().timeIntervalSince(opened)
        #expect(pane.waitUntil { prompts() == 5 })
        // vim, then a build log.
        try pane.type("vim -u NONE -N notes.txt\r")
        #expect(pane.waitUntil { transcript().components(separatedBy: "full screen, ").count == 3 }, "\(transcript())")
        try pane.type("ihello from vim\u{1B}:wq\r")
        #expect(pane.waitUntil { transcript().components(separatedBy: "ended]").count == 3 }, "\(transcript())")
        #expect(pane.waitUntil { prompts() == 6 })
        try pane.type("for i in $(seq 300); do echo \"cc -O2 -c src/file_$i.c -o build/file_$i.o\"; done\r")
        #expect(pane.waitUntil(timeout: 20) { prompts() == 7 }, "\(transcript())")
        try pane.type("exit\r")
        #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")

        let text = transcript()
        let bytes = Array(text.utf8)
        // Nothing but text, CR, LF, backspace (and tab) ever reached the terminal.
        let controls = Set(bytes.filter { $0 < 0x20 && ![0x0D, 0x0A, 0x08, 0x09].contains($0) })
        #expect(controls.isEmpty, "controls written: \(controls.sorted())")
        let lines = text.components(separatedBy: "\r\n")
        // seq: exactly 1 to 1000, in order, each once.
        let seqStart = try #require(lines.firstIndex { $0.hasSuffix("rc-ready$ seq 1 1000") })
        #expect(Array(lines[(seqStart + 1)...(seqStart + 1000)]) == (1...1000).map(String.init))
        #expect(lines[seqStart + 1001].hasPrefix("rc-ready$"))
        // echo hi: the command line once, its output once.
        #expect(text.components(separatedBy: "echo hi").count == 2)
        #expect(lines.filter { $0 == "hi" }.count == 1)
        // The progress line: at most 3 writes.
        let progress = try #require(text.range(of: "done; echo"))
        let after = text[progress.upperBound...].prefix { $0 != "r" }  // up to the next prompt
        let writes = after.components(separatedBy: "%").count - 1
        #expect(writes >= 1 && writes <= 3, "\(String(after).debugDescription)")
        // less, then vim: each announced once and ended once; for less, at most a screenful a
        // second in between.
        #expect(lines.filter { $0.contains("full screen, ") }.count == 2)
        #expect(lines.filter { $0.hasSuffix("ended]") }.count == 2)
        let start = try #require(lines.firstIndex { $0.contains("full screen, ") })
        let end = try #require(lines.firstIndex { $0.hasSuffix("ended]") })
        #expect(end - start - 1 <= 24 * (Int(seconds) + 1), "\(end - start - 1) lines in \(seconds) s")
        // The whole transcript: under twice the plain text the remote wrote.
        let remote = [UInt8](FileManager.default.contents(atPath: remoteOutput) ?? Data())
        let plain = ReaderSessionSizeTests.plainText(remote)
        #expect(plain > 10_000 && bytes.count < 2 * plain, "transcript \(bytes.count) bytes, remote text \(plain)")
        #expect(lines.contains("cc -O2 -c src/file_300.c -o build/file_300.o"))
    }
}
