/// Screens as plain text: the `rterm render --format text` format, also used by tests and
/// by the script mode (the analogue of tmux's `capture-pane -p`).
public enum TextRenderer {
    /// The screen: one line per row (trailing spaces trimmed, a wide character once, combining
    /// marks after their base), then `cursor=ROW,COL` (0-based, the column clamped to the last
    /// one while a wrap is pending). Every line ends with a newline.
    public static func text(of terminal: Terminal) -> String {
        var out = ""
        for row in 0..<terminal.rows {
            out += text(ofCells: terminal.rowCells(row), extras: terminal.cellExtras)
            out += "\n"
        }
        out += "cursor=\(terminal.cursorRow),\(min(terminal.cursorColumn, terminal.columns - 1))\n"
        return out
    }

    /// The visible rows only, without the cursor line.
    public static func lines(of terminal: Terminal) -> [String] {
        (0..<terminal.rows).map { text(ofCells: terminal.rowCells($0), extras: terminal.cellExtras) }
    }

    /// One row of cells as text, trailing spaces trimmed. Linear in the row's length: the end of
    /// the text is found first, so a wide blank row costs one pass (trimming a built string one
    /// scalar at a time copied it each time: an empty 1000-column row cost a million copies).
    package static func text(ofCells cells: ArraySlice<Cell>, extras: CellExtras) -> String {
        var end = cells.endIndex
        while end > cells.startIndex, isBlank(cells[end - 1], extras: extras) { end -= 1 }
        var scalars = String.UnicodeScalarView()
        for cell in cells[cells.startIndex..<end] {
            if cell.attributes.contains(.wideContinuation) { continue }
            guard cell.codePoint != 0, let scalar = Unicode.Scalar(cell.codePoint) else {
                scalars.append(" ")
                continue
            }
            scalars.append(scalar)
            if cell.extra != 0 {
                for mark in extras.entry(cell.extra).combining {
                    if let m = Unicode.Scalar(mark) { scalars.append(m) }
                }
            }
        }
        return String(scalars)
    }

    /// Whether a cell adds nothing but a space to the end of a row's text: empty, a space
    /// without marks, a code point that is not a scalar, or the right half of a wide character
    /// (which is blank only when its left half is, since the left half comes first).
    private static func isBlank(_ cell: Cell, extras: CellExtras) -> Bool {
        if cell.attributes.contains(.wideContinuation) { return true }
        if cell.codePoint != 0, cell.codePoint != 0x20, Unicode.Scalar(cell.codePoint) != nil {
            return false
        }
        guard cell.codePoint != 0, Unicode.Scalar(cell.codePoint) != nil, cell.extra != 0 else {
            return true
        }
        return !extras.entry(cell.extra).combining.contains { Unicode.Scalar($0) != nil }
    }

    /// A cell's character and combining marks, nil for an empty cell or a wide continuation.
    package static func grapheme(of cell: Cell, extras: CellExtras) -> String? {
        guard cell.codePoint != 0, !cell.attributes.contains(.wideContinuation),
            let scalar = Unicode.Scalar(cell.codePoint)
        else { return nil }
        var scalars = String.UnicodeScalarView([scalar])
        for mark in extras.entry(cell.extra).combining {
            if let m = Unicode.Scalar(mark) { scalars.append(m) }
        }
        return String(scalars)
    }
}

extension Terminal {
    /// The screen in the `rterm render --format text` format.
    package func renderText() -> String { TextRenderer.text(of: self) }
}
