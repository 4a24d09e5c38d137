import Foundation
import Testing

extension SSHIntegrationTests {
    /// Host key checking happens before any credential is sent.
    @Suite struct HostKeys {
        @Test func unknownHostUnderStrictCheckingIsRefusedBeforeAuthentication() throws {
            let empty = NSTemporaryDirectory() + "rterm-empty-known-hosts-" + UUID().uuidString
            let harness = try SSHHarness(knownHosts: empty)
            defer { harness.remove() }
            let user = SSHHarness.uniqueUser()
            let logStart = harness.sshd.log.utf8.count
            let result = try harness.rterm(
                ["-l", user, "-o", "IdentityAgent=SSH_AUTH_SOCK"], "true",
                environment: ["SSH_AUTH_SOCK": harness.sshd["SSH_AUTH_SOCK"]])
            #expect(result.status == 255)
            #expect(result.isOneErrorLine, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("StrictHostKeyChecking is yes"))
            #expect(!harness.serverLog(from: logStart).contains(user))
            #expect(!FileManager.default.fileExists(atPath: empty))
        }

        @Test func changedKeyIsRefusedWithTheFileAndLineAndNoCredentials() throws {
            let harness = try SSHHarness(knownHosts: TestSSHD.current.map { $0["KNOWN_HOSTS_WRONG"] } ?? "")
            defer { harness.remove() }
            let user = SSHHarness.uniqueUser()
            let logStart = harness.sshd.log.utf8.count
            // Even with StrictHostKeyChecking=no and an agent full of keys.
            let result = try harness.rterm(
                ["-l", user, "-o", "StrictHostKeyChecking=no", "-o", "IdentityAgent=SSH_AUTH_SOCK"], "true",
                environment: ["SSH_AUTH_SOCK": harness.sshd["SSH_AUTH_SOCK"]])
            #expect(result.status == 255)
            #expect(result.errorOutput.contains("REMOTE HOST IDENTIFICATION HAS CHANGED"))
            #expect(result.errorOutput.contains(harness.sshd["KNOWN_HOSTS_WRONG"] + ":1"))
            #expect(result.errorLines.last?.hasPrefix("rterm: host key verification failed") == true)
            let log = harness.serverLog(from: logStart)
            #expect(!log.contains(user), "the server saw an authentication attempt")
        }

        @Test func hashedKnownHostsEntryIsAccepted() throws {
            let harness = try SSHHarness(knownHosts: TestSSHD.current.map { $0["KNOWN_HOSTS_HASHED"] } ?? "")
            defer { harness.remove() }
            let result = try harness.rterm(["-i", harness.sshd.keys + "/id_ed25519"], "echo hashed-ok")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "hashed-ok\n")
        }

        /// GlobalKnownHostsFile is read after the user's files (and never written): a key known
        /// only there is accepted under StrictHostKeyChecking yes.
        @Test func aKeyKnownOnlyInTheGlobalFileIsAccepted() throws {
            let empty = NSTemporaryDirectory() + "rterm-empty-known-hosts-" + UUID().uuidString
            let harness = try SSHHarness(knownHosts: empty)
            defer { harness.remove() }
            let global = try #require(TestSSHD.current)["KNOWN_HOSTS"]
            let refused = try harness.rterm(["-i", harness.sshd.keys + "/id_ed25519"], "echo global-ok")
            #expect(refused.status == 255)
            let result = try harness.rterm(
                ["-i", harness.sshd.keys + "/id_ed25519", "-o", "GlobalKnownHostsFile=/no/such/file \(global)"], "echo global-ok")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "global-ok\n")
            #expect(!FileManager.default.fileExists(atPath: empty))
        }

        @Test func askAppendsExactlyOneLineAndKeepsComments() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let original = """
                # my known hosts, with a comment that must survive

                # another comment
                example.org ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOsSbCQ5ey9xDOXq3FHn2rYVKcu5ysa0BdbzstxEAbHz
                """
            let knownHosts = try harness.process.file("known_hosts_ask", original)
            let prompts = harness.process.home + "/prompts"
            let askpass = try harness.process.script(
                "askpass-yes", "echo \"$SSH_ASKPASS_PROMPT\" >> '\(prompts)'\necho yes")
            let options = ["-o", "UserKnownHostsFile=\(knownHosts)", "-i", harness.sshd.keys + "/id_ed25519"]
            let first = try harness.rterm(
                options + ["-o", "StrictHostKeyChecking=ask"], "echo asked-ok",
                environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"])
            #expect(first.status == 0, "\(first.errorOutput)")
            #expect(first.outputText == "asked-ok\n")
            #expect((try? String(contentsOfFile: prompts, encoding: .utf8)) == "confirm\n")
            let text = try String(contentsOfFile: knownHosts, encoding: .utf8)
            #expect(text.hasPrefix(original + "\n"))
            let added = text.dropFirst(original.count + 1).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(added.count == 2 && added[1].isEmpty, "expected one new line, got \(added)")
            #expect(added.first?.hasPrefix("[127.0.0.1]:\(harness.sshd.port) ssh-ed25519 ") == true)
            // The recorded key is now trusted under StrictHostKeyChecking=yes.
            let second = try harness.rterm(options + ["-o", "BatchMode=yes"], "echo known-now")
            #expect(second.status == 0, "\(second.errorOutput)")
            #expect(try String(contentsOfFile: knownHosts, encoding: .utf8) == text)
        }

        @Test func askAnsweredNoRefuses() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let knownHosts = harness.process.home + "/known_hosts_no"
            let askpass = try harness.process.script("askpass-no", "echo no")
            let result = try harness.rterm(
                ["-o", "UserKnownHostsFile=\(knownHosts)", "-o", "StrictHostKeyChecking=ask"], "true",
                environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"])
            #expect(result.status == 255)
            #expect(result.isOneErrorLine, "\(result.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: knownHosts))
        }
    }
}
