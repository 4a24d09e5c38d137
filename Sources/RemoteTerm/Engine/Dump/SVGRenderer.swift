/// Screens as SVG pictures, for people to look at where a CI system shows files: the
/// `snapshot` step, a failing step, `rterm render --format svg`. Each cell is a 9 × 18 box;
/// backgrounds are rectangles, text is drawn in runs of one style (an `x` per character, so
/// every character sits in its own cell whatever the font), a wide character over its two
/// cells, and the cursor as an outlined box. Colours are the terminal's own table (what
/// the remote set with OSC 4/10/11 included), bold, italic, faint, underline and
/// strikethrough as SVG attributes, inverse and invisible applied.
public enum SVGRenderer {
    /// The size of one cell in SVG units.
    package static let cellWidth = 9
    package static let cellHeight = 18

    /// The terminal's screen as a standalone SVG document.
    public static func svg(of terminal: Terminal) -> String {
        let width = terminal.columns * cellWidth
        let height = terminal.rows * cellHeight
        let colors = terminal.colorTable
        let defaultBackground = hex(colors.dynamic(11) ?? RGBColor(0xFFFFFF))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        out += "viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
        out += "font-size=\"15\">\n"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(defaultBackground)\"/>\n"
        var texts = ""
        for row in 0..<terminal.rows {
            let cells = Array(terminal.rowCells(row))
            var column = 0
            var run: (start: Int, style: Style, characters: [String])?
            // Backgrounds other than the default, one rectangle per run of a colour.
            var fill: (start: Int, end: Int, color: String)?
            func flushFill() {
                guard let current = fill else { return }
                out += "<rect x=\"\(current.start * cellWidth)\" y=\"\(row * cellHeight)\" "
                out += "width=\"\((current.end - current.start) * cellWidth)\" height=\"\(cellHeight)\" fill=\"\(current.color)\"/>\n"
                fill = nil
            }
            func flush() {
                guard var current = run else { return }
                run = nil
                // Blanks at the end of a run draw nothing (unless underlined or struck).
                if !current.style.decorated {
                    while current.characters.last == " " { current.characters.removeLast() }
                }
                guard !current.characters.isEmpty else { return }
                texts += text(current.characters, startColumn: current.start, row: row, style: current.style)
            }
            while column < cells.count {
                let cell = cells[column]
                let style = Style(cell, colors: colors, reverseScreen: terminal.modes.reverseVideo)
                let span = cell.attributes.contains(.wide) ? 2 : 1
                if let current = fill, current.color == style.background, current.end == column {
                    fill?.end = column + span
                } else {
                    flushFill()
                    if style.background != defaultBackground { fill = (column, column + span, style.background) }
                }
                let grapheme = TextRenderer.grapheme(of: cell, extras: terminal.cellExtras)
                let drawn = grapheme.map(xmlSafe) ?? " "
                let simple = span == 1 && (grapheme?.unicodeScalars.count ?? 1) == 1
                if let current = run, current.style == style, simple, current.start + current.characters.count == column {
                    run?.characters.append(drawn)
                } else {
                    flush()
                    if grapheme != nil || style.decorated {
                        run = (column, style, [drawn])
                        if !simple { flush() }
                    }
                }
                column += span
            }
            flush()
            flushFill()
        }
        out += texts
        if terminal.modes.cursorVisible, terminal.cursorRow < terminal.rows {
            let column = min(terminal.cursorColumn, terminal.columns - 1)
            let stroke = hex(colors.dynamic(10) ?? RGBColor(0))
            out += "<rect x=\"\(column * cellWidth)\" y=\"\(terminal.cursorRow * cellHeight)\" width=\"\(cellWidth)\" "
            out += "height=\"\(cellHeight)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>\n"
        }
        return out + "</svg>\n"
    }

    /// How a cell's text is drawn.
    struct Style: Equatable {
        var foreground: String
        var background: String
        var bold = false
        var italic = false
        var faint = false
        var underline = false
        var strikethrough = false

        init(_ cell: Cell, colors: TerminalColors, reverseScreen: Bool) {
            var foreground = SVGRenderer.rgb(cell.foreground, colors: colors, isForeground: true)
            var background = SVGRenderer.rgb(cell.background, colors: colors, isForeground: false)
            let attributes = cell.attributes
            if attributes.contains(.inverse) != reverseScreen { swap(&foreground, &background) }
            if attributes.contains(.invisible) { foreground = background }
            self.foreground = SVGRenderer.hex(foreground)
            self.background = SVGRenderer.hex(background)
            bold = attributes.contains(.bold)
            italic = attributes.contains(.italic)
            faint = attributes.contains(.faint)
            underline = attributes.underlineStyle != .none
            strikethrough = attributes.contains(.strikethrough)
        }

        /// Whether a blank cell still draws something (an underline, a strike).
        var decorated: Bool { underline || strikethrough }
    }

    private static func text(_ characters: [String], startColumn: Int, row: Int, style: Style) -> String {
        let xs = characters.indices.map { String((startColumn + $0) * cellWidth) }.joined(separator: " ")
        var element = "<text x=\"\(xs)\" y=\"\(row * cellHeight + 14)\" fill=\"\(style.foreground)\""
        if style.bold { element += " font-weight=\"bold\"" }
        if style.italic { element += " font-style=\"italic\"" }
        if style.faint { element += " opacity=\"0.5\"" }
        let decorations = (style.underline ? ["underline"] : []) + (style.strikethrough ? ["line-through"] : [])
        if !decorations.isEmpty { element += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
        return element + " xml:space=\"preserve\">" + characters.joined() + "</text>\n"
    }

    static func rgb(_ color: TerminalColor, colors: TerminalColors, isForeground: Bool) -> RGBColor {
        switch color {
        case .default: return colors.dynamic(isForeground ? 10 : 11) ?? RGBColor(isForeground ? 0 : 0xFFFFFF)
        case .indexed(let index): return colors.indexed(Int(index)) ?? RGBColor(0)
        case .rgb(let red, let green, let blue): return RGBColor(red: red, green: green, blue: blue)
        }
    }

    static func hex(_ color: RGBColor) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.red, color.green, color.blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }

    static func xmlSafe(_ text: String) -> String { XMLText.escaped(text) }
}
