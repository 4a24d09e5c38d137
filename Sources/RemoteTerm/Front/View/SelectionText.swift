import RemoteTermEngine

/// The text of a selection as xterm and tmux copy it: what the user sees, not the cells.
/// Rows are joined with a newline except where a row is soft-wrapped into the next; a row
/// that ends a line loses its trailing blanks; a wide character is read once and combining
/// marks stay with their base; an empty cell reads as a space only when text follows it on
/// its row; lines no longer held are skipped.
package enum SelectionText {
    /// The text from `start` to `end`, both inclusive (given the other way round, they are
    /// swapped). `lines` gives a line by stable number (`Terminal.line(number:)`).
    package static func text(
        from start: TextPosition, to end: TextPosition, lines: (Int) -> TerminalLine?
    ) -> String {
        let (start, end) = start <= end ? (start, end) : (end, start)
        var text = ""
        var previous: (number: Int, isWrapped: Bool)?
        for number in start.line...end.line {
            guard let line = lines(number) else { continue }
            if let previous, !(previous.isWrapped && previous.number == number - 1) {
                text.unicodeScalars.append("\n")
            }
            previous = (number, line.isWrapped)

            let first = number == start.line ? line.characterStart(max(start.column, 0)) : 0
            let last = number == end.line ? min(end.column, line.cells.count - 1) : line.cells.count - 1
            // A row that goes on in the next keeps its spaces (they sit between words), one
            // that ends a line does not; empty cells past a row's text never count.
            let stop = min(last + 1, line.isWrapped ? line.textEnd : line.nonBlankEnd)
            var column = first
            while column < stop {
                let cell = line.cells[column]
                column += 1
                if cell.attributes.contains(.wideContinuation) { continue }
                guard cell.codePoint != 0, let scalar = Unicode.Scalar(cell.codePoint) else {
                    text.unicodeScalars.append(" ")
                    continue
                }
                text.unicodeScalars.append(scalar)
                guard cell.extra != 0 else { continue }
                for mark in line.extras.entry(cell.extra).combining {
                    if let mark = Unicode.Scalar(mark) { text.unicodeScalars.append(mark) }
                }
            }
        }
        return text
    }
}
