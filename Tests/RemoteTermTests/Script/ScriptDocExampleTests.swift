// The examples in docs/script-format.md must stay valid scripts: a new user copies them.

import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct ScriptDocExampleTests {
    /// The ```sh blocks of the script documentation, in order.
    static func shellBlocks() throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/script-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func smokeExampleParses() throws {
        let blocks = try Self.shellBlocks()
        try #require(blocks.count == 3)
        let smoke = try ScriptParser.parse(blocks[0], file: "smoke.script")
        #expect(smoke.steps.first?.kind == .size(rows: 24, columns: 80))
        #expect(smoke.steps.contains { $0.kind == .click(label: "Esc") })
        #expect(smoke.steps.last?.kind == .expectExit(code: 0))
        let block = try ScriptParser.parse(blocks[2], file: "block.script")
        #expect(block.steps.map(\.kind).last == .expectScreen(lines: ["one", "$ ", ""], rows: 1...3))
        // The lost-link example runs verbatim against the test sshd (ScriptOverSSHTests).
        let lost = try ScriptParser.parse(blocks[1], file: "lost.script")
        #expect(lost.steps.map(\.kind).contains(.expectDisconnect(timeout: nil)))
        #expect(lost.steps.map(\.kind).contains(.reconnect(timeout: 20)))
    }
}
