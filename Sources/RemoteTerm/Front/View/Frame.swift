import RemoteTermCore
import RemoteTermEngine

/// One picture of the whole local screen, composed before anything is drawn: the remote's
/// rows (live or from the history), the overlays on them (selection, links, panels) and the
/// bar row. The ncurses front only turns a frame into calls, and only for the lines that
/// differ from the frame it drew last (`FrameDiff`), so every visual feature is a change to
/// a value that tests can read, not a special case in the renderer.
package struct Frame: Equatable, Sendable {
    /// Rows of the local screen the frame covers (the bar row included when shown).
    package let rows: Int
    /// Columns of the local screen.
    package let columns: Int
    /// One line per row, each exactly `columns` cells wide.
    package var lines: [FrameLine]
    /// Where the cursor is shown, nil when hidden.
    package var cursor: FrameCursor?
    /// The remote's colour table: palette entries and default colours it changed (OSC 4,
    /// 10, 11) are drawn as their RGB values.
    package var colors = TerminalColors()

    /// A blank frame.
    package init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(1, columns)
        lines = Array(repeating: FrameLine(columns: self.columns), count: self.rows)
    }

    /// The frame's text, one string per row, trailing blanks trimmed (for tests and dumps).
    package var text: [String] { lines.map(\.text) }
}

/// The cursor of a frame: a cell, 0-based.
package struct FrameCursor: Equatable, Sendable {
    /// The row.
    package var row: Int
    /// The column.
    package var column: Int

    /// A cursor position.
    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// One row of a frame: cells as the engine stores them (so the renderer draws remote text,
/// rterm's own text and overlays the same way) and the table their `extra` indices refer to.
package struct FrameLine: Sendable {
    /// The cells, exactly as many as the frame is wide. Any change to them makes the line
    /// rterm's own (its `identity` is dropped).
    package var cells: [Cell] {
        didSet {
            identity = nil
            blankFrom = cells.count
        }
    }
    /// Every cell from this column on is `Cell.blank` (all zero bits), as the engine said of
    /// the row (`Terminal.rowExtent`); the line's width when nothing is known. A hint that
    /// spares the writer its look for the blank tail; a change to the cells forgets it.
    package private(set) var blankFrom: Int
    /// The engine row this line shows as it is (`Terminal.rowIdentity`): set by the composer
    /// on a live row no overlay touched, nil on rterm's own rows and any row an overlay
    /// changed. Two lines with the same identity hold the same cells, so the composer reuses
    /// the line it made last time and the renderer knows it unchanged, or scrolled, without
    /// comparing a cell.
    package var identity: RowIdentity?
    /// What the cells' `extra` indices refer to.
    package var extras: CellExtras
    /// Whether the remote turned the screen to reverse video (DECSCNM): the renderer inverts
    /// every cell of the line. rterm's own rows never are.
    package var isReverseScreen: Bool
    /// The links on this line (OSC 8 and URLs found in the text), for terminals that take
    /// OSC 8 themselves.
    package var links: [FrameLink] = []
    /// Whether the line is rterm's own (the bar): drawn in the user's terminal's colours,
    /// never in default colours the remote changed (OSC 10, 11) or its palette (OSC 4), so
    /// the bar's buttons look the same in every session.
    package var usesLocalColors = false

    /// A blank line.
    package init(columns: Int) {
        cells = Array(repeating: Cell.blank, count: columns)
        extras = CellExtras()
        isReverseScreen = false
        blankFrom = 0
    }

    /// A line of these cells, padded with blanks or cut to `columns`.
    package init(cells: some Collection<Cell>, extras: CellExtras, columns: Int, isReverseScreen: Bool = false) {
        let row = Self.fitted(cells, columns: columns)
        self.cells = row
        self.extras = extras
        self.isReverseScreen = isReverseScreen
        blankFrom = row.count
    }

    /// `cells` padded with blanks or cut to `columns`.
    private static func fitted(_ cells: some Collection<Cell>, columns: Int) -> [Cell] {
        var row = Array(cells.prefix(columns))
        if row.count < columns { row += repeatElement(Cell.blank, count: columns - row.count) }
        // A wide character cut in half at the right edge would leave half a glyph.
        if let last = row.last, last.attributes.contains(.wide) {
            row[row.count - 1] = Cell(backgroundBits: last.backgroundBits)
        }
        return row
    }

    /// The line of an engine row read in place, `identity`, blank from `blankFrom` on: only
    /// the cells before it are copied, the rest cleared (a log line fills a third of a wide
    /// row, and a frame with output makes a line for each row that changed).
    init(
        row cells: UnsafeBufferPointer<Cell>, extras: CellExtras, columns: Int, isReverseScreen: Bool,
        identity: RowIdentity, blankFrom: Int
    ) {
        let used = min(max(blankFrom, 0), cells.count, columns)
        if used < columns, let source = cells.baseAddress {
            self.cells = [Cell](unsafeUninitializedCapacity: columns) { buffer, count in
                let target = buffer.baseAddress!
                target.initialize(from: source, count: used)
                (target + used).initialize(repeating: .blank, count: columns - used)
                count = columns
            }
            self.blankFrom = used
        } else {
            self.cells = Self.fitted(cells, columns: columns)
            self.blankFrom = columns
        }
        self.extras = extras
        self.isReverseScreen = isReverseScreen
        self.identity = identity
    }

    /// The line of engine row `identity` (or of a history line): its cells as they are, known
    /// by that identity.
    init(cells: some Collection<Cell>, extras: CellExtras, columns: Int, isReverseScreen: Bool, identity: RowIdentity) {
        self.init(cells: cells, extras: extras, columns: columns, isReverseScreen: isReverseScreen)
        self.identity = identity
    }

    /// The line's text, trailing blanks trimmed.
    package var text: String {
        var out = ""
        for cell in cells where !cell.attributes.contains(.wideContinuation) {
            out += TextRenderer.grapheme(of: cell, extras: extras) ?? " "
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// Writes `text` from `column` on, one character per cell (two for a wide one), in the
    /// given rendition; what does not fit is cut. rterm's own text (bar, panels) uses this.
    package mutating func write(_ text: String, at column: Int, attributes: CellAttributes = []) {
        var column = column
        for scalar in text.unicodeScalars {
            guard column >= 0 && column < cells.count else { break }
            let value = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? 0x20 : scalar.value
            let width = max(1, characterWidth(value))
            if width == 2 {
                guard column + 1 < cells.count else { break }
                cells[column] = Cell(codePoint: value, attributes: attributes.union(.wide))
                cells[column + 1] = Cell(attributes: attributes.union(.wideContinuation))
            } else {
                cells[column] = Cell(codePoint: value, attributes: attributes)
            }
            column += width
        }
    }

    /// Applies `change` to the rendition of the cells in `columns` (selection, links).
    mutating func restyle(_ columns: Range<Int>, _ change: (inout CellAttributes) -> Void) {
        for column in columns.clamped(to: 0..<cells.count) { change(&cells[column].attributes) }
    }
}

extension FrameLine: Equatable {
    /// Equal when they draw the same: same cells, and the same marks and underline colours
    /// behind the cells that have any (the tables themselves may differ).
    package static func == (a: FrameLine, b: FrameLine) -> Bool {
        guard a.isReverseScreen == b.isReverseScreen, a.usesLocalColors == b.usesLocalColors,
            a.cells.count == b.cells.count, a.links == b.links
        else { return false }
        let same = a.cells.withUnsafeBufferPointer { x in
            b.cells.withUnsafeBufferPointer { y in
                x.isEmpty || Cell.sameBits(x.baseAddress!, y.baseAddress!, count: x.count)
            }
        }
        guard same else { return false }
        for cell in a.cells where cell.extra != 0 {
            let x = a.extras.entry(cell.extra)
            let y = b.extras.entry(cell.extra)
            if x.combining != y.combining || x.underlineColor != y.underlineColor { return false }
        }
        return true
    }
}

/// The part of a link on one line of a frame.
package struct FrameLink: Equatable, Sendable {
    /// The columns it covers.
    package var columns: Range<Int>
    /// Where it points.
    package var url: String

    /// A link segment.
    package init(columns: Range<Int>, url: String) {
        self.columns = columns
        self.url = url
    }
}
