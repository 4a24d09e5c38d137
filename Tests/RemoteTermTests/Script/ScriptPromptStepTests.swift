import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `wait-prompt` and `expect-status`: parsed, and run in-process against a tiny remote that
/// marks its prompts (OSC 133) on a memory transport and the manual clock, so a timeout
/// passes at once and exactly. The real shells' lines are run in `PromptMarksDocsTests`.
@Suite struct ScriptPromptStepTests {
    /// A remote shell that marks its prompts: `A` and `$ ` for each prompt, `C` when a
    /// command runs and `D;N` when it ends. `false` fails with 1, `true` succeeds, `exit N`
    /// gives N, `nostatus` ends without a status; `slow` only echoes (its marks and the next
    /// prompt have not come yet), `run` marks that it runs and never ends.
    final class MarkingShell {
        static let prompt = "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}"
        let transport: MemoryTransport
        private var line = ""

        init(marks: Bool = true) {
            transport = MemoryTransport(output: Array((marks ? Self.prompt : "$ ").utf8), exit: .status(0), outputEnds: false)
            transport.respond = { [unowned self] bytes in self.answer(bytes, marks: marks) }
        }

        private func answer(_ bytes: [UInt8], marks: Bool) -> [UInt8] {
            var out = ""
            for byte in bytes {
                if byte == 0x0D {
                    out += "\r\n" + (marks ? run(line) : "$ ")
                    line = ""
                } else if byte >= 0x20 {
                    line.unicodeScalars.append(Unicode.Scalar(byte))
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                }
            }
            return Array(out.utf8)
        }

        private func run(_ command: String) -> String {
            let started = "\u{1B}]133;C\u{07}"
            func ended(_ status: String) -> String { started + "\u{1B}]133;D\(status)\u{07}" + Self.prompt }
            switch command {
            case "": return Self.prompt
            case "true": return ended(";0")
            case "false": return ended(";1")
            case "nostatus": return ended("")
            case "slow": return ""
            case "run": return started
            case let exit where exit.hasPrefix("exit "): return ended(";" + exit.dropFirst(5))
            default: return "?\r\n" + ended(";127")
            }
        }
    }

    /// Runs `text` against a fresh shell; returns the failure, if any.
    static func run(_ text: String, marks: Bool = true) throws -> ScriptRunner.Failure? {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let shell = MarkingShell(marks: marks)
        let session = Session(rows: 5, columns: 40, clock: clock)
        session.attach(shell.transport)
        let runner = ScriptRunner(session: session, loop: loop)
        let script = try Script(parsing: text, file: "test.script")
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Parsing

    @Test(arguments: [
        ("wait-prompt", ScriptStep.Kind.waitPrompt(timeout: nil)),
        ("wait-prompt timeout 5s", .waitPrompt(timeout: 5)),
        ("wait-prompt 200ms", .waitPrompt(timeout: 0.2)),
        ("expect-status 0", .expectStatus(code: 0)),
        ("expect-status 255", .expectStatus(code: 255)),
    ])
    func theStepsParse(_ text: String, _ kind: ScriptStep.Kind) throws {
        #expect(try ScriptParser.parse(text, file: "t.script").steps.map(\.kind) == [kind])
    }

    @Test(arguments: [
        ("wait-prompt 0s", "bad.script:1:13: timeout '0s' must be more than zero"),
        ("wait-prompt timeout", "bad.script:1:20: 'wait-prompt' needs a timeout such as 10s"),
        ("wait-prompt soon", "bad.script:1:13: bad duration 'soon': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m"),
        ("wait-prompt 5s now", "bad.script:1:16: unexpected 'now' after the arguments of 'wait-prompt'"),
        ("expect-status", "bad.script:1:14: 'expect-status' needs a command's status 0-255"),
        ("expect-status 256", "bad.script:1:15: bad status '256': expected a number from 0 to 255"),
        ("expect-status one", "bad.script:1:15: bad status 'one': expected a number from 0 to 255"),
    ])
    func badStepsSayWhy(_ text: String, _ message: String) {
        do {
            let script = try ScriptParser.parse(text, file: "bad.script")
            Issue.record("parsed: \(script.steps)")
        } catch {
            #expect(error.description == message)
        }
    }

    // MARK: - Running

    @Test func statusesAndPromptsPass() throws {
        let failure = try Self.run(
            """
            set timeout 10s
            wait-prompt
            wait-prompt
            type "false\\r"
            expect-status 1
            type "true\\r"
            wait-prompt
            expect-status 0
            wait-prompt
            type "exit 3\\r"
            expect-status 3
            """)
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    /// Right after the command is typed the prompt it was typed at is still shown: that one
    /// does not count.
    @Test func thePromptTheCommandWasTypedAtDoesNotCount() throws {
        let failure = try #require(try Self.run("wait-prompt\ntype \"slow\\r\"\nwait-prompt timeout 2s\n"))
        #expect(failure.location.line == 3)
        #expect(failure.step == "wait-prompt")
        #expect(failure.message == "no new prompt within 2s after the last input")
        #expect(failure.screen.contains("|$ slow"), "\(failure.screen)")
        let running = try #require(try Self.run("wait-prompt\ntype \"run\\r\"\nwait-prompt timeout 2s\n"))
        #expect(running.message == "the command still runs after 2s (no prompt since the last input)")
        let status = try #require(try Self.run("set timeout 1s\nwait-prompt\ntype \"slow\\r\"\nexpect-status 0\n"))
        #expect(status.step == "expect-status 0")
        #expect(status.message == "no new prompt within 1s after the last input")
    }

    @Test func aWrongStatusSaysWhatTheShellReported() throws {
        let failure = try #require(try Self.run("wait-prompt\ntype \"false\\r\"\nexpect-status 0\n"))
        #expect(failure.status == 1)
        #expect(failure.location.line == 3)
        #expect(failure.description.hasPrefix("test.script:3:1: expect-status 0: the last command's status is 1, not 0\n+---"))
        #expect(failure.screen.contains("|$ false "), "\(failure.screen)")
        #expect(failure.screen.hasSuffix("cursor=2,3"), "\(failure.screen)")
        let none = try #require(try Self.run("wait-prompt\ntype \"nostatus\\r\"\nexpect-status 0\n"))
        #expect(none.message == "the shell reported no status for the last command (OSC 133 ; D without one)")
        let notYet = try #require(try Self.run("expect-status 0\n"))
        #expect(notYet.message == "no command has finished yet (the shell marked no OSC 133 ; D)")
    }

    @Test func aShellWithoutMarksIsToldWhereToReadHowToSetThemUp() throws {
        let failure = try #require(try Self.run("set timeout 3s\nwait-prompt\n", marks: false))
        #expect(failure.message == ScriptRunner.promptMarksHelp)
        #expect(failure.message.contains("docs/ssh.md, Prompt marks"))
        let status = try #require(try Self.run("set timeout 3s\ntype \"true\\r\"\nexpect-status 0\n", marks: false))
        #expect(status.message == ScriptRunner.promptMarksHelp)
    }
}
