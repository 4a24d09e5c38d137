import Foundation
import Testing

/// Issue 55 item 2: `run` types a command at a real shell's prompt and returns what it printed
/// and its status: by the shell's prompt marks (bash set up as docs/ssh.md says), or by rterm's
/// own marks on the command line (sh, bash and zsh without marks), which the screen and the
/// output never show.
@Suite(.serialized) struct MCPRunTests {
    /// The shells tried: a name and the local command that starts one at its prompt.
    static let shells: [(name: String, command: @Sendable (String) -> String)] = [
        ("sh", { _ in "PS1='$ ' exec sh" }),
        ("bash", { _ in "PS1='$ ' exec bash --norc --noprofile" }),
        ("bash with prompt marks", { home in "exec bash --rcfile '\(home)/marks.bashrc'" }),
        ("zsh", { _ in "PS1='%% ' exec zsh -f" }),
    ]

    /// docs/ssh.md's lines for bash, after a prompt of `$ `.
    static let bashMarks = """
        PS1='$ '
        PS0+='\\e]133;C\\a'
        PROMPT_COMMAND='printf "\\e]133;D;%s\\a" "$?"'"${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
        PS1='\\[\\e]133;A\\a\\]'"$PS1"'\\[\\e]133;B\\a\\]'

        """

    /// A `run`'s structured result.
    static func run(_ client: MCPClient, _ session: String, _ command: String, timeout: Double = 20) throws -> [String: Any] {
        let answer = try client.call("run", ["session": session, "command": command, "timeout_s": timeout])
        #expect(answer["isError"] as? Bool == false, "\(answer)")
        return try #require(answer["structuredContent"] as? [String: Any], "\(answer)")
    }

    /// The screen as text.
    static func screen(_ client: MCPClient, _ session: String) throws -> String {
        let answer = try client.call("screen", ["session": session])
        return ((answer["structuredContent"] as? [String: Any])?["screen"] as? String) ?? ""
    }

    /// Opens `shell` and waits for its prompt.
    static func openShell(_ client: MCPClient, _ home: String, _ shell: Int, columns: Int = 80) throws -> String {
        try Self.bashMarks.write(toFile: home + "/marks.bashrc", atomically: true, encoding: .utf8)
        let session = try MCPRealProgramTests.open(
            client, ["local": shells[shell].command(home), "cols": columns, "rows": 24])
        let prompt = try client.call("wait", ["session": session, "pattern": "^[$%] ?$", "timeout_s": 20])
        #expect((prompt["structuredContent"] as? [String: Any])?["matched"] as? Bool == true, "\(prompt)")
        return session
    }

    @Test(arguments: 0..<shells.count) func outputAndStatusOfACommand(shell: Int) throws {
        try MCPRealProgramTests.withServer("run") { client, home in
            let session = try Self.openShell(client, home, shell)
            let five = try Self.run(client, session, "echo out-$((2+3))")
            #expect(five["output"] as? String == "out-5", "\(Self.shells[shell].name): \(five)")
            #expect(five["exit_status"] as? Int == 0 && five["timed_out"] as? Bool == false, "\(five)")
            let failed = try Self.run(client, session, "false")
            #expect(failed["output"] as? String == "" && failed["exit_status"] as? Int == 1, "\(Self.shells[shell].name): \(failed)")
            let quoted = try Self.run(client, session, "printf '%s\\n' \"it's\" 'a  b'; (exit 7)")
            #expect(quoted["output"] as? String == "it's\na  b" && quoted["exit_status"] as? Int == 7, "\(quoted)")
            // The screen shows each command as typed, and nothing of rterm's marks.
            let screen = try Self.screen(client, session)
            #expect(screen.contains("echo out-$((2+3))\nout-5\n"), "\(Self.shells[shell].name):\n\(screen)")
            #expect(!screen.contains("printf '\\033") && !screen.contains("133"), "\(Self.shells[shell].name):\n\(screen)")
        }
    }

    /// Output longer than the screen comes whole from the history; a command line longer
    /// than a row is still written over (its echo wraps) and its output found.
    @Test(arguments: 0..<shells.count) func longOutputAndALongCommandLine(shell: Int) throws {
        try MCPRealProgramTests.withServer("run-long") { client, home in
            let session = try Self.openShell(client, home, shell)
            let counted = try Self.run(client, session, "seq 1 500")
            let lines = (counted["output"] as? String ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 500 && lines.first == "1" && lines.last == "500", "\(Self.shells[shell].name): \(lines.prefix(3))")
            let word = String(repeating: "w", count: 150)
            let long = try Self.run(client, session, "echo \(word) | tr w v")
            #expect(long["output"] as? String == String(repeating: "v", count: 150), "\(Self.shells[shell].name): \(long)")
            let screen = try Self.screen(client, session)
            #expect(!screen.contains("printf") && screen.contains(String(repeating: "v", count: 80)), "\(screen)")
        }
    }

    /// A command that outlasts its time limit is answered with what it printed so far and
    /// runs on; a second `run` meanwhile is refused; after Ctrl+C the shell takes `run` again.
    @Test func aCommandPastItsTimeLimitRunsOnAndCtrlCStopsIt() throws {
        try MCPRealProgramTests.withServer("run-timeout") { client, home in
            let session = try Self.openShell(client, home, 0)
            // The limit leaves `echo` ample time on a loaded machine (one of ten runs beside a
            // clean build failed with 0.5 s); the sleep never ends within it.
            let late = try Self.run(client, session, "echo started; sleep 60", timeout: 5)
            #expect(late["timed_out"] as? Bool == true && late["output"] as? String == "started", "\(late)")
            #expect(late["exit_status"] is NSNull, "\(late)")
            let refused = try client.call("run", ["session": session, "command": "echo no"])
            #expect(refused["isError"] as? Bool == true, "\(refused)")
            _ = try client.call("key", ["session": session, "keys": ["Ctrl+C"]])
            _ = try client.call("wait", ["session": session, "pattern": "^\\$ ?$", "timeout_s": 10])
            let back = try Self.run(client, session, "echo back")
            #expect(back["output"] as? String == "back" && back["exit_status"] as? Int == 0, "\(back)")
        }
    }

    /// Not at a prompt (a program reading, a full-screen program): refused, nothing typed.
    @Test func refusedWhenNotAtAPrompt() throws {
        try MCPRealProgramTests.withServer("run-refused") { client, home in
            let cat = try MCPRealProgramTests.open(client, ["local": "cat"])
            let refused = try client.call("run", ["session": cat, "command": "echo hi"])
            #expect(refused["isError"] as? Bool == true, "\(refused)")
            #expect(try Self.screen(client, cat) == "", "nothing was typed")
            let vim = try MCPRealProgramTests.open(client, ["local": "vim -u NONE -N -i NONE"])
            _ = try client.call("wait", ["session": vim, "pattern": "^~ *$"])
            let full = try client.call("run", ["session": vim, "command": "echo hi"])
            #expect(full["isError"] as? Bool == true, "\(full)")
            let text = ((full["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
            #expect(text.contains("full-screen"), "\(text)")
            // A prompt that is not a shell's: nothing of rterm's printf lines reaches Python.
            let python = try MCPRealProgramTests.open(client, ["local": "python3 -q"])
            _ = try client.call("wait", ["session": python, "pattern": "^>>> ?$"])
            let repl = try client.call("run", ["session": python, "command": "print(1)"])
            #expect(repl["isError"] as? Bool == true, "\(repl)")
            #expect(try Self.screen(client, python) == ">>>", "nothing was typed")
            let marks = try Self.openShell(client, home, 2)
            _ = try client.call("type", ["session": marks, "text": "sleep 30\r"])
            _ = try client.call("wait", ["session": marks, "pattern": "sleep 30"])
            let running = try client.call("run", ["session": marks, "command": "echo hi"])
            #expect(running["isError"] as? Bool == true, "\(running)")
            // Two lines are an argument error (before initialize: the protocol's, -32602).
            let twoLines = try client.answer(client.send("tools/call", ["name": "run", "arguments": ["session": marks, "command": "echo a\necho b"]]))
            #expect((twoLines["error"] as? [String: Any])?["code"] as? Int == -32602, "\(twoLines)")
        }
    }
}
