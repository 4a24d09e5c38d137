import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The script runner in-process: a session over a memory transport whose remote is a tiny
/// program (a prompt that echoes what it is typed and answers a few commands), on the
/// manual clock, so a timeout of ten seconds passes at once and exactly.
@Suite struct ScriptRunnerTests {
    /// A remote shell: `$ ` as its prompt, typed text echoed, Enter runs the line: `hello`
    /// prints `hello, world`, `title` sets the window title, `exit N` ends with status N,
    /// `red` prints RED in red; anything else prints `?`.
    final class Shell {
        let transport = MemoryTransport(output: Array("$ ".utf8), exit: .status(0), outputEnds: false)
        private var line = ""
        /// What the remote received, in order.
        var received: [UInt8] { transport.received }
        /// Whether it answers at all: a remote whose echo has not come back yet does not.
        var answers = true

        init() {
            transport.respond = { [unowned self] bytes in self.answer(bytes) }
        }

        private func answer(_ bytes: [UInt8]) -> [UInt8] {
            guard answers else { return [] }
            var out = ""
            for byte in bytes {
                if byte == 0x0D {
                    out += "\r\n" + run(line)
                    line = ""
                } else if byte >= 0x20 {
                    line.unicodeScalars.append(Unicode.Scalar(byte))
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                }
            }
            return Array(out.utf8)
        }

        private func run(_ command: String) -> String {
            switch command {
            case "hello": return "hello, world\r\n$ "
            case "title": return "\u{1B}]2;my title\u{07}$ "
            case "red": return "\u{1B}[31mRED\u{1B}[0m\r\n$ "
            case let exit where exit.hasPrefix("exit "):
                transport.outputEnds = true
                return ""
            default: return "?\r\n$ "
            }
        }
    }

    /// Runs `text` against a fresh shell; returns the failure, if any, and the shell.
    static func run(
        _ text: String, columns: Int = 30, options: Session.Options = Session.Options(), bar: KeyBar = KeyBar(),
        shellAnswers: Bool = true
    ) throws -> (ScriptRunner.Failure?, Shell, ScriptRunner) {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let shell = Shell()
        shell.answers = shellAnswers
        let session = Session(rows: 5, columns: columns, clock: clock, options: options)
        session.attach(shell.transport)
        let runner = ScriptRunner(session: session, loop: loop, bar: bar)
        let script = try Script(parsing: text, file: "test.script")
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
            return (nil, shell, runner)
        } catch {
            return (error, shell, runner)
        }
    }

    @Test func typeWaitAndExpectTheScreen() throws {
        let (failure, shell, runner) = try Self.run(
            """
            wait /^\\$ $/
            type "hello\\r"
            wait /^hello, world$/
            expect-screen
              | $ hello
              | hello, world
              | $
            expect-cursor 3,3
            not /error/
            """)
        #expect(failure == nil, "\(failure?.description ?? "")")
        #expect(String(decoding: shell.received, as: UTF8.self) == "hello\r")
        #expect(runner.screenText.hasPrefix("$ hello\nhello, world\n$"))
    }

    /// Issue 54, item 1: right after a line is typed, the screen still shows the prompt it was
    /// typed at until the remote's echo comes. A `wait` after input is met only by what the
    /// screen came to show since, so it is not met by that prompt (a replay then sent the
    /// next line at once, into a command that had not started).
    @Test func aWaitAfterInputIsNotMetByThePromptTheInputWasTypedAt() throws {
        let (failure, _, _) = try Self.run(
            """
            wait /^\\$ $/
            type "ls\\r"
            wait /^\\$ $/ timeout 1s
            """, shellAnswers: false)
        let found = try #require(failure, "the old prompt met the wait")
        #expect(found.location.line == 3)
        #expect(found.description.contains("timed out after 1s"), "\(found.description)")
        // Before any input, what is on the screen counts (a script may begin with a wait).
        let (first, _, _) = try Self.run("wait /^\\$ $/ timeout 1s\n", shellAnswers: false)
        #expect(first == nil, "\(first?.description ?? "")")
    }

    @Test func aWaitThatTimesOutFailsWithTheFramedScreenAtItsTime() throws {
        let (failure, _, _) = try Self.run(
            """
            set timeout 10s
            wait /never shown/
            """)
        let found = try #require(failure)
        #expect(found.status == 1)
        #expect(found.location.line == 2)
        #expect(found.message == "timed out after 10s waiting for /never shown/")
        #expect(found.screen.hasPrefix("+------------------------------+\n|$ "), "\(found.screen)")
        #expect(found.screen.hasSuffix("cursor=1,3"))
    }

    @Test func theBarsCtrlAppliesToTheNextTypedKey() throws {
        let (failure, shell, _) = try Self.run(
            """
            click Ctrl
            type "c"
            click Esc
            key Up
            """, columns: 80)
        #expect(failure == nil, "\(failure?.description ?? "")")
        #expect(shell.received == [0x03, 0x1B] + Array("\u{1B}[A".utf8))
    }

    /// A button is named the same in any locale and found in whichever set has it: the
    /// user's bar in words (no UTF-8 locale) still takes `click ⏎`, and `click :w⏎` finds the
    /// vim set's button.
    @Test func clickFindsAButtonByAnyOfItsNamesInAnySet() throws {
        var bar = KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn)
        bar.style = .words
        let (failure, shell, _) = try Self.run(
            """
            click ⏎
            click Enter
            click Backspace
            click :w⏎
            click prefix
            """, columns: 80, bar: bar)
        #expect(failure == nil, "\(failure?.description ?? "")")
        #expect(shell.received == Array("\r\r\u{7F}:w\r\u{02}".utf8))
    }

    @Test func titlesStylesAndTheExitStatus() throws {
        let (failure, _, _) = try Self.run(
            """
            type "title\\r"
            expect-title "my title"
            type "red\\r"
            wait /^RED$/
            expect-style 3,1 fg=red
            type "exit 0\\r"
            expect-exit 0
            """)
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    @Test func aWrongExpectationSaysWhatItFound() throws {
        let (failure, _, _) = try Self.run(
            """
            type "hello\\r"
            wait /^hello, world$/
            expect-screen rows 2
              | hello, there
            """)
        let found = try #require(failure)
        #expect(found.step == "expect-screen")
        #expect(found.message.contains("actual   \"hello,·world\""), "\(found.message)")
    }

    /// A link the script expects to lose: `expect-disconnect`, then `reconnect` on a new
    /// transport; a loss it does not expect fails with 255.
    @Test func anExpectedDisconnectAndAReconnect() throws {
        var options = Session.Options()
        options.reconnect = ReconnectPolicy(isAutomatic: false)
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let first = Shell()
        let second = Shell()
        let session = Session(rows: 5, columns: 30, clock: clock, options: options)
        session.attach(first.transport)
        session.reconnector = { ConnectionAttempt(finished: .connected(second.transport)) }
        let runner = ScriptRunner(session: session, loop: loop)
        first.transport.failure = SessionReconnectTests.lost
        let script = try Script(
            parsing: """
                expect-disconnect
                reconnect
                type "hello\\r"
                wait /^hello, world$/
                """, file: "test.script")
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
        } catch {
            Issue.record("\(error)")
        }
        #expect(String(decoding: second.received, as: UTF8.self) == "hello\r")

        let unexpected = Shell()
        let other = Session(rows: 5, columns: 30, clock: clock, options: options)
        other.attach(unexpected.transport)
        other.reconnector = { ConnectionAttempt(finished: .connected(Shell().transport)) }
        let otherRunner = ScriptRunner(session: other, loop: loop)
        unexpected.transport.failure = SessionReconnectTests.lost
        let waiting = try Script(parsing: "wait /never/ timeout 5s\n", file: "test.script")
        do throws(ScriptRunner.Failure) {
            try otherRunner.run(waiting)
            Issue.record("an unexpected loss passed")
        } catch {
            #expect(error.status == 255)
            #expect(error.message.contains("the link was lost"), "\(error.message)")
        }
    }
}
