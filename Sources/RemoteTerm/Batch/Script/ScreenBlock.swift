import RemoteTermCore
import RemoteTermFront

/// The expected lines of `expect-screen`: the lines right after it whose first non-blank
/// character is `|`. `| text` expects `text` (the one space after the bar is a separator,
/// everything after it is kept verbatim, trailing spaces included); a bare `|` expects an
/// empty line. The block ends at the first line that does not start with `|`, so a blank
/// line or a comment ends it.
enum ScreenBlock {
    /// The 1-based column of the `|` when `line` is a screen line, else nil.
    static func barColumn(of line: Substring) -> Int? {
        var column = 1
        for scalar in line.unicodeScalars {
            if scalar == "|" { return column }
            guard scalar == " " || scalar == "\t" else { return nil }
            column += 1
        }
        return nil
    }

    /// Reads the block after the `expect-screen` at `stepIndex`; `rows`, when given, fixes
    /// how many lines the block must have.
    static func read(
        after stepIndex: Int, of lines: [Substring], file: String, rows: ClosedRange<Int>?
    ) throws(ScriptError) -> (lines: [String], nextLine: Int) {
        var expected: [String] = []
        var index = stepIndex + 1
        while index < lines.count, let bar = barColumn(of: lines[index]) {
            let afterBar = lines[index].unicodeScalars.dropFirst(bar)
            if let first = afterBar.first, first != " " {
                throw ScriptError(
                    file: file, line: index + 1, column: bar + 1,
                    message: "expected a space after '|' (write '| text', or a bare '|' for an empty line)")
            }
            expected.append(String(String.UnicodeScalarView(afterBar.dropFirst())))
            index += 1
        }
        guard !expected.isEmpty else {
            throw ScriptError(
                file: file, line: stepIndex + 1, column: 1,
                message: "'expect-screen' needs its expected lines on the following lines, each starting with '| '")
        }
        if let rows, rows.count != expected.count {
            throw ScriptError(
                file: file, line: stepIndex + 1, column: 1,
                message: "'expect-screen rows \(rows.lowerBound)-\(rows.upperBound)' needs \(rows.count) lines, "
                    + "the block has \(expected.count)")
        }
        return (expected, index)
    }
}
