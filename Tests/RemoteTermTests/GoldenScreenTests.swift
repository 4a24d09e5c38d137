import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Real program sessions (vim, less, man, htop, top, git, nano, dialog, bash…) recorded on a
/// pty at 24×80, with the screen tmux drew for the same bytes as the expected result
/// (`Scripts/record-golden.py`, `Scripts/golden-expected.sh`).
@Suite struct GoldenScreenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Golden")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".bytes") }.map { String($0.dropLast(6)) }.sorted()
    }()

    static func load(_ name: String, _ suffix: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + suffix))
    }

    @Test func thereAreAtLeastFifteenRecordings() {
        #expect(Self.names.count >= 15)
    }

    @Test(arguments: names)
    func screenMatchesTmux(name: String) throws {
        let bytes = [UInt8](try Self.load(name, ".bytes"))
        let expected = String(decoding: try Self.load(name, ".screen"), as: UTF8.self)
        var whole = Terminal(rows: 24, columns: 80)
        whole.feed(bytes)
        #expect(whole.renderText() == expected, "\(name): whole feed")

        var byteByByte = Terminal(rows: 24, columns: 80)
        for byte in bytes { byteByByte.feed([byte]) }
        #expect(byteByByte.renderText() == expected, "\(name): one byte at a time")
    }
}
