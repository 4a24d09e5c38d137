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
            #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("rterm: dead-01: cannot connect to"), "\(result.errorOutput)")
            let failed = try String(contentsOfFile: harness.process.home + "/failed.txt", encoding: .utf8)
            #expect(failed == "-p 1 dead-01\n")
        }

        /// A tree with times, modes and a link (`-r -p`) to three hosts on the fleet's engine,
        /// two at a time: each gets it, and an entry that is not a file to copy (a named pipe)
        /// is one line per host, under its name, and status 1.
        @Test func aTreeGoesToEveryHostWithItsModesAndAFailedFileIsALinePerHost() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(
                extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n  HostName \(sshd.host)\n  Port \(sshd.port)\n")
            let names = ["db-1", "db-2", "db-3"]
            defer {
                harness.remove()
                for name in names { try? FileManager.default.removeItem(atPath: "\(sshd.userHome)/tree-\(name)") }
            }
            let tree = harness.process.home + "/tree"
            try FileManager.default.createDirectory(atPath: tree + "/sub", withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: tree + "/a.txt", contents: Data("a\n".utf8)))
            #expect(FileManager.default.createFile(atPath: tree + "/sub/tool", contents: Data("#!/bin/sh\n".utf8)))
            chmod(tree + "/sub/tool", 0o750)
            // A named pipe is not a file to copy: one line per host.
            #expect(mkfifo(tree + "/sub/pipe", 0o600) == 0)
            symlink("a.txt", tree + "/link")
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, tree + "/a.txt", &times, 0) == 0)
            _ = try harness.process.file("hosts.txt", names.joined(separator: "\n") + "\n")
            let result = try harness.process.run(
                ["-c", "cd '\(harness.process.home)' && '\(RTermProcess.executable)' cp --hosts hosts.txt -j 2 -r -p -F '\(harness.config)' tree ':tree-%h'"],
                timeLimit: 60, executable: "/bin/bash")
            #expect(result.status == 1, "\(result.errorOutput)")
            #expect(result.errorLines.sorted() == names.map { "rterm: \($0): tree/sub/pipe: not a regular file" }, "\(result.errorOutput)")
            for name in names {
                let root = "\(sshd.userHome)/tree-\(name)"
                #expect((try? String(contentsOfFile: root + "/a.txt", encoding: .utf8)) == "a\n", "\(name)")
                var info = stat()
                #expect(stat(root + "/a.txt", &info) == 0 && info.st_mtim.tv_sec == 1_000_000_000, "\(name)")
                #expect(stat(root + "/sub/tool", &info) == 0 && info.st_mode & 0o777 == 0o750, "\(name)")
                #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/link")) == "a.txt", "\(name)")
            }
            #expect(result.outputText.hasPrefix("0 passed, 3 failed"), "\(result.outputText)")
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
