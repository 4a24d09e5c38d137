import Foundation
import Testing

/// docs/mcp.md's example session, run as written: each `→` line sent to `rterm mcp` (a
/// request's answer awaited before the next), each `←` line found in the answer with its id
/// (what the docs show is contained in what rterm says).
@Suite struct MCPDocExampleTests {
    /// Whether `expected` is contained in `actual`: objects key by key, arrays item by item,
    /// values equal.
    static func contains(_ actual: Any?, _ expected: Any) -> Bool {
        switch expected {
        case let object as [String: Any]:
            guard let actual = actual as? [String: Any] else { return false }
            return object.allSatisfy { contains(actual[$0.key], $0.value) }
        case let array as [Any]:
            guard let actual = actual as? [Any], actual.count == array.count else { return false }
            return zip(actual, array).allSatisfy { contains($0, $1) }
        case let text as String:
            return actual as? String == text
        case let number as NSNumber:
            return (actual as? NSNumber) == number
        default:
            return actual is NSNull && expected is NSNull
        }
    }

    @Test func theExampleSessionRunsAsWritten() throws {
        let block = try docsCodeBlock("docs/mcp.md", after: "## An example session")
        let home = NSTemporaryDirectory() + "rterm-mcp-doc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let client = try MCPClient(home: home, environment: ["PS1": "$ "])
        defer { client.stop() }
        var checked = 0
        var last: Int?
        for line in block.split(separator: "\n") {
            let json = String(line.dropFirst(2))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            if line.hasPrefix("→ ") {
                client.writeLine(json)
                last = object["id"] as? Int
                if let last { _ = try client.answer(last) }
            } else {
                let id = try #require(object["id"] as? Int)
                #expect(id == last)
                let answer = try client.answer(id)
                #expect(Self.contains(answer, object), "documented: \(json)\nanswered: \(answer)")
                checked += 1
            }
        }
        #expect(checked == 7)
        #expect(client.stop() == 0)
    }
}
