import CNcurses
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// Draws frames with ncurses: the scroll `FrameDiff` found (ncurses sends it as a scroll
/// region and an index), then only the rows it names (all of them after a resize or a resume),
/// each as runs of one rendition with the blank tail cleared, then the cursor, then one
/// `refresh` (ncurses sends only the differences to the real terminal, in one write). What is
/// in a frame (history, selection, links, panels, the bar) is decided by `FrameComposer`;
/// this file only turns cells into calls.
struct NcursesRenderer {
    /// The frame on the screen now, nil when unknown (first frame, resume, reassigned pairs).
    private var drawn: Frame?
    private var pairs: ColorPairTable
    let colorCount: Int
    /// The remote's colour table as last drawn: palette entries and default colours it
    /// changed (OSC 4, 10, 11) are drawn as their RGB values.
    private var colors = TerminalColors()
    /// Rows of the screen whose cells were overpainted when last drawn.
    private var overpainted: [Bool] = []
    /// The rendition and colour pair of the styles drawn lately, by the cells' own style
    /// bits: a run of cells in one style is looked up once, not per cell.
    private var styleCache = StyleCache()
    /// What drawing has cost so far.
    private(set) var work = RenderWork()

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
            styleCache.removeAll()
        }
        let diff = FrameDiff(from: drawn, to: frame)
        work.frames += 1
        if diff.isFullRedraw {
            erase()
            overpainted = Array(repeating: false, count: frame.rows)
        }
        if let scroll = diff.scroll {
            // Lines that moved are moved by the terminal (ncurses sends a scroll region and
            // the scroll), not drawn again; rows overpainted move with them and are
            // overpainted again, in case ncurses drew them after all.
            _ = rterm_scroll_rows(Int32(scroll.rows.lowerBound), Int32(scroll.rows.upperBound - 1), Int32(scroll.count))
            work.scrolls += 1
            work.rowsScrolled += scroll.rows.count - abs(scroll.count)
            let before = overpainted
            for row in scroll.rows { overpainted[row] = scroll.sourceRow(of: row).map { before[$0] } ?? false }
        }
        // A colour pair taken back for other colours recolours cells already drawn with it.
        let evictions = pairs.evictions
        for row in diff.rowsToRedraw {
            let line = frame.lines[row]
            // How far ncurses holds text on this row now: up to the blank tail of the line
            // drawn here before (or moved here by the scroll); nothing on a row just erased or
            // left blank by the scroll. Past that, nothing needs clearing again.
            var held = 0
            if !diff.isFullRedraw, let drawn, let source = diff.scroll.map({ $0.sourceRow(of: row) }) ?? row {
                let old = drawn.lines[source]
                held = old.isReverseScreen || !hasPlainTail(old) ? frame.columns : Self.textEnd(old.cells[...])
            }
            drawRow(
                line.cells[...], row: row, extras: line.extras, reverseScreen: line.isReverseScreen,
                localColors: line.usesLocalColors, held: held)
        }
        work.rowsDrawn += diff.rowsToRedraw.count
        if let cursor = frame.cursor {
            move(Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        // Lines that moved are scrolled on the terminal, not drawn again; ncurses looks for
        // moves only in a frame that has one.
        rterm_scroll_moved_lines(diff.scroll == nil ? 0 : 1)
        refresh()
        var rows = diff.rowsToRedraw
        if let scroll = diff.scroll {
            rows = Array(Set(rows).union(scroll.rows.filter { overpainted[$0] })).sorted()
        }
        overpaint(rows, of: frame, write: write)
        drawn = pairs.evictions != evictions ? nil : frame
    }

    /// What ncurses cannot draw of the rows just drawn (24-bit colour, strikethrough,
    /// underline styles and colour, overline, OSC 8 links), written over its cells right after its
    /// refresh; DECSC/DECRC around it keep ncurses' idea of the cursor and rendition true.
    /// Remembers which rows needed it, so that they are overpainted again after a scroll.
    private mutating func overpaint(_ rows: [Int], of frame: Frame, write: ([UInt8]) -> Void) {
        guard !styles.isEmpty else { return }
        var bytes: [UInt8] = []
        for reverse in [false, true] {
            var runs: [OverpaintRun] = []
            for row in rows where frame.lines[row].isReverseScreen == reverse {
                let line = frame.lines[row]
                // rterm's own rows (the bar) need none: their cells have the user's colours.
                guard !line.usesLocalColors else {
                    overpainted[row] = false
                    continue
                }
                let found = StyleOverpaint.runs(
                    row: row, cells: line.cells[...], extras: line.extras, colors: colors, capabilities: styles)
                overpainted[row] = !found.isEmpty || (styles.hyperlinks && !line.links.isEmpty)
                runs += found
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
    /// CCHARW_MAX code points, 5, of one). `localColors`: rterm's own row, in the user's
    /// colours whatever the remote's colour table says.
    private mutating func drawRow(
        _ cells: ArraySlice<Cell>, row: Int, extras: CellExtras, reverseScreen: Bool, localColors: Bool, held: Int
    ) {
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
        // The blank tail (default colours, nothing in it) is not drawn: cleared as far as the
        // row held text before, in one call.
        var end = cells.endIndex
        if !reverseScreen && (localColors || colors.drawn(.default, asForeground: false) == .default) {
            end = cells.startIndex + Self.textEnd(cells)
        }
        var column = 0
        var lastKey: CellStyleKey?
        var lastStyle: (attr_t, Int32) = (0, 0)
        for cell in cells[..<end] {
            defer { column += 1 }
            if cell.attributes.contains(.wideContinuation) { continue }
            // Neighbours mostly share a style: it is looked up when it changes.
            let key = CellStyleKey(cell, reverseScreen: reverseScreen, localColors: localColors)
            if key != lastKey {
                lastKey = key
                lastStyle = style(of: cell, key: key)
            }
            let (attributes, pair) = lastStyle
            let character = wchar_t(cell.codePoint == 0 ? 0x20 : Int32(truncatingIfNeeded: cell.codePoint))
            let hasMarks = cell.extra != 0 && !extras.entry(cell.extra).combining.isEmpty
            // (Asked only of wide cells: the question is a call into another module.)
            let needsPadding = cell.attributes.contains(.wide) && LocalGlyph.needsPadding(cell, extras: extras)
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
        let tail = end - cells.startIndex
        if held >= cells.count {
            if tail < cells.count { _ = rterm_clear_to_end(Int32(row), Int32(tail)) }
        } else if tail < held {
            let blanks = [wchar_t](repeating: 0x20, count: held - tail)
            _ = rterm_put_run(Int32(row), Int32(tail), blanks, Int32(blanks.count), 0, 0)
        }
    }

    /// Whether `line`'s blank tail was left to clearing when drawn (not drawn cell by cell in
    /// default colours the remote changed).
    private func hasPlainTail(_ line: FrameLine) -> Bool {
        line.usesLocalColors || colors.drawn(.default, asForeground: false) == .default
    }

    /// Where the blank tail of a row begins (its width when it has none).
    private static func textEnd(_ cells: ArraySlice<Cell>) -> Int {
        var end = cells.endIndex
        while end > cells.startIndex && isPlainBlank(cells[end - 1]) { end -= 1 }
        return end - cells.startIndex
    }

    /// A cell that draws as what clearing leaves (while the remote has not changed the
    /// default background): a space in the default colours, no attributes, nothing attached.
    private static func isPlainBlank(_ cell: Cell) -> Bool {
        (cell.codePoint == 0 || cell.codePoint == 0x20) && cell.foregroundBits == 0 && cell.backgroundBits == 0
            && cell.attributes.rawValue == 0 && cell.extra == 0
    }

    /// The ncurses rendition and colour pair of a cell, from the cache while the colour
    /// pairs stay where they are.
    private mutating func style(of cell: Cell, key: CellStyleKey) -> (attr_t, Int32) {
        if let known = styleCache[key] { return known }
        // Not remembered: worked out (and the pair defined if new), then remembered.
        var attributes = Self.attributes(cell.attributes)
        if key.reverseScreen { attributes ^= rterm_a_reverse() }
        let evictions = pairs.evictions
        let style = (attributes, pairID(for: cell, localColors: key.localColors))
        // A pair given to other colours invalidates every pair remembered (the frame is
        // drawn again whole after it, `draw`).
        if pairs.evictions != evictions { styleCache.removeAll() }
        styleCache[key] = style
        return style
    }

    /// The colour pair for a cell's colours (as the remote's colour table draws them, unless
    /// `localColors`), defining it with ncurses when new.
    private mutating func pairID(for cell: Cell, localColors: Bool) -> Int32 {
        guard colorCount > 0 else { return 0 }
        let colors = localColors ? Self.untouchedColors : colors
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

    /// A colour table no remote changed: draws every colour as the user's terminal does.
    private static let untouchedColors = TerminalColors()

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

/// A cell's style as the renderer draws it: colours, attributes, the screen's reverse video,
/// and whether its row is drawn in the user's colours (rterm's own).
struct CellStyleKey: Hashable {
    var foreground: UInt32
    var background: UInt32
    var attributes: UInt16
    var reverseScreen: Bool
    var localColors = false

    init(foreground: UInt32, background: UInt32, attributes: UInt16, reverseScreen: Bool) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.reverseScreen = reverseScreen
    }

    init(_ cell: Cell, reverseScreen: Bool, localColors: Bool) {
        foreground = cell.foregroundBits
        background = cell.backgroundBits
        attributes = cell.attributes.rawValue
        self.reverseScreen = reverseScreen
        self.localColors = localColors
    }
}

/// The styles drawn lately, in a table of fixed size where each style has one place (by a
/// hash of its bits) and a newer style takes the place of an older one: a repainting program
/// changes colours hundreds of times a frame, and a dictionary's hashing and probing was the
/// renderer's largest cost of its own there. 4,096 places of 20 bytes, small enough to stay
/// in the processor's cache (such a program's 256 colours on 24 greys are 5,184 pairs; a miss
/// asks the pair table).
struct StyleCache {
    private static let size = 4096
    private struct Entry {
        var key: CellStyleKey
        var attributes: attr_t
        var pair: Int32
        var isUsed: Bool
    }
    private var entries = [Entry](
        repeating: Entry(key: CellStyleKey(foreground: 0, background: 0, attributes: 0, reverseScreen: false), attributes: 0,
            pair: 0, isUsed: false),
        count: size)

    private static func place(of key: CellStyleKey) -> Int {
        var hash = key.foreground &* 0x9E37_79B1
        hash ^= key.background &* 0x85EB_CA77
        hash ^= UInt32(key.attributes) &* 0xC2B2_AE3D
        hash ^= key.reverseScreen ? 0x2754_9A6B : 0
        hash ^= key.localColors ? 0x1B87_3593 : 0
        return Int((hash ^ (hash >> 15)) & UInt32(size - 1))
    }

    subscript(key: CellStyleKey) -> (attr_t, Int32)? {
        get {
            entries.withUnsafeBufferPointer { entries in
                let entry = entries[Self.place(of: key)]
                return entry.isUsed && entry.key == key ? (entry.attributes, entry.pair) : nil
            }
        }
        set {
            let place = Self.place(of: key)
            if let newValue {
                entries[place] = Entry(key: key, attributes: newValue.0, pair: newValue.1, isUsed: true)
            } else {
                entries[place].isUsed = false
            }
        }
    }

    /// Forgets every style (the colour pairs moved).
    mutating func removeAll() {
        self = StyleCache()
    }
}

/// What drawing frames with ncurses has cost, counted for tests and `RTERM_FRONT_STATS`:
/// frames, rows handed to ncurses, and scrolls (with the rows they moved instead of drawing).
package struct RenderWork: Equatable, Sendable {
    /// Frames drawn.
    package var frames = 0
    /// Rows handed to ncurses to draw.
    package var rowsDrawn = 0
    /// Scrolls handed to the terminal.
    package var scrolls = 0
    /// Rows moved by those scrolls rather than drawn.
    package var rowsScrolled = 0
}
