import Foundation
import Testing

/// docs/testing.md stays true of the tests it describes: every file under
/// Tests/RemoteTermTests is named in its table (as `Scripts/code-map --check` holds
/// docs/code-map.md to the sources), and the number of tests it gives is about right.
@Suite struct TestingDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var doc: String {
        (try? String(contentsOf: root.appendingPathComponent("docs/testing.md"), encoding: .utf8)) ?? ""
    }

    /// The Swift files under Tests/RemoteTermTests (the fixtures are data), relative to it.
    static var testFiles: [String] {
        let directory = root.appendingPathComponent("Tests/RemoteTermTests").path
        let paths = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Fixtures/") }.sorted()
    }

    /// The rows of the doc's tables.
    static var tableText: String {
        doc.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n")
    }

    @Test func everyTestFileIsInTheTable() {
        let files = Self.testFiles
        #expect(files.count > 150, "\(files.count)")
        let table = Self.tableText
        let missing = files.filter { file in
            // Named as a word of its own: `Dir/Name`, `Name`, or `Name.aTest…`.
            let name = (file as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            let word = "(^|[^A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: name) + "([^A-Za-z0-9_]|$)"
            return table.range(of: word, options: .regularExpression) == nil
        }
        #expect(missing.isEmpty, "not in docs/testing.md's table: \(missing)")
    }

    @Test func theNumberOfTestsIsAboutRight() throws {
        let stated = try #require(
            Self.doc.firstMatch(of: /about ([0-9,]+) tests/).flatMap { Int($0.1.replacingOccurrences(of: ",", with: "")) },
            "docs/testing.md gives no \"about N tests\"")
        var count = 0
        for file in Self.testFiles {
            let path = Self.root.appendingPathComponent("Tests/RemoteTermTests/" + file).path
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            count += text.matches(of: /@Test[ (\n]/).count
        }
        // "About": within a tenth either way.
        #expect(abs(stated - count) * 10 <= count, "docs/testing.md says about \(stated) tests; there are \(count)")
    }
}
