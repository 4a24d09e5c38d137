import Foundation
import Testing

/// docs/files.md as a reader uses it, against the test sshd: every name (`box`, `bastion`)
/// is the test server through ~/.ssh/config, and each example line runs through bash as
/// written (the port and user of `-P 2222 me@box` are the test server's).
extension SSHIntegrationTests {
    @Suite struct FilesDocsTests {
        @Test func theExamplesRunAsWritten() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(
                extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n  HostName \(sshd.host)\n  Port \(sshd.port)\n")
            let remoteNames = ["notes.txt", "releases", "www", "backup.db", "big.iso", "logs", "report.pdf"]
            defer {
                harness.remove()
                for name in remoteNames { try? FileManager.default.removeItem(atPath: sshd.userHome + "/" + name) }
            }
            let home = harness.process.home
            let files = [
                "notes.txt": "notes\n", "build/app.tar.gz": "app\n", "site/index.html": "<p>hi</p>\n",
                "site/css/a.css": "p {}\n", "backup.db": "db\n", "big.iso": String(repeating: "iso", count: 100_000),
            ]
            for (name, text) in files {
                let path = home + "/" + name
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            }
            let remote = try harness.rterm(
                ["-T"], "mkdir -p releases logs && echo today > logs/today.log && echo pdf > report.pdf")
            #expect(remote.status == 0, "\(remote.errorOutput)")

            let block = try docsCodeBlock("docs/files.md", after: "For example:")
            let lines = block.split(separator: "\n").map { String($0.split(separator: "#")[0]).trimmingCharacters(in: .whitespaces) }
            #expect(lines.count == 7)
            for line in lines {
                let command = line.replacingOccurrences(of: "-P 2222", with: "-P \(sshd.port)")
                    .replacingOccurrences(of: "me@box", with: "\(sshd.userName)@box")
                let result = try harness.process.run(["-c", command], timeLimit: 60, executable: "/bin/bash")
                #expect(result.status == 0 && result.errorOutput.isEmpty, "\(command): \(result.errorOutput)")
            }
            func remoteText(_ name: String) -> String? { try? String(contentsOfFile: sshd.userHome + "/" + name, encoding: .utf8) }
            #expect(remoteText("notes.txt") == "notes\n")
            #expect(remoteText("releases/app.tar.gz") == "app\n")
            #expect(remoteText("www/index.html") == "<p>hi</p>\n" && remoteText("www/css/a.css") == "p {}\n")
            #expect(remoteText("backup.db") == "db\n")
            #expect(remoteText("big.iso") == files["big.iso"])
            #expect(try String(contentsOfFile: home + "/today.log", encoding: .utf8) == "today\n")
            #expect(try String(contentsOfFile: home + "/report.pdf", encoding: .utf8) == "pdf\n")
        }
    }
}
