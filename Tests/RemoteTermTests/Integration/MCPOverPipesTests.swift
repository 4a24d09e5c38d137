import Foundation
import Testing

@testable import RemoteTermBatch

/// `rterm mcp` as an agent's client drives it, over pipes: a local shell and an SSH session
/// to the test sshd side by side, with malformed JSON, an unknown tool and a failed
/// connection in between.
extension SSHIntegrationTests {
    @Suite struct MCPOverPipesTests {
        static func structured(_ result: [String: Any]) -> [String: Any] {
            result["structuredContent"] as? [String: Any] ?? [:]
        }

        static func text(_ result: [String: Any]) -> String {
            ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        }

        @Test func anAgentDrivesALocalShellAndAnSSHSession() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            let client = try MCPClient(home: harness.process.home, environment: ["PS1": "$ "])
            defer { client.stop() }

            let initialized = try client.answer(client.send("initialize", ["protocolVersion": "2025-06-18", "capabilities": [:]]))
            #expect((initialized["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
            client.writeLine(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            let tools = try client.answer(client.send("tools/list"))
            #expect(((tools["result"] as? [String: Any])?["tools"] as? [Any])?.count == MCPTools.names.count)

            let local = try client.call("open", ["local": "bash --norc --noprofile", "cols": 60, "rows": 10])
            let shell = try #require(Self.structured(local)["session"] as? String, "\(local)")
            let remote = try client.call(
                "open", ["target": "-F \(harness.config) -p \(sshd.port) \(sshd.host)", "cols": 80, "rows": 24])
            let ssh = try #require(Self.structured(remote)["session"] as? String, "\(remote)")

            // Something computed on the remote side, waited for on its screen.
            _ = try client.call("type", ["session": ssh, "text": "echo $((6*7))\r"])
            #expect(Self.structured(try client.call("wait", ["session": ssh, "pattern": "^42$"]))["matched"] as? Bool == true)
            // A command with its output and status in one call, at the login shell's prompt.
            let ran = Self.structured(try client.call("run", ["session": ssh, "command": "echo out-$((2+3)); false"]))
            #expect(ran["output"] as? String == "out-5" && ran["exit_status"] as? Int == 1, "\(ran)")

            // Bad lines and a failed connection in between change nothing.
            client.writeLine("{this is not json")
            #expect((try client.answer(nil)["error"] as? [String: Any])?["code"] as? Int == -32700)
            let unknown = try client.answer(client.send("tools/call", ["name": "format-disk", "arguments": [:]]))
            #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32602)
            let refused = try client.call("open", ["target": "-F \(harness.config) -p 1 \(sshd.host)"])
            #expect(refused["isError"] as? Bool == true)
            #expect(Self.text(refused).contains("port 1"), "\(refused)")

            // A command interrupted with Ctrl+C by name; a bar button clicked (Tab completes).
            // Waited for by the output of the very process the Ctrl+C is for: `running` is
            // written by the child that then becomes sleep, its SIGINT already the default.
            // (Written by bash's own echo, a Ctrl+C could reach bash's child between fork and
            // exec, while it still ran bash's handler, and be lost: the sleep ran its 100 s,
            // twice in loaded full runs.)
            _ = try client.call(
                "type", ["session": shell, "text": "sh -c 'echo running; exec sleep 100'; echo not-interrupted\r"])
            _ = try client.call("wait", ["session": shell, "pattern": "^running$"])
            _ = try client.call("key", ["session": shell, "keys": ["Ctrl+C"]])
            // The shell's new prompt acknowledges the interrupt: what is typed before it can
            // reach the dying command or the terminal's line discipline instead of readline.
            let back = try client.call("wait", ["session": shell, "pattern": #"^\$ $"#])
            #expect(Self.structured(back)["matched"] as? Bool == true, "\(back)")
            _ = try client.call("type", ["session": shell, "text": "ech"])
            _ = try client.call("click", ["session": shell, "label": "Tab"])
            _ = try client.call("type", ["session": shell, "text": "clicked\r"])
            let clicked = try client.call("wait", ["session": shell, "pattern": "^clicked$"])
            #expect(Self.structured(clicked)["matched"] as? Bool == true, "\(clicked)")
            let rows = (Self.structured(clicked)["screen"] as? String ?? "").split(separator: "\n")
            #expect(!rows.contains("not-interrupted"), "\(rows)")

            // A long wait on one session does not hold back a screen of the other.
            let wait = client.send("tools/call", ["name": "wait", "arguments": ["session": shell, "pattern": "never", "timeout_s": 30]])
            let asked = Date()
            let screen = try client.call("screen", ["session": ssh])
            let seconds = Date().timeIntervalSince(asked)
            #expect(seconds < 1, "the screen took \(seconds) s behind a wait")
            #expect((Self.structured(screen)["screen"] as? String)?.contains("42") == true)

            // The SSH session ends with a status; close says it. Closing the local one ends
            // the wait that was on it.
            _ = try client.call("type", ["session": ssh, "text": "exit 3\r"])
            _ = try client.call("wait", ["session": ssh, "idle_ms": 200])
            #expect(Self.structured(try client.call("close", ["session": ssh]))["exit_status"] as? Int == 3)
            _ = try client.call("close", ["session": shell])
            #expect((try client.answer(wait)["result"] as? [String: Any])?["isError"] as? Bool == true)
            #expect(client.stop() == 0)
        }

        @Test func anUnknownHostKeyAndALoginThatNeedsASecretAreRefusedWithWhatToDo() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness()
            defer { harness.remove() }
            // No agent: a login would need a password or a key's passphrase typed.
            let client = try MCPClient(home: harness.process.home, environment: ["SSH_AUTH_SOCK": ""])
            defer { client.stop() }
            let base = "-F \(harness.config) -p \(sshd.port)"
            let unknown = try client.call(
                "open", ["target": "\(base) -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes \(sshd.host)"])
            #expect(unknown["isError"] as? Bool == true)
            #expect(MCPOverPipesTests.text(unknown).contains("host key"), "\(unknown)")
            let secret = try client.call("open", ["target": "\(base) -o IdentityFile=/nonexistent \(sshd.host)"])
            #expect(secret["isError"] as? Bool == true)
            #expect(MCPOverPipesTests.text(secret).contains("ssh-agent"), "\(secret)")
            #expect(client.stop() == 0)
        }

        /// Issue 55 item 5 over SSH: the agent's `open` with a target and `resume` runs the
        /// login shell in tmux on the host; `rterm --resume NAME host` in a tmux pane, as the
        /// person, attaches to it: each sees what the other typed. The host's tmux gets a
        /// socket directory of the test's own (`SetEnv TMUX_TMPDIR`), its server stopped by pid.
        @Test func aPersonAttachedWithResumeSeesTheAgentsSSHSession() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            let sockets = harness.shared + "/tmux"
            try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: false)
            chmod(sockets, 0o700)
            try harness.giveToTestUser(sockets)
            let config = try String(contentsOfFile: harness.config, encoding: .utf8)
            try (config + "\n  SetEnv TMUX_TMPDIR=\(sockets)\n").write(toFile: harness.config, atomically: false, encoding: .utf8)
            defer {
                let uid = getpwnam(sshd.userName)?.pointee.pw_uid ?? getuid()
                let pid = try? Spawn.run(["tmux", "-S", "\(sockets)/tmux-\(uid)/default", "display-message", "-p", "#{pid}"])
                if let pid = Int32(pid?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") { kill(pid, SIGTERM) }
                harness.remove()
            }
            let client = try MCPClient(home: harness.process.home)
            defer { client.stop() }
            let target = "-F \(harness.config) -p \(sshd.port) \(sshd.host)"
            let opened = try client.call("open", ["target": target, "resume": "agent-ssh", "cols": 60, "rows": 12])
            let session = try #require(Self.structured(opened)["session"] as? String, "\(opened)")
            _ = try client.call("type", ["session": session, "text": "echo from-$((6*7))-agent\r"])
            #expect(Self.structured(try client.call("wait", ["session": session, "pattern": "^from-42-agent"]))["matched"] as? Bool == true)

            let pane = try TmuxPane(
                command: "HOME='\(harness.process.home)' '\(RTermProcess.executable)' --resume agent-ssh \(target); "
                    + "echo EXITED=$?; sleep 60", columns: 60, rows: 14)
            defer { pane.kill() }
            #expect(try pane.waitFor("from-42-agent", timeout: 20), "\((try? pane.screen()) ?? "")")
            try pane.type("echo from-$((6*7))-person")
            try pane.keys("Enter")
            let seen = try client.call("wait", ["session": session, "pattern": "^from-42-person", "timeout_s": 20])
            #expect(Self.structured(seen)["matched"] as? Bool == true, "\(seen)")
            try pane.keys("Enter")
            try pane.type("~.")
            #expect(try pane.waitFor("EXITED=255", timeout: 20), "\((try? pane.screen()) ?? "")")
            _ = try client.call("close", ["session": session])
            #expect(client.stop() == 0)
        }
    }
}
