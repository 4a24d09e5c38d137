import Foundation
import Testing

/// `rterm cp` against servers that will not: each says in one line which refusal it met and
/// what to try, with exit status 255 (a server of the test's own, set up otherwise).
extension SSHIntegrationTests {
    @Suite struct CopyRefusalTests {
        static let cases: [(name: String, edit: @Sendable (String) -> String, says: String)] = [
            ("no SFTP subsystem", { $0.replacingOccurrences(of: "Subsystem sftp", with: "# Subsystem sftp") },
             "the server has no SFTP subsystem (Subsystem sftp in its sshd_config); scp -O copies without it"),
            ("no session allowed", { $0 + "MaxSessions 0\n" },
             "the server would not open another channel (its MaxSessions, or a Match block, may forbid it)"),
        ]

        @Test(arguments: 0..<2) func aRefusalIsOneLineAndExit255(_ index: Int) throws {
            let refusal = Self.cases[index]
            let server = try TestSSHD.start()
            defer { server.stop() }
            try server.reconfigure(refusal.edit)
            let process = try RTermProcess()
            defer { process.remove() }
            let file = try process.file("hi.txt", "hi\n")
            let result = try process.run([
                "cp", "-F", "none", "-o", "UserKnownHostsFile=\(server["KNOWN_HOSTS"])", "-o", "IdentitiesOnly=yes",
                "-i", server.keys + "/id_ed25519", "-P", server.port, file, "\(server.userName)@\(server.host):",
            ])
            #expect(result.status == 255, "\(refusal.name): \(result.errorOutput)")
            #expect(result.isOneErrorLine, "\(refusal.name): \(result.errorOutput)")
            #expect(result.errorOutput.contains(refusal.says), "\(refusal.name): \(result.errorOutput)")
        }
    }
}
