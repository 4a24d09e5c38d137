import RemoteTermEngine

/// What `rterm record` needs of a screen, as a value: the rows as scripts match them (the
/// cursor's row keeping its blanks up to the cursor), where the cursor is, and whether a
/// full-screen program has the alternate screen. Tests build it from rows; the front's
/// screens are read with `init(_:)`.
package struct RecordedScreen: Equatable, Sendable {
    /// The rows, as `ScriptScreen.rows` gives them.
    package var rows: [String]
    /// The cursor's row and column, counted from 0.
    package var cursorRow: Int
    package var cursorColumn: Int
    /// Whether the alternate screen is shown (vim, less, top…).
    package var isAlternate: Bool
    /// Whether the shell marks its prompts (OSC 133 seen): then a replay waits for the prompt
    /// by its marks (`wait-prompt`) rather than its text.
    package var marksPrompts: Bool

    package init(rows: [String], cursorRow: Int, cursorColumn: Int, isAlternate: Bool = false, marksPrompts: Bool = false) {
        self.rows = rows
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
        self.isAlternate = isAlternate
        self.marksPrompts = marksPrompts
    }

    /// A screen whose last row is `row` with the cursor at its end: a prompt waiting.
    package init(prompt row: String, above: [String] = []) {
        self.init(rows: above + [row], cursorRow: above.count, cursorColumn: ScriptScreen.columns(of: row))
    }

    /// The terminal's screen as a script sees it.
    package init(_ terminal: Terminal) {
        self.init(
            rows: ScriptScreen.rows(of: terminal), cursorRow: terminal.cursorRow,
            cursorColumn: terminal.cursorColumn, isAlternate: terminal.isAlternateScreenActive,
            marksPrompts: terminal.shellPrompts.phase != .unknown)
    }

    /// The text on the cursor's row before the cursor: the prompt, when a line is begun.
    package var textBeforeCursor: String {
        guard rows.indices.contains(cursorRow) else { return "" }
        var text = String.UnicodeScalarView()
        var columns = 0
        for scalar in rows[cursorRow].unicodeScalars {
            let width = characterWidth(scalar.value) < 0 ? 1 : characterWidth(scalar.value)
            // A combining mark (no width) goes with the character before it.
            guard columns + width <= cursorColumn else { break }
            text.append(scalar)
            columns += width
        }
        return String(text)
    }

    /// Whether `text` reads on the screen, within a row or across rows it wrapped over (a
    /// blank where a row wrapped is trimmed off that row, so across rows blanks are not
    /// compared).
    package func shows(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        if rows.contains(where: { $0.contains(text) }) { return true }
        return rows.joined().filter { $0 != " " }.contains(text.filter { $0 != " " })
    }
}
