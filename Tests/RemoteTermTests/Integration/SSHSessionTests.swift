import Foundation
import Testing

extension SSHIntegrationTests {
    /// Commands, streams, exit statuses, jumps.
    @Suite struct Sessions {
        static let key = ["-o", "BatchMode=yes"]

        func harness() throws -> SSHHarness {
            let sshd = try #require(TestSSHD.current)
            return try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
        }

        @Test func exitStatusIsTheRemoteOne() throws {
            let harness = try harness()
            defer { harness.remove() }
            let result = try harness.rterm(Self.key, "exit 7")
            #expect(result.status == 7, "\(result.errorOutput)")
            #expect(result.errorOutput.isEmpty)
        }

        @Test func standardOutputAndErrorStaySeparate() throws {
            let harness = try harness()
            defer { harness.remove() }
            let result = try harness.rterm(Self.key, "echo out; echo err >&2; echo out2")
            #expect(result.status == 0)
            #expect(result.outputText == "out\nout2\n")
            #expect(result.errorOutput == "err\n")
        }

        @Test func tenMegabytesArriveByteForByte() throws {
            let harness = try harness()
            defer { harness.remove() }
            // The server runs on this machine: it can read a file the test wrote.
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<10_000_000 / 8).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
            let path = harness.process.home + "/ten-megabytes"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try harness.rterm(Self.key, "cat '\(path)'")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output.count == bytes.count)
            #expect(result.output == Data(bytes))
        }

        @Test func standardInputIsForwardedUntilEOF() throws {
            let harness = try harness()
            defer { harness.remove() }
            let path = harness.process.home + "/input"
            try Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: path))
            let result = try harness.rterm(Self.key, "wc -c", input: path)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == "3000001")
        }

        @Test func remoteSignalIsNamedAndGives255() throws {
            let harness = try harness()
            defer { harness.remove() }
            let result = try harness.rterm(Self.key, "kill -TERM $$")
            #expect(result.status == 255)
            #expect(result.errorOutput == "rterm: remote command killed by signal TERM\n")
        }

        @Test func forcedPseudoTerminalHasTheTypeAndSize() throws {
            let harness = try harness()
            defer { harness.remove() }
            let result = try harness.rterm(Self.key + ["-tt"], "stty size; echo $TERM")
            #expect(result.status == 0, "\(result.errorOutput)")
            // No local terminal: the default 24x80.
            #expect(result.outputText == "24 80\r\nxterm-256color\r\n")
        }

        @Test func setEnvIsSentAndARefusalIsNotFatal() throws {
            let harness = try harness()
            defer { harness.remove() }
            let result = try harness.rterm(
                Self.key + ["-o", "SetEnv=RTERM_GREETING=hello NOT_ACCEPTED=x"],
                "echo \"$RTERM_GREETING/$NOT_ACCEPTED\"")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "hello/\n")
        }

        @Test func proxyJumpTwiceThroughTheSameServer() throws {
            let harness = try harness()
            defer { harness.remove() }
            let hop = "\(harness.sshd.host):\(harness.sshd.port)"
            let result = try harness.rterm(Self.key + ["-v", "-J", "\(hop),\(hop)"], "echo through-two-jumps")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "through-two-jumps\n")
            #expect(result.errorOutput.components(separatedBy: "through jump host").count == 3)
        }

        @Test func bulkDataThroughAJump() throws {
            let harness = try harness()
            defer { harness.remove() }
            let hop = "\(harness.sshd.host):\(harness.sshd.port)"
            let path = harness.process.home + "/jump-input"
            try Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: URL(fileURLWithPath: path))
            let result = try harness.rterm(Self.key + ["-J", hop], "cat", input: path)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output == (try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    
        @Test func deadLinkIsNoticedByKeepalives() throws {
            let harness = try harness()
            defer { harness.remove() }
            let relay = try FakeServer(.relayThenStall(port: UInt16(harness.sshd.port) ?? 0, milliseconds: 1500))
            defer { relay.stop() }
            let hostKey = try String(
                contentsOfFile: harness.sshd.directory + "/hostkeys/ssh_host_ed25519_key.pub", encoding: .utf8)
            let fields = hostKey.split(separator: " ")
            let knownHosts = try harness.process.file(
                "known_hosts_relay", "[127.0.0.1]:\(relay.port) \(fields[0]) \(fields[1])\n")
            let result = try harness.process.run(
                ["-F", harness.config, "-o", "BatchMode=yes", "-o", "UserKnownHostsFile=\(knownHosts)",
                 "-o", "ServerAliveInterval=1", "-o", "ServerAliveCountMax=1",
                 "-p", String(relay.port), "127.0.0.1", "echo started; sleep 60"],
                timeLimit: 20)
            #expect(result.status == 255)
            #expect(result.outputText == "started\n")
            #expect(result.isOneErrorLine, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("not responding"))
            // Silence from 1.5 s on; declared dead 2 s (1 x (1 + 1)) after the last byte, long
            // before the remote's `sleep 60` or the test's 20 s limit (wide for a loaded machine).
            #expect(result.seconds < 12)
        }
    }
}
