import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Reconnecting end to end: rterm in a tmux pane, its link to the test sshd running through
/// a relay the test cuts and restores (`Scripts/test-relay`), keepalives at one second so a
/// cut is noticed in about two. The remote tmux of `--resume` gets a socket directory of the
/// test's own (`SetEnv TMUX_TMPDIR`), and its server is stopped by pid.
extension SSHIntegrationTests {
    @Suite struct ReconnectFrontTests {
        let harness: SSHHarness
        let relay: TestRelay
        /// Files of the test's own that it changes under the session: the key it logs in
        /// with, known_hosts (accept-new learns the relay's port on the first connect), and
        /// the remote tmux's socket directory.
        let directory: String
        var identity: String { directory + "/id_ed25519" }
        var knownHosts: String { directory + "/known_hosts" }
        var tmuxDirectory: String { directory + "/tmux" }

        init() throws {
            let sshd = try #require(TestSSHD.current)
            relay = try TestRelay(targetPort: try #require(Int(sshd.port)))
            directory = NSTemporaryDirectory() + "rterm-reconnect-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: directory + "/tmux", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: sshd.keys + "/id_ed25519", toPath: directory + "/id_ed25519")
            chmod(directory + "/id_ed25519", 0o600)
            harness = try SSHHarness(
                knownHosts: directory + "/known_hosts",
                extraConfig: """
                      IdentityFile \(directory)/id_ed25519
                      IdentitiesOnly yes
                      PreferredAuthentications publickey
                      ServerAliveInterval 1
                      ServerAliveCountMax 2
                      SetEnv TMUX_TMPDIR=\(directory)/tmux
                    """)
        }

        /// rterm's login shell through the relay in a pane (`options` before the host); the
        /// pane's shell then prints rterm's exit status and the terminal's settings. The
        /// remote prompt is set to `ok> `.
        func pane(_ options: String = "") throws -> TmuxPane {
            let line = "HOME='\(harness.process.home)' '\(RTermProcess.executable)' -F '\(harness.config)' -o StrictHostKeyChecking=accept-new \(options) "
                + "-p \(relay.port) 127.0.0.1; echo EXITED=$?; stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON; sleep 60"
            let pane = try TmuxPane(command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'")
            // The login shell's own prompt first (typeahead before it may be eaten).
            #expect(
                try pane.waitUntil(timeout: 20) {
                    try pane.screen().split(separator: "\n").contains { $0.hasSuffix("#") || $0.hasSuffix("$") }
                }, "\((try? pane.screen()) ?? "")")
            try pane.type("PS1='o''k> '")  // the prompt reads ok> , the typed line does not
            try pane.keys("Enter")
            #expect(try pane.waitFor("ok>", timeout: 20), "\((try? pane.screen()) ?? "")")
            return pane
        }

        /// Sets X=41 in the remote shell, and waits until the shell has run it (a cut with
        /// the Enter still in flight would lose it).
        func setVariable(_ pane: TmuxPane) throws {
            try pane.type("X=41; echo set-$X")
            try pane.keys("Enter")
            #expect(try pane.waitFor("set-41"), "\((try? pane.screen()) ?? "")")
        }

        /// Stops the remote tmux server of `--resume` (by its pid), if one was started.
        func stopRemoteTmux() {
            let result = try? Spawn.run(
                ["env", "TMUX_TMPDIR=\(tmuxDirectory)", "tmux", "display-message", "-p", "#{pid}"])
            if let pid = Int32(result?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") { kill(pid, SIGTERM) }
        }

        func cleanUp() {
            stopRemoteTmux()
            harness.remove()
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// A pane whose link is cut, with the loss on its bar.
        func paneWithTheLinkCut() throws -> TmuxPane {
            let pane = try pane()
            try relay.cut()
            #expect(try pane.waitFor("link lost", timeout: 10), "\((try? pane.screen()) ?? "")")
            return pane
        }

        /// Restores the link and checks that the attempt is refused with `refusal` on the bar
        /// and that nothing more is tried by itself: no new connection reaches the relay over
        /// the next three backoff steps (1, 2 and 4 s would fall in them).
        func expectRefusedAfterRestore(_ pane: TmuxPane, _ refusal: String) throws {
            try relay.restore()
            #expect(try pane.waitFor(refusal, timeout: 40), "\((try? pane.screen()) ?? "")")
            let attempts = try relay.connectionCount
            #expect(!(try pane.waitUntil(timeout: 3) { try relay.connectionCount != attempts }))
        }

        /// Cuts the link, checks what the pane shows while it is down, restores it and waits
        /// for the reconnect; returns the seconds from the restore to a prompt that answers.
        func cutAndRestore(_ pane: TmuxPane, probe: String, expecting answer: String) throws -> Double {
            try relay.cut()
            let cut = Date()
            #expect(try pane.waitFor("link lost", timeout: 10), "\((try? pane.screen()) ?? "")")
            // ServerAliveInterval 1 x ServerAliveCountMax 2: noticed in about 2 s.
            #expect(Date().timeIntervalSince(cut) < 6)
            let screen = try pane.screen()
            #expect(screen.contains("[Reconnect now]") && screen.contains("[Quit]"))
            #expect(screen.contains("ok> "), "the last screen stays: \(screen)")
            #expect(try pane.styledScreen().contains("\u{1B}[2m"), "the stale screen is drawn faint")
            // Keys typed meanwhile are dropped, with a note.
            try pane.type("echo typed-while-down")
            #expect(try pane.waitFor("link down: keys are not sent"))
            try relay.restore()
            let restored = Date()
            #expect(try pane.waitFor("reconnected to", timeout: 40), "\((try? pane.screen()) ?? "")")
            try pane.type(probe)
            try pane.keys("Enter")
            #expect(try pane.waitFor(answer, timeout: 10), "\((try? pane.screen()) ?? "")")
            #expect(!(try pane.screen()).contains("typed-while-downtyped"))
            return Date().timeIntervalSince(restored)
        }

        @Test func aCutLinkComesBackWithANewShell() throws {
            defer { cleanUp() }
            let pane = try pane()
            defer { pane.kill() }
            try setVariable(pane)
            let seconds = try cutAndRestore(pane, probe: "echo \"X=[$X]\"", expecting: "X=[]")
            #expect(try pane.screen().contains("a new shell"))
            print("reconnect: \(String(format: "%.2f", seconds)) s from the link's return to a prompt (new shell)")
            try pane.type("exit")
            try pane.keys("Enter")
            #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")
        }

        @Test func withResumeTheSameShellIsThereAfterTheCut() throws {
            defer { cleanUp() }
            let pane = try pane("--resume rterm-test")
            defer { pane.kill() }
            try setVariable(pane)
            let seconds = try cutAndRestore(pane, probe: "echo \"X=[$X]\"", expecting: "X=[41]")
            #expect(try pane.screen().contains("tmux session rterm-test"))
            print("reconnect: \(String(format: "%.2f", seconds)) s from the link's return to a prompt (--resume)")
            // sshd restarted as a server reboot does it (every session killed, the same keys
            // and port after): the shell in tmux is still there.
            let sshd = try #require(TestSSHD.current)
            let restart = try Spawn.run([TestSSHD.packageRoot + "/Scripts/test-sshd", "restart", sshd["TEST_SSHD_DIR"]])
            #expect(restart.status == 0, "\(restart.errorOutput)")
            #expect(try pane.waitFor("link lost", timeout: 10), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("reconnected to", timeout: 40), "\((try? pane.screen()) ?? "")")
            try pane.type("echo \"Y=[$X]\"")
            try pane.keys("Enter")
            #expect(try pane.waitFor("Y=[41]", timeout: 10), "\((try? pane.screen()) ?? "")")
        }

        @Test func aRefusedLoginIsNotRetried() throws {
            defer { cleanUp() }
            let pane = try paneWithTheLinkCut()
            defer { pane.kill() }
            // While the link is down the key the session logs in with is replaced.
            try FileManager.default.removeItem(atPath: identity)
            _ = try Spawn.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", identity])
            try expectRefusedAfterRestore(pane, "not retrying: authentication failed")
            // [Quit]: 255 and the one line, the terminal restored.
            let row = 24
            let column = 80 - 3
            try pane.type("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
            #expect(try pane.waitFor("EXITED=255"), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("CANON"))
            #expect(try pane.screen().contains("rterm: authentication failed"))
        }

        @Test func aChangedHostKeyIsNotRetried() throws {
            defer { cleanUp() }
            let pane = try paneWithTheLinkCut()
            defer { pane.kill() }
            // known_hosts now holds another key for the relay's address.
            let sshd = try #require(TestSSHD.current)
            let wrong = try String(contentsOfFile: sshd["KNOWN_HOSTS_WRONG"], encoding: .utf8)
            let key = try #require(wrong.split(separator: "\n").first?.split(separator: " ").dropFirst())
            try ("[127.0.0.1]:\(relay.port) " + key.joined(separator: " ") + "\n")
                .write(toFile: knownHosts, atomically: true, encoding: .utf8)
            try expectRefusedAfterRestore(pane, "not retrying: host key verification failed")
        }

        @Test func tildeDotDuringTheWaitExits255() throws {
            defer { cleanUp() }
            let pane = try paneWithTheLinkCut()
            defer { pane.kill() }
            try pane.keys("Enter")
            try pane.type("~.")
            #expect(try pane.waitFor("EXITED=255"), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("CANON"))
            #expect(try pane.display("#{alternate_on}") == "0")
            #expect(try pane.display("#{mouse_any_flag}") == "0")
        }
    }
}
