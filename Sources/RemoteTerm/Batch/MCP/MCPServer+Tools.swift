import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// What each tool does. Arguments of the wrong shape are a JSON-RPC invalid-params error
/// (`MCPArgumentError`); a tool that cannot do what it was asked (a session that ended, a
/// pattern that is not a regex, a refused login) is a result with `isError`.
extension MCPServer {
    func call(_ name: String, _ arguments: [String: Any], id: JSONRPC.ID) throws(MCPArgumentError) {
        let input = MCPArguments(arguments, tool: name)
        if name == "open" { return try openSession(input, id: id) }
        if name == "sessions" {
            let list = sessions.values.sorted { $0.id.count == $1.id.count ? $0.id < $1.id : $0.id.count < $1.id.count }
                .map { ["session": $0.id, "label": InertText.forAgent($0.label), "state": $0.state] }
            return answer(id, Self.success(["sessions": list]))
        }
        let sessionID = try input.string("session")
        guard let session = sessions[sessionID] else {
            return answer(id, Self.failure("There is no session '\(sessionID)' (open returns one; sessions lists them)."))
        }
        let now = loop.clock.now()
        switch name {
        case "scrollback":
            let lines = try input.optionalInteger("lines", in: 1...10_000_000)
            let read = session.scrollback(last: lines)
            answer(id, Self.success(["scrollback": read.text, "lines": read.lines]))
        case "screen":
            let rows = try input.optionalString("rows").map { text throws(MCPArgumentError) in try Self.rows(text) }
            let format = try input.optionalString("format") ?? "text"
            guard format == "text" || format == "ansi" else { throw MCPArgumentError("format must be text or ansi") }
            var result: [String: Any] = [
                "screen": format == "ansi" ? session.ansi(rows: rows) : session.text(rows: rows),
                "cursor": ["row": session.terminal.cursorRow + 1, "column": session.terminal.cursorColumn + 1],
                "title": session.title,
            ]
            if let ending = session.session.ending { result["exit_status"] = Int(ending.exitStatus) }
            answer(id, Self.success(result))
        case "close":
            if session.session.ending == nil { session.session.end(SessionEnding.disconnected(label: session.label)) }
            let status = Int(session.session.ending?.exitStatus ?? 0)
            loop.remove(session.session)
            sessions[sessionID] = nil
            answer(id, Self.success(["exit_status": status]))
        case "wait":
            try wait(session, input, id: id)
        case "run":
            try runCommand(session, input, id: id)
        default:
            if let why = Self.unreachable(session) { return answer(id, Self.failure(why)) }
            let view = session.view(now: now)
            var inputs: [SessionInput]
            switch name {
            case "type":
                // Through the front as a script's `type`: a Ctrl or Alt clicked on the bar
                // applies to the next character typed, as for a person.
                inputs = session.front.type(Array(try input.text("text").utf8), now: now, view: view)
            case "paste":
                inputs = session.front.paste(Array(try input.text("text").utf8), now: now, view: view)
            case "key":
                inputs = []
                for keyName in try input.strings("keys") {
                    guard let key = try? KeyEvent(name: keyName) else {
                        return answer(id, Self.failure("'\(keyName)' is not a key name (Enter, Esc, Up, F5, Ctrl+C, Alt+x…)."))
                    }
                    inputs += session.front.key(key, now: now, view: view)
                }
            default:
                let label = try input.string("label")
                guard let sent = session.front.click(label, now: now, view: view) else {
                    let labels = session.front.bar.items.map { $0.label }.joined(separator: " ")
                    return answer(id, Self.failure("There is no button '\(label)' on the key bar (it has: \(labels))."))
                }
                inputs = sent
            }
            for input in inputs { session.session.send(input) }
            answer(id, Self.success(["session": sessionID]))
        }
    }

    /// Why nothing can be sent to `session` now, if so.
    static func unreachable(_ session: MCPSession) -> String? {
        if let ending = session.session.ending {
            return "The session has ended (\(Self.describe(ending))): nothing can be sent to it."
        }
        if let lost = session.session.reconnection {
            return "The link is down (\(InertText.forAgent(lost.reason))) and being reconnected: wait for the screen, then send again."
        }
        return nil
    }

    /// How long `run` waits for its command by default.
    static let runTimeLimit: Double = 30

    /// `run`: a command typed at the shell's prompt (`MCPCommandRun`), answered once the shell
    /// is back at its prompt with what the command printed and its status; at the time limit
    /// with what it printed so far (it runs on: Ctrl+C stops it).
    private func runCommand(_ session: MCPSession, _ input: MCPArguments, id: JSONRPC.ID) throws(MCPArgumentError) {
        let command = try input.text("command")
        guard !command.allSatisfy({ $0 == " " }),
            !command.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        else { throw MCPArgumentError("command must be one line of text, without control characters (type sends anything)") }
        let seconds = try input.optionalNumber("timeout_s") ?? Self.runTimeLimit
        guard seconds > 0, seconds <= 3600 else { throw MCPArgumentError("timeout_s must be more than 0 and at most 3600") }
        if let why = Self.unreachable(session) { return answer(id, Self.failure(why)) }
        guard !pending.contains(where: { $0.runs == session.id }) else {
            return answer(id, Self.failure("An earlier run in this session has not finished: wait for it first."))
        }
        // A shell still drawing its prompt (an agent's `wait` for a command's output answers
        // as the output shows, a moment before the prompt) is given `promptGrace` to show one;
        // after that, not at a prompt is a refusal.
        var run: MCPCommandRun?
        let asked = loop.clock.now()
        let terminal = { session.terminal }
        later(
            id, seconds: seconds, on: session.session, runs: session.id,
            wake: {
                guard let run else { return asked &+ Self.promptGrace }
                return run.finishedAt.map { $0 &+ MCPCommandRun.promptRedrawWait } ?? UInt64.max
            }
        ) { now, timedOut in
            guard var started = run else {
                if let ending = session.session.ending {
                    return Self.failure("The session ended (\(Self.describe(ending))) before the command was typed.")
                }
                switch MCPCommandRun.start(command, on: terminal()) {
                case .success(let made):
                    run = made
                    session.session.send(.bytes(made.keys))
                    return nil
                case .failure(let refusal):
                    return timedOut || now &- asked >= Self.promptGrace ? Self.failure(refusal.sentence) : nil
                }
            }
            defer { run = started }
            if started.isFinished(terminal(), now: now) {
                return Self.success(
                    ["output": started.output(terminal()), "exit_status": started.status(terminal()) ?? NSNull(), "timed_out": false])
            }
            if let ending = session.session.ending {
                return Self.success(["output": started.output(terminal()), "exit_status": Int(ending.exitStatus), "timed_out": false])
            }
            guard timedOut else { return nil }
            return Self.success(["output": started.output(terminal()), "exit_status": NSNull(), "timed_out": true])
        }
    }

    /// How long `run` waits for a prompt that is not there yet before it refuses.
    static let promptGrace: UInt64 = 1_000_000_000

    /// `open`: a session for a hosts-file line or a local command, answered once its first
    /// screen is drawn (or it failed).
    private func openSession(_ input: MCPArguments, id: JSONRPC.ID) throws(MCPArgumentError) {
        let target = try input.optionalString("target")
        let local = try input.optionalString("local")
        guard (target == nil) != (local == nil) else { throw MCPArgumentError("open needs target or local, not both") }
        let columns = try input.optionalInteger("cols", in: 10...1000) ?? 80
        let rows = try input.optionalInteger("rows", in: 2...1000) ?? 24
        let seconds = try input.optionalNumber("timeout_s") ?? Self.openTimeLimit
        guard seconds > 0, seconds <= 3600 else { throw MCPArgumentError("timeout_s must be more than 0 and at most 3600") }
        var words = local.map { ["--local", "--", shell, "-c", $0] } ?? ShellWords.split(target ?? "")
        if let resume = try input.optionalString("resume") {
            // On the host's tmux, or this machine's for a local command: `rterm --resume NAME
            // host` or `rterm --resume NAME --local` shows a person the same screen.
            words = ["--resume", resume] + words
        }
        guard !words.isEmpty else { throw MCPArgumentError("target is empty") }
        guard sessions.count < Self.sessionLimit else {
            return answer(id, Self.failure("Too many sessions open (\(Self.sessionLimit)): close one first."))
        }
        let session: Session
        let label: String
        switch open(words, (rows, columns)) {
        case .success(let made): (session, label) = made
        case .failure(let failure): return answer(id, Self.failure(Self.withHint(failure.message)))
        }
        opened += 1
        let made = MCPSession(id: "s\(opened)", label: label, session: session, bar: bar)
        sessions[made.id] = made
        loop.add(session)
        // When the program started: a program that draws nothing is answered a moment later.
        var startedAt: UInt64?
        let firstScreen = { startedAt.map { $0 &+ Self.firstScreenWait } }
        later(id, seconds: seconds, on: session, wake: { firstScreen() ?? UInt64.max }) { now, timedOut in
            if session.state == .connecting && !timedOut { return nil }
            if session.state == .live, startedAt == nil { startedAt = now }
            if let ending = session.ending, session.state != .live || !made.hasDrawn {
                if case .remoteExited = ending {
                    return Self.success(["session": made.id, "screen": made.text()])
                }
                self.loop.remove(session)
                self.sessions[made.id] = nil
                return Self.failure(Self.withHint(ending.message ?? "The connection failed."))
            }
            guard made.hasDrawn || timedOut || firstScreen().map({ now >= $0 }) == true else { return nil }
            return Self.success(["session": made.id, "screen": made.text()])
        }
    }

    /// How long `open` waits for a connection by default.
    static let openTimeLimit: Double = 60
    /// How long `open` waits for the first screen once the program started, before it
    /// answers with the screen as it is.
    static let firstScreenWait: UInt64 = 1_000_000_000

    /// `wait`: for a pattern, or for a quiet screen, until the timeout.
    private func wait(_ session: MCPSession, _ input: MCPArguments, id: JSONRPC.ID) throws(MCPArgumentError) {
        let seconds = try input.optionalNumber("timeout_s") ?? 10
        guard seconds > 0, seconds <= 3600 else { throw MCPArgumentError("timeout_s must be more than 0 and at most 3600") }
        let quiet = try input.optionalInteger("idle_ms", in: 1...600_000)
        let source = try input.optionalString("pattern")
        guard (source == nil) != (quiet == nil) else { throw MCPArgumentError("wait needs pattern or idle_ms, not both") }
        if let source {
            let pattern: ScriptPattern
            do {
                pattern = try ScriptPattern(source: source)
            } catch {
                return answer(id, Self.failure("/\(source)/ is not a valid regular expression."))
            }
            later(id, seconds: seconds, on: session.session) { _, timedOut in
                if session.matches(pattern) { return Self.success(["matched": true, "screen": session.text()]) }
                if let ending = session.session.ending {
                    return Self.failure("The session ended (\(Self.describe(ending))) before the screen matched /\(source)/.")
                }
                return timedOut ? Self.success(["matched": false, "screen": session.text()]) : nil
            }
            return
        }
        let quietTime = UInt64(quiet ?? 0) * 1_000_000
        var last = ANSIRenderer.text(of: session.terminal)
        var changed = loop.clock.now()
        // The quiet time ends by the clock, not by output: the loop wakes for it.
        later(id, seconds: seconds, on: session.session, wake: { changed &+ quietTime }) { now, timedOut in
            let shown = ANSIRenderer.text(of: session.terminal)
            if shown != last {
                last = shown
                changed = now
            }
            if now &- changed >= quietTime || session.session.ending != nil {
                return Self.success(["matched": true, "screen": session.text()])
            }
            return timedOut ? Self.success(["matched": false, "screen": session.text()]) : nil
        }
    }

    /// Rows `A-B` or `A`, 1-based.
    static func rows(_ text: String) throws(MCPArgumentError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts.last!), first >= 1, first <= last
        else { throw MCPArgumentError("rows must be A-B with 1 <= A <= B, or A") }
        return first...last
    }

    /// How an ending reads in a sentence (as a script's failure says it), inert.
    static func describe(_ ending: SessionEnding) -> String {
        InertText.forAgent(ScriptRunner.describe(ending))
    }

    /// A connection failure that needed a secret typed says how to do without.
    static func withHint(_ message: String) -> String {
        let text = message.hasPrefix("rterm: ") ? String(message.dropFirst(7)) : message
        let lowered = text.lowercased()
        guard lowered.contains("password") || lowered.contains("passphrase") || lowered.contains("authentication")
            || lowered.contains("permission denied")
        else { return text }
        return text + " (rterm mcp never asks for a password or passphrase: load a key into ssh-agent, "
            + "or set SSH_ASKPASS to a program that answers)"
    }
}
