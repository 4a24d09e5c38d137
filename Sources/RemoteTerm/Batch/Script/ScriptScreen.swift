import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// The screen as scripts match it, and how a failed comparison is explained.
///
/// Rows are the rendered text with trailing blanks trimmed, except the cursor's row, which
/// keeps its blanks up to the cursor: a prompt such as `ok> ` ends in a blank the user sees
/// the cursor after, and people write `wait /ok> $/`. (The runner also tries the row trimmed,
/// so `/^\$$/` written for a `$ ` prompt still matches.) `expect-screen` lines are compared with
/// trailing blanks on both sides ignored (a blank cell and no cell read the same), so a
/// trailing space in an expected line, which the format keeps, matches a blank on screen.
package enum ScriptScreen {
    /// The rows patterns are matched against.
    package static func rows(of terminal: Terminal) -> [String] {
        var rows = TextRenderer.lines(of: terminal)
        let row = terminal.cursorRow
        guard row >= 0, row < rows.count else { return rows }
        let width = columns(of: rows[row])
        let cursor = min(terminal.cursorColumn, terminal.columns)
        if cursor > width { rows[row] += String(repeating: " ", count: cursor - width) }
        return rows
    }

    /// The first group of `pattern`'s first match on `terminal`'s screen (the whole match
    /// without a group), or nil when it does not match: the rows read with the cursor's row
    /// keeping its blanks up to the cursor (`/ok> $/`), or, failing that, all trimmed
    /// (`/^\$$/`, as scripts wrote before). Captured `values` are filled in as text.
    ///
    /// `writtenAfter` (the terminal's clock when input was sent) keeps only what came since:
    /// on the main screen, a row not written after then reads as empty, so a `wait` after a
    /// command is not met by the prompt the command was typed at, still on the screen until
    /// its echo comes (a shell's history does not change; a full-screen program's alternate
    /// screen is read whole, as it redraws what it likes).
    package static func firstGroup(
        of pattern: ScriptPattern, in terminal: Terminal, values: [String: String] = [:], writtenAfter clock: UInt64? = nil
    ) -> String? {
        let kept = { (rows: [String]) -> [String] in
            guard let clock, !terminal.isAlternateScreenActive else { return rows }
            return rows.indices.map { $0 < terminal.rows && terminal.rowRevision($0) <= clock ? "" : rows[$0] }
        }
        let rows = kept(rows(of: terminal))
        if let group = pattern.firstGroup(in: rows.joined(separator: "\n"), values: values) { return group }
        let trimmed = kept(TextRenderer.lines(of: terminal))
        return trimmed != rows ? pattern.firstGroup(in: trimmed.joined(separator: "\n"), values: values) : nil
    }

    /// The columns `text` takes on screen (wide characters two, combining marks none).
    package static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let width = characterWidth(scalar.value)
            return total + (width < 0 ? 1 : width)
        }
    }

    /// `text` without trailing blanks.
    static func trimmed(_ text: String) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " { end = text.index(before: end) }
        return text[..<end]
    }

    /// Whether `actual` reads as `expected`, trailing blanks aside.
    package static func matches(_ actual: String, _ expected: String) -> Bool {
        trimmed(actual) == trimmed(expected)
    }

    /// Where two rows part: the 1-based column of the first character that differs.
    package static func firstDifference(_ actual: String, _ expected: String) -> Int {
        let a = Array(trimmed(actual).unicodeScalars)
        let e = Array(trimmed(expected).unicodeScalars)
        var index = 0
        var column = 1
        while index < a.count, index < e.count, a[index] == e[index] {
            let width = characterWidth(a[index].value)
            column += width < 0 ? 1 : width
            index += 1
        }
        return column
    }

    /// A row shown with its blanks made visible (`·`) and its end marked, so a trailing blank
    /// or a missing one can be seen in a failure message.
    package static func visible(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: " ", with: "·") + "\""
    }

    /// The rows of `expected` (starting at screen row `first`, 1-based) that `actual` does not
    /// match, each as its row and column where the two part, expected and actual.
    package static func differences(actual: [String], expected: [String], first: Int) -> String {
        var lines: [String] = []
        for (offset, wanted) in expected.enumerated() {
            let got = offset < actual.count ? actual[offset] : ""
            guard !matches(got, wanted) else { continue }
            let row = first + offset
            lines.append("  row \(row), column \(firstDifference(got, wanted)):")
            lines.append("    expected \(visible(String(trimmed(wanted))))")
            lines.append("    actual   \(visible(String(trimmed(got))))")
        }
        return lines.joined(separator: "\n")
    }
}
