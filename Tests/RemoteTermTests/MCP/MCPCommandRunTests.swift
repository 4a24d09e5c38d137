import Testing

@testable import RemoteTermBatch
@testable import RemoteTermEngine

/// `run`'s decisions on a terminal fed what a shell writes (`MCPCommandRun`): the line it
/// types, where it reads the output from, when it refuses.
struct MCPCommandRunTests {
    /// The command part of rterm's marked line: nothing left that would be a syntax error.
    @Test(arguments: [
        ("echo hi", " printf '\\033]133;C\\007'; echo hi; printf '\\033]133;D;%s\\007' \"$?\""),
        ("ls;  ", " printf '\\033]133;C\\007'; ls; printf '\\033]133;D;%s\\007' \"$?\""),
        ("sleep 1 &", " printf '\\033]133;C\\007'; sleep 1 & printf '\\033]133;D;%s\\007' \"$?\""),
        ("a && b", " printf '\\033]133;C\\007'; a && b; printf '\\033]133;D;%s\\007' \"$?\""),
    ])
    func theMarkedLine(command: String, line: String) {
        #expect(MCPCommandRun.markedLine(command, echoRows: 0, column: 0, rewrite: false) == line)
    }

    @Test func theRewriteQuotesTheCommandForPrintf() {
        let line = MCPCommandRun.markedLine("echo 'it'", echoRows: 2, column: 2, rewrite: true)
        #expect(line.hasPrefix(" printf '\\033[%dA\\033[%dG\\033[J%s\\r\\n\\033]133;C\\007' 2 3 'echo '\\''it'\\'''; echo 'it'; "), "\(line)")
    }

    @Test(arguments: [
        ("$ ", true), ("user@host:~$ ", true), ("# ", true), ("% ", true), ("❯ ", true), ("bash-5.2$ ", true),
        ("> ", false), (">>> ", false), ("mysql> ", false), ("Password: ", false), ("", false), ("$ ls", false),
    ])
    func aPromptAsTheScreenShowsIt(row: String, isPrompt: Bool) {
        var terminal = Terminal(rows: 5, columns: 40)
        _ = terminal.feed(row)
        #expect(MCPCommandRun.looksLikePrompt(terminal) == isPrompt)
    }

    /// With the shell's own marks: the output between `C` and `D`, a wrapped row one line,
    /// the status from `D`; the last character of a full row (a pending wrap at `D`) kept.
    @Test func theOutputBetweenTheShellsMarks() throws {
        var terminal = Terminal(rows: 4, columns: 10)
        _ = terminal.feed("\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}")
        var run = try MCPCommandRun.start("cmd", on: terminal).get()
        #expect(run.marks == .shell && String(decoding: run.keys, as: UTF8.self) == "cmd\r")
        _ = terminal.feed("cmd\r\n\u{1B}]133;C\u{07}one\r\n0123456789abc\r\n0123456789")
        let notYet = run.isFinished(terminal, now: 0)
        #expect(!notYet)
        #expect(run.output(terminal) == "one\n0123456789abc\n0123456789")
        _ = terminal.feed("\u{1B}]133;D;3\u{07}\r\n\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}")
        let finished = run.isFinished(terminal, now: 0)
        #expect(finished)
        #expect(run.output(terminal) == "one\n0123456789abc\n0123456789" && run.status(terminal) == 3)
        // Refused while a command runs.
        _ = terminal.feed("x\r\n\u{1B}]133;C\u{07}")
        guard case .failure = MCPCommandRun.start("cmd", on: terminal) else {
            Issue.record("a run while a command runs")
            return
        }
    }

    /// Without marks: rterm's line, whose echo is written over, then its marks.
    @Test func theOutputBetweenRtermsMarks() throws {
        var terminal = Terminal(rows: 6, columns: 80)
        _ = terminal.feed("$ ")
        var run = try MCPCommandRun.start("echo hi", on: terminal).get()
        let typed = String(decoding: run.keys, as: UTF8.self)
        #expect(run.marks == .rterm && typed.hasSuffix("\"$?\"\r") && run.echoRows == (2 + typed.count - 1) / 80 + 1 && run.echoRows == 2, "\(typed)")
        // The shell echoes the line, then runs it: the first printf moves back over the echo.
        _ = terminal.feed(typed.dropLast() + "\r\n")
        _ = terminal.feed("\u{1B}[\(run.echoRows)A\u{1B}[3G\u{1B}[Jecho hi\r\n\u{1B}]133;C\u{07}hi\r\n\u{1B}]133;D;0\u{07}")
        let early = run.isFinished(terminal, now: 0)
        #expect(!early, "the prompt is not back yet")
        let later = run.isFinished(terminal, now: MCPCommandRun.promptRedrawWait)
        #expect(later, "nor after a while: answered anyway")
        _ = terminal.feed("$ ")
        let back = run.isFinished(terminal, now: 0)
        #expect(back)
        #expect(run.output(terminal) == "hi" && run.status(terminal) == 0)
        #expect(TextRenderer.lines(of: terminal).prefix(3) == ["$ echo hi", "hi", "$"])
    }
}
