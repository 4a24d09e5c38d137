import Foundation
import Testing

/// `rterm script` against the test sshd: the same ssh options as an interactive session.
extension SSHIntegrationTests {
    @Suite struct ScriptOverSSHTests {
        @Test func aScriptLogsInRunsAndChecksTheScreen() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            let file = try harness.process.file(
                "remote.rts",
                """
                size 20x60
                set timeout 10s
                type "stty size; echo TERM=$TERM\\r"
                wait /^20 60$/
                wait /^TERM=xterm-256color$/
                type "exit 4\\r"
                expect-exit 4
                """)
            let result = try harness.process.run(
                ["script", file, "--", "-F", harness.config, "-p", sshd.port, sshd.host], timeLimit: 60)
            #expect(result.status == 0, "\(result.errorOutput)")
        }
    
        @Test func clickCtrlThenTypeSendsAControlCharacter() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            // `cat -v` shows what arrived: Ctrl+G (0x07) as ^G.
            let file = try harness.process.file(
                "ctrl.rts",
                """
                set timeout 10s
                type "stty -icanon -isig; cat -v\\r"
                sleep 500ms
                click Ctrl
                type "g"
                type "\\r"
                wait /\\^G/
                """)
            let result = try harness.process.run(
                ["script", file, "--", "-F", harness.config, "-p", sshd.port, sshd.host], timeLimit: 60)
            #expect(result.status == 0, "\(result.errorOutput)")
        }

        /// The remote kills its own sshd process: the link drops without an exit status.
        /// A script that expects it reconnects and goes on; one that does not fails with 255.
        @Test(arguments: [true, false])
        func aDroppedLinkIsAFailureUnlessTheScriptExpectsIt(expected: Bool) throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            // The example of docs/script-format.md, verbatim; without its two steps, a sleep.
            let example = try ScriptDocExampleTests.shellBlock(containing: "expect-disconnect")
            let script = expected
                ? example
                : example.replacingOccurrences(of: "expect-disconnect\nreconnect timeout 20s\n", with: "sleep 5s\n")
            #expect(script != example || expected)
            let file = try harness.process.file("drop.rts", script)
            let result = try harness.process.run(
                ["script", file, "--", "-F", harness.config, "-p", sshd.port, sshd.host], timeLimit: 60)
            if expected {
                #expect(result.status == 0, "\(result.errorOutput)")
            } else {
                #expect(result.status == 255, "\(result.errorOutput)")
                #expect(result.errorOutput.contains("drop.rts:5:1: sleep: the link was lost"), "\(result.errorOutput)")
            }
        }

        /// The files example of docs/script-format.md, verbatim, run from a directory with its
        /// input: `put` sends it over the script's own connection, the shell transforms it,
        /// `get` brings the result back. Then a `put` of a file that is not there fails the
        /// step with the reason, exit 1.
        @Test func putAndGetMoveFilesBesideTheShell() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer {
                harness.remove()
                for name in ["work-input.txt", "work-output.txt"] {
                    try? FileManager.default.removeItem(atPath: sshd.userHome + "/" + name)
                }
            }
            let input = (0..<20_000).map { "line \($0) of the input\n" }.joined()
            _ = try harness.process.file("input.txt", input)
            _ = try harness.process.file("files.rts", try ScriptDocExampleTests.shellBlock(containing: "put "))
            let line = "rterm script files.rts -- -F '\(harness.config)' -p \(sshd.port) \(sshd.host)"
            let result = try harness.process.run(["-c", line], timeLimit: 60, executable: "/bin/bash")
            #expect(result.status == 0, "\(result.errorOutput)")
            let output = try String(contentsOfFile: harness.process.home + "/output.txt", encoding: .utf8)
            #expect(output == input.uppercased())

            _ = try harness.process.file("missing.rts", "put nowhere.txt x.txt\n")
            let missing = try harness.process.run(
                ["-c", "rterm script missing.rts -- -F '\(harness.config)' -p \(sshd.port) \(sshd.host)"],
                timeLimit: 60, executable: "/bin/bash")
            #expect(missing.status == 1)
            #expect(missing.errorOutput.hasPrefix("missing.rts:1:1: put nowhere.txt x.txt: nowhere.txt: No such file or directory"), "\(missing.errorOutput)")
        }

        /// The smoke script of docs/script-format.md, verbatim, against the test sshd.
        @Test func theDocsSmokeScriptPassesVerbatim() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            let file = try harness.process.file("smoke.script", try ScriptDocExampleTests.shellBlocks()[0])
            let shots = harness.process.home + "/shots"
            let result = try harness.process.run(
                ["script", file, "--snapshots", shots, "--", "-F", harness.config, "-p", sshd.port, sshd.host],
                timeLimit: 60)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(FileManager.default.fileExists(atPath: shots + "/after-vim.svg"))
        }

        /// The same script as the README runs it, `--hosts hosts.txt -j 32`, with every host
        /// one machine: each run edits a file of its own (a fixed path had vim meet another
        /// run's swap file).
        @Test func theDocsSmokeScriptPassesOnEightTargetsOfOneMachine() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            let file = try harness.process.file("smoke.rts", try ScriptDocExampleTests.shellBlocks()[0])
            let hosts = try harness.process.file(
                "hosts.txt", String(repeating: "-p \(sshd.port) \(sshd.host)\n", count: 8))
            let result = try harness.process.run(
                ["script", file, "--hosts", hosts, "-j", "32", "--snapshots", harness.process.home + "/shots", "--", "-F", harness.config],
                timeLimit: 120)
            #expect(result.status == 0, "\(result.outputText)\n\(result.errorOutput)")
            #expect(result.outputText.hasSuffix("8 passed, 0 failed\n"), "\(result.outputText)")
        }

        @Test func fanOutToThreeTargetsTwoAtATime() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer { harness.remove() }
            let file = try harness.process.file("fan.rts", "set timeout 10s\ntype \"echo up\\r\"\nwait /^up$/\n")
            let hosts = try harness.process.file(
                "hosts", "# the same server three times\n-p \(sshd.port) \(sshd.host)\n-p \(sshd.port) \(sshd.host)\n-p \(sshd.port) \(sshd.host)\n")
            let junit = harness.process.home + "/fan.xml"
            let result = try harness.process.run(
                ["script", file, "--hosts", hosts, "-j", "2", "--junit", junit, "--", "-F", harness.config], timeLimit: 60)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "3 passed, 0 failed\n")
            #expect(try String(contentsOfFile: junit, encoding: .utf8).components(separatedBy: "<testcase ").count == 4)
        }
    }
}
