import Foundation
import Testing

/// `rterm cp --hosts`: docs/files.md's fleet example as written, against 20 names that
/// ~/.ssh/config sends to the test sshd and one that nothing answers: every host gets its
/// own `%h` file, the dead one is named in the summary, in `--failed-hosts` and on standard
/// error, and the status is 1.
extension SSHIntegrationTests {
    @Suite struct CopyFleetTests {
        @Test func twentyHostsReceiveAFileAtTheirOwnPath() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(
                extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n  HostName \(sshd.host)\n  Port \(sshd.port)\n")
            let names = (1...20).map { String(format: "web-%02d", $0) }
            defer {
                harness.remove()
                for name in names { try? FileManager.default.removeItem(atPath: "\(sshd.userHome)/motd-\(name).txt") }
            }
            _ = try harness.process.file("hosts.txt", names.joined(separator: "\n") + "\n-p 1 dead-01\n")
            _ = try harness.process.file("motd.txt", "welcome\n")
            let example = try docsCodeBlock("docs/files.md", after: "## To every host of a fleet")
            let result = try harness.process.run(["-c", example], timeLimit: 60, executable: "/bin/bash")
            #expect(result.status == 1, "\(result.errorOutput)")
            for name in names {
                let text = try? String(contentsOfFile: "\(sshd.userHome)/motd-\(name).txt", encoding: .utf8)
                #expect(text == "welcome\n", "\(name)")
            }
            #expect(result.outputText.hasPrefix("20 passed, 1 failed: dead-01\n"), "\(result.outputText)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("dead-01: cannot connect to"), "\(result.errorOutput)")
            let failed = try String(contentsOfFile: harness.process.home + "/failed.txt", encoding: .utf8)
            #expect(failed == "-p 1 dead-01\n")
        }

        @Test func theTargetMustBeAColonPath() throws {
            let process = try RTermProcess()
            defer { process.remove() }
            let result = try process.run(["cp", "--hosts", process.home + "/nowhere", "a.txt", "dir/"])
            #expect(result.status == 2)
            #expect(result.errorLines.first == "rterm cp --hosts: give SOURCE... and the target as :PATH (the path on every host)")
        }
    }
}
