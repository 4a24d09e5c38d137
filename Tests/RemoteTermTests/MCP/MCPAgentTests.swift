import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// What agents do with a terminal, in-process on the manual clock (no fixed sleep: every
/// wait is on the screen or on the clock the loop moves): answer a `[Y/n]` question, edit a
/// file in a modal editor and check it was saved, wait out a command that runs for a
/// minute, and go on after the link drops and comes back.
@Suite struct MCPAgentTests {
    /// A host: a shell with `apt install`, `vim FILE` (a modal editor on the alternate screen:
    /// `i`, typing, Esc, `:wq`), `cat FILE`, `make` (a minute long) and `echo`. Files live on
    /// the host, so they outlast a connection.
    final class Host {
        var files: [String: String] = [:]
        let clock: ManualClock
        let loop: EventLoop
        private var line = ""
        private var mode = Mode.shell
        private enum Mode { case shell, question, normal, insert, command(String) }
        private var editing = ""
        private var text = ""

        init(clock: ManualClock, loop: EventLoop) {
            self.clock = clock
            self.loop = loop
        }

        /// A new connection to the host: a transport whose shell starts at a prompt.
        func connect() -> MemoryTransport {
            let transport = MemoryTransport(output: Array("$ ".utf8), outputEnds: false)
            line = ""
            mode = .shell
            transport.respond = { [unowned self, unowned transport] bytes in self.answer(bytes, on: transport) }
            return transport
        }

        private func answer(_ bytes: [UInt8], on transport: MemoryTransport) -> [UInt8] {
            var out = ""
            for byte in bytes {
                let character = Character(Unicode.Scalar(byte))
                switch mode {
                case .shell, .question:
                    if byte == 0x0D {
                        out += "\r\n" + run(line, on: transport)
                        line = ""
                    } else if byte >= 0x20 {
                        line.append(character)
                        out.append(character)
                    }
                case .normal:
                    if character == "i" { mode = .insert }
                    if character == ":" {
                        mode = .command("")
                        out += "\u{1B}[24;1H:"
                    }
                case .insert:
                    if byte == 0x1B {
                        mode = .normal
                    } else if byte >= 0x20 {
                        text.append(character)
                        out.append(character)
                    }
                case .command(let typed):
                    if byte == 0x0D {
                        if typed == "wq" {
                            files[editing] = text
                            mode = .shell
                            out += "\u{1B}[?1049l\"\(editing)\" written\r\n$ "
                        } else {
                            mode = .normal
                        }
                    } else {
                        mode = .command(typed + String(character))
                        out.append(character)
                    }
                }
            }
            return Array(out.utf8)
        }

        private func run(_ command: String, on transport: MemoryTransport) -> String {
            if case .question = mode {
                mode = .shell
                return command.lowercased() == "n" ? "Abort.\r\n$ " : "Setting up foo (1.0)\r\n$ "
            }
            let words = command.split(separator: " ").map(String.init)
            switch words.first {
            case "apt":
                mode = .question
                return "Do you want to continue? [Y/n] "
            case "vim":
                editing = words.count > 1 ? words[1] : "unnamed"
                text = files[editing] ?? ""
                mode = .normal
                return "\u{1B}[?1049h\u{1B}[H\u{1B}[2J" + text + (2...23).map { "\u{1B}[\($0);1H~" }.joined() + "\u{1B}[1;1H"
            case "cat":
                return (files[words.count > 1 ? words[1] : ""] ?? "cat: no such file") + "\r\n$ "
            case "make":
                let later = Later(at: clock.now() + 60_000_000_000) { transport.deliver(Array("built in 60 s\r\n$ ".utf8)) }
                loop.add(later)
                return "building...\r\n"
            case "echo":
                return words.dropFirst().joined(separator: " ") + "\r\n$ "
            default:
                return "$ "
            }
        }
    }

    /// Output a command writes at a time of the manual clock.
    final class Later: EventSource {
        let time: UInt64
        var action: (() -> Void)?
        init(at time: UInt64, _ action: @escaping () -> Void) {
            self.time = time
            self.action = action
        }
        var pollInterests: [PollInterest] { [] }
        var deadline: UInt64? { action == nil ? nil : time }
        var isReady: Bool { false }
        func handle(readiness: [Int16], now: UInt64) {
            guard now >= time, let action else { return }
            self.action = nil
            action()
        }
    }

    /// A memory transport has no descriptor to wake the loop: while the host has written
    /// what the session has not read, or the link broke and the session has not closed it,
    /// this source is ready, as a readable socket would be.
    final class Readable: EventSource {
        let transport: () -> MemoryTransport?
        init(_ transport: @escaping () -> MemoryTransport?) { self.transport = transport }
        var pollInterests: [PollInterest] { [] }
        var deadline: UInt64? { nil }
        var isReady: Bool {
            guard let transport = transport() else { return false }
            return transport.unreadOutputCount > 0 || (transport.failure != nil && !transport.isClosed)
        }
        func handle(readiness: [Int16], now: UInt64) {}
    }

    final class Agent {
        let clock = ManualClock(start: 1_000_000_000)
        let loop: EventLoop
        let host: Host
        var server: MCPServer!
        var lines: [[String: Any]] = []
        var connection: MemoryTransport?
        private var next = 1

        init() throws {
            loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
            host = Host(clock: clock, loop: loop)
            server = MCPServer(
                loop: loop, version: "test",
                open: { [unowned self] _, size in
                    var options = Session.Options()
                    options.label = "agent@host"
                    options.reconnect = ReconnectPolicy(isAutomatic: true, random: { 0.5 })
                    let session = Session(rows: size.rows, columns: size.columns, clock: clock, options: options)
                    session.reconnector = { [unowned self] in
                        let transport = host.connect()
                        connection = transport
                        return ConnectionAttempt(finished: .connected(transport))
                    }
                    let transport = host.connect()
                    connection = transport
                    session.attach(transport)
                    return .success((session, "agent@host"))
                },
                write: { [unowned self] line in
                    lines.append((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:])
                })
            loop.add(Readable { [unowned self] in connection })
        }

        /// Calls `tool`, turning the loop until it is answered; its structured content (or the
        /// error's text under "error").
        func call(_ tool: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
            let id = next
            next += 1
            let request: [String: Any] = [
                "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments],
            ]
            server.receive(try JSONSerialization.data(withJSONObject: request))
            for _ in 0..<10_000 {
                if let answer = lines.first(where: { ($0["id"] as? Int) == id }) {
                    let result = try #require(answer["result"] as? [String: Any], "\(answer)")
                    if result["isError"] as? Bool == true {
                        return ["error": ((result["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""]
                    }
                    return result["structuredContent"] as? [String: Any] ?? [:]
                }
                try loop.turn()
            }
            Issue.record("\(tool) was never answered")
            return [:]
        }

        func waitFor(_ session: String, _ pattern: String, timeout: Double = 10) throws -> Bool {
            try call("wait", ["session": session, "pattern": pattern, "timeout_s": timeout])["matched"] as? Bool == true
        }
    }

    @Test func anAgentAnswersAQuestionEditsAFileWaitsOutABuildAndOutlivesADroppedLink() throws {
        let agent = try Agent()
        let session = try #require(try agent.call("open", ["target": "agent@host"])["session"] as? String)

        // A [Y/n] question, answered.
        _ = try agent.call("type", ["session": session, "text": "apt install foo\r"])
        #expect(try agent.waitFor(session, #"\[Y/n\] $"#))
        _ = try agent.call("type", ["session": session, "text": "y\r"])
        #expect(try agent.waitFor(session, "^Setting up foo"))

        // An edit in the modal editor, saved, then checked.
        _ = try agent.call("type", ["session": session, "text": "vim notes.txt\r"])
        #expect(try agent.waitFor(session, "^~$"))
        _ = try agent.call("key", ["session": session, "keys": ["i"]])
        _ = try agent.call("type", ["session": session, "text": "hello from the agent"])
        _ = try agent.call("key", ["session": session, "keys": ["Esc"]])
        _ = try agent.call("type", ["session": session, "text": ":wq\r"])
        #expect(try agent.waitFor(session, "written"))
        _ = try agent.call("type", ["session": session, "text": "cat notes.txt\r"])
        #expect(try agent.waitFor(session, "^hello from the agent$"))
        #expect(agent.host.files["notes.txt"] == "hello from the agent")

        // A command that runs for a minute: the wait lasts exactly as long, on the clock.
        _ = try agent.call("type", ["session": session, "text": "make\r"])
        let started = agent.clock.now()
        #expect(try agent.waitFor(session, "^built in 60 s$", timeout: 120))
        #expect(agent.clock.now() - started == 60_000_000_000)

        // The link drops; the session reconnects by itself and the agent goes on with it.
        agent.connection?.failure = SessionReconnectTests.lost
        // The new shell's prompt, on a fresh line below the old one's.
        #expect(try agent.waitFor(session, #"^\$\n\$ $"#))
        _ = try agent.call("type", ["session": session, "text": "echo back again\r"])
        let back = try agent.call("wait", ["session": session, "pattern": "^back again$"])
        #expect(back["matched"] as? Bool == true, "\(back)")
        let listed = try agent.call("sessions")["sessions"] as? [[String: Any]]
        #expect(listed?.first?["state"] as? String == "live")
        #expect(agent.host.files["notes.txt"] == "hello from the agent")
    }
}
