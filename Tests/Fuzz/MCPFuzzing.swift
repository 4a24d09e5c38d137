// The `rterm mcp` target: whatever an agent sends, one JSON-RPC line after another, the
// server answers or refuses each request with one JSON-RPC line, never crashes, and never
// leaves a request waiting past its time limit. Its sessions are memory transports whose
// remote echoes what it is sent (and draws a prompt), on a manual clock.

import Foundation
import RemoteTerm

enum MCPFuzzing {
    /// The input is lines (LF); each is one message to the server, as `rterm mcp` reads them.
    static func run(_ data: [UInt8]) -> [String] {
        let clock = ManualClock(start: 1_000_000_000)
        guard let loop = try? EventLoop(clock: clock, poller: ManualPoller(clock: clock)) else { return [] }
        var written: [String] = []
        let server = MCPServer(
            loop: loop, bar: KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn), version: "fuzz",
            open: { words, size in
                if words.last == "fail" { return .failure(MCPServer.OpenFailure("rterm: fail: refused")) }
                let session = Session(rows: size.rows, columns: size.columns, clock: clock)
                let transport = MemoryTransport(output: Array("$ ".utf8), outputEnds: false)
                transport.respond = { $0 }
                session.attach(transport)
                return .success((session, "fuzz"))
            },
            write: { written.append($0) })
        var violations: [String] = []
        var lines = LineSplitter()
        var pieces = lines.take(data[...])
        if let last = lines.finish() { pieces.append(.line(last)) }
        for case .line(let line) in pieces.prefix(64) {
            server.receive(line)
            // A few turns between messages, as a client's lines arrive.
            for _ in 0..<3 { _ = try? loop.turn(limit: clock.now() &+ 1_000_000) }
        }
        // Past every time limit (an hour at most): nothing may still be waiting.
        for _ in 0..<200 where server.unansweredCount > 0 {
            clock.advance(by: 60_000_000_000)
            _ = try? loop.turn(limit: clock.now())
        }
        if server.unansweredCount > 0 { violations.append("\(server.unansweredCount) requests never answered") }
        for line in written {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["jsonrpc"] as? String == "2.0", object["result"] != nil || object["error"] != nil
            else {
                violations.append("an answer is not a JSON-RPC response: \(line.prefix(200))")
                continue
            }
            if line.contains("\n") { violations.append("an answer spans lines") }
        }
        server.shutDown()
        return violations
    }
}
