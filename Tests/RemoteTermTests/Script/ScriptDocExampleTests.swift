// The examples in docs/script-format.md must stay valid scripts: a new user copies them.

import Foundation
import Testing

@testable import RemoteTerm

@Suite struct ScriptDocExampleTests {
    /// The ```sh blocks of the script documentation, in order.
    private func shellBlocks() throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/script-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func smokeExampleParses() throws {
        let blocks = try shellBlocks()
        try #require(blocks.count == 2)
        let smoke = try ScriptParser.parse(blocks[0], file: "smoke.script")
        #expect(smoke.steps.first?.kind == .size(rows: 24, columns: 80))
        #expect(smoke.steps.contains { $0.kind == .click(label: "Esc") })
        #expect(smoke.steps.last?.kind == .expectExit(code: 0))
        let block = try ScriptParser.parse(blocks[1], file: "block.script")
        #expect(block.steps.map(\.kind) == [.expectScreen(lines: ["$ echo one", "one", ""], rows: 1...3)])
    }
}
