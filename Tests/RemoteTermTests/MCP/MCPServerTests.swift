import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `rterm mcp`'s server in-process: JSON-RPC lines in, lines out, sessions over memory
/// transports whose remote is the tiny shell of `ScriptRunnerTests`, on the manual clock.
@Suite struct MCPServerTests {
    typealias Shell = ScriptRunnerTests.Shell

    /// A server whose `open` makes a session over a fresh `Shell` (a target `fail` fails as
    /// a refused login would).
    final class Harness {
        let clock = ManualClock(start: 1_000_000_000)
        let loop: EventLoop
        var server: MCPServer!
        var lines: [[String: Any]] = []
        var shells: [Shell] = []
        private var next = 1

        init(bar: KeyBar = KeyBar()) throws {
            loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
            server = MCPServer(
                loop: loop, bar: bar, version: "test",
                open: { [unowned self] words, size in
                    if words.last?.hasSuffix("@fail") == true {
                        return .failure(MCPServer.OpenFailure("rterm: fail: authentication failed (publickey,password)"))
                    }
                    if words.last == "quiet" {
                        // A program that draws nothing (cat).
                        let session = Session(rows: size.rows, columns: size.columns, clock: self.clock)
                        session.attach(MemoryTransport(outputEnds: false))
                        return .success((session, "quiet"))
                    }
                    let shell = Shell()
                    self.shells.append(shell)
                    let session = Session(rows: size.rows, columns: size.columns, clock: self.clock)
                    session.attach(shell.transport)
                    return .success((session, "memory"))
                },
                write: { [unowned self] line in
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    self.lines.append(object ?? ["unreadable": line])
                })
        }

        /// Sends `object` as one line; returns the id it used.
        @discardableResult
        func send(_ method: String, _ params: [String: Any] = [:]) -> Int {
            defer { next += 1 }
            let object: [String: Any] = ["jsonrpc": "2.0", "id": next, "method": method, "params": params]
            server.receive(try! JSONSerialization.data(withJSONObject: object))
            return next
        }

        /// Calls `tool` and turns the loop until its answer comes; returns the answer's result.
        func call(_ tool: String, _ arguments: [String: Any] = [:], turns: Int = 200) throws -> [String: Any] {
            let id = send("tools/call", ["name": tool, "arguments": arguments])
            for _ in 0..<turns {
                if let answer = answer(id) { return try #require(answer["result"] as? [String: Any], "\(answer)") }
                try loop.turn()
            }
            Issue.record("no answer to \(tool)")
            return [:]
        }

        func answer(_ id: Int) -> [String: Any]? {
            lines.first { ($0["id"] as? Int) == id }
        }
    }

    static func structured(_ result: [String: Any]) -> [String: Any] {
        result["structuredContent"] as? [String: Any] ?? [:]
    }

    @Test func initializeNegotiatesTheVersionAndListsTheTools() throws {
        let harness = try Harness()
        let old = harness.send("initialize", ["protocolVersion": "2025-03-26", "capabilities": [:]])
        let unknown = harness.send("initialize", ["protocolVersion": "1999-01-01"])
        harness.server.receive(Data(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
        let list = harness.send("tools/list")
        let ping = harness.send("ping")
        let first = try #require(harness.answer(old)?["result"] as? [String: Any])
        #expect(first["protocolVersion"] as? String == "2025-03-26")
        #expect((first["serverInfo"] as? [String: Any])?["name"] as? String == "rterm")
        #expect((first["capabilities"] as? [String: Any])?["tools"] != nil)
        #expect((harness.answer(unknown)?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
        let tools = try #require((harness.answer(list)?["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == MCPTools.names)
        #expect(tools.allSatisfy { $0["inputSchema"] != nil && $0["outputSchema"] != nil })
        #expect(harness.answer(ping)?["result"] != nil)
        #expect(harness.lines.count == 4)  // the notification is not answered
    }

    @Test func badLinesAreErrorsAndTheServerGoesOn() throws {
        let harness = try Harness()
        harness.server.receive(Data("{not json".utf8))
        let unknown = harness.send("resources/list")
        let noTool = harness.send("tools/call", ["name": "rm", "arguments": [:]])
        let badParams = harness.send("tools/call", ["name": "type", "arguments": ["text": "x"]])
        let ping = harness.send("ping")
        #expect((harness.lines[0]["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(harness.lines[0]["id"] is NSNull)
        #expect((harness.answer(unknown)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect((harness.answer(noTool)?["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect((harness.answer(badParams)?["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(harness.answer(ping)?["result"] != nil)
    }

    @Test func aSessionIsOpenedTypedIntoWaitedOnKeyedClickedReadAndClosed() throws {
        let harness = try Harness()
        let opened = try harness.call("open", ["local": "anything", "cols": 30, "rows": 5])
        #expect(opened["isError"] as? Bool == false)
        let session = try #require(Self.structured(opened)["session"] as? String)
        #expect(Self.structured(opened)["screen"] as? String == "$")
        _ = try harness.call("type", ["session": session, "text": "hello\r"])
        let waited = try harness.call("wait", ["session": session, "pattern": "^hello, (w\\w+)$"])
        #expect(Self.structured(waited)["matched"] as? Bool == true)
        _ = try harness.call("key", ["session": session, "keys": ["Ctrl+C", "Up"]])
        _ = try harness.call("click", ["session": session, "label": "Esc"])
        #expect(String(decoding: harness.shells[0].received, as: UTF8.self) == "hello\r\u{03}\u{1B}[A\u{1B}")
        let screen = Self.structured(try harness.call("screen", ["session": session, "rows": "1-2"]))
        #expect(screen["screen"] as? String == "$ hello\nhello, world")
        #expect((screen["cursor"] as? [String: Any])?["row"] as? Int == 3)
        let listed = Self.structured(try harness.call("sessions"))["sessions"] as? [[String: Any]]
        #expect(listed?.first?["state"] as? String == "live")
        let closed = try harness.call("close", ["session": session])
        #expect(Self.structured(closed)["exit_status"] != nil)
        let after = try harness.call("screen", ["session": session])
        #expect(after["isError"] as? Bool == true)
    }

    @Test func failingToolsSayWhyInOneSentence() throws {
        let harness = try Harness()
        let refused = try harness.call("open", ["target": "user@fail"])
        #expect(refused["isError"] as? Bool == true)
        let text = ((refused["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.contains("authentication failed") && text.contains("ssh-agent"))
        let session = try #require(Self.structured(try harness.call("open", ["local": "x"]))["session"] as? String)
        let badRegex = try harness.call("wait", ["session": session, "pattern": "(unclosed"])
        #expect(badRegex["isError"] as? Bool == true)
        let badKey = try harness.call("key", ["session": session, "keys": ["Hyper+Q"]])
        #expect(badKey["isError"] as? Bool == true)
        let noButton = try harness.call("click", ["session": session, "label": "Nope"])
        #expect(noButton["isError"] as? Bool == true)
    }

    @Test func aLongWaitOnOneSessionDoesNotHoldBackAnother() throws {
        let harness = try Harness()
        let first = try #require(Self.structured(try harness.call("open", ["local": "a"]))["session"] as? String)
        let second = try #require(Self.structured(try harness.call("open", ["local": "b"]))["session"] as? String)
        let wait = harness.send("tools/call", ["name": "wait", "arguments": ["session": first, "pattern": "never", "timeout_s": 30]])
        let screen = harness.send("tools/call", ["name": "screen", "arguments": ["session": second]])
        // The screen is answered at once, while the wait still waits.
        #expect(harness.answer(screen) != nil)
        #expect(harness.answer(wait) == nil)
        let start = harness.clock.now()
        while harness.answer(wait) == nil { try harness.loop.turn() }
        #expect(harness.clock.now() - start == 30_000_000_000)
        let result = try #require(harness.answer(wait)?["result"] as? [String: Any])
        #expect(Self.structured(result)["matched"] as? Bool == false)
    }

    @Test func anIdleWaitEndsWhenTheScreenHasBeenQuietThatLong() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "a"]))["session"] as? String)
        let start = harness.clock.now()
        let waited = try harness.call("wait", ["session": session, "idle_ms": 500])
        #expect(Self.structured(waited)["matched"] as? Bool == true)
        #expect(harness.clock.now() - start == 500_000_000)
    }

    @Test func colourTitlesAndPastesAreCarriedSafely() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "a"]))["session"] as? String)
        _ = try harness.call("type", ["session": session, "text": "red\r"])
        _ = try harness.call("wait", ["session": session, "pattern": "^RED$"])
        let ansi = Self.structured(try harness.call("screen", ["session": session, "rows": "2", "format": "ansi"]))
        #expect((ansi["screen"] as? String)?.contains("\u{1B}[0;31mRED") == true, "\(ansi)")
        // A title with a control character in it comes back inert.
        harness.shells[0].transport.deliver(Array("\u{1B}]2;evil\u{1B}[2Jtitle\u{07}".utf8))
        _ = try harness.call("wait", ["session": session, "idle_ms": 10])
        let title = Self.structured(try harness.call("screen", ["session": session]))["title"] as? String ?? ""
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 }, "\(title.debugDescription)")
        // A paste is bracketed when the program asked for it.
        harness.shells[0].transport.deliver(Array("\u{1B}[?2004h".utf8))
        _ = try harness.call("wait", ["session": session, "idle_ms": 10])
        _ = try harness.call("paste", ["session": session, "text": "pasted"])
        #expect(String(decoding: harness.shells[0].received, as: UTF8.self).hasSuffix("\u{1B}[200~pasted\u{1B}[201~"))
    }

    /// Issue 53: what reorders or hides text reaches the agent made visible: a right-to-left
    /// override and tag characters (which no terminal shows, but a model reads: instructions
    /// hidden in them) on the screen, in both formats, and in the title.
    @Test func bidiOverridesAndTagCharactersReachTheAgentEscaped() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "a"]))["session"] as? String)
        let hidden = "\u{E0049}\u{E0067}\u{E006E}"  // tag letters "Ign…"
        harness.shells[0].transport.deliver(Array("shown\u{202E}desrever\(hidden)\r\n\u{1B}]2;t\(hidden)\u{07}".utf8))
        _ = try harness.call("wait", ["session": session, "idle_ms": 10])
        let text = Self.structured(try harness.call("screen", ["session": session]))
        let ansi = Self.structured(try harness.call("screen", ["session": session, "format": "ansi"]))
        for screen in [text["screen"] as? String ?? "", ansi["screen"] as? String ?? ""] {
            #expect(screen.contains(#"shown\342\200\256desrever\363\240\201\211\363\240\201\247\363\240\201\256"#), "\(screen.debugDescription)")
            #expect(!screen.unicodeScalars.contains { InertText.isBidiOrSeparator($0.value) || InertText.isTag($0.value) })
        }
        #expect(text["title"] as? String == #"t\363\240\201\211\363\240\201\247\363\240\201\256"#, "\(text)")
    }

    // MARK: - Issue 55 item 1: what a real client found

    /// `click Ctrl` then `type "c"` is Ctrl+C, as docs/mcp.md says, and the Ctrl is spent:
    /// a later key goes out plain (before: `c`, then Up as `ESC[1;5A`).
    @Test func aClickedCtrlAppliesToTheNextCharacterTyped() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "x"]))["session"] as? String)
        _ = try harness.call("click", ["session": session, "label": "Ctrl"])
        _ = try harness.call("type", ["session": session, "text": "c"])
        _ = try harness.call("key", ["session": session, "keys": ["Up"]])
        _ = try harness.call("type", ["session": session, "text": "ok"])
        #expect(harness.shells[0].received == Array("\u{03}\u{1B}[Aok".utf8), "\(harness.shells[0].received)")
    }

    /// An unknown label is refused with the shown set's buttons, and the bar stays on it
    /// (before: another set's buttons listed, the bar left switched to it).
    @Test func anUnknownClickLeavesTheBarAsItWas() throws {
        let harness = try Harness(bar: KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn))
        let session = try #require(Self.structured(try harness.call("open", ["local": "x"]))["session"] as? String)
        let refused = try harness.call("click", ["session": session, "label": "Nope"])
        let text = ((refused["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(refused["isError"] as? Bool == true)
        #expect(text.contains("Esc") && text.contains("Tab"), "\(text)")
        let shown = try #require(harness.server.sessions[session]?.front.bar.setName)
        _ = try harness.call("click", ["session": session, "label": "Nope"])
        #expect(harness.server.sessions[session]?.front.bar.setName == shown)
        _ = try harness.call("click", ["session": session, "label": "Tab"])
        #expect(harness.shells[0].received == [0x09])
    }

    /// `format: ansi` reads as `text` does: no empty rows at the bottom, no newline after the
    /// last row (before: all 24 rows and a newline).
    @Test func theAnsiScreenEndsWithItsLastRowWritten() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "x", "rows": 6]))["session"] as? String)
        _ = try harness.call("type", ["session": session, "text": "hello\r"])
        _ = try harness.call("wait", ["session": session, "pattern": "^hello, world$"])
        let text = Self.structured(try harness.call("screen", ["session": session]))["screen"] as? String
        let ansi = Self.structured(try harness.call("screen", ["session": session, "format": "ansi"]))["screen"] as? String
        #expect(text == "$ hello\nhello, world\n$")
        #expect(ansi?.split(separator: "\n", omittingEmptySubsequences: false).count == 3, "\(ansi ?? "")")
        #expect(ansi?.hasSuffix("\n") == false)
    }

    /// JSON-RPC 2.0 ids: a boolean is no id (-32600); a large integer comes back exactly
    /// (before: `true` was answered as 1, 9007199254740993 as …992).
    @Test func idsAreReadAsJSONRPCSaysAndEchoedExactly() throws {
        let harness = try Harness()
        harness.server.receive(Data(#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#.utf8))
        harness.server.receive(Data(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#.utf8))
        harness.server.receive(Data(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#.utf8))
        #expect(harness.lines.count == 3)
        #expect((harness.lines[0]["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(harness.lines[0]["id"] is NSNull)
        #expect((harness.lines[1]["id"] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        #expect(harness.lines[1]["result"] != nil)
        #expect((harness.lines[2]["error"] as? [String: Any])?["code"] as? Int == -32600)
    }

    /// A program that draws nothing (cat) is answered a second after it started, with its
    /// screen as it is (before: after the 60 s limit); the limit is `timeout_s`.
    @Test func aProgramThatDrawsNothingIsAnsweredOnceItStarted() throws {
        let harness = try Harness()
        let started = harness.clock.now()
        let opened = try harness.call("open", ["local": "quiet", "timeout_s": 5])
        #expect(opened["isError"] as? Bool == false, "\(opened)")
        #expect(Self.structured(opened)["screen"] as? String == "")
        #expect(harness.clock.now() - started == MCPServer.firstScreenWait)
        let bad = harness.send("tools/call", ["name": "open", "arguments": ["local": "quiet", "timeout_s": 0]])
        #expect((harness.answer(bad)?["error"] as? [String: Any])?["code"] as? Int == -32602)
    }

    /// A `wait` the client cancelled (`notifications/cancelled`) is dropped, unanswered.
    @Test func aCancelledWaitIsDroppedUnanswered() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "x"]))["session"] as? String)
        let waiting = harness.send("tools/call", ["name": "wait", "arguments": ["session": session, "pattern": "^never$", "timeout_s": 1]])
        harness.server.receive(Data(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(waiting)}}"#.utf8))
        let after = try harness.call("wait", ["session": session, "pattern": "^never$", "timeout_s": 2])
        #expect(Self.structured(after)["matched"] as? Bool == false)
        #expect(harness.answer(waiting) == nil, "\(harness.lines)")
    }

    /// Issue 55 item 6: 2025-11-25 is spoken too, and there arguments a tool cannot take are
    /// the tool's error (isError, for the model to read), not the protocol's; the older
    /// versions keep -32602.
    @Test(arguments: [("2025-11-25", true), ("2025-06-18", false), ("2025-03-26", false)])
    func argumentErrorsFollowTheNegotiatedVersion(_ version: String, _ asToolError: Bool) throws {
        let harness = try Harness()
        let initialize = harness.send("initialize", ["protocolVersion": version, "capabilities": [:]])
        #expect((harness.answer(initialize)?["result"] as? [String: Any])?["protocolVersion"] as? String == version)
        let bad = harness.send("tools/call", ["name": "open", "arguments": ["local": "x", "rows": 1]])
        let answer = try #require(harness.answer(bad))
        if asToolError {
            let result = try #require(answer["result"] as? [String: Any], "\(answer)")
            #expect(result["isError"] as? Bool == true)
            #expect(((result["content"] as? [[String: Any]])?.first?["text"] as? String)?.contains("rows") == true)
        } else {
            #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32602, "\(answer)")
        }
        // An unknown tool stays a protocol error in every version.
        let unknown = harness.send("tools/call", ["name": "rm", "arguments": [:]])
        #expect((harness.answer(unknown)?["error"] as? [String: Any])?["code"] as? Int == -32602)
    }

    /// Issue 55 item 4: annotations say which tools only read, so a client can ask the user
    /// before the others.
    @Test func theToolsSayWhichOnlyRead() throws {
        let harness = try Harness()
        let list = harness.send("tools/list")
        let tools = try #require((harness.answer(list)?["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        var readOnly: [String] = []
        for tool in tools {
            let annotations = try #require(tool["annotations"] as? [String: Any], "\(tool)")
            let name = tool["name"] as? String ?? ""
            if annotations["readOnlyHint"] as? Bool == true {
                readOnly.append(name)
            } else {
                #expect(annotations["destructiveHint"] as? Bool == (name != "open"), "\(name)")
            }
        }
        #expect(readOnly.sorted() == ["screen", "scrollback", "sessions", "wait"])
    }

    /// Issue 55 item 3: `scrollback` gives the rows that scrolled off, oldest first: the
    /// first of 500 lines printed on a 24-row screen is there.
    @Test func scrollbackGivesTheRowsThatScrolledOffOldestFirst() throws {
        let harness = try Harness()
        let session = try #require(Self.structured(try harness.call("open", ["local": "x"]))["session"] as? String)
        // Fifty lines at a time, each waited for (a memory transport is read a piece a turn).
        for first in stride(from: 1, through: 451, by: 50) {
            let lines = (first..<(first + 50)).map { "\r\nline \($0)" }.joined()
            harness.shells[0].transport.deliver(Array(lines.utf8))
            let waited = try harness.call("wait", ["session": session, "pattern": "^line \(first + 49)$"])
            #expect(Self.structured(waited)["matched"] as? Bool == true)
        }
        let all = Self.structured(try harness.call("scrollback", ["session": session]))
        let rows = (all["scrollback"] as? String ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "$" && rows[1] == "line 1", "\(rows.prefix(3))")
        #expect(rows.last == "line 476" && rows.count == 477, "\(rows.count) \(rows.suffix(2))")
        #expect(all["lines"] as? Int == rows.count)
        let last = Self.structured(try harness.call("scrollback", ["session": session, "lines": 2]))
        #expect(last["scrollback"] as? String == "line 475\nline 476")
    }

    @Test func aLineOverTheLimitIsDroppedAsItComesAndTheNextOneIsRead() {
        var splitter = LineSplitter()
        var lines: [String] = []
        var tooLong = 0
        func take(_ bytes: [UInt8]) {
            for piece in splitter.take(bytes[...]) {
                switch piece {
                case .line(let line): lines.append(String(decoding: line, as: UTF8.self))
                case .tooLong: tooLong += 1
                }
            }
        }
        take(Array("first\r\nsec".utf8))
        take(Array("ond\n".utf8))
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        for _ in 0...(LineSplitter.limit >> 20) { take(chunk) }
        take(Array("still the long one\nthird\nlast".utf8))
        #expect(lines == ["first", "second", "third"])
        #expect(tooLong == 1)
        #expect(splitter.finish() == Data("last".utf8), "a last line without a newline is still read")
    }
}
