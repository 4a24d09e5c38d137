import RemoteTermEngine

/// A selection of terminal text: where the pointer went down (`anchor`), where it is now
/// (`head`) and what it grows by. Positions are stable line numbers, so the selection stays
/// on its text while output scrolls; `bounds(lines:)` turns it into the cells to highlight
/// and copy (`SelectionText`).
package struct Selection: Equatable, Sendable {
    /// Where the selection started (the press).
    package var anchor: TextPosition
    /// Where it ends now (the drag); may be before `anchor`.
    package var head: TextPosition
    /// What it grows by.
    package var granularity: SelectionGranularity

    /// A selection from `anchor` to `head`.
    package init(anchor: TextPosition, head: TextPosition, granularity: SelectionGranularity = .character) {
        self.anchor = anchor
        self.head = head
        self.granularity = granularity
    }

    /// The first and last cells selected, inclusive, with `start <= end` whichever way the
    /// pointer went: both ends grown to whole words or whole logical lines as the
    /// granularity says, and a wide character taken whole when either end is on one of
    /// its cells. `lines` gives a line by stable number (`Terminal.line(number:)`).
    package func bounds(lines: (Int) -> TerminalLine?) -> (start: TextPosition, end: TextPosition) {
        var start = min(anchor, head)
        var end = max(anchor, head)
        switch granularity {
        case .character:
            if let line = lines(start.line) { start.column = line.characterStart(start.column) }
            if let line = lines(end.line) { end.column = line.characterEnd(end.column) }
        case .word:
            start = WordBoundaries.word(at: start, lines: lines).start
            end = WordBoundaries.word(at: end, lines: lines).end
        case .line:
            // Back to the first line of the logical line, on to its last.
            while let previous = lines(start.line - 1), previous.isWrapped { start.line -= 1 }
            start.column = 0
            var last = lines(end.line)
            while let line = last, line.isWrapped, let following = lines(end.line + 1) {
                end.line += 1
                last = following
            }
            if let last { end.column = max(last.cells.count - 1, 0) }
        }
        return (start, end)
    }
}
