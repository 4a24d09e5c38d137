import CNcurses
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// Draws frames with ncurses: only the lines `FrameDiff` names (all of them after a resize
/// or a resume), then the cursor, then one `refresh` (ncurses sends only the differences to
/// the real terminal). What is in a frame (history, selection, links, panels, the bar) is
/// decided by `FrameComposer`; this file only turns cells into calls.
struct NcursesRenderer {
    /// The frame on the screen now, nil when unknown (first frame, resume, reassigned pairs).
    private var drawn: Frame?
    private var pairs: ColorPairTable
    let colorCount: Int
    /// The remote's colour table as last drawn: palette entries and default colours it
    /// changed (OSC 4, 10, 11) are drawn as their RGB values.
    private var colors = TerminalColors()

    /// What the local terminal draws beyond ncurses, drawn over ncurses' cells (`StyleOverpaint`).
    let styles: LocalStyleCapabilities

    init(colorCount: Int, pairCount: Int, styles: LocalStyleCapabilities = .none) {
        self.colorCount = colorCount
        self.styles = styles
        pairs = ColorPairTable(capacity: max(1, pairCount))
    }

    /// Forgets what is on the screen: the next `draw` repaints everything.
    mutating func invalidate() {
        drawn = nil
    }

    /// Draws `frame`, coloured with its colour table; what ncurses cannot draw is written
    /// with `write` after ncurses' refresh.
    mutating func draw(_ frame: Frame, write: ([UInt8]) -> Void) {
        // A changed colour table recolours cells whose lines did not change: redraw them all.
        if frame.colors != colors {
            colors = frame.colors
            drawn = nil
        }
        let diff = FrameDiff(from: drawn, to: frame)
        if diff.isFullRedraw { erase() }
        // A colour pair taken back for other colours recolours cells already drawn with it.
        let evictions = pairs.evictions
        for row in diff.rowsToRedraw {
            let line = frame.lines[row]
            drawRow(line.cells[...], row: row, extras: line.extras, reverseScreen: line.isReverseScreen)
        }
        if let cursor = frame.cursor {
            move(Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        refresh()
        overpaint(diff.rowsToRedraw, of: frame, write: write)
        drawn = pairs.evictions != evictions ? nil : frame
    }

    /// What ncurses cannot draw of the rows just drawn (24-bit colour, strikethrough,
    /// underline styles and colour, overline, OSC 8 links), written over its cells right after its
    /// refresh; DECSC/DECRC around it keep ncurses' idea of the cursor and rendition true.
    private func overpaint(_ rows: [Int], of frame: Frame, write: ([UInt8]) -> Void) {
        guard !styles.isEmpty else { return }
        var bytes: [UInt8] = []
        for reverse in [false, true] {
            var runs: [OverpaintRun] = []
            for row in rows where frame.lines[row].isReverseScreen == reverse {
                let line = frame.lines[row]
                runs += StyleOverpaint.runs(
                    row: row, cells: line.cells[...], extras: line.extras, colors: colors, capabilities: styles)
            }
            bytes += StyleOverpaint.bytes(for: runs, colors: colors, capabilities: styles, reverseScreen: reverse)
            guard styles.hyperlinks else { continue }
            var links: [(run: OverpaintRun, url: String)] = []
            for row in rows where frame.lines[row].isReverseScreen == reverse {
                let line = frame.lines[row]
                for link in line.links where !link.columns.isEmpty {
                    let run = OverpaintRun(
                        row: row, column: link.columns.lowerBound, cells: Array(line.cells[link.columns]), extras: line.extras)
                    links.append((run, link.url))
                }
            }
            bytes += HyperlinkOverpaint.bytes(for: links, colors: colors, capabilities: styles, reverseScreen: reverse)
        }
        if !bytes.isEmpty { write(bytes) }
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
