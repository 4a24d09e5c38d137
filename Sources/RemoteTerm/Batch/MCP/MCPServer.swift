import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop

/// `rterm mcp`: a Model Context Protocol server whose tools drive terminal sessions, all on
/// the one event loop. Lines come in (`receive`), answers go out (`write`, one line each) as
/// each request completes: a `wait` holds its answer until its screen matches or its time
/// is up, while every other request is answered meanwhile. Nothing an agent sends ends the
/// server: a bad line is a JSON-RPC error, a tool that fails is a result with `isError`.
package final class MCPServer: EventSource, TurnEndHandler {
    /// Opens a session for `words` (ssh's syntax, or `--local -- …`) at `size`: the session
    /// (connecting) and its label, or the one line that says why not.
    package typealias Opener = (_ words: [String], _ size: (rows: Int, columns: Int)) -> Result<(Session, String), OpenFailure>

    /// Why a session could not be opened.
    package struct OpenFailure: Error {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    /// The protocol versions rterm speaks, newest first.
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26"]
    /// The version the client and the server agreed on (`initialize`); before it, the
    /// behaviour of the versions before 2025-11-25.
    var protocolVersion = "2025-06-18"
    /// From 2025-11-25 on, arguments a tool cannot take are the tool's error (`isError`, which
    /// the model reads and can correct), not the protocol's (-32602).
    var argumentErrorsAreToolErrors: Bool { protocolVersion >= "2025-11-25" }
    /// At most this many sessions at once.
    package static let sessionLimit = 64
    /// The longest text a `type` or `paste` may send at once.
    package static let textLimit = 1 << 20

    let loop: EventLoop
    let open: Opener
    let write: (String) -> Void
    let bar: KeyBar
    let version: String
    let shell: String
    var sessions: [String: MCPSession] = [:]
    var opened = 0
    /// Requests whose answer waits: for a screen, a first screen, a quiet screen.
    var pending: [Pending] = []

    /// A request that answers later.
    struct Pending {
        let id: JSONRPC.ID
        let deadline: UInt64
        /// The session whose screen or link the answer depends on: looked at only in a turn
        /// in which it changed (nil: every turn).
        let session: Session?
        /// A time before the deadline to look again at, with nothing happening (a quiet time).
        let wake: (() -> UInt64)?
        /// Looked at after every turn; once it gives an answer (or the deadline passes, with
        /// `timedOut` true), the answer is written.
        let check: (_ now: UInt64, _ timedOut: Bool) -> [String: Any]?
        /// The session whose `run` this is: one at a time each.
        var runs: String? = nil
    }

    /// A server on `loop`; `write` gets each answer as one line (without its newline).
    package init(
        loop: EventLoop, bar: KeyBar = KeyBar(), version: String, shell: String = "/bin/sh", open: @escaping Opener,
        write: @escaping (String) -> Void
    ) {
        self.loop = loop
        self.bar = bar
        self.version = version
        self.shell = shell
        self.open = open
        self.write = write
        loop.add(self)
        loop.addTurnEnd(self)
    }

    /// Ends every session and stops serving (the client went away).
    /// Requests not answered yet (a `wait`, an `open`): none once their time limits passed.
    package var unansweredCount: Int { pending.count }

    package func shutDown() {
        for session in sessions.values where session.session.ending == nil {
            session.session.end(.disconnected(label: session.label))
        }
        for session in sessions.values { loop.remove(session.session) }
        sessions = [:]
        pending = []
        loop.removeTurnEnd(self)
        loop.remove(self)
    }

    // MARK: - Messages

    /// Handles one line from the client.
    package func receive(_ line: Data) {
        switch JSONRPC.parse(line) {
        case .invalid(let id, let code, let message):
            write(JSONRPC.error(code, message, id: id))
        case .notification(let method, let params):
            // A request the client no longer wants (a `wait` it gave up on) is dropped
            // unanswered, as the protocol asks; notifications/initialized and the like need
            // nothing.
            if method == "notifications/cancelled", let id = params["requestId"].flatMap(JSONRPC.ID.init) {
                pending.removeAll { $0.id == id }
            }
        case .response:
            break
        case .request(let id, let method, let params):
            switch method {
            case "initialize":
                let asked = params["protocolVersion"] as? String
                let version = asked.flatMap { Self.protocolVersions.contains($0) ? $0 : nil } ?? Self.protocolVersions[0]
                protocolVersion = version
                write(
                    JSONRPC.result(
                        [
                            "protocolVersion": version, "capabilities": ["tools": ["listChanged": false]],
                            "serverInfo": ["name": "rterm", "version": self.version],
                            "instructions": "Terminal sessions (SSH or local) with a real screen: open, then type or key, "
                                + "then wait for the screen to match, then screen; close when done.",
                        ], id: id))
            case "ping":
                write(JSONRPC.result([:], id: id))
            case "tools/list":
                write(JSONRPC.result(["tools": MCPTools.list], id: id))
            case "tools/call":
                guard let name = params["name"] as? String else {
                    write(JSONRPC.error(.invalidParams, "invalid params: tools/call needs a tool name", id: id))
                    return
                }
                guard MCPTools.names.contains(name) else {
                    write(JSONRPC.error(.invalidParams, "unknown tool '\(name)': the tools are \(MCPTools.names.joined(separator: ", "))", id: id))
                    return
                }
                let arguments = params["arguments"] as? [String: Any] ?? [:]
                do throws(MCPArgumentError) {
                    try call(name, arguments, id: id)
                } catch {
                    if argumentErrorsAreToolErrors {
                        answer(id, Self.failure("Invalid arguments: \(error.message)."))
                    } else {
                        write(JSONRPC.error(.invalidParams, "invalid params: \(error.message)", id: id))
                    }
                }
            default:
                write(JSONRPC.error(.methodNotFound, "method not found: \(method)", id: id))
            }
        }
    }

    /// A tool's result: its structured content, and the same as JSON text for clients that
    /// read only text.
    static func success(_ structured: [String: Any]) -> [String: Any] {
        ["content": [["type": "text", "text": JSONRPC.line(structured)]], "structuredContent": structured, "isError": false]
    }

    /// A tool that failed: one sentence saying why.
    static func failure(_ sentence: String) -> [String: Any] {
        ["content": [["type": "text", "text": InertText.forAgent(sentence)]], "isError": true]
    }

    /// Answers `id` with `result` now.
    func answer(_ id: JSONRPC.ID, _ result: [String: Any]) {
        write(JSONRPC.result(result, id: id))
    }

    /// Answers `id` once `check` gives an answer, or at `seconds` from now with `timedOut`.
    func later(
        _ id: JSONRPC.ID, seconds: Double, on session: Session?, runs: String? = nil, wake: (() -> UInt64)? = nil,
        check: @escaping (_ now: UInt64, _ timedOut: Bool) -> [String: Any]?
    ) {
        let now = loop.clock.now()
        if let result = check(now, false) {
            answer(id, result)
            return
        }
        pending.append(
            Pending(
                id: id, deadline: now &+ UInt64(max(0, min(seconds, 1e6)) * 1e9), session: session, wake: wake,
                check: check, runs: runs))
    }

    // MARK: - The loop's side

    package var pollInterests: [PollInterest] { [] }
    package var deadline: UInt64? { pending.map { min($0.deadline, $0.wake?() ?? $0.deadline) }.min() }
    package var isReady: Bool { false }
    package func handle(readiness: [Int16], now: UInt64) {}

    /// After every turn: each waiting request whose session changed (its events say so),
    /// whose quiet time or deadline came, is looked at and answered if it can be; then the
    /// sessions' events are taken (nobody else reads them). A closed session's events stay,
    /// so a wait on it is answered in the turn after `close`.
    package func turnEnded(now: UInt64) {
        if !pending.isEmpty {
            var still: [Pending] = []
            for request in pending {
                let timedOut = now >= request.deadline
                let due = timedOut || request.session?.hasEvents != false || (request.wake.map { now >= $0() } ?? false)
                if due, let result = request.check(now, timedOut) {
                    answer(request.id, result)
                } else if timedOut {
                    answer(request.id, Self.failure("rterm: internal error: a request timed out without an answer"))
                } else {
                    still.append(request)
                }
            }
            pending = still
        }
        for session in sessions.values where session.session.hasEvents { _ = session.session.takeEvents() }
    }
}

/// Arguments a tool cannot take: a JSON-RPC invalid-params error.
struct MCPArgumentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
