import Foundation
import RemoteTermFuzz
import Testing

/// docs/security.md stays true: its table of boundaries has a row for each one the design
/// card names, every row names at least one test, and every test it names is a suite (or a
/// file) of Tests/RemoteTermTests (so `make test` runs it) or a fuzz target whose seeds
/// `FuzzCorpusTests` replays; every file it says rterm writes is written the way it says
/// (checked where the writes are: `Files/LocalDirectoryTests`, `Fleet/SpillDirectoryTests`,
/// `SSH/KnownHostsFileTests`).
@Suite struct SecurityDocsTests {
    static let root = TestingDocsTests.root

    static var doc: String {
        (try? String(contentsOf: root.appendingPathComponent("docs/security.md"), encoding: .utf8)) ?? ""
    }

    /// The rows of "The boundaries" table: boundary, what is refused, tests.
    static var boundaries: [(boundary: String, tests: String)] {
        guard let start = doc.range(of: "## The boundaries"), let end = doc.range(of: "\n## ", range: start.upperBound..<doc.endIndex)
        else { return [] }
        return doc[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| boundary") }
            .map { line in
                let cells = line.replacingOccurrences(of: "\\|", with: "¦").split(separator: "|").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                return (cells.first ?? "", cells.last ?? "")
            }
    }

    @Test func everyBoundaryOfTheThreatModelHasARow() {
        let rows = Self.boundaries.map(\.boundary)
        for boundary in [
            "server output → the engine", "server → local files (downloads)", "server → the user's terminal, passed on",
            "server text → the user's terminal, outside the screen", "server text → agents", "server → links",
            "other local users → rterm's files", "agents → sessions", "configuration files",
        ] {
            #expect(rows.contains(boundary), "no row for \(boundary): \(rows)")
        }
    }

    @Test func everyTestTheTableNamesExists() throws {
        let files = TestingDocsTests.testFiles
        let sources = files.compactMap { file in
            try? String(contentsOf: Self.root.appendingPathComponent("Tests/RemoteTermTests/" + file), encoding: .utf8)
        }.joined(separator: "\n")
        let targets = Set(FuzzTarget.allCases.map(\.rawValue))
        for (boundary, tests) in Self.boundaries {
            let names = tests.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(!names.isEmpty, "\(boundary) names no test")
            for name in names where !targets.contains(name) {
                let declared = sources.range(of: "(struct|extension) (\\w+\\.)?\(name)\\b", options: .regularExpression) != nil
                let file = files.contains { ($0 as NSString).lastPathComponent == name + ".swift" }
                #expect(declared || file, "\(boundary): no test suite or file \(name)")
            }
        }
    }
}
