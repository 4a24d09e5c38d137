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

    /// A roff escape written through a language that reads `\f` itself (`\fR` in a Python
    /// string) leaves a form feed in the page, which man shows as a raw byte: nothing but
    /// newline and tab may be a control.
    @Test func holdsNoControlByteButNewlineAndTab() throws {
        let bytes = try Data(contentsOf: Self.root.appendingPathComponent("docs/rterm.1"))
        var line = 1
        var found: [String] = []
        for byte in bytes {
            if byte == 0x0A {
                line += 1
            } else if byte != 0x09, byte < 0x20 || byte == 0x7F {
                found.append("line \(line): 0x" + String(byte, radix: 16))
            }
        }
        #expect(!bytes.isEmpty)
        #expect(found.isEmpty, "control bytes in docs/rterm.1: \(found)")
    }

    /// The page names the mark the bar row shows while guesses are drawn as the screen
    /// shows it.
    @Test func showsThePredictionMarkTheBarRowShows() {
        let rendered = Self.render()
        #expect(FrontController.predictionMark == "≈")
        #expect(rendered.contains("A \(FrontController.predictionMark) at the left of the bar row"), "\(rendered.count)")
    }

    /// The page as `man` shows it (groff's UTF-8 output, overstrikes removed).
    static func render() -> String {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-man", "-Tutf8", "-P", "-cbou", root.appendingPathComponent("docs/rterm.1").path]
        let output = Pipe()
        groff.standardOutput = output
        groff.standardError = FileHandle.nullDevice
        guard (try? groff.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        // Lines are filled: a phrase may be split across two, and spaces doubled.
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
