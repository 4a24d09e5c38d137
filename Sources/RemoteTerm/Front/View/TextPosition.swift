/// A cell of the terminal's text by stable line number (`Terminal.line(number:)`) and
/// column, so a selection or a link found on screen keeps pointing at the same text while
/// lines scroll. Ordered as text reads: by line, then column.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line's stable number.
    public var line: Int
    /// The column, 0-based.
    public var column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }

    public var description: String { "\(line):\(column)" }
}
