import Foundation
import Testing

/// Issue 55 item 5: a person watches and takes over what an agent runs, as docs/mcp.md's
/// "Watching an agent" shows it: the agent's `open` (the documented request) runs a local
/// shell in local tmux; the documented `rterm --resume NAME --local`, in a tmux pane of the
/// test's as the person's terminal, attaches to it. The person sees what the agent typed, the
/// agent's `wait` sees what the person typed, and the shell outlives both. The local tmux
/// server gets a socket directory of the test's own and is stopped by its pid.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct MCPResumeTests {
    @Test func aPersonAttachedWithResumeLocalSharesTheAgentsScreen() throws {
        let section = "## Watching an agent"
        let request = try docsCodeBlock("docs/mcp.md", after: section).trimmingCharacters(in: .whitespacesAndNewlines)
        let object = try JSONSerialization.jsonObject(with: Data(request.dropFirst(2).utf8)) as? [String: Any]
        let arguments = try #require((object?["params"] as? [String: Any])?["arguments"] as? [String: Any], "\(request)")
        let name = try #require(arguments["resume"] as? String)
        let commands = try docsCodeBlock("docs/mcp.md", after: "and the person, in a terminal of their own:")
        let line = try #require(commands.split(separator: "\n").first { $0.contains("--local") })
        let person = line.split(separator: "#")[0].split(separator: " ").map(String.init)
        #expect(person == ["rterm", "--resume", name, "--local"], "\(person)")

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Short: a socket's path has at most 107 bytes.
        let sockets = NSTemporaryDirectory() + "tm" + UUID().uuidString.prefix(6).lowercased()
        try FileManager.default.createDirectory(
            atPath: sockets, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let server = "\(sockets)/tmux-\(getuid())/default"
        defer {
            let pid = try? Spawn.run(["tmux", "-S", server, "display-message", "-p", "#{pid}"])
            if let pid = Int32(pid?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") { kill(pid, SIGTERM) }
            try? FileManager.default.removeItem(atPath: sockets)
        }
        let client = try MCPClient(home: directory.path, environment: ["TMUX_TMPDIR": sockets, "PS1": "$ "])
        defer { client.stop() }

        let session = try MCPRealProgramTests.open(client, arguments.merging(["cols": 60, "rows": 10]) { $1 })
        _ = try client.call("type", ["session": session, "text": "PS1='$ '; echo from-$((6*7))-agent\r"])
        _ = try client.call("wait", ["session": session, "pattern": "^from-42-agent$"])

        let pane = try TmuxPane(
            command: "TMUX_TMPDIR='\(sockets)' HOME='\(directory.path)' '\(RTermProcess.executable)' "
                + person.dropFirst().joined(separator: " ") + "; echo EXITED=$?; sleep 60", columns: 60, rows: 12)
        defer { pane.kill() }
        #expect(
            try pane.waitFor("from-42-agent", timeout: 20), "the person does not see the agent's screen: \((try? pane.screen()) ?? "")")
        try pane.type("echo from-$((6*7))-person")
        try pane.keys("Enter")
        let seen = try client.call("wait", ["session": session, "pattern": "^from-42-person$", "timeout_s": 20])
        #expect((seen["structuredContent"] as? [String: Any])?["matched"] as? Bool == true, "\(seen)")

        // The agent lets go; the shell runs on for the person, who then detaches too.
        _ = try client.call("close", ["session": session])
        try pane.type("echo after-$((6*7))")
        try pane.keys("Enter")
        #expect(try pane.waitFor("after-42", timeout: 20), "the shell no longer answers the person: \((try? pane.screen()) ?? "")")
        try pane.keys("Enter")
        try pane.type("~.")
        #expect(try pane.waitFor("EXITED=", timeout: 20), "\((try? pane.screen()) ?? "")")
        let listed = try Spawn.run(["tmux", "-S", server, "list-sessions", "-F", "#{session_name}"])
        #expect(listed.output.trimmingCharacters(in: .whitespacesAndNewlines) == name, "the shell did not outlive both: \(listed)")
        #expect(client.stop() == 0)
    }
}
