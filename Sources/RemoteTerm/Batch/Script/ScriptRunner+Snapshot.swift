import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// `snapshot NAME [mask /re/ …]`: the screen kept as evidence (text, ANSI, an SVG picture),
/// and compared with its golden screen, `NAME.golden.txt`, when there is one.
extension ScriptRunner {
    /// What a mask's match reads as on both sides: a value that changes (a time, a count, a
    /// process id) compares equal whatever its length.
    static let maskMark = "*"

    func snapshot(_ name: String, masks: [ScriptPattern], step: ScriptStep) throws(Failure) {
        let base = (snapshotDirectory as NSString).appendingPathComponent(name)
        let text = terminal.renderText()
        do {
            // Made when first written to: a run that takes no snapshot leaves no directory.
            try FileManager.default.createDirectory(
                atPath: (base as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.writeWhole(toFile: base + ".txt")
            try ANSIRenderer.text(of: terminal).writeWhole(toFile: base + ".ansi")
            try SVGRenderer.svg(of: terminal).writeWhole(toFile: base + ".svg")
        } catch {
            throw failure(step, "snapshot \(name)", "cannot write \(base).txt: \(error.localizedDescription)")
        }
        guard let goldenDirectory else { return }
        let golden = (goldenDirectory as NSString).appendingPathComponent(name + ".golden.txt")
        if updatesSnapshots {
            do {
                try FileManager.default.createDirectory(
                    atPath: (golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.writeWhole(toFile: golden)
            } catch {
                throw failure(step, "snapshot \(name)", "cannot write \(golden): \(error.localizedDescription)")
            }
            return
        }
        // No golden screen yet: the snapshot is evidence only (`--update-snapshots` makes one).
        guard let data = FileManager.default.contents(atPath: golden) else { return }
        let expected = String(decoding: data, as: UTF8.self)
        let masked = { (text: String) -> [String] in
            let blanked = masks.reduce(text) { $1.masking($0, with: Self.maskMark, values: self.values) }
            var lines = blanked.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
        let (want, got) = (masked(expected), masked(text))
        let rows = max(want.count, got.count)
        let padded = { (lines: [String]) in lines + Array(repeating: "", count: rows - lines.count) }
        let differences = ScriptScreen.differences(actual: padded(got), expected: padded(want), first: 1)
        guard !differences.isEmpty else { return }
        let picture = (goldenDirectory as NSString).appendingPathComponent(name + ".golden.svg")
        let pictures = Self.goldenPicture(expected, columns: terminal.columns, rows: terminal.rows, path: picture)
            ? "\npictures: \(picture) (golden), \(base).svg (this run)" : ""
        var problem = failure(
            step, "snapshot \(name)",
            "the screen differs from \(golden) (· is a blank, * a mask's match; --update-snapshots takes this one):\n"
                + differences + pictures)
        problem.picture = problem.picture ?? ((base + ".svg") as NSString).standardizingPath
        throw problem
    }

    /// Draws the golden screen's text as a picture beside it, for the report to show next to
    /// this run's; whether it could.
    private static func goldenPicture(_ text: String, columns: Int, rows: Int, path: String) -> Bool {
        var terminal = Terminal(rows: rows, columns: columns)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        // Rows as text, each from its own first column: no escape in the golden file is
        // interpreted (it is what the screen read, not bytes to replay).
        for (index, line) in lines.prefix(rows).enumerated() {
            let inert = line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
            _ = terminal.feed(Array("\u{1B}[\(index + 1);1H".utf8) + Array(String(String.UnicodeScalarView(inert)).utf8))
        }
        return (try? SVGRenderer.svg(of: terminal).writeWhole(toFile: path)) != nil
    }
}
