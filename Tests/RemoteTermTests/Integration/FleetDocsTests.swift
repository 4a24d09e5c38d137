import Foundation
import Testing

/// docs/fleet.md as a reader uses it, against the test sshd (its host names mapped to the
/// server by ~/.ssh/config): the hosts file, every `sh` example, the smoke script, and the
/// two CI examples: the YAML parsed (Debian's python3-yaml), and each `rterm` line run as
/// the CI system would run it, every shard with its own matrix variables, then the merge.
extension SSHIntegrationTests {
    @Suite struct FleetDocsTests {
        static let doc = "docs/fleet.md"

        /// A home whose ~/.ssh/config sends every name to the test sshd, with the docs'
        /// hosts.txt and smoke.rts in it.
        static func home() throws -> SSHHarness {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness(
                extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n  HostName \(sshd.host)\n  Port \(sshd.port)\n")
            let config = try String(contentsOfFile: harness.config, encoding: .utf8)
            _ = try harness.process.file(".ssh/config", config)
            _ = try harness.process.file("hosts.txt", try docsCodeBlock(doc, after: "## A hosts file"))
            _ = try harness.process.file("smoke.rts", try docsCodeBlock(doc, after: "The smoke script both examples run"))
            return harness
        }

        /// Runs one documented shell line in the home, as a CI system would (`bash -c`).
        static func shell(_ harness: SSHHarness, _ line: String, environment: [String: String] = [:]) throws
            -> RTermProcess.Result
        {
            try harness.process.run(["-c", line], environment: environment, timeLimit: 90, executable: "/bin/bash")
        }

        /// The hosts file's db-02 line asks for port 2222, where nothing listens here: it is
        /// the failed host of every example.
        static let failedLine = "3 passed, 1 failed: db-02"

        @Test func theShellExamplesRunAsWritten() throws {
            let harness = try Self.home()
            defer { harness.remove() }
            let uptime = try Self.shell(harness, try docsCodeBlock(Self.doc, after: "## A command on every host"))
            #expect(uptime.status == 1, "\(uptime.errorOutput)")
            for name in ["web-01", "web-02", "db-01"] {
                #expect(uptime.outputText.contains("\(name): ") && uptime.outputText.contains("load average"))
            }
            #expect(uptime.outputText.contains(Self.failedLine + "\n"), "\(uptime.outputText)")
            #expect(uptime.errorLines.contains { $0.hasPrefix("rterm: db-02: ") })

            let merged = try Self.shell(harness, try docsCodeBlock(Self.doc, after: "the one that\ndiffers stands alone:"))
            #expect(merged.status == 1)
            #expect(merged.outputText.hasPrefix("---------------\ndb-01,web-[01-02] (3)\n---------------\n"), "\(merged.outputText)")
            #expect(merged.errorOutput.isEmpty, "\(merged.errorOutput)")

            let retry = try docsCodeBlock(Self.doc, after: "on just them:").split(separator: "\n").map(String.init)
            #expect(retry.count == 2)
            let first = try Self.shell(harness, retry[0])
            #expect(first.status == 1 && first.outputText.contains(Self.failedLine))
            #expect(try String(contentsOfFile: harness.process.home + "/failed.txt", encoding: .utf8) == "-p 2222 db-02\n")
            let second = try Self.shell(harness, retry[1])
            #expect(second.status == 1)
            #expect(second.outputText.hasPrefix("0 passed, 1 failed: db-02\n"), "\(second.outputText)")

            let script = try Self.shell(harness, try docsCodeBlock(Self.doc, after: "## A script on every host"))
            #expect(script.status == 1, "\(script.errorOutput)")
            #expect(script.outputText.hasPrefix(Self.failedLine + "\n"), "\(script.outputText)")
            let report = try String(contentsOfFile: harness.process.home + "/report.xml", encoding: .utf8)
            #expect(report.components(separatedBy: "<testcase ").count == 5)

            let merge = try docsCodeBlock(Self.doc, after: "exits\n1 when any host failed:")
            #expect(merge.hasPrefix("rterm report merge "))
        }

        /// The YAML of a documented workflow, as JSON objects.
        static func yaml(after marker: String) throws -> [String: Any] {
            let text = try docsCodeBlock(doc, after: marker)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", "import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin)))"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "the YAML after '\(marker)' does not parse")
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// The commands of a list of lines or a `run:` text that call rterm.
        static func rtermLines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("rterm ") }
        }

        @Test func theGitHubActionsMatrixShardsAndMerges() throws {
            let harness = try Self.home()
            defer { harness.remove() }
            let workflow = try Self.yaml(after: "### GitHub Actions")
            let jobs = try #require(workflow["jobs"] as? [String: Any])
            let smoke = try #require(jobs["smoke"] as? [String: Any])
            let strategy = try #require(smoke["strategy"] as? [String: Any])
            let shards = try #require((strategy["matrix"] as? [String: Any])?["shard"] as? [Any])
            let env = try #require(smoke["env"] as? [String: String])
            let steps = try #require(smoke["steps"] as? [[String: Any]])
            let lines = steps.compactMap { $0["run"] as? String }.flatMap(Self.rtermLines)
            #expect(lines.count == 1)
            #expect(steps.contains { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact") == true })
            var statuses: [Int32] = []
            for index in shards.indices {
                func expand(_ text: String) -> String {
                    text.replacingOccurrences(of: "${{ strategy.job-index }}", with: "\(index)")
                        .replacingOccurrences(of: "${{ strategy.job-total }}", with: "\(shards.count)")
                }
                let result = try Self.shell(harness, expand(lines[0]), environment: env.mapValues(expand))
                statuses.append(result.status)
            }
            // db-02, the fourth line, is the fourth shard's.
            #expect(statuses == [0, 0, 0, 1])
            let summary = try #require(jobs["summary"] as? [String: Any])
            #expect(summary["needs"] as? String == "smoke")
            #expect(summary["if"] as? String == "always()")
            let merge = (summary["steps"] as? [[String: Any]] ?? []).compactMap { $0["run"] as? String }.flatMap(Self.rtermLines)
            #expect(merge.count == 1)
            let merged = try Self.shell(harness, merge[0])
            #expect(merged.status == 1)
            #expect(merged.outputText.hasPrefix(Self.failedLine + "\n"), "\(merged.outputText)")
            let all = try String(contentsOfFile: harness.process.home + "/all.xml", encoding: .utf8)
            #expect(all.components(separatedBy: "<testsuite ").count == 5)
            #expect(try String(contentsOfFile: harness.process.home + "/failed.txt", encoding: .utf8) == "-p 2222 db-02\n")
        }

        @Test func theGitLabParallelJobShardsAndMerges() throws {
            let harness = try Self.home()
            defer { harness.remove() }
            let pipeline = try Self.yaml(after: "### GitLab CI")
            let smoke = try #require(pipeline["smoke"] as? [String: Any])
            let parallel = try #require(smoke["parallel"] as? Int)
            let lines = (smoke["script"] as? [String] ?? []).flatMap(Self.rtermLines)
            #expect(lines.count == 1)
            let reports = (smoke["artifacts"] as? [String: Any])?["reports"] as? [String: Any]
            #expect(reports?["junit"] as? String == "report-*.xml")
            var statuses: [Int32] = []
            for index in 1...parallel {
                let result = try Self.shell(
                    harness, lines[0], environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "\(parallel)"])
                statuses.append(result.status)
            }
            #expect(statuses == [0, 0, 0, 1])
            let summary = try #require(pipeline["summary"] as? [String: Any])
            #expect(summary["stage"] as? String == ".post")
            let merge = (summary["script"] as? [String] ?? []).flatMap(Self.rtermLines)
            let merged = try Self.shell(harness, try #require(merge.first))
            #expect(merged.status == 1)
            #expect(merged.outputText.hasPrefix(Self.failedLine + "\n"), "\(merged.outputText)")
        }
    }
}
