import Foundation
import Testing

extension SSHIntegrationTests {
    /// Every way of logging in that rterm supports, against a real OpenSSH 9.2.
    @Suite struct Authentication {
        /// The tests log in as the run's own user, into its own home, never as root: the
        /// test server refuses root even with a key it accepts for the test user.
        @Test func testsLogInAsAUserOfTheirOwnNeverAsRoot() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let result = try harness.rterm(["-o", "BatchMode=yes"], "id -un; echo $HOME")
            #expect(result.status == 0, "\(result.errorOutput)")
            let lines = result.outputText.split(separator: "\n").map(String.init)
            #expect(lines == [harness.sshd.userName, harness.sshd.userHome], "\(result.outputText)")
            guard getuid() == 0 else { return }
            #expect(harness.sshd.userName.hasPrefix("rterm-test-"))
            #expect(harness.sshd.userHome.hasPrefix("/home/rterm-test-"))
            let asRoot = try harness.rterm(["-o", "BatchMode=yes", "-l", "root"], "true")
            #expect(asRoot.status == 255 && asRoot.errorOutput.contains("authentication failed"), "\(asRoot.errorOutput)")
        }

        @Test func agentKeyLogsIn() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let result = try harness.rterm(
                ["-v", "-o", "IdentityAgent=SSH_AUTH_SOCK", "-o", "BatchMode=yes"], "echo agent-ok",
                environment: ["SSH_AUTH_SOCK": harness.sshd["SSH_AUTH_SOCK"]])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "agent-ok\n")
            #expect(result.errorOutput.contains("(agent)"))
        }

        @Test(arguments: ["id_ed25519", "id_ecdsa"])
        func keyFileLogsIn(_ key: String) throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let result = try harness.rterm(
                ["-i", harness.sshd.keys + "/" + key, "-o", "BatchMode=yes"], "echo key-ok")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "key-ok\n")
            #expect(result.errorOutput.isEmpty)
        }

        @Test func encryptedKeyAsksForThePassphraseOnce() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let count = harness.process.home + "/asked"
            let askpass = try harness.process.script(
                "askpass", "echo asked >> '\(count)'\necho '\(harness.sshd["PASSPHRASE"])'")
            let result = try harness.rterm(
                ["-i", harness.sshd.keys + "/id_ed25519_pass"], "echo passphrase-ok",
                environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "passphrase-ok\n")
            #expect((try? String(contentsOfFile: count, encoding: .utf8)) == "asked\n")
        }

        @Test func encryptedKeyTheServerRefusesIsNotUnlocked() throws {
            // Offered as another user that has no authorized key: no passphrase question.
            let harness = try SSHHarness()
            defer { harness.remove() }
            let count = harness.process.home + "/asked"
            let askpass = try harness.process.script("askpass", "echo asked >> '\(count)'\nexit 1")
            let result = try harness.rterm(
                ["-i", harness.sshd.keys + "/id_ed25519_pass", "-l", "nobody", "-o", "PreferredAuthentications=publickey"],
                "true", environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"])
            #expect(result.status == 255)
            #expect(!FileManager.default.fileExists(atPath: count))
        }

        @Test(arguments: ["password", "keyboard-interactive"])
        func passwordMethodsLogIn(_ method: String) throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            try #require(!harness.sshd.passwordUser.isEmpty, "the password user needs root (CI runs as root)")
            let result = try harness.rterm(
                ["-vvv", "-l", harness.sshd.passwordUser, "-o", "PreferredAuthentications=\(method)"], "whoami",
                environment: ["SSH_ASKPASS": harness.sshd["ASKPASS_PASSWORD"], "SSH_ASKPASS_REQUIRE": "force"])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == harness.sshd.passwordUser + "\n")
            #expect(result.errorOutput.contains("using \"\(method)\""))
            #expect(!result.errorOutput.contains(harness.sshd["PASSWORD"]), "the password was logged")
            let accepted = method == "password" ? "Accepted password for" : "Accepted keyboard-interactive/pam for"
            let line = "\(accepted) \(harness.sshd.passwordUser)"
            #expect(harness.serverLog { $0.contains(line) }.contains(line))
        }

        @Test func rsaKeyGivesOneClearLine() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let result = try harness.rterm(
                ["-i", harness.sshd.keys + "/id_rsa", "-o", "BatchMode=yes"], "echo rsa-ok")
            if result.status == 0 {
                // libssh2 >= 1.11 signs with rsa-sha2: RSA must simply work.
                #expect(result.outputText == "rsa-ok\n")
                return
            }
            #expect(result.status == 255)
            #expect(result.isOneErrorLine, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("RSA key"))
            #expect(result.errorOutput.contains("ed25519"))
        }
    }
}
