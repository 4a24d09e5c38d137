import Foundation
import Testing

/// `rterm mcp` on a real program: vim edits a file through the tools (a key by name, text,
/// Esc, `:wq`), and the file on disk says what was typed.
@Suite(.serialized) struct MCPRealProgramTests {
    /// `rterm mcp` (with `arguments`) on pipes, its HOME and TMPDIR a fresh directory, removed
    /// after `body`; its status at the end must be 0.
    static func withServer(
        _ name: String, arguments: (String) throws -> [String] = { _ in [] },
        _ body: (_ client: MCPClient, _ home: String) throws -> Void
    ) throws {
        let home = NSTemporaryDirectory() + "rterm-mcp-\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let client = try MCPClient(arguments: try arguments(home), home: home)
        defer { client.stop() }
        try body(client, home)
        #expect(client.stop() == 0)
    }

    /// Opens a session with `arguments`; its id.
    static func open(_ client: MCPClient, _ arguments: [String: Any]) throws -> String {
        let opened = try client.call("open", arguments)
        return try #require((opened["structuredContent"] as? [String: Any])?["session"] as? String, "\(opened)")
    }

    @Test func vimEditsAFileThatIsThenOnDisk() throws {
        try Self.withServer("vim") { client, home in
            let file = home + "/notes.txt"
            let session = try Self.open(client, ["local": "vim -u NONE -N -i NONE '\(file)'", "cols": 80, "rows": 24])
            _ = try client.call("wait", ["session": session, "pattern": "^~ *$"])
            _ = try client.call("key", ["session": session, "keys": ["i"]])
            _ = try client.call("type", ["session": session, "text": "written by an agent"])
            _ = try client.call("key", ["session": session, "keys": ["Esc"]])
            _ = try client.call("type", ["session": session, "text": ":wq\r"])
            // vim exits: the wait for a quiet screen ends with the session.
            _ = try client.call("wait", ["session": session, "idle_ms": 200])
            let closed = try client.call("close", ["session": session])
            #expect((closed["structuredContent"] as? [String: Any])?["exit_status"] as? Int == 0, "\(closed)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "written by an agent\n")
        }
    }
}

extension MCPRealProgramTests {
    /// Issue 55 item 1: a `type` of 200 KB into a program that reads without echo arrives
    /// whole, and Ctrl+C still reaches a program that never reads (before: past about 64 KB
    /// the session wedged, Ctrl+C and Ctrl+D never arrived). The PTY is written only when it
    /// takes more; the line discipline still sees the Ctrl+C typed behind the backlog.
    @Test func aLargeTypeArrivesWholeAndCtrlCStillInterrupts() throws {
        try Self.withServer("type") { client, home in
            let line = String(repeating: "x", count: 99) + "\r"
            let text = String(repeating: line, count: 2_000)
            let first = try Self.open(client, ["local": "stty -echo; sleep 1; wc -c; echo counted", "rows": 5])
            _ = try client.call("type", ["session": first, "text": text])
            _ = try client.call("key", ["session": first, "keys": ["Ctrl+D"]])
            let whole = try client.call("wait", ["session": first, "pattern": "^counted$", "timeout_s": 60])
            let screen = ((whole["structuredContent"] as? [String: Any])?["screen"] as? String) ?? ""
            #expect(screen.contains("200000"), "\(whole)")

            let second = try Self.open(client, ["local": "sleep 600", "rows": 5])
            _ = try client.call("type", ["session": second, "text": text])
            _ = try client.call("key", ["session": second, "keys": ["Ctrl+C"]])
            let ended = try client.call("wait", ["session": second, "idle_ms": 300, "timeout_s": 30])
            #expect(try client.call("sessions")["structuredContent"].map { "\($0)" }?.contains("ended") == true, "\(ended)")
        }
    }
}

extension MCPRealProgramTests {
    /// Issue 55 item 1: a client that stops reading holds back only its own answers. With
    /// 2,000 answers (far more than a pipe holds) unread, a `type` into another session still
    /// runs its command at once, and every answer then arrives (before: the server blocked on
    /// standard output, and every session with it).
    @Test func aClientThatStopsReadingDoesNotHoldBackTheSessions() throws {
        try Self.withServer("slow") { client, home in
            let session = try Self.open(client, ["local": "sh", "rows": 5])
            let unread = (0..<2_000).map { _ in client.send("tools/list") }
            let marker = home + "/ran"
            let typed = client.send("tools/call", ["name": "type", "arguments": ["session": session, "text": "touch '\(marker)'\r"]])
            #expect(FileArrival.wait(for: marker, timeout: 20), "the session's command did not run while answers waited")
            for id in unread + [typed] { _ = try client.answer(id) }
        }
    }

    /// A `wait` the client cancelled (`notifications/cancelled`) is dropped, unanswered;
    /// the server goes on.
    @Test func aCancelledWaitIsNotAnswered() throws {
        try Self.withServer("cancel") { client, home in
            let session = try Self.open(client, ["local": "sh", "rows": 5])
            let never = ["session": session, "pattern": "^never$"] as [String: Any]
            let waiting = client.send("tools/call", ["name": "wait", "arguments": never.merging(["timeout_s": 1]) { $1 }])
            client.writeLine(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(waiting),"reason":"gave up"}}"#)
            // A wait sent after it and ending after its time limit: by its answer, the cancelled
            // one would have been answered too.
            let after = try client.call("wait", never.merging(["timeout_s": 2]) { $1 })
            #expect((after["structuredContent"] as? [String: Any])?["matched"] as? Bool == false, "\(after)")
            #expect(client.lines.allSatisfy { ($0["id"] as? Int) != waiting }, "the cancelled wait was answered")
        }
    }
}

extension MCPRealProgramTests {
    /// Issue 55 item 4: `rterm mcp --no-local --targets FILE` refuses, with isError and the
    /// option that refused it named (not a connection's error: nothing was looked up or
    /// connected), a local command, a target whose ProxyCommand would run here (nothing
    /// runs), and a destination the file does not list.
    @Test func noLocalAndTargetsRefuseBeforeAnythingRuns() throws {
        try Self.withServer("policy", arguments: { home in
            try "alice@web1.invalid\n".write(toFile: home + "/targets", atomically: true, encoding: .utf8)
            // rterm's options among ssh's, in any order, as ssh takes its own.
            return ["-o", "ConnectTimeout=5", "--no-local", "-C", "--targets", home + "/targets"]
        }) { client, home in
            for (arguments, ran, option) in [
                (["local": "touch '\(home)/local-ran'"], home + "/local-ran", "--no-local"),
                (["target": "-o ProxyCommand='touch \(home)/proxy-ran' alice@web1.invalid"], home + "/proxy-ran", "--no-local"),
                (["target": "bob@web2.invalid"], "", "--targets"),
            ] {
                let answer = try client.call("open", arguments)
                #expect(answer["isError"] as? Bool == true, "\(answer)")
                let text = ((answer["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
                #expect(text.contains("rterm mcp \(option)"), "\(text)")
                if !ran.isEmpty { #expect(!FileManager.default.fileExists(atPath: ran), "\(ran)") }
            }
        }
    }
}

extension MCPRealProgramTests {
    /// A local program gets its terminal and nothing else rterm had: Foundation's Process
    /// gives rterm a descriptor it watches for rterm's end, and a daemon started in a session
    /// (tmux's server, for `resume`) kept it open, so the client never saw rterm exit.
    @Test func aLocalProgramInheritsNoDescriptorButItsTerminal() throws {
        try Self.withServer("descriptors") { client, _ in
            // The shell's own descriptors, listed while it runs nothing else (a pipeline's
            // ends would be open in it for a moment).
            let session = try Self.open(client, ["local": "ls /proc/$$/fd; echo end"])
            let listed = try client.call("wait", ["session": session, "pattern": "^end$"])
            let screen = ((listed["structuredContent"] as? [String: Any])?["screen"] as? String) ?? ""
            let descriptors = screen.components(separatedBy: "end")[0].split(whereSeparator: { $0 == " " || $0 == "\n" })
            // bash keeps its own copy of the terminal as 255; dash has none.
            #expect(descriptors == ["0", "1", "2"] || descriptors == ["0", "1", "2", "255"], "\(screen)")
        }
    }
}
