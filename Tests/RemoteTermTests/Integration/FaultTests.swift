import Foundation
import Testing

/// Faults on a live session, injected by the relay between rterm and the test sshd
/// (`Scripts/test-relay`): each ends in one line that names what happened, exit 255, within
/// the limit the settings give. (Faults before the session: HostileServerTests, SSHBadInputTests.)
extension SSHIntegrationTests {
    @Suite struct FaultTests {
        let harness: SSHHarness
        let relay: TestRelay

        init() throws {
            let sshd = try #require(TestSSHD.current)
            relay = try TestRelay(targetPort: try #require(Int(sshd.port)))
            harness = try SSHHarness.withTestKey()
        }

        /// `remote` run through the relay, not waited for.
        func command(_ remote: String, options: [String] = []) throws -> BackgroundProcess {
            try BackgroundProcess(
                [RTermProcess.executable, "-F", harness.config, "-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=\(harness.process.home)/kh"]
                    + options + ["-p", String(relay.port), "127.0.0.1", remote],
                environment: ["HOME": harness.process.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        }

        /// A command printing a line every 10 ms through the relay, once its output flows.
        func streaming(_ options: [String] = []) throws -> BackgroundProcess {
            let process = try command("while :; do echo tick; sleep 0.01; done", options: options)
            #expect(process.waitFor { output, _ in output.contains("tick") }, "\(process.errorOutput)")
            return process
        }

        @Test func aCorruptedStreamIsNamedAsSuch() throws {
            defer { harness.remove() }
            let session = try streaming()
            try relay.corrupt()
            #expect(session.wait(timeout: 30) == 255)
            #expect(session.errorOutput.contains("lost: the stream arrived corrupted ("), "\(session.errorOutput)")
            #expect(session.errorOutput.contains("something on the path altered bytes"))
        }

        @Test func aStalledLinkEndsAfterTheKeepalivesWithTheirFormula() throws {
            defer { harness.remove() }
            let session = try streaming(["-o", "ServerAliveInterval=1", "-o", "ServerAliveCountMax=2"])
            try relay.stall()
            #expect(session.wait(timeout: 30) == 255)
            #expect(
                session.errorOutput.contains("not responding for 2 s (ServerAliveInterval x ServerAliveCountMax)"),
                "\(session.errorOutput)")
            try relay.resume()
        }

        /// One byte a write, 1 ms apart, from the first byte of the handshake on: the session
        /// works, only slower.
        @Test func aLinkDeliveringOneByteAtATimeStillWorks() throws {
            defer { harness.remove() }
            try relay.bytewise()
            let session = try command("echo answer-$((6*7))")
            #expect(session.wait(timeout: 120) == 0, "\(session.errorOutput)")
            #expect(session.output.contains("answer-42"))
            try relay.resume()
        }

        /// The connection closed in the middle of the handshake (held, then closed): one line
        /// naming the stage, 255, at once.
        @Test func aCloseDuringTheHandshakeNamesTheStage() throws {
            defer { harness.remove() }
            try relay.stall()
            // -v: "connection established" says the TCP connection is up and the handshake held.
            let session = try command("true", options: ["-v"])
            #expect(session.waitFor { _, errors in errors.contains("connection established") }, "\(session.errorOutput)")
            try relay.close()
            #expect(session.wait(timeout: 30) == 255)
            let errors = session.errorOutput.split(separator: "\n").filter { $0.hasPrefix("rterm:") }
            #expect(errors.count == 1, "\(session.errorOutput)")
            #expect(errors.last?.contains("closed the connection during the SSH handshake") == true, "\(session.errorOutput)")
            try relay.restore()
        }

        /// The connection closed while output flows: one line saying it was lost and how (not a
        /// stale errno's "Resource temporarily unavailable"), 255.
        @Test func aCloseMidSessionSaysTheConnectionWasLost() throws {
            defer { harness.remove() }
            let session = try streaming()
            try relay.close()
            #expect(session.wait(timeout: 30) == 255)
            #expect(session.errorOutput.contains("lost: the network connection failed (transport read: closed by the other end)"), "\(session.errorOutput)")
            try relay.restore()
        }
    }
}
