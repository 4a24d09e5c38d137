import Foundation
import Testing

@testable import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

/// Reconnecting against the test sshd through a relay the test cuts and restores
/// (`Scripts/test-relay`), keepalives at one second so a cut is noticed in about two: the
/// interactive front in-process, and once end to end (`--resume`, rterm in a tmux pane). The
/// remote tmux of `--resume` gets a socket directory of the test's own (`SetEnv
/// TMUX_TMPDIR`), and its server is stopped by pid.
extension SSHIntegrationTests {
    @Suite struct ReconnectFrontTests {
        let harness: SSHHarness
        let relay: TestRelay
        /// Files of the test's own that it changes under the session: the key it logs in
        /// with and known_hosts (accept-new learns the relay's port on the first connect).
        let directory: String
        var identity: String { directory + "/id_ed25519" }
        var knownHosts: String { directory + "/known_hosts" }
        /// The remote tmux's socket directory (the test user's, in the shared directory).
        var tmuxDirectory: String { harness.shared + "/tmux" }

        init() throws {
            let sshd = try #require(TestSSHD.current)
            relay = try TestRelay(targetPort: try #require(Int(sshd.port)))
            directory = NSTemporaryDirectory() + "rterm-reconnect-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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
                      ConnectTimeout 1
                    """)
            try FileManager.default.createDirectory(atPath: tmuxDirectory, withIntermediateDirectories: false)
            chmod(tmuxDirectory, 0o700)
            try harness.giveToTestUser(tmuxDirectory)
            let config = try String(contentsOfFile: harness.config, encoding: .utf8)
            try (config + "\n  SetEnv TMUX_TMPDIR=\(tmuxDirectory)\n").write(
                toFile: harness.config, atomically: false, encoding: .utf8)
        }

        /// rterm's login shell through the relay in a pane (`options` before the host); the
        /// pane's shell then prints rterm's exit status and the terminal's settings. The
        /// remote prompt is set to `ok> `.
        func pane(_ options: String = "") throws -> TmuxPane {
            let line = "HOME='\(harness.process.home)' '\(RTermProcess.executable)' -F '\(harness.config)' -o StrictHostKeyChecking=accept-new \(options) "
                + "-p \(relay.port) 127.0.0.1; echo EXITED=$?; stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON;"
                + " stty -a | tr ' ' '\\n' | grep -qx opost && echo OUTPUT-PROCESSED; sleep 60"
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
            let uid = getpwnam(harness.sshd.userName)?.pointee.pw_uid ?? getuid()
            let result = try? Spawn.run(
                ["tmux", "-S", "\(tmuxDirectory)/tmux-\(uid)/default", "display-message", "-p", "#{pid}"])
            if let pid = Int32(result?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") { kill(pid, SIGTERM) }
        }

        func cleanUp() {
            stopRemoteTmux()
            harness.remove()
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// rterm's interactive front in-process on a login shell through the relay
        /// (`options` before the host), on the real clock; the remote prompt is set to `ok> `.
        func front(_ options: [String] = []) throws -> FrontHarness {
            let front = try FrontHarness(realTime: true)
            let words = ["-F", harness.config, "-o", "StrictHostKeyChecking=accept-new"] + options
                + ["-p", String(relay.port), "127.0.0.1"]
            front.start([try front.open(words)])
            #expect(front.wait(seconds: 20) { front.text.dropLast().contains { $0.hasSuffix("#") || $0.hasSuffix("$") } }, "\(front.text)")
            front.type("PS1='o''k> '\r")  // the prompt reads ok> , the typed line does not
            #expect(front.wait(seconds: 20) { front.shows("ok>") }, "\(front.text)")
            front.type("X=41; echo set-$X\r")
            // The prompt after it too: a key typed before it would be echoed ahead of it.
            #expect(front.wait {
                let rows = front.text.dropLast()
                guard let set = rows.lastIndex(of: "set-41") else { return false }
                return rows[(set + 1)...].contains("ok>")
            }, "\(front.text)")
            return front
        }

        /// Cuts the link and waits for the loss on the bar: about 2 s (ServerAliveInterval 1
        /// x ServerAliveCountMax 2).
        func cut(_ front: FrontHarness) throws {
            try relay.cut()
            #expect(front.wait { front.barRow.contains("link lost") }, "\(front.text)")
        }

        /// Restores the link and asks for an attempt now (the bar's [Reconnect now]: the
        /// schedule's wait is the lifecycle's, tested on the manual clock), once the attempt
        /// made at the loss, into the cut link, has given up (ConnectTimeout 1).
        func restore(_ front: FrontHarness) throws {
            #expect(front.wait { front.workspace.shown.reconnection?.isAttempting == false }, "\(front.barRow)")
            try relay.restore()
            try front.click("[Reconnect now]")
        }

        @Test func aCutLinkComesBackWithANewShellAndKeysTypedMeanwhileAreDropped() throws {
            defer { cleanUp() }
            let front = try front()
            try cut(front)
            let frame = try #require(front.screen.frame)
            #expect(front.barRow.hasSuffix("[Reconnect now] [Quit]"))
            #expect(front.text.contains { $0.hasPrefix("ok> ") }, "the last screen stays")
            #expect(frame.lines[0].cells.allSatisfy { $0.attributes.contains(.faint) }, "drawn faint")
            front.type("echo typed-while-down")
            #expect(front.wait { front.barRow.contains("link down: keys are not sent") })
            try restore(front)
            #expect(front.wait(seconds: 20) { front.barMessage.contains("reconnected to") }, "\(front.text)")
            #expect(front.barMessage.contains("a new shell"))
            front.type("echo \"X=[$X]\"\r")
            #expect(front.wait { front.shows("X=[]") }, "\(front.text)")
            #expect(!front.shows("typed-while-downtyped"))
            front.type("exit\r")
            #expect(front.wait { front.workspace.isFinished })
            #expect(front.workspace.exitStatus == 0)
        }

        @Test func aRefusedLoginIsNotRetried() throws {
            defer { cleanUp() }
            let front = try front()
            try cut(front)
            // While the link is down the key the session logs in with is replaced.
            try FileManager.default.removeItem(atPath: identity)
            _ = try Spawn.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", identity])
            try restore(front)
            #expect(front.wait(seconds: 20) {
                front.workspace.shown.reconnection?.refusal?.contains("authentication failed") == true
            }, "\(front.barRow)")
            #expect(front.workspace.shown.reconnection?.nextAttempt == nil, "nothing more is tried by itself")
            try front.click("[Quit]")
            #expect(front.workspace.isFinished && front.workspace.exitStatus == 255)
            #expect(front.workspace.endings.last?.message?.hasPrefix("rterm: authentication failed") == true)
        }

        @Test func aChangedHostKeyIsNotRetried() throws {
            defer { cleanUp() }
            let front = try front()
            try cut(front)
            // known_hosts now holds another key for the relay's address.
            let sshd = try #require(TestSSHD.current)
            let wrong = try String(contentsOfFile: sshd["KNOWN_HOSTS_WRONG"], encoding: .utf8)
            let key = try #require(wrong.split(separator: "\n").first?.split(separator: " ").dropFirst())
            try ("[127.0.0.1]:\(relay.port) " + key.joined(separator: " ") + "\n")
                .write(toFile: knownHosts, atomically: false, encoding: .utf8)
            try restore(front)
            // The refusal is the session's at once (the bar shows the connection's last words
            // for a few seconds first, then "not retrying: …").
            #expect(front.wait(seconds: 20) {
                front.workspace.shown.reconnection?.refusal?.contains("host key verification failed") == true
            }, "\(front.barRow)")
            #expect(front.workspace.shown.reconnection?.nextAttempt == nil, "nothing more is tried by itself")
        }

        /// Predictive echo: once a first key has echoed, the relay holds everything
        /// (`stall`): what the frame shows of the keys typed then can only be rterm's guesses.
        /// Then the echo is let through and the line runs as typed.
        @Test func typedKeysShowWhileTheirEchoIsHeldUp() throws {
            defer { cleanUp() }
            let front = try front(["--predict", "always"])
            front.type("e")
            #expect(front.wait { front.shows("ok> e") }, "\(front.text)")
            try relay.stall()
            front.type("cho predic")
            #expect(front.wait { front.shows("ok> echo predic") }, "typed keys show though no echo can arrive: \(front.text)")
            #expect(front.barRow.hasPrefix(FrontController.predictionMark), "the bar says guesses are shown: '\(front.barRow)'")
            front.type("\u{7F}ted")
            #expect(front.wait { front.shows("ok> echo predited") }, "\(front.text)")
            try relay.resume()
            front.type("\r")
            #expect(front.wait { front.text.contains("predited") }, "\(front.text)")
            #expect(front.text.contains("ok> echo predited"), "after the echo the line is the remote's")
        }

        /// End to end, in a tmux pane: with `--resume` the shell runs in tmux on the server,
        /// and after a cut link, and after sshd restarted as a reboot restarts it (every session
        /// killed, the same keys and port after), the same shell is there.
        @Test func withResumeTheSameShellIsThereAfterTheCut() throws {
            defer { cleanUp() }
            let pane = try pane("--resume rterm-test")
            defer { pane.kill() }
            try setVariable(pane)
            try relay.cut()
            #expect(try pane.waitFor("link lost", timeout: 10), "\((try? pane.screen()) ?? "")")
            let styled = try pane.styledScreen()
            // Some SGR turns faint on (`2` alone or among other parameters: tmux joins them).
            let faint = styled.split(separator: "\u{1B}[").contains { sequence in
                guard let end = sequence.firstIndex(of: "m") else { return false }
                var parameters = sequence[..<end].split(separator: ";", omittingEmptySubsequences: false)[...]
                while let parameter = parameters.popFirst() {
                    if parameter == "2" { return true }
                    // A colour's own parameters (38;5;N, 48;2;R;G;B) are not renditions.
                    if parameter == "38" || parameter == "48" || parameter == "58" {
                        parameters = parameters.dropFirst(parameters.first == "5" ? 2 : 4)
                    }
                }
                return false
            }
            #expect(faint, "the stale screen is drawn faint: \(styled.debugDescription)")
            try relay.restore()
            // [Reconnect now], rather than the schedule's wait: a click on the bar.
            let bar = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)[23]
            let button = try #require(bar.range(of: "[Reconnect now]"))
            let column = bar.distance(from: bar.startIndex, to: button.lowerBound) + 2
            try pane.type("\u{1B}[<0;\(column);24M\u{1B}[<0;\(column);24m")
            #expect(try pane.waitFor("tmux session rterm-test", timeout: 40), "\((try? pane.screen()) ?? "")")
            try pane.type("echo \"X=[$X]\"")
            try pane.keys("Enter")
            #expect(try pane.waitFor("X=[41]", timeout: 10), "\((try? pane.screen()) ?? "")")
            let sshd = try #require(TestSSHD.current)
            let restart = try Spawn.run([TestSSHD.packageRoot + "/Scripts/test-sshd", "restart", sshd["TEST_SSHD_DIR"]])
            #expect(restart.status == 0, "\(restart.errorOutput)")
            #expect(try pane.waitFor("link lost", timeout: 10), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("reconnected to", timeout: 40), "\((try? pane.screen()) ?? "")")
            try pane.type("echo \"Y=[$X]\"")
            try pane.keys("Enter")
            #expect(try pane.waitFor("Y=[41]", timeout: 10), "\((try? pane.screen()) ?? "")")
        }
    }
}
