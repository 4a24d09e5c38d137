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

        /// A command printing a line every 10 ms through the relay, once its output flows.
        func streaming(_ options: [String] = []) throws -> BackgroundProcess {
            let process = try BackgroundProcess(
                [RTermProcess.executable, "-F", harness.config, "-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=\(harness.process.home)/kh"]
                    + options + ["-p", String(relay.port), "127.0.0.1", "while :; do echo tick; sleep 0.01; done"],
                environment: ["HOME": harness.process.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
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
    }
}
