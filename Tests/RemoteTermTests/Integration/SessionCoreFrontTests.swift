import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one session core, end to end in real tmux panes against the test sshd: questions on the
/// bar row, a 1 MiB paste under load, Ctrl+C in a flood, an unknown TERM, a big `cat` that
/// never stalls, and a script's timeout during a flood. Every wait is on something the pane
/// or a file shows, never a fixed sleep.
extension SSHIntegrationTests {
    @Suite struct SessionCoreFrontTests {
        let harness: SSHHarness

        init() throws {
            let sshd = try #require(TestSSHD.current)
            harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
        }

        /// rterm with `arguments` in a pane; the pane's shell then prints rterm's exit status.
        func pane(_ arguments: String, columns: Int = 100, rows: Int = 30) throws -> TmuxPane {
            try shell("HOME='\(harness.process.home)' '\(RTermProcess.executable)' \(arguments)", columns: columns, rows: rows)
        }

        /// A shell command line in a pane, then its exit status.
        func shell(_ line: String, columns: Int = 100, rows: Int = 30) throws -> TmuxPane {
            let script = try harness.process.script("pane-\(UUID().uuidString.prefix(8)).sh", "\(line)\necho EXITED=$?\nsleep 60")
            return try TmuxPane(command: script, columns: columns, rows: rows)
        }

        var target: String { "-F '\(harness.config)' -p \(harness.sshd.port) \(harness.sshd.host)" }

        /// Processes that keep both cores busy until `stop()`, stopped by pid.
        final class Load {
            private var pids: [pid_t] = []
            init(processes: Int = 2) {
                for _ in 0..<processes {
                    var pid: pid_t = 0
                    let words: [String] = ["sh", "-c", "while :; do :; done"]
                    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
                    defer { argv.forEach { free($0) } }
                    if posix_spawnp(&pid, "sh", nil, nil, argv, environ) == 0 { pids.append(pid) }
                }
            }
            func stop() {
                for pid in pids {
                    kill(pid, SIGKILL)
                    var status: Int32 = 0
                    waitpid(pid, &status, 0)
                }
                pids = []
            }
            deinit { stop() }
        }

        @Test func aPasswordIsAskedOnTheBarRowAndASecondTryWorks() throws {
            defer { harness.remove() }
            let sshd = harness.sshd
            try #require(!sshd.passwordUser.isEmpty, "the password user needs root (CI runs as root)")
            let pane = try pane(
                "-F none -o UserKnownHostsFile=\(sshd["KNOWN_HOSTS"]) -o IdentityAgent=none "
                    + "-o PreferredAuthentications=password -l \(sshd.passwordUser) -p \(sshd.port) \(sshd.host)")
            defer { pane.kill() }
            let question = "\(sshd.passwordUser)@\(sshd.host)'s password:"
            #expect(try pane.waitFor(question), "\((try? pane.screen()) ?? "")")
            try pane.type("not-the-password")
            try pane.keys("Enter")
            #expect(try pane.waitFor("Permission denied, please try again."), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitUntil { try pane.screen().components(separatedBy: question).count == 2 })
            try pane.type(sshd["PASSWORD"])
            try pane.keys("Enter")
            #expect(try pane.waitFor("Esc"), "the key bar is back: \((try? pane.screen()) ?? "")")
            try pane.type("echo I-am-$(whoami)")
            try pane.keys("Enter")
            #expect(try pane.waitFor("I-am-\(sshd.passwordUser)"), "\((try? pane.screen()) ?? "")")
            #expect(try !pane.screen().contains(sshd["PASSWORD"]), "the password was shown")
            try pane.type("exit")
            try pane.keys("Enter")
            #expect(try pane.waitFor("EXITED=0"))
        }

        @Test func aMegabytePasteArrivesWholeWhileBothCoresAreBusy() throws {
            defer { harness.remove() }
            var generator = SystemRandomNumberGenerator()
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
            var text: [UInt8] = []
            while text.count < 1 << 20 {
                for _ in 0..<75 { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
                text.append(0x0A)
            }
            text = Array(text.prefix(1 << 20 - 1)) + [0x0A]
            let source = try harness.process.file("paste.txt", String(decoding: text, as: UTF8.self))
            let destination = harness.process.home + "/pasted.txt"
            let pane = try pane("-t \(target) 'stty -echo; echo READY; cat > \(destination)'")
            defer { pane.kill() }
            #expect(try pane.waitFor("READY"), "\((try? pane.screen()) ?? "")")
            let load = Load()
            defer { load.stop() }
            try pane.tmux(["load-buffer", source])
            try pane.tmux(["paste-buffer", "-p"])
            let arrived = pane.waitUntil(timeout: 60) {
                (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) == text.count
            }
            load.stop()
            #expect(arrived, "\((try? FileManager.default.attributesOfItem(atPath: destination)[.size]) ?? 0) bytes arrived")
            let same = FileManager.default.contents(atPath: destination) == Data(text)
            #expect(same, "the paste arrived byte for byte")
            try pane.keys("C-d")
            #expect(try pane.waitFor("EXITED=0"), "the session stayed up: \((try? pane.screen()) ?? "")")
        }

        @Test func controlCDuringAFloodBringsThePromptBack() throws {
            defer { harness.remove() }
            let pane = try pane(target)
            defer { pane.kill() }
            #expect(try pane.waitFor("Esc"))
            try pane.type("PS1='READY$ '")
            try pane.keys("Enter")
            #expect(try pane.waitFor("READY$"))
            try pane.type("yes")
            try pane.keys("Enter")
            #expect(try pane.waitUntil { try pane.screen().components(separatedBy: "\ny").count > 20 })
            try pane.keys("C-c")
            #expect(try pane.waitUntil { try pane.screen().contains("^C\nREADY$") }, "\((try? pane.screen()) ?? "")")
            try pane.type("exit")
            try pane.keys("Enter")
            #expect(try pane.waitFor("EXITED=130") || pane.waitFor("EXITED=0"))
        }

        @Test func anUnknownTermNeverLetsTheRemoteWriteToTheTerminal() throws {
            defer { harness.remove() }
            let typescript = harness.process.home + "/typescript"
            // The remote prints its size, sets a title and the clipboard, and asks for the
            // cursor position and the device attributes.
            let remote = "stty size; printf '\\033]0;EVIL-TITLE\\007\\033]52;c;ZXZpbA==\\007\\033[6n\\033[c'; echo DONE-MARK"
            let session = try harness.process.script(
                "session.sh", "HOME='\(harness.process.home)' exec '\(RTermProcess.executable)' -t \(target) \"\(remote)\"")
            // script(1) records every byte rterm writes to its terminal.
            let pane = try shell("TERM=no-such-terminal script -q -e -c '\(session)' '\(typescript)'", rows: 30)
            defer { pane.kill() }
            #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")
            let recorded = try #require(FileManager.default.contents(atPath: typescript))
            // The session's own output, after script(1)'s header line.
            let body = recorded.split(separator: 0x0A, maxSplits: 1).dropFirst().first.map { Data($0) } ?? Data()
            let text = String(decoding: body, as: UTF8.self)
            #expect(text.contains("is not in terminfo; drawing as"))
            #expect(text.contains("DONE-MARK"))
            #expect(text.contains("29 100"), "the remote has every row but the bar's")
            for sequence in ["\u{1B}]52", "\u{1B}]0;", "\u{1B}]2;", "\u{1B}[6n", "EVIL-TITLE"] {
                #expect(!text.contains(sequence), "\(sequence.debugDescription) reached the terminal")
            }
        }

        @Test func aBigCatNeverStallsInAWidePane() throws {
            defer { harness.remove() }
            var text = ""
            for line in 0..<160_000 { text += "line \(line) " + String(repeating: "x", count: 90) + "\n" }
            let file = try harness.process.file("big.txt", text)
            let pane = try pane("-t \(target) 'cat \(file); echo CAT-DONE; read x'", columns: 200, rows: 50)
            defer { pane.kill() }
            #expect(try pane.waitFor("CAT-DONE", timeout: 120), "\((try? pane.screen()) ?? "")")
            #expect(try pane.screen().contains("line 159999 "))
            try pane.keys("Enter")
            #expect(try pane.waitFor("EXITED=0"))
        }

        @Test func aScriptsWaitTimesOutDuringAFlood() throws {
            defer { harness.remove() }
            let script = try harness.process.file("flood.rts", "type \"yes\\r\"\nwait /never-shown/ timeout 2s\n")
            let result = try harness.process.run(
                ["script", script, "--", "-F", harness.config, "-p", harness.sshd.port, harness.sshd.host], timeLimit: 60)
            #expect(result.status == 1, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("timed out after 2s waiting for /never-shown/"))
            #expect(result.seconds < 30)
        }
    }
}
