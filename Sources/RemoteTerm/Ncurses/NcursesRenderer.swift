import CNcurses
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// Draws frames. On a terminal that takes ANSI addressing the remote's rows are written by
/// rterm's `RemoteRowWriter` and ncurses draws only rterm's own rows (`drawWithWriter`: who
/// owns which row, and the order of their writes). Otherwise (`RTERM_ROW_WRITER=off`, or a
/// terminal that spells addressing another way) ncurses draws every row: the scroll
/// `FrameDiff` found (ncurses sends it as a scroll region and an index), then only the rows it
/// names (all of them after a resize or a resume), each as runs of one rendition with the
/// blank tail cleared, then the cursor, then one `refresh` (ncurses sends only the
/// differences to the real terminal, in one write). What is in a frame (history, selection,
/// links, panels, the bar) is decided by `FrameComposer`; this file only turns cells into
/// calls and bytes.
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

    /// The writer of the remote's rows (`RemoteRowWriter`), nil when ncurses draws every row.
    private var writer: RemoteRowWriter?
    /// The rows of the frame drawn that the writer owns (the others are ncurses').
    private var writerRows: [Bool] = []
    /// The terminal's saved cursor (DECSC) holds ncurses' cursor and rendition, while the
    /// terminal's own cursor is where the writer put it: `ESC 8` comes before ncurses writes.
    private var ncursesCursorSaved = false
    /// Whether the cursor was shown in the frame drawn.
    private var cursorShown: Bool?
    /// Room for the writer's bytes, kept from frame to frame.
    private var rowScratch: [UInt8] = []

    init(colorCount: Int, pairCount: Int, styles: LocalStyleCapabilities = .none, rowWriter: RemoteRowTerminal? = nil) {
        self.colorCount = colorCount
        self.styles = styles
        pairs = ColorPairTable(capacity: max(1, pairCount))
        writer = rowWriter.map { RemoteRowWriter(terminal: $0) }
    }

    /// Whether the remote's rows are written by rterm's writer rather than ncurses.
    var writesRemoteRows: Bool { writer != nil }

    /// Forgets what is on the screen: the next `draw` repaints everything.
    mutating func invalidate() {
        drawn = nil
    }

    /// What puts ncurses' cursor and rendition back on the terminal before ncurses writes
    /// outside a frame (leaving, a suspend): `ESC 8` when the writer moved the cursor.
    mutating func giveBackCursor() -> [UInt8] {
        guard ncursesCursorSaved else { return [] }
        ncursesCursorSaved = false
        return [0x1B, 0x38]
    }

    /// Takes the remote's colour table `table`: a changed one recolours cells whose lines did
    /// not change, so everything is drawn again.
    private mutating func use(_ table: TerminalColors) {
        guard table != colors else { return }
        colors = table
        drawn = nil
        styleCache.removeAll()
    }

    /// Draws `frame`, coloured with its colour table, with `before` and `after` written
    /// around it (synchronized output); what ncurses cannot draw is written with `write`
    /// after ncurses' refresh.
    mutating func draw(_ frame: Frame, before: [UInt8] = [], after: [UInt8] = [], write: ([UInt8]) -> Void) {
        if writer != nil { return drawWithWriter(frame, before: before, after: after, write: write) }
        if !before.isEmpty { write(before) }
        defer { if !after.isEmpty { write(after) } }
        use(frame.colors)
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
        let bytes = overpaintBytes(rows, of: frame)
        if !bytes.isEmpty { write(bytes) }
    }

    /// The bytes that overpaint `rows` (only their links with `linksOnly`: rows the writer
    /// drew in their full style).
    private mutating func overpaintBytes(_ rows: [Int], of frame: Frame, linksOnly: Bool = false) -> [UInt8] {
        guard !styles.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for reverse in [false, true] {
            var runs: [OverpaintRun] = []
            for row in rows where frame.lines[row].isReverseScreen == reverse && !linksOnly {
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
        return bytes
    }

    /// Draws `frame` with the remote's rows written by the writer and rterm's own (and any
    /// row under a panel or popup) by ncurses, each row by exactly one of them:
    ///
    /// 1. `before`, the scroll (the writer's: ncurses never learns of it), the writer's
    ///    rows, and `ESC 8` so the terminal's cursor and rendition are ncurses' again;
    /// 2. ncurses' rows, and its refresh, only when one of them changed (or the cursor's
    ///    visibility): a row it takes back from the writer, or that the scroll moved, is
    ///    thrown away first (`wredrawln`), so ncurses writes all of it. ncurses' cursor stays
    ///    at the top left, where moving it never rewrites a remote row's cells;
    /// 3. the overpaints, `ESC 7` (ncurses' cursor and rendition saved), the cursor, and
    ///    `after`.
    ///
    /// A frame where ncurses has nothing to do is one write. After a full redraw the writer's
    /// rows come after ncurses' refresh, which clears what it does not know of.
    ///
    /// ncurses never scrolls (idlok off), never clears to the end of the screen, and its
    /// picture of the writer's rows is never refreshed, so it never writes one.
    private mutating func drawWithWriter(
        _ frame: Frame, before: [UInt8], after: [UInt8], write: ([UInt8]) -> Void
    ) {
        guard var writer else { return }
        defer { self.writer = writer }
        use(frame.colors)
        writer.use(frame.colors)
        writer.forgetTerminalState()
        // The writer compares the cells of the rows it is given: FrameDiff need not.
        let diff = FrameDiff(from: drawn, to: frame, comparingLiveRows: false)
        work.frames += 1
        let owners = frame.lines.withUnsafeBufferPointer { buffer in
            guard let lines = buffer.baseAddress else { return [Bool]() }
            return buffer.indices.map { lines[$0].identity != nil && !lines[$0].usesLocalColors }
        }
        let previous = drawn
        let wasWriters = diff.isFullRedraw ? Array(repeating: true, count: frame.rows) : writerRows
        if diff.isFullRedraw {
            erase()
            overpainted = Array(repeating: false, count: frame.rows)
        }
        let evictions = pairs.evictions
        var start = before
        if let scroll = diff.scroll {
            writer.scroll(scroll, into: &start)
            work.scrolls += 1
            work.rowsScrolled += scroll.rows.count - abs(scroll.count)
        }
        // The rows to draw: those that changed, those that change hands, ncurses' rows the
        // scroll moved, and rows the scroll left blank when blank is not the terminal's own
        // background (the remote changed it).
        var rows = Set(diff.rowsToRedraw)
        let plainBackground = colors.drawn(.default, asForeground: false) == .default
        for row in 0..<frame.rows {
            if !diff.isFullRedraw && wasWriters[row] != owners[row] { rows.insert(row) }
            if let scroll = diff.scroll, scroll.rows.contains(row) {
                if !owners[row] || (!plainBackground && scroll.sourceRow(of: row) == nil) { rows.insert(row) }
            }
        }
        let ordered = rows.sorted()
        var ncursesRows: [Int] = []
        var remoteRows: [Int] = []
        for row in ordered {
            if owners[row] {
                remoteRows.append(row)
                continue
            }
            ncursesRows.append(row)
            let line = frame.lines[row]
            // What ncurses holds on the row: the line it drew there last, unless the writer
            // owned the row or the scroll moved it (then nothing it knows: all of it drawn).
            var held = frame.columns
            let moved = diff.scroll?.rows.contains(row) ?? false
            if wasWriters[row] || moved {
                // (After a full redraw too: the terminal may show anything there.)
                _ = rterm_redraw_row(Int32(row))
            } else if !diff.isFullRedraw, let previous {
                let old = previous.lines[row]
                held = old.isReverseScreen || !hasPlainTail(old) ? frame.columns : Self.textEnd(old.cells[...])
            }
            if diff.isFullRedraw { held = 0 }
            drawRow(
                line.cells[...], row: row, extras: line.extras, reverseScreen: line.isReverseScreen,
                localColors: line.usesLocalColors, held: held)
        }
        work.rowsDrawn += ncursesRows.count
        let showsCursor = frame.cursor != nil
        let needsNcurses = diff.isFullRedraw || !ncursesRows.isEmpty || showsCursor != cursorShown || !ncursesCursorSaved
        cursorShown = showsCursor
        // The writer's rows: before ncurses' (a change lands with the remote's rows first),
        // except after a full redraw, where ncurses clears what it does not know first.
        // The buffer of the last frame, kept with its room: a busy frame grows it to tens of
        // kilobytes, which growing afresh each time would copy several times over.
        var rowBytes = rowScratch
        rowScratch = []
        rowBytes.removeAll(keepingCapacity: true)
        defer { rowScratch = rowBytes }
        // What a scroll leaves where the background is the terminal's own (made only then).
        let blank = diff.scroll != nil && plainBackground ? FrameLine(columns: frame.columns) : nil
        // Lines are read in place: a copy of each would retain its arrays.
        frame.lines.withUnsafeBufferPointer { buffer in
            (previous?.lines ?? []).withUnsafeBufferPointer { old in
                // (Through base pointers, whose subscript lends a line; a buffer's copies it.)
                guard let lines = buffer.baseAddress else { return }
                let before = old.baseAddress ?? lines
                for row in remoteRows {
                    let written = rowBytes.count
                    defer { if rowBytes.count > written { work.rowsDrawn += 1 } }
                    // What the row shows now: the line drawn there, or moved there by the
                    // scroll (a row ncurses drew last shows its line too: ncurses and the
                    // overpaint drew it exactly), or a blank the scroll left; not known after
                    // a full redraw, or for a blank left in a background the remote changed.
                    if diff.isFullRedraw || old.isEmpty {
                        writer.write(row: row, lines[row], into: &rowBytes)
                    } else if let source = diff.scroll.map({ $0.sourceRow(of: row) }) ?? row {
                        writer.write(row: row, lines[row], over: before[source], into: &rowBytes)
                    } else if let blank {
                        writer.write(row: row, lines[row], over: blank, into: &rowBytes)
                    } else {
                        writer.write(row: row, lines[row], into: &rowBytes)
                    }
                }
            }
        }
        let linked = frame.lines.withUnsafeBufferPointer { buffer in
            // (A base pointer lends the line; the buffer's subscript would copy each.)
            guard let lines = buffer.baseAddress else { return [Int]() }
            return remoteRows.filter { !lines[$0].links.isEmpty }
        }
        let links = linked.isEmpty ? [] : overpaintBytes(linked, of: frame, linksOnly: true)
        var out: [UInt8]
        if needsNcurses {
            if !diff.isFullRedraw { start += rowBytes }
            if ncursesCursorSaved { start += [0x1B, 0x38] }  // ESC 8: ncurses' cursor and rendition
            if !start.isEmpty { write(start) }
            move(0, 0)
            curs_set(showsCursor ? 1 : 0)
            rterm_scroll_moved_lines(0)
            refresh()
            out = overpaintBytes(ncursesRows, of: frame)
            if diff.isFullRedraw { out += [0x1B, 0x37] + rowBytes + [0x1B, 0x38] }
            // (The overpaints save and restore ncurses' cursor themselves.)
            out += links + [0x1B, 0x37]  // ESC 7: saved for the next time ncurses writes
            writer.forgetTerminalState()
        } else {
            out = start + rowBytes
            if !links.isEmpty {
                out += [0x1B, 0x38] + links + [0x1B, 0x37]
                writer.forgetTerminalState()
            }
        }
        if let cursor = frame.cursor { writer.moveCursor(row: cursor.row, column: cursor.column, into: &out) }
        out += after
        if !out.isEmpty { write(out) }
        ncursesCursorSaved = true
        writerRows = owners
        drawn = pairs.evictions != evictions ? nil : frame
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
    /// Rows drawn: handed to ncurses, or given bytes by the remote-row writer (a row it finds
    /// unchanged cell by cell is not counted).
    package var rowsDrawn = 0
    /// Scrolls handed to the terminal.
    package var scrolls = 0
    /// Rows moved by those scrolls rather than drawn.
    package var rowsScrolled = 0
}
