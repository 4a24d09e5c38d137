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
        var parts = ["0"]
        let a = cell.attributes
        if a.contains(.bold) { parts.append("1") }
        if a.contains(.faint) { parts.append("2") }
        if a.contains(.italic) { parts.append("3") }
        if a.underlineStyle != .none {
            parts.append(a.underlineStyle == .single ? "4" : "4:\(a.underlineStyle.rawValue)")
        }
        if a.contains(.blink) { parts.append("5") }
        if a.contains(.inverse) { parts.append("7") }
        if a.contains(.invisible) { parts.append("8") }
        if a.contains(.strikethrough) { parts.append("9") }
        if a.contains(.overline) { parts.append("53") }
        parts += Terminal.colorParameters(cell.foreground, base: 30, extended: 38).map {
            $0.replacingColons()
        }
        parts += Terminal.colorParameters(cell.background, base: 40, extended: 48).map {
            $0.replacingColons()
        }
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }
}

extension String {
    /// `38:2::r:g:b` → `38;2;r;g;b`: the semicolon form every terminal understands.
    fileprivate func replacingColons() -> String {
        var out = ""
        var previousWasColon = false
        for character in self {
            if character == ":" {
                if !previousWasColon { out.append(";") }
                previousWasColon = true
            } else {
                out.append(character)
                previousWasColon = false
            }
        }
        return out
    }
}
