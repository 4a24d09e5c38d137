import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Every `rterm …` command in docs/ssh.md (in backticks) and in the README's SSH examples
/// must be a command line rterm takes: a new user copies them. They need real hosts to run,
/// so this parses them as rterm does; the forwarding ones run for real in ForwardingTests.
@Suite struct SSHDocExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The commands: backtick spans starting `rterm ` in ssh.md, indented lines starting
    /// `rterm ` in the README (without their `# comment`). Shell pipelines and `…` are left out.
    static func examples() throws -> [String] {
        let ssh = try String(contentsOf: root.appendingPathComponent("docs/ssh.md"), encoding: .utf8)
        var commands: [String] = []
        for (index, span) in ssh.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 && span.hasPrefix("rterm ") {
            commands.append(String(span))
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for line in readme.split(separator: "\n") where line.hasPrefix("    rterm ") {
            let command = line.dropFirst(4).split(separator: "#", maxSplits: 1)[0]
            commands.append(command.trimmingCharacters(in: .whitespaces))
        }
        return commands.filter { !$0.contains("|") && !$0.contains("…") && !$0.contains("...") }
    }

    /// Shell words: blanks separate, quotes keep.
    static func words(_ command: String) -> [String] { ShellWords.split(command) }

    @Test func thereAreForwardingExamples() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 20)
        for flag in ["-L", "-R", "-D", "-N", "-e"] {
            #expect(examples.contains { Self.words($0).contains(flag) }, "no \(flag) example")
        }
    }

    @Test func everyExampleIsACommandLineRtermTakes() throws {
        for example in try Self.examples() {
            var arguments = Array(Self.words(example).dropFirst())
            if ["script", "render"].contains(arguments.first ?? "") { continue }
            if arguments.first == "cp" {
                // `rterm cp`: scp's syntax, then the connection's words as a target.
                let line = try CopyCommandLine.parse(Array(arguments.dropFirst()))
                #expect(throws: Never.self, "\(example)") { _ = try SessionTarget.parse(line.sshWords) }
                continue
            }
            if let index = arguments.firstIndex(of: "--hosts") {
                // `rterm --hosts FILE [options]`: every line of the README's hosts.txt, with
                // the options, is a target rterm takes.
                arguments.removeSubrange(index...(index + 1))
                let lines = HostsFile.targets(text: try Self.readmeHostsFile())
                #expect(lines.count >= 4)
                for line in lines {
                    let words = HostsFile.targetWords(options: arguments, line: line.words)
                    #expect(throws: Never.self, "\(example), line \(line.line)") { _ = try SessionTarget.parse(words) }
                }
                continue
            }
            do {
                _ = try SessionTarget.parse(arguments)
            } catch {
                Issue.record("\(example): \(error)")
            }
        }
    }

    /// The README's example hosts file: the fenced block that starts `# hosts.txt`.
    static func readmeHostsFile() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return try #require(blocks.first { $0.hasPrefix("\n# hosts.txt") })
    }
}
