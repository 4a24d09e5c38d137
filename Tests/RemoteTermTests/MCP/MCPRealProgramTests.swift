import Foundation
import Testing

/// `rterm mcp` on a real program: vim edits a file through the tools (a key by name, text,
/// Esc, `:wq`), and the file on disk says what was typed.
@Suite(.serialized) struct MCPRealProgramTests {
    @Test func vimEditsAFileThatIsThenOnDisk() throws {
        let home = NSTemporaryDirectory() + "rterm-mcp-vim-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let client = try MCPClient(home: home)
        defer { client.stop() }
        let file = home + "/notes.txt"
        let opened = try client.call("open", ["local": "vim -u NONE -N -i NONE '\(file)'", "cols": 80, "rows": 24])
        let session = try #require((opened["structuredContent"] as? [String: Any])?["session"] as? String, "\(opened)")
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
        #expect(client.stop() == 0)
    }
}
