/// Screens as text with SGR sequences, for a person to look at (`rterm render --format ansi`).
public enum ANSIRenderer {
    /// The screen with colours and attributes, one line per row, ending with an SGR reset.
    public static func text(of terminal: Terminal) -> String {
        var out = ""
        for row in 0..<terminal.rows {
            var current: (UInt32, UInt32, CellAttributes) = (0, 0, [])
            var line = ""
            var pendingSpaces = ""
            for cell in terminal.rowCells(row) {
                if cell.attributes.contains(.wideContinuation) { continue }
                let style = (cell.foregroundBits, cell.backgroundBits, cell.attributes.intersection(.renditionMask))
                let glyph = TextRenderer.grapheme(of: cell, extras: terminal.cellExtras) ?? " "
                if style != current {
                    line += pendingSpaces
                    pendingSpaces = ""
                    line += sgr(for: cell)
                    current = style
                }
                if glyph == " " && style == (0, 0, []) {
                    pendingSpaces += " "
                } else {
                    line += pendingSpaces + glyph
                    pendingSpaces = ""
                }
            }
            if current != (0, 0, []) { line += "\u{1B}[0m" }
            out += line + "\n"
        }
        return out
    }

    /// The SGR sequence that sets exactly `cell`'s rendition.
    static func sgr(for cell: Cell) -> String {
        let parameters = Terminal.sgrParameters(
            cell.attributes, foreground: cell.foreground, background: cell.background, semicolons: true)
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
