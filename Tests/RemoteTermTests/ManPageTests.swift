import Foundation
import Testing

@testable import RemoteTermFront
@testable import RemoteTermSSH

/// docs/rterm.1 renders without a warning and documents what `--help` offers: every option
/// of the usage text, every subcommand, every item of the menu; checked against the same
/// tables the program uses, so the two cannot drift.
@Suite struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var page: String { (try? String(contentsOf: root.appendingPathComponent("docs/rterm.1"), encoding: .utf8)) ?? "" }
    /// The page's text with roff's `\-` read as `-`.
    static var text: String { page.replacingOccurrences(of: "\\-", with: "-") }

    @Test func rendersWithoutAWarning() throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-ww", "-man", "-Tutf8", Self.root.appendingPathComponent("docs/rterm.1").path]
        let errors = Pipe()
        groff.standardOutput = FileHandle.nullDevice
        groff.standardError = errors
        try groff.run()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func everyOptionOfTheUsageIsDocumented() {
        let usage = SSHCommandLine.usage
        var options = Set<String>()
        for line in usage.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first, first.hasPrefix("-") else { continue }
            for option in [first] + (words.count > 2 && words[1] == "/" ? [words[2]] : []) {
                options.insert(String(option))
            }
        }
        for long in SSHCommandLine.longOptions.map(\.0) + ["--reader"] { options.insert(long) }
        #expect(options.count > 25)
        let text = Self.text
        // An option is documented where it stands as a word of its own.
        let missing = options.filter { option in
            let word = "(^|[\\s\"])" + NSRegularExpression.escapedPattern(for: option) + "([\\s\",\\\\]|$)"
            return text.range(of: word, options: .regularExpression) == nil
        }
        #expect(missing.isEmpty, "not in docs/rterm.1: \(missing.sorted())")
    }

    @Test func everySubcommandAndFleetOptionIsDocumented() {
        let text = Self.text
        for form in [
            "rterm --local", "rterm render", "rterm script", "rterm record", "rterm mcp", "rterm report merge", "--hosts", "--merge", "--failed-hosts",
            "--junit", "--tap", "--shard",
        ] {
            #expect(text.contains(form), "\(form) is not in docs/rterm.1")
        }
    }

    @Test func everyMenuItemIsDocumented() {
        let menu = Self.text[Self.text.range(of: ".SS The menu")!.upperBound...].prefix(600)
        for item in FrontController.menuItems {
            #expect(menu.contains(item), "the menu's \(item) is not in docs/rterm.1")
        }
    }
}
