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

    /// The one `sh` block that holds `text`.
    static func shellBlock(containing text: String) throws -> String {
        let blocks = try shellBlocks().filter { $0.contains(text) }
        try #require(blocks.count == 1, "\(blocks.count) blocks of docs/script-format.md hold '\(text)'")
        return blocks[0]
    }

    @Test func smokeExampleParses() throws {
        let blocks = try Self.shellBlocks()
        try #require(blocks.count == 4)
        let smoke = try ScriptParser.parse(blocks[0], file: "smoke.script")
        #expect(smoke.steps.first?.kind == .size(rows: 24, columns: 80))
        #expect(smoke.steps.contains { $0.kind == .click(label: "Esc") })
        #expect(smoke.steps.last?.kind == .expectExit(code: 0))
        let block = try ScriptParser.parse(try Self.shellBlock(containing: "expect-screen"), file: "block.script")
        #expect(block.steps.map(\.kind).last == .expectScreen(lines: ["one", "$ ", ""], rows: 1...3))
        // The lost-link example runs verbatim against the test sshd (ScriptOverSSHTests).
        let lost = try ScriptParser.parse(try Self.shellBlock(containing: "expect-disconnect"), file: "lost.script")
        #expect(lost.steps.map(\.kind).contains(.expectDisconnect(timeout: nil)))
        #expect(lost.steps.map(\.kind).contains(.reconnect(timeout: 20)))
        // The files example runs against the test sshd too (ScriptOverSSHTests).
        let files = try ScriptParser.parse(try Self.shellBlock(containing: "put "), file: "files.script")
        #expect(files.steps.map(\.kind).contains(.transfer(FileTransferRequest(.upload, local: "input.txt", remote: "work-input.txt"), timeout: nil)))
        #expect(files.steps.map(\.kind).last == .transfer(FileTransferRequest(.download, local: "output.txt", remote: "work-output.txt"), timeout: nil))
    }
}
