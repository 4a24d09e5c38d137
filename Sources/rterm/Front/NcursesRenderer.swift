import CNcurses
import RemoteTerm

/// Draws the terminal with ncurses: only the rows `FrameDiff` names (all of them after a
/// resize or a resume), then the bar row and the cursor, then one `refresh` (ncurses sends
/// only the differences to the real terminal).
struct NcursesRenderer {
    /// What is on the screen now, for `FrameDiff`.
    private var state = RenderState()
    private var drawnBar: [BarLabel] = []
    private var drawnHistoryOffset = 0
    private var pairs: ColorPairTable
    let colorCount: Int
    /// The remote's colour table as last drawn: palette entries and default colours it
    /// changed (OSC 4, 10, 11) are drawn as their RGB values.
    private var colors = TerminalColors()

    init(colorCount: Int, pairCount: Int) {
        self.colorCount = colorCount
        pairs = ColorPairTable(capacity: max(1, pairCount))
    }

    /// Forgets what is on the screen: the next `draw` repaints everything.
    mutating func invalidate() {
        state.invalidate()
        drawnBar = []
    }

    /// Draws `terminal` at the top of `area` (the rows above the bar), the bar's labels on the
    /// row below it (none when the bar is hidden). The terminal is normally the area's size;
    /// when the remote resized it (XTWINOPS, DECCOLM) what does not fit is cut off. With a
    /// history offset, the top rows show lines from the scrollback. With `barCursor`, the
    /// cursor sits on the bar row at that column (an answer being typed).
    mutating func draw(
        _ terminal: Terminal, area: (rows: Int, columns: Int), bar: [BarLabel]?, historyOffset: Int = 0,
        barCursor: Int? = nil
    ) {
        // A changed colour table recolours cells whose rows did not change: redraw them all.
        if terminal.colorTable != colors {
            colors = terminal.colorTable
            state.invalidate()
        }
        if historyOffset > 0 || drawnHistoryOffset > 0 {
            drawHistory(terminal, offset: historyOffset, area: area)
            drawnHistoryOffset = historyOffset
            state.invalidate()
            if historyOffset > 0 {
                if let bar { drawBar(bar, row: area.rows, columns: area.columns) }
                drawnBar = []
                curs_set(0)
                refresh()
                return
            }
        }
        let diff = FrameDiff(from: state, to: terminal)
        if diff.isFullRedraw {
            erase()
            drawnBar = []
        }
        // A colour pair taken back for other colours recolours cells already drawn with it.
        let evictions = pairs.evictions
        defer { if pairs.evictions != evictions { invalidate() } }
        let extras = terminal.cellExtras
        let reverseScreen = terminal.modes.reverseVideo
        for row in diff.rowsToRedraw where row < area.rows {
            drawRow(terminal.rowCells(row).prefix(area.columns), row: row, extras: extras, reverseScreen: reverseScreen)
        }
        if let bar, bar != drawnBar {
            drawBar(bar, row: area.rows, columns: area.columns)
            drawnBar = bar
        }
        if let barCursor, bar != nil {
            move(Int32(area.rows), Int32(min(barCursor, area.columns - 1)))
            curs_set(1)
        } else {
            let visible = terminal.cursorRow < area.rows && terminal.cursorColumn < area.columns
            move(Int32(min(terminal.cursorRow, area.rows - 1)), Int32(min(terminal.cursorColumn, area.columns - 1)))
            curs_set(terminal.modes.cursorVisible && visible ? 1 : 0)
        }
        refresh()
        state.recordDrawn(terminal)
    }

    /// Draws one row. Cells with the same rendition and no combining marks go out as one
    /// run (one ncurses call); a cell with marks is drawn on its own, as a complex character
    /// (`LocalGlyph` says what of it can be drawn in its columns; ncurses keeps at most
    /// CCHARW_MAX code points, 5, of one).
    private mutating func drawRow(_ cells: ArraySlice<Cell>, row: Int, extras: CellExtras, reverseScreen: Bool) {
        var run: [wchar_t] = []
        run.reserveCapacity(cells.count)
        var runStart = 0
        var runStyle: (attr_t, Int32) = (0, 0)
        func flush() {
            if !run.isEmpty {
                _ = rterm_put_run(Int32(row), Int32(runStart), run, Int32(run.count), runStyle.0, runStyle.1)
                run.removeAll(keepingCapacity: true)
            }
        }
        var column = 0
        for cell in cells {
            defer { column += 1 }
            if cell.attributes.contains(.wideContinuation) { continue }
            var attributes = Self.attributes(cell.attributes)
            if reverseScreen { attributes ^= rterm_a_reverse() }
            let pair = pairID(for: cell)
            let character = wchar_t(cell.codePoint == 0 ? 0x20 : Int32(truncatingIfNeeded: cell.codePoint))
            let hasMarks = cell.extra != 0 && !extras.entry(cell.extra).combining.isEmpty
            let needsPadding = LocalGlyph.needsPadding(cell, extras: extras)
            if hasMarks || needsPadding {
                flush()
                let glyph = LocalGlyph.codePoints(of: cell, extras: extras)
                var text = glyph.map { wchar_t(Int32(truncatingIfNeeded: $0)) }
                if LocalGlyph.isRun(glyph) {
                    _ = rterm_put_run(Int32(row), Int32(column), text, Int32(text.count), attributes, pair)
                    continue
                }
                text.append(0)
                _ = rterm_put_cell(Int32(row), Int32(column), text, attributes, pair)
                if needsPadding {
                    _ = rterm_put_run(Int32(row), Int32(column + 1), [0x20], 1, attributes, pair)
                }
                continue
            }
            if run.isEmpty || runStyle != (attributes, pair) {
                flush()
                runStart = column
                runStyle = (attributes, pair)
            }
            run.append(character)
        }
        flush()
    }

    /// The colour pair for a cell's colours, defining it with ncurses when new.
    private mutating func pairID(for cell: Cell) -> Int32 {
        guard colorCount > 0 else { return 0 }
        let allocation = pairs.pair(
            foreground: ColorPalette.colorNumber(
                for: colors.drawn(cell.foreground, asForeground: true), colorCount: colorCount),
            background: ColorPalette.colorNumber(
                for: colors.drawn(cell.background, asForeground: false), colorCount: colorCount))
        if allocation.needsInit, let colors = pairs.colors(ofPair: allocation.id) {
            _ = rterm_init_pair(allocation.id, colors.foreground, colors.background)
        }
        return allocation.id
    }

    /// The history view: `offset` lines back, scrollback lines on top of the screen's rows.
    private mutating func drawHistory(_ terminal: Terminal, offset: Int, area: (rows: Int, columns: Int)) {
        erase()
        let history = terminal.scrollbackCount
        for row in 0..<min(terminal.rows, area.rows) {
            let index = history - offset + row
            if index < history {
                let line = terminal.scrollbackCells(index)
                drawRow(line.cells.prefix(area.columns), row: row, extras: line.extras, reverseScreen: false)
            } else {
                drawRow(
                    terminal.rowCells(index - history).prefix(area.columns), row: row, extras: terminal.cellExtras,
                    reverseScreen: false)
            }
        }
    }

    /// The bar row: blank, then each label; armed modifiers in reverse video, locked ones
    /// in reverse and bold (their text differs too, so both read without colour).
    private func drawBar(_ labels: [BarLabel], row: Int, columns: Int) {
        let blank = [wchar_t](repeating: 0x20, count: columns)
        _ = rterm_put_run(Int32(row), 0, blank, Int32(columns), rterm_a_normal(), 0)
        for label in labels where label.column < columns {
            let text = label.text.unicodeScalars.prefix(columns - label.column).map { wchar_t(Int32(truncatingIfNeeded: $0.value)) }
            var attributes = rterm_a_normal()
            switch label.emphasis {
            case .normal: break
            case .armed: attributes = rterm_a_reverse()
            case .locked: attributes = rterm_a_reverse() | rterm_a_bold()
            }
            _ = rterm_put_run(Int32(row), Int32(label.column), text, Int32(text.count), attributes, 0)
        }
    }

    private static func attributes(_ a: CellAttributes) -> attr_t {
        var result = rterm_a_normal()
        if a.contains(.bold) { result |= rterm_a_bold() }
        if a.contains(.faint) { result |= rterm_a_dim() }
        if a.contains(.italic) { result |= rterm_a_italic() }
        if a.underlineStyle != .none { result |= rterm_a_underline() }
        if a.contains(.blink) { result |= rterm_a_blink() }
        if a.contains(.inverse) { result |= rterm_a_reverse() }
        if a.contains(.invisible) { result |= rterm_a_invis() }
        return result
    }
}
