import Foundation
import Testing

/// `rterm record` end to end: rterm in a real tmux pane recording a local bash (a command, a
/// password read with echo off, exit), then `rterm script` replaying the file against the same
/// target. Every wait is on the screen or the pane, by a deadline.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RecordFrontTests {
    @Test func aRecordedShellSessionReplaysWithExitZero() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = process.home + "/session.rts"
        // A fixed prompt (bash takes PS1 from its environment) and no startup files.
        let line = "cd '\(process.home)' && HOME='\(process.home)' PS1='$ ' INPUTRC=/dev/null"
            + " '\(RTermProcess.executable)' record '\(file)' -- --local bash --norc; echo EXITED=\\$?; sleep 60"
        let pane = try TmuxPane(command: "sh -c \"\(line)\"")
        defer { pane.kill() }
        // capture-pane drops trailing blanks: the prompt reads "$".
        #expect(try pane.waitUntil { try pane.screen().hasPrefix("$") }, "no prompt: \((try? pane.screen()) ?? "")")
        try pane.type("echo hi")
        try pane.keys("Enter")
        #expect(try pane.waitUntil { try pane.screen().contains("\nhi\n$") }, "\((try? pane.screen()) ?? "")")
        // The question shows once echo is off (bash turns it off, then asks).
        try pane.type("read -s -p 'Password: ' pw; echo; echo got ${#pw}")
        try pane.keys("Enter")
        #expect(try pane.waitFor("\nPassword:"), "\((try? pane.screen()) ?? "")")
        try pane.type("hunter2")
        try pane.keys("Enter")
        #expect(try pane.waitFor("got 7"), "\((try? pane.screen()) ?? "")")
        try pane.type("exit")
        try pane.keys("Enter")
        #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")

        let script0 = try String(contentsOfFile: file, encoding: .utf8)
        let steps = script0.split(separator: "\n").count { !$0.hasPrefix("#") }
        // When it ends, record says where the script is, how many steps, how to replay it.
        let said = "rterm: recorded \(steps) steps in \(file); replay: rterm script \(file) -- --local bash --norc"
            + " (set RTERM_SECRET_1 first)"
        let shown = try pane.screen().filter { !$0.isWhitespace }
        #expect(shown.contains(said.filter { !$0.isWhitespace }), "\(shown)")

        let script = try String(contentsOfFile: file, encoding: .utf8)
        let lines = script.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# recorded with rterm record on ") == true, "\(script)")
        #expect(lines.dropFirst().first == "size 23x80", "\(script)")
        #expect(lines.contains(#"type "echo hi\r""#), "\(script)")
        #expect(lines.contains(#"type "${env:RTERM_SECRET_1}\r""#), "\(script)")
        #expect(lines.contains("wait /^Password: $/"), "\(script)")
        #expect(!script.contains("hunter2"), "\(script)")
        #expect(lines.last == "expect-exit 0", "\(script)")

        let replay = try process.run(
            ["script", file, "--", "--local", "bash", "--norc"],
            environment: ["PS1": "$ ", "INPUTRC": "/dev/null", "RTERM_SECRET_1": "hunter2"])
        #expect(replay.status == 0, "\(replay.errorOutput)\n\(script)")
        #expect(replay.outputText.hasPrefix("passed: "), "\(replay.outputText)")
    }

    /// A mistake is one line and status 2, found before anything starts; no file is left.
    @Test func mistakesAreOneLineAndStatusTwo() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = process.home + "/x.rts"
        for arguments in [["record"], ["record", "--local"], ["record", file], ["record", file, "--", "--local", "sh"]] {
            let result = try process.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("rterm: "), "\(result.errorOutput)")
        }
        #expect(!FileManager.default.fileExists(atPath: file))
        let help = try process.run(["record", "--help"])
        #expect(help.status == 0 && help.outputText.hasPrefix("usage: rterm record FILE"))
    }
}
