import Foundation
import Testing

/// `rterm script`, third round, from the command line as a new user copies it from
/// docs/script-format.md: golden screens written, passing with a time masked and failing
/// with a diff when the screen changes; a value captured and used later; an include; the
/// trace in a file and in the JUnit report.
@Suite struct ScriptThirdRoundTests {
    /// The block of docs/script-format.md fenced as "```sh NAME".
    static func docBlock(_ name: String) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/script-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return try #require(text.components(separatedBy: "```sh \(name)\n").dropFirst().first?.components(separatedBy: "```").first)
    }

    static let bash = ["--local", "--", "bash", "--norc", "--noprofile"]

    static func script(_ process: RTermProcess, _ file: String, _ options: [String] = []) throws -> RTermProcess.Result {
        try process.run(
            ["script", file] + options + ["--"] + bash,
            environment: ["PS1": "$ ", "TMPDIR": process.home], timeLimit: 60)
    }

    /// The command lines documented after a block ("```sh NAME", then a plain "```" block).
    static func docCommands(after name: String) throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/script-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let after = try #require(text.components(separatedBy: "```sh \(name)\n").dropFirst().first)
        let block = try #require(after.components(separatedBy: "```\n").dropFirst(2).first)
        return block.split(separator: "\n").map(String.init)
    }

    @Test func theDocsGoldenScreenIsWrittenThenPassesThenFailsWithADiffWhenTheScreenChanges() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        _ = try process.file("clock.rts", try Self.docBlock("golden"))
        let commands = try Self.docCommands(after: "golden")
        try #require(commands.count == 2 && commands[0].contains("--update-snapshots"))
        // As documented, in the script's directory (HOME here): the golden file beside it.
        func run(_ line: String) throws -> RTermProcess.Result {
            try process.run(["-c", line], environment: ["PS1": "$ "], timeLimit: 60, executable: "/bin/sh")
        }
        let golden = process.home + "/clock.golden.txt"
        let written = try run(commands[0])
        #expect(written.status == 0, "\(written.errorOutput)")
        let first = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(first.contains(" at ") && first.contains("\ndone\n"))
        // Another time and another pid, masked: the golden screen is given values no run can
        // show (rather than waiting for the clock to tick), and the run still passes.
        let elsewhen = try #require(try Regex(#"pid \d+ at \d\d:\d\d:\d\d"#).firstMatch(in: first))
        let other = first.replacingCharacters(in: elsewhen.range, with: "pid 1 at 99:99:99")
        try other.write(toFile: golden, atomically: true, encoding: .utf8)
        let again = try run(commands[1])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try String(contentsOfFile: process.home + "/clock.txt", encoding: .utf8) != other)
        // The screen changes (here: the golden one says something else): exit 1, a row diff.
        try first.replacingOccurrences(of: "done", with: "finished").write(toFile: golden, atomically: true, encoding: .utf8)
        let changed = try run(commands[1])
        #expect(changed.status == 1)
        #expect(changed.errorOutput.contains("clock.rts:5:1: snapshot clock: the screen differs from"), "\(changed.errorOutput)")
        #expect(changed.errorOutput.contains("    expected \"finished\"\n    actual   \"done\""))
        #expect(FileManager.default.fileExists(atPath: process.home + "/clock.golden.svg"))
    }

    @Test func theDocsCapturedValueIsUsedLaterAndTheLogoutIncluded() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = try process.file("values.rts", try Self.docBlock("values"))
        _ = try process.file("logout.rts", try Self.docBlock("logout.rts"))
        let trace = process.home + "/trace.txt"
        let junit = process.home + "/report.xml"
        let result = try Self.script(process, file, ["--trace", trace, "--junit", junit])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.allSatisfy { $0.contains("  ok  ") })
        #expect(lines.last?.hasSuffix("logout.rts:2:1  expect-exit 0") == true)
        #expect(lines[3].hasSuffix("values.rts:6:1  type \"echo the id was ${ID}\\r\""))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<system-err>trace:\n"))
    }

    @Test func aReferenceThatCannotBeFilledInIsOneLineBeforeConnecting() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = try process.file("bad.rts", "type \"${env:RTERM_NOT_SET_ANYWHERE}\\r\"\n")
        let result = try process.run(["script", file, "--", "-F", "none", "nonexistent.invalid"], timeLimit: 30)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.hasSuffix("/bad.rts:1:7: ${env:RTERM_NOT_SET_ANYWHERE}: RTERM_NOT_SET_ANYWHERE is not set in the environment") == true)
    }
}
