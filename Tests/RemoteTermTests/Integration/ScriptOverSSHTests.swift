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
    }
}
