import Foundation
import Testing

/// The interactive front end to end: rterm in a real tmux pane against the test sshd, a
/// raw-mode byte recorder on the remote, keys sent with `send-keys`, the screen read with
/// `capture-pane`, the local terminal checked after every way of exiting.
extension SSHIntegrationTests {
    @Suite struct InteractiveFrontTests {
        /// A remote program that puts its terminal in raw mode, optionally sets modes (DECCKM,
        /// bracketed paste), then records every byte it receives into a file, printing the
        /// hex of each read, until it receives Ctrl+D.
        static let recorder = """
            import os, sys, tty
            path, modes = sys.argv[1], sys.argv[2].encode().decode("unicode_escape").encode()
            tty.setraw(0)
            os.write(1, modes + b"READY\\r\\n")
            with open(path, "ab") as f:
                while True:
                    data = os.read(0, 4096)
                    f.write(data)
                    f.flush()
                    os.write(1, data.hex().encode() + b"\\r\\n")
                    if b"\\x04" in data:
                        break
            """

        let harness: SSHHarness
        let recorderPath: String
        let recording: String

        init() throws {
            let sshd = try #require(TestSSHD.current)
            harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            recorderPath = try harness.sharedFile("recorder.py", Self.recorder)
            recording = harness.shared + "/recording.bin"
        }

        /// rterm in a pane, running `command` on the remote with a pty; the pane's shell
        /// then prints rterm's exit status and the terminal's settings.
        /// `environment`: `NAME=value` words for rterm's environment.
        func pane(
            _ command: String, columns: Int = 80, rows: Int = 24, environment: String = "", clipboard: Bool = false,
            options: String = ""
        ) throws -> TmuxPane {
            let sshd = harness.sshd
            let rterm = RTermProcess.executable
            let line = "\(environment) HOME='\(harness.process.home)' '\(rterm)' -F '\(harness.config)' \(options) -t -p \(sshd.port) \(sshd.host) "
                + "\"\(command)\"; echo EXITED=$?; stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON;"
                + " stty -a | tr ' ' '\\n' | grep -qx opost && echo OUTPUT-PROCESSED; sleep 60"
            return try TmuxPane(
                command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'", columns: columns, rows: rows,
                clipboard: clipboard)
        }

        func record(modes: String = "", columns: Int = 80, clipboard: Bool = false, options: String = "") throws
            -> TmuxPane
        {
            try? FileManager.default.removeItem(atPath: recording)
            let pane = try pane(
                "python3 \(recorderPath) \(recording) '\(modes)'", columns: columns, clipboard: clipboard, options: options)
            #expect(try pane.waitFor("READY"), "the recorder did not start: \((try? pane.screen()) ?? "")")
            return pane
        }

        func recorded() -> [UInt8] {
            [UInt8](FileManager.default.contents(atPath: recording) ?? Data())
        }

        /// Sends tmux key names in order and waits until the recorder holds `expected`.
        func send(_ keys: [String], in pane: TmuxPane, expecting expected: [UInt8]) throws -> Bool {
            for key in keys { try pane.keys(key) }
            return pane.waitUntil { recorded() == expected }
        }

        /// Every key arrives as the remote expects it, and nothing else: the recorder's
        /// bytes, all keys together, are the keys' encodings one after another.
        @Test func keysArriveEncodedForTheRemote() throws {
            defer { harness.remove() }
            let pane = try record()
            defer { pane.kill() }
            let expected: [[UInt8]] = [
                [0x1B], [0x7F], [0x0D], [0x1B, 0x5B, 0x41], [0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x41], [0x1B, 0x78], [0x03],
                [0x1B, 0x5B, 0x35, 0x7E],
            ]
            // Esc alone waits out rterm's lone-Esc time before the next key: an acknowledgement.
            #expect(try send(["Escape"], in: pane, expecting: expected[0]))
            let all = Array(expected.joined())
            #expect(try send(["BSpace", "Enter", "Up", "C-Up", "M-x", "C-c", "PPage"], in: pane, expecting: all),
                    "\(recorded()) is not \(all)")
        }

        /// After rterm exits, the pane's terminal is as before: canonical mode with echo,
        /// output processing (rterm turns it off while it draws), the cursor shown, the normal
        /// screen, no mouse reporting.
        func expectRestored(_ pane: TmuxPane, status: String) throws {
            #expect(try pane.waitFor("EXITED=\(status)"), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("CANON"))
            #expect(try pane.waitFor("OUTPUT-PROCESSED"))
            #expect(try pane.display("#{alternate_on}") == "0")
            #expect(try pane.display("#{mouse_any_flag}") == "0")
            #expect(try pane.display("#{cursor_flag}") == "1")
        }

        /// Every way out restores the terminal, with ssh's status: the remote's exit, `~.`,
        /// a link that drops without a status, and SIGTERM, SIGHUP and SIGINT to rterm.
        @Test func everyWayOutRestoresTheTerminal() throws {
            defer { harness.remove() }
            let exit = try pane("exit 7")
            try expectRestored(exit, status: "7")
            exit.kill()

            let tilde = try pane("echo REMOTE-UP; sleep 60")
            #expect(try tilde.waitFor("REMOTE-UP"))
            try tilde.keys("Enter")
            try tilde.type("~.")
            try expectRestored(tilde, status: "255")
            tilde.kill()

            // The remote kills its own sshd session process: the link drops with no status.
            let dropped = try pane("echo REMOTE-UP; kill -9 \\$PPID")
            try expectRestored(dropped, status: "255")
            dropped.kill()

            for signal in [SIGTERM, SIGHUP, SIGINT] {
                let pane = try pane("vim -u NONE")
                defer { pane.kill() }
                #expect(try pane.waitFor("~"))  // vim's empty-buffer marks: vim is up
                let pid = try #require(try pane.childPid(named: "rterm"))
                kill(pid, signal)
                try expectRestored(pane, status: "255")
            }
        }

        /// A flood survives being stopped and continued (job control, a debugger) and a storm
        /// of window changes: the remote then sees the pane's last size, `~.` ends the session,
        /// and the terminal is restored. The flood runs until the test ends it (a file), so the
        /// stops and the storm land in the middle of it; the remote prints its size at every
        /// SIGWINCH (a trap; base64 never prints a '-'; the `$` is escaped from the pane's own
        /// shell), so the test waits on the last one however late tmux applies the pane's size.
        @Test func aFloodSurvivesStopContinueAndAResizeStorm() throws {
            defer { harness.remove() }
            let stop = harness.shared + "/stop-flood"
            let started = harness.shared + "/flood-started"
            let pane = try pane(
                "trap 'echo; echo SIZE-\\$(stty size)' WINCH; stty size > \(started).part; mv \(started).part \(started); "
                    + "while [ ! -e \(stop) ]; do base64 /dev/urandom | head -c 1000000; done; echo FLOOD-ENDED; "
                    + "while :; do sleep 1; done")
            defer { pane.kill() }
            // The remote's size as the flood starts (a file: the screen scrolls it away at once).
            #expect(pane.waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: started) })
            #expect((try? String(contentsOfFile: started, encoding: .utf8)) == "23 80\n")
            let pid = try #require(try pane.childPid(named: "rterm"))
            for _ in 0..<5 {
                kill(pid, SIGSTOP)
                kill(pid, SIGCONT)
            }
            for i in 0..<40 {
                try pane.tmux(["resize-window", "-x", i % 2 == 0 ? "90" : "70", "-y", i % 2 == 0 ? "26" : "20"])
            }
            try pane.tmux(["resize-window", "-x", "100", "-y", "30"])
            #expect(FileManager.default.createFile(atPath: stop, contents: nil))
            #expect(try pane.waitFor("FLOOD-ENDED", timeout: 60), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("SIZE-29 100", timeout: 60), "\((try? pane.screen()) ?? "")")
            try pane.keys("Enter")
            try pane.type("~.")
            try expectRestored(pane, status: "255")
        }
    }
}

extension SSHIntegrationTests.InteractiveFrontTests {
    /// vim through rterm looks exactly like vim through OpenSSH's ssh in a tmux pane of the
    /// same size: rterm's pane is one row taller, for the bar.
    @Test func vimLooksAsItDoesOverPlainSSH() throws {
        defer { harness.remove() }
        let sshd = harness.sshd
        // Two files with the same name and text in two directories: two vims on one file
        // would warn about its swap file.
        let home = harness.shared
        for directory in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(home)/\(directory)", withIntermediateDirectories: true)
            _ = try harness.sharedFile("\(directory)/notes.txt", "first line\nsecond line\n")
            try harness.giveToTestUser("\(home)/\(directory)")
        }
        let file = "\(home)/a/notes.txt"
        let keys = ["Escape", "j", "A", " and more", "Escape", "o", "third line", "Escape", "gg"]

        // Short relative names: a long path makes vim ask to press Enter.
        let viaRterm = try pane("cd \(home)/a && vim -u NONE notes.txt", columns: 80, rows: 25)
        defer { viaRterm.kill() }
        let ssh = "TERM=xterm-256color ssh -F none -o UserKnownHostsFile=\(sshd["KNOWN_HOSTS"]) -o IdentitiesOnly=yes "
            + "-i \(sshd.keys)/id_ed25519 -l \(sshd.userName) -p \(sshd.port) -tt \(sshd.host) 'cd \(home)/b && vim -u NONE notes.txt'"
        let viaSSH = try TmuxPane(command: ssh, columns: 80, rows: 24)
        defer { viaSSH.kill() }
        for pane in [viaRterm, viaSSH] {
            #expect(try pane.waitFor("second line"), "\((try? pane.screen()) ?? "")")
            for key in keys {
                if key.count > 1 && key.first == " " || key == "third line" {
                    try pane.type(key)
                } else {
                    try pane.keys(key)
                }
            }
        }
        // Done when both show the last edit with the cursor back on the first line; then
        // the two screens must be the same, row for row.
        func rows(_ pane: TmuxPane) throws -> [Substring] {
            Array(try pane.screen().split(separator: "\n", omittingEmptySubsequences: false).prefix(24))
        }
        for pane in [viaRterm, viaSSH] {
            #expect(try pane.waitUntil { try pane.screen().contains("third line") && pane.display("#{cursor_y}") == "0" },
                    "\((try? pane.screen()) ?? "")")
        }
        #expect(try viaRterm.waitUntil { try rows(viaRterm) == rows(viaSSH) },
                "rterm:\n\((try? viaRterm.screen()) ?? "")\nssh:\n\((try? viaSSH.screen()) ?? "")")

        try viaRterm.type(":wq")
        try viaRterm.keys("Enter")
        try expectRestored(viaRterm, status: "0")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved == "first line\nsecond line and more\nthird line\n")
    }
}
