import Foundation
import Testing

@testable import RemoteTermCore
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Closing an SSH transport never stops its caller, the loop: on a link that stalled, the
/// goodbye (the channel's CLOSE, then the disconnect, answered by no one) waits up to 1.5 s,
/// on a thread of its own (`SSHConnectionCloser`). In-process against the test sshd through
/// `Scripts/test-relay`, which holds everything once told to stall.
extension SSHIntegrationTests {
    @Suite struct SSHTransportCloseTests {
        let harness: SSHHarness
        let relay: TestRelay

        init() throws {
            let sshd = try #require(TestSSHD.current)
            relay = try TestRelay(targetPort: try #require(Int(sshd.port)))
            harness = try SSHHarness.withTestKey()
        }

        /// A shell's transport to the test sshd through the relay, connected.
        func connect() throws -> Transport {
            let words = [
                "-F", harness.config, "-o", "StrictHostKeyChecking=accept-new",
                "-o", "UserKnownHostsFile=\(harness.process.home)/kh", "-p", String(relay.port), "127.0.0.1",
            ]
            let plan = try SessionTarget.parse(words).plan(
                terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true),
                environment: ["HOME": harness.process.home], log: SSHLog(verbosity: 0) { _ in })
            switch plan.connect(prompts: nil, clock: SystemClock()) {
            case .connected(let transport): return transport
            case .failed(let ending, _): throw TestSSHDError(message: "could not connect: \(ending)")
            }
        }

        @Test func closingOnAStalledLinkReturnsAtOnceAndTheGoodbyeEndsOnItsOwn() throws {
            defer { harness.remove() }
            let transport = try connect()
            try relay.stall()
            let start = ContinuousClock.now
            transport.close()
            let took = ContinuousClock.now - start
            // Before: 0.5 s for the channel's CLOSE to be answered, then 1 s more for the
            // disconnect, all on the caller's thread.
            #expect(took < .milliseconds(300), "close() took \(took)")
            #expect(SSHConnectionCloser.shared.waitForPending(timeout: 20), "the goodbye is bounded")
            try relay.resume()
        }
    }
}
