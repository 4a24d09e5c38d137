import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one session core against the test sshd, through the interactive front in-process
/// (`FrontHarness`): questions on the bar row, a 1 MiB paste under load, Ctrl+C in a flood, a
/// big `cat` that never stalls; a script's timeout during a flood as a subprocess; and once in
/// a real tmux pane, an unknown TERM. Every wait is on something the screen or a file shows,
/// never a fixed sleep.
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

        var paneTarget: String { "-F '\(harness.config)' -p \(harness.sshd.port) \(harness.sshd.host)" }

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

        /// The interactive front in-process on a session to the test sshd (`options` before
        /// the host, then `command`), on the real clock, in a local terminal of `rows` x
        /// `columns`.
        func front(_ options: [String], command: String? = nil, rows: Int = 30, columns: Int = 100) throws -> FrontHarness {
            let front = try FrontHarness(rows: rows, columns: columns, realTime: true)
            let words = options + ["-p", harness.sshd.port, harness.sshd.host] + (command.map { [$0] } ?? [])
            front.start([try front.open(words)])
            return front
        }

        var target: [String] { ["-F", harness.config] }

        @Test func aPasswordIsAskedOnTheBarRowAndASecondTryWorks() throws {
            defer { harness.remove() }
            let sshd = harness.sshd
            try #require(!sshd.passwordUser.isEmpty, "the password user needs root (CI runs as root)")
            let front = try front(
                ["-F", "none", "-o", "UserKnownHostsFile=\(sshd["KNOWN_HOSTS"])", "-o", "IdentityAgent=none",
                 "-o", "PreferredAuthentications=password", "-l", sshd.passwordUser])
            let question = "\(sshd.passwordUser)@\(sshd.host)'s password:"
            #expect(front.wait { front.barRow.contains(question) }, "\(front.text)")
            front.type("not-the-password\r")
            #expect(front.wait { front.shows("Permission denied, please try again.") && front.barRow.contains(question) }, "\(front.text)")
            front.type(sshd["PASSWORD"] + "\r")
            #expect(front.wait { front.barRow.contains("Esc") }, "the key bar is back: \(front.text)")
            front.type("echo I-am-$(whoami)\r")
            #expect(front.wait { front.shows("I-am-\(sshd.passwordUser)") }, "\(front.text)")
            #expect(!front.shows(sshd["PASSWORD"]), "the password was shown")
            front.type("exit\r")
            #expect(front.wait { front.workspace.isFinished } && front.workspace.exitStatus == 0)
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
            let destination = harness.shared + "/pasted.txt"
            let front = try front(target + ["-t"], command: "stty -echo; echo READY; cat > \(destination)")
            #expect(front.wait { front.shows("READY") }, "\(front.text)")
            let load = Load()
            defer { load.stop() }
            front.type(bytes: Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8))
            let arrived = front.wait(seconds: 60) {
                (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) == text.count
            }
            load.stop()
            #expect(arrived, "\((try? FileManager.default.attributesOfItem(atPath: destination)[.size]) ?? 0) bytes arrived")
            let same = FileManager.default.contents(atPath: destination) == Data(text)
            #expect(same, "the paste arrived byte for byte")
            front.type("\u{04}")
            #expect(front.wait { front.workspace.isFinished }, "\(front.text)")
            #expect(front.workspace.exitStatus == 0, "the session stayed up")
        }

        @Test func controlCDuringAFloodBringsThePromptBack() throws {
            defer { harness.remove() }
            let front = try front(target)
            #expect(front.wait { front.barRow.contains("Esc") && front.text.dropLast().contains { !$0.isEmpty } })
            front.type("PS1='READY$ '\r")
            #expect(front.wait { front.shows("READY$") })
            front.type("yes\r")
            #expect(front.wait { front.text.filter { $0 == "y" }.count > 20 }, "\(front.text)")
            front.type("\u{03}")
            #expect(front.wait(seconds: 20) { front.text.contains("^C") || front.text.last(where: { !$0.isEmpty && $0 != front.barRow }) == "READY$" }, "\(front.text)")
            #expect(front.wait { front.text.dropLast().last(where: { !$0.isEmpty }) == "READY$" }, "\(front.text)")
            front.type("exit\r")
            #expect(front.wait { front.workspace.isFinished })
        }

        @Test func anUnknownTermNeverLetsTheRemoteWriteToTheTerminal() throws {
            defer { harness.remove() }
            let typescript = harness.process.home + "/typescript"
            // The remote prints its size, sets a title and the clipboard, and asks for the
            // cursor position and the device attributes.
            let remote = "stty size; printf '\\033]0;EVIL-TITLE\\007\\033]52;c;ZXZpbA==\\007\\033[6n\\033[c'; echo DONE-MARK"
            let session = try harness.process.script(
                "session.sh", "HOME='\(harness.process.home)' exec '\(RTermProcess.executable)' -t \(paneTarget) \"\(remote)\"")
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

        @Test func aBigCatNeverStallsInAWideTerminal() throws {
            defer { harness.remove() }
            var text = ""
            for line in 0..<160_000 { text += "line \(line) " + String(repeating: "x", count: 90) + "\n" }
            let file = try harness.sharedFile("big.txt", text)
            let front = try front(target + ["-t"], command: "cat \(file); echo CAT-DONE; read x", rows: 50, columns: 200)
            #expect(front.wait(seconds: 120) { front.shows("CAT-DONE") }, "\(front.text)")
            #expect(front.shows("line 159999 "))
            front.type("\r")
            #expect(front.wait { front.workspace.isFinished } && front.workspace.exitStatus == 0)
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
