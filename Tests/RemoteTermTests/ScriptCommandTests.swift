import Foundation
import Testing

/// `rterm script` as CI runs it: no terminal, stdin from /dev/null, a local shell as the
/// target (the SSH target is in `Integration/ScriptOverSSHTests`).
@Suite struct ScriptCommandTests {
    static func run(_ script: String, target: [String] = ["--local", "--", "bash", "--norc", "--noprofile"])
        throws -> RTermProcess.Result
    {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = try process.file("smoke.rts", script)
        return try process.run(["script", file, "--"] + target, environment: ["PS1": "$ "], timeLimit: 60)
    }

    @Test func aPassingScriptExitsZero() throws {
        let result = try Self.run(
            """
            size 10x40
            set timeout 10s
            wait /^\\$$/
            type "echo hello-script\\r"
            wait /^hello-script$/
            type "stty size\\r"
            wait /^10 40$/
            resize 12x50
            type "stty size\\r"
            wait /^12 50$/
            type "exit 3\\r"
            expect-exit 3
            """)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.isEmpty)
        // One line says it passed.
        #expect(result.outputText.hasPrefix("passed: "), "\(result.outputText)")
        #expect(result.outputText.contains(", 12 steps in "))
        #expect(result.outputText.split(separator: "\n").count == 1)
    }

    @Test func aFailingStepExitsOneWithTheScreen() throws {
        let result = try Self.run(
            """
            set timeout 1s
            wait /^\\$$/
            type "echo actual-output\\r"
            wait /^expected-output$/
            """)
        #expect(result.status == 1)
        let lines = result.errorLines
        #expect(lines.first?.hasSuffix("smoke.rts:4:1: wait /^expected-output$/: timed out after 1s waiting for /^expected-output$/") == true,
                "\(result.errorOutput)")
        #expect(result.errorOutput.contains("|actual-output"))
        #expect(result.errorOutput.contains("+--------"))
    }

    @Test func expectScreenComparesRows() throws {
        let passing = try Self.run(
            """
            size 5x20
            set timeout 5s
            wait /^\\$$/
            type "clear; printf 'one\\\\ntwo\\\\n'\\r"
            expect-screen rows 1-2
            | one
            | two
            type "exit\\r"
            expect-exit 0
            """)
        #expect(passing.status == 0, "\(passing.errorOutput)")
        let failing = try Self.run(
            """
            size 5x20
            set timeout 1s
            wait /^\\$$/
            expect-screen rows 1
            | something else
            """)
        #expect(failing.status == 1)
        #expect(failing.errorOutput.contains("expect-screen: the screen differs"))
    }

    @Test func aBadScriptIsRejectedBeforeConnecting() throws {
        let result = try Self.run("size 0x5\n", target: ["no-such-host.invalid"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.contains("smoke.rts:1:") == true, "\(result.errorOutput)")
    }

    @Test func vimDrivenByClickingEsc() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let text = try process.file("note.txt", "first\n")
        let file = try process.file(
            "vim.rts",
            """
            set timeout 10s
            wait /first/
            type "Osecond"
            click Esc
            type ":wq\\r"
            expect-exit 0
            """)
        let result = try process.run(["script", file, "--", "--local", "--", "vim", "-u", "NONE", text], timeLimit: 60)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "second\nfirst\n")
    }

    @Test func aRecordingIsAsciicastAndReplaysToTheSameScreen() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let cast = process.home + "/session.cast"
        let screen = process.home + "/final"
        let file = try process.file(
            "rec.rts",
            """
            size 8x30
            set timeout 10s
            wait /^\\$$/
            type "printf 'col\\\\033[1;31mred\\\\033[0m \\\\344\\\\270\\\\255\\\\n'\\r"
            wait /red/
            resize 9x32
            click Tab
            snapshot final
            """)
        let result = try process.run(
            ["script", file, "--record", cast, "--snapshots", process.home, "--", "--local", "--", "bash", "--norc", "--noprofile"],
            environment: ["PS1": "$ "], timeLimit: 60)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 30 && header["height"] as? Int == 8)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        var last = -1.0
        var codes = Set<String>()
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double)
            #expect(time >= last, "times must not go back")
            last = time
            codes.insert(try #require(event[1] as? String))
            #expect(event[2] is String)
        }
        #expect(codes == ["o", "i", "r", "m"])
        #expect(lines.contains { $0.contains("\"m\",\"click Tab\"") })
        let replay = try process.run(["render", cast])
        #expect(replay.outputText == (try String(contentsOfFile: screen + ".txt", encoding: .utf8)))
    }

    @Test func fanOutRunsEveryTargetAndReports() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = try process.file("fan.rts", "set timeout 10s\ntype \"exit 0\\r\"\nexpect-exit 0\n")
        let hosts = try process.file(
            "hosts",
            """
            # three targets, one of which fails
            --local -- bash --norc --noprofile
            --local -- /bin/false
            --local -- bash --norc --noprofile   # again
            """)
        let junit = process.home + "/report.xml"
        let result = try process.run(["script", file, "--hosts", hosts, "-j", "2", "--junit", junit], timeLimit: 60)
        #expect(result.status == 1)
        // The closing line names the failed target; the next says why.
        #expect(result.outputText.contains("2 passed, 1 failed: --local -- /bin/false\n"), "\(result.outputText)")
        #expect(result.outputText.hasSuffix("expect-exit 0: the session ended with exit status 1: --local -- /bin/false\n"))
        // One prefix on the failure's line.
        #expect(result.errorLines.contains { $0.hasPrefix("rterm: --local -- /bin/false: ") && !$0.contains(": rterm: ") },
            "\(result.errorOutput)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count == 4)
        #expect(xml.contains("tests=\"3\" failures=\"1\""))
        #expect(xml.contains("/bin/false"))
    }
}
