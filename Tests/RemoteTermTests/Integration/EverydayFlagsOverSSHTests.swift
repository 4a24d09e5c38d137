import Foundation
import Testing

/// ssh's everyday flags against the test sshd: accepted, and doing what they say.
extension SSHIntegrationTests {
    @Suite struct EverydayFlagsOverSSHTests {
        @Test func ipv4AndCompressionConnect() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let result = try harness.rterm(["-4", "-C"], "echo compressed")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "compressed\n")
            #expect(harness.serverLog { $0.contains("Enabling compression") }.contains("Enabling compression"))
        }

        @Test func agentForwardingSaysOneLineAndQuietSilencesIt() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let loud = try harness.rterm(["-A"], "echo ok")
            #expect(loud.status == 0)
            #expect(loud.errorLines.count == 1 && loud.errorLines[0].hasPrefix("rterm: agent forwarding (-A, ForwardAgent) is not available"),
                "\(loud.errorOutput)")
            let quiet = try harness.rterm(["-q", "-A"], "echo ok")
            #expect(quiet.status == 0)
            #expect(quiet.errorOutput.isEmpty, "\(quiet.errorOutput)")
        }

        @Test func theLogGoesToTheFileOfDashE() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let file = harness.process.home + "/rterm.log"
            let result = try harness.rterm(["-v", "-E", file], "echo logged")
            #expect(result.status == 0)
            #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            let log = try String(contentsOfFile: file, encoding: .utf8)
            #expect(log.contains("debug1: connection established"))
        }

        @Test func dashNReadsNoInputAndHarmlessFlagsAreTaken() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let input = try harness.process.file("input", "not read\n")
            let result = try harness.rterm(["-n", "-a", "-x"], "cat; echo done", input: input)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "done\n")
        }
    }
}
