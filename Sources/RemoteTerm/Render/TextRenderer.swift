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

    /// One row of cells as text, trailing spaces trimmed.
    public static func text(ofCells cells: ArraySlice<Cell>, extras: CellExtras) -> String {
        var scalars = String.UnicodeScalarView()
        for cell in cells {
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
        while let last = scalars.last, last == " " { scalars.removeLast() }
        return String(scalars)
    }

    /// A cell's character and combining marks, nil for an empty cell or a wide continuation.
    public static func grapheme(of cell: Cell, extras: CellExtras) -> String? {
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
    public func renderText() -> String { TextRenderer.text(of: self) }
}
