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
}
