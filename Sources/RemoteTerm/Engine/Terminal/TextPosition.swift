/// A cell of the terminal's text by stable line number (`Terminal.line(number:)`) and
/// column, so a selection or a link found on screen keeps pointing at the same text while
/// lines scroll. Ordered as text reads: by line, then column.
package struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line's stable number.
    package var line: Int
    /// The column, 0-based.
    package var column: Int

    /// A position.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (a: TextPosition, b: TextPosition) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }

    package var description: String { "\(line):\(column)" }
}
