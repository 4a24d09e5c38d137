import Foundation
import Testing

extension SSHIntegrationTests {
    /// Every failure gives one `rterm:` line and exit 255, within ConnectTimeout; never a
    /// hang, never a crash.
    @Suite struct BadInput {
        static let timeout = 2
        /// A failure that ends by the timeout ends well before the test's own 20 s limit (which
        /// would mean it hung); the margin is wide so that a loaded machine never fails it.
        static let withinTimeout = Double(timeout) + 8

        func expectOneLineFailure(_ result: RTermProcess.Result, mentioning text: String) {
            #expect(result.status == 255)
            #expect(result.isOneErrorLine, "stderr: \(result.errorOutput)")
            #expect(result.errorOutput.contains(text), "stderr: \(result.errorOutput)")
            #expect(result.output.isEmpty)
        }

        func run(_ harness: SSHHarness, host: String, port: UInt16, environment: [String: String] = [:],
                 options: [String] = ["-o", "BatchMode=yes"]) throws -> RTermProcess.Result {
            try harness.process.run(
                ["-F", harness.config, "-o", "ConnectTimeout=\(Self.timeout)"] + options
                    + ["-p", String(port), host, "true"],
                environment: environment, timeLimit: 20)
        }

        @Test func unreachableHost() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            // TEST-NET-1 (RFC 5737): never routed. Refused at once or timed out, by network.
            let result = try run(harness, host: "192.0.2.1", port: 22)
            expectOneLineFailure(result, mentioning: "192.0.2.1 port 22")
            #expect(result.seconds < Self.withinTimeout)
        }

        @Test func refusedPort() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let result = try run(harness, host: "127.0.0.1", port: FakeServer.closedPort())
            expectOneLineFailure(result, mentioning: "cannot connect")
        }

        @Test func nameThatDoesNotResolve() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let result = try run(harness, host: "no-such-host.invalid", port: 22)
            expectOneLineFailure(result, mentioning: "cannot resolve host name 'no-such-host.invalid'")
        }

        @Test func wrongPassword() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            try #require(!harness.sshd.passwordUser.isEmpty, "the password user needs root (CI runs as root)")
            let askpass = try harness.process.script("wrong", "echo not-the-password")
            let result = try run(
                harness, host: harness.sshd.host, port: UInt16(harness.sshd.port) ?? 0,
                environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"],
                options: ["-l", harness.sshd.passwordUser])
            expectOneLineFailure(result, mentioning: "authentication failed for \(harness.sshd.passwordUser)@")
        }

        @Test func serverClosesDuringAuthentication() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            try #require(!harness.sshd.passwordUser.isEmpty, "the password user needs root (CI runs as root)")
            let relay = try FakeServer(.relayThenClose(port: UInt16(harness.sshd.port) ?? 0, milliseconds: 600))
            defer { relay.stop() }
            // The password arrives after the relay has hung up.
            let askpass = try harness.process.script("slow", "sleep 1.5\necho \(harness.sshd["PASSWORD"])")
            // The relay listens on its own port: record the test server's key under it.
            let hostKey = try String(
                contentsOfFile: harness.sshd.directory + "/hostkeys/ssh_host_ed25519_key.pub", encoding: .utf8)
            let fields = hostKey.split(separator: " ")
            let knownHosts = try harness.process.file(
                "known_hosts_relay", "[127.0.0.1]:\(relay.port) \(fields[0]) \(fields[1])\n")
            let result = try run(
                harness, host: "127.0.0.1", port: relay.port,
                environment: ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force"],
                options: ["-l", harness.sshd.passwordUser, "-o", "PreferredAuthentications=password",
                          "-o", "UserKnownHostsFile=\(knownHosts)"])
            expectOneLineFailure(result, mentioning: "during authentication")
        }

        @Test func garbageInsteadOfABanner() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let server = try FakeServer(.garbage)
            defer { server.stop() }
            let result = try run(harness, host: "127.0.0.1", port: server.port)
            expectOneLineFailure(result, mentioning: "handshake")
            #expect(result.seconds < Self.withinTimeout)
        }

        @Test func peerThatSaysNothing() throws {
            let harness = try SSHHarness()
            defer { harness.remove() }
            let server = try FakeServer(.silent)
            defer { server.stop() }
            let result = try run(harness, host: "127.0.0.1", port: server.port)
            expectOneLineFailure(result, mentioning: "no answer")
            #expect(result.seconds >= Double(Self.timeout) - 0.1)
            #expect(result.seconds < Self.withinTimeout)
        }
    }
}
