/// Lines by a stable number, for views that must keep their place while output arrives (a
/// selection, a history position, links found on screen): line numbers grow by one for each
/// line that scrolls off the screen's top, so a number keeps naming the same text until the
/// scrollback forgets it. The screen's top row is `screenTopLineNumber`; the oldest line kept
/// is `oldestLineNumber`.
extension Terminal {
    /// The number of the screen's top row.
    package var screenTopLineNumber: Int { scrollback.linesEntered }

    /// The number of the oldest line still held (the screen's top row when the scrollback is
    /// empty).
    package var oldestLineNumber: Int { scrollback.linesEntered - scrollback.count }

    /// The number one past the screen's bottom row.
    package var endLineNumber: Int { scrollback.linesEntered + rows }

    /// Line `number` of the main screen, even while the alternate screen is shown (reader
    /// mode finishes what the shell wrote before a full-screen program took over).
    package func mainScreenLine(number: Int) -> TerminalLine? {
        let top = screenTopLineNumber
        guard isAlternateScreenActive, number >= top else { return line(number: number) }
        let row = number - top
        guard row < otherScreen.rows else { return nil }
        return TerminalLine(cells: Array(otherScreen.rowCells(row)), extras: extras, isWrapped: otherScreen.isWrapped(row))
    }

    /// Whether the scrollback's newest line wraps into the screen's top row (read without
    /// decoding the line).
    package var wrapsIntoScreenTop: Bool { scrollback.count > 0 && scrollback[scrollback.count - 1].isWrapped }

    /// Line `number`, from the scrollback or the screen, nil when it is not held.
    package func line(number: Int) -> TerminalLine? {
        let top = screenTopLineNumber
        if number >= top {
            let row = number - top
            guard row < rows else { return nil }
            return TerminalLine(cells: Array(rowCells(row)), extras: extras, isWrapped: isRowWrapped(row))
        }
        let index = number - oldestLineNumber
        guard index >= 0 && index < scrollback.count else { return nil }
        let record = scrollback[index]
        var copy = extras
        var cells = record.decode(columns: columns, extras: &copy)
        if cells.count < columns { cells += repeatElement(Cell.blank, count: columns - cells.count) }
        return TerminalLine(cells: cells, extras: copy, isWrapped: record.isWrapped)
    }
}

/// One line of the terminal as a view sees it: its cells (as many as the screen is wide), the
/// table their out-of-line data refers to, and whether it was soft-wrapped onto the next line.
package struct TerminalLine: Sendable {
    /// The cells, left to right.
    package var cells: [Cell]
    /// What the cells' `extra` indices refer to (combining marks, hyperlinks, underline colour).
    package var extras: CellExtras
    /// Whether the text goes on in the next line (autowrap), so the two read as one.
    package var isWrapped: Bool

    /// A line.
    package init(cells: [Cell], extras: CellExtras, isWrapped: Bool) {
        self.cells = cells
        self.extras = extras
        self.isWrapped = isWrapped
    }

    /// The text of cell `column` with its combining marks, "" for an empty cell or the second
    /// half of a wide character.
    package func text(at column: Int) -> String {
        guard column >= 0 && column < cells.count else { return "" }
        return TextRenderer.grapheme(of: cells[column], extras: extras) ?? ""
    }

    /// The OSC 8 hyperlink of cell `column`, if any.
    package func hyperlink(at column: Int) -> String? {
        guard column >= 0 && column < cells.count, cells[column].extra != 0 else { return nil }
        return extras.hyperlinkURI(extras.entry(cells[column].extra).hyperlink)
    }
}
