import Foundation
import Testing

/// What docs/architecture.md says in numbers is checked against the tree: the executable's
/// size, which the page states as a limit.
@Suite struct ArchitectureDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theExecutableIsUnderTheLinesThePageStates() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let limit = try #require(
            page.firstMatch(of: /the wiring of the pieces \(under ([0-9,]+) lines/).flatMap {
                Int($0.1.replacingOccurrences(of: ",", with: ""))
            }, "docs/architecture.md states no size for Sources/rterm")
        let directory = Self.root.appendingPathComponent("Sources/rterm").path
        let files = (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
        var lines = 0
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            lines += text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        }
        #expect(!files.isEmpty)
        #expect(lines < limit, "Sources/rterm has \(lines) lines; docs/architecture.md says under \(limit)")
    }
}
