/// The terminal model: the state an xterm would hold for a stream of output, and nothing
/// about how it is shown.
///
/// Bytes go in through `feed`, which runs them through the `VTParser` and applies each
/// action to the screens, cursor and modes (the `Terminal+…` files, one concern each).
/// Anything that must leave the terminal (replies to queries, the bell, a new title) comes
/// back from `feed` as `TerminalEffect` values: the terminal itself performs no I/O.
public struct Terminal: Sendable {
    /// Number of rows.
    public internal(set) var rows: Int
    /// Number of columns.
    public internal(set) var columns: Int

    var parser = VTParser()
    /// The screen being shown and written to.
    var screen: ScreenBuffer
    /// The screen not shown (the primary while the alternate is active, and vice versa).
    var otherScreen: ScreenBuffer
    /// Whether the alternate screen (47/1047/1049) is the one shown.
    public internal(set) var isAlternateScreenActive = false
    /// Source of row revisions: every change stamps a row with the next value. It also ticks
    /// once for each row an operation visits and finds nothing to change in, so its advance
    /// over a `feed` measures the work done (rows written, cleared, scrolled or looked at):
    /// the session's per-turn work budget reads it.
    package var clock: UInt64 = 0
    var scrollback: Scrollback
    var extras = CellExtras()
    var combiningCache = CombiningCache()

    /// Cursor row, 0-based.
    public internal(set) var cursorRow = 0
    /// Cursor column, 0-based; stays on the last column while a wrap is pending.
    public internal(set) var cursorColumn = 0
    /// A character was printed in the last column with autowrap on: the next one wraps.
    package internal(set) var hasPendingWrap = false
    /// The attributes new characters get (rendition flags, colours, pen extra).
    var pen = Cell.blank
    /// The rendition and colours the next character would be written with: what text the
    /// user types is echoed in, where a shell draws its suggestions in another.
    package var penRendition: (foreground: TerminalColor, attributes: CellAttributes) {
        (pen.foreground, pen.attributes.intersection(.renditionMask))
    }
    /// The pen's hyperlink and underline colour, interned into `pen.extra`.
    var penExtra = CellExtra()
    /// The pen's hyperlink by value, so it survives a compaction of the extras table.
    var penHyperlink = ""
    var charsets = CharsetState()
    /// The modes set by the remote.
    public internal(set) var modes = TerminalModes()
    /// Modes remembered for DECRQM only.
    var recordedModes = RecordedModes()
    /// The window as the remote set it (XTWINOPS), and DECCOLM.
    var window = WindowState()
    /// The conformance level (DECSCL): 1 (VT100) to 5 (VT500); xterm's default is a VT420.
    var conformanceLevel = 4
    /// The status display and status line type (DECSASD, DECSSDT), remembered for DECRQSS.
    var statusDisplay = (active: 0, type: 0)
    /// DEC private modes saved by XTSAVE (`CSI ? Pm s`), bounded by the modes rterm knows.
    var savedPrivateModes: [Int: Bool] = [:]
    /// The scroll region, inclusive rows (DECSTBM).
    package internal(set) var scrollTop = 0
    /// The scroll region's last row, inclusive.
    package internal(set) var scrollBottom: Int
    /// The left margin, inclusive column (DECSLRM); 0 unless DECLRMM (?69) is set.
    package internal(set) var leftMargin = 0
    /// The right margin, inclusive column; the last column unless DECLRMM is set.
    package internal(set) var rightMargin: Int
    var tabStops: [Bool]
    /// Which kind of protection (DECSCA or SPA) was switched on last: it decides which
    /// erases spare protected cells (`Terminal+Protection.swift`).
    var protectionMode = ProtectionMode.off
    /// DECSACE: 2 makes DECCARA/DECRARA act on a rectangle, 0 and 1 on the stream of cells
    /// from its first corner to its last (`Terminal+Rectangles.swift`).
    var attributeChangeExtent = 0
    /// DECSC state of the primary and of the alternate screen (xterm keeps one each).
    var savedCursors: (primary: SavedCursor?, alternate: SavedCursor?) = (nil, nil)

    /// The window title (OSC 0/2), control characters removed.
    public internal(set) var title = ""
    /// The icon name (OSC 0/1).
    package internal(set) var iconName = ""
    /// The working directory the shell reported last (OSC 7, `file://host/path`), as sent
    /// (control characters removed, bounded like a title); empty until one is reported.
    package internal(set) var workingDirectory = ""
    /// How many times the shell said it is back at its prompt: OSC 133 `A` (a prompt starts)
    /// or `D` (a command finished), or OSC 7 (shells report the directory with each prompt).
    /// Only its changes mean anything: the key bar's program detection reads them.
    package internal(set) var promptMarks = 0
    /// What the shell's OSC 133 marks said: its prompts, whether it is at one, the last
    /// command's status.
    package internal(set) var shellPrompts = ShellPrompts()
    /// The kitty keyboard protocol's flag stacks (the flags in force are in `modes`).
    var keyboardStacks = KittyKeyboardStacks()
    /// An OSC 99 notification whose pieces are still coming.
    var pendingNotification: PendingNotification?
    /// Whether the user's colours are dark or light, when their terminal said (the answer to
    /// `CSI ? 996 n`); nil: not known, and not answered.
    package internal(set) var colorScheme: TerminalColorScheme?
    /// Titles pushed by XTWINOPS 22 (bounded).
    var titleStack: [String] = []
    /// The palette, special and dynamic colours (OSC 4, 5, 10–19); fixed-size tables.
    var colors = TerminalColors()
    /// The last graphic character printed, for REP; 0 when there is none.
    var lastPrinted: UInt32 = 0
    /// The last character attached was a zero-width joiner: the next one may join its cell.
    var followsJoiner = false
    /// Effects produced during the current `feed`.
    var pendingEffects: [TerminalEffect] = []
    /// The last wholesale change (RIS, a rectangle fill or erase), and whether nothing else
    /// has happened since (`untouchedSince`). Two fields rather than one optional: every
    /// parser action clears the mark, and clearing an optional that holds a sequence's
    /// parameters wrote a hundred bytes on each.
    var lastWholesaleChange: WholesaleChange?
    var isUntouchedSinceWholesaleChange = false
    /// The wholesale change (RIS, a rectangle fill or erase) after which nothing else has
    /// happened: the same one again would rebuild the same state, so it is skipped (a flood
    /// of `ESC c` costs a test each, not a new screen each). Every other parser action and
    /// every public change clears it.
    var untouchedSince: WholesaleChange? {
        get { isUntouchedSinceWholesaleChange ? lastWholesaleChange : nil }
        set {
            if let newValue { lastWholesaleChange = newValue }
            isUntouchedSinceWholesaleChange = newValue != nil
        }
    }
    /// The revisions the last DECALN stamped on every row of its screen (`screenAlignmentTest`).
    var alignedRevisions: ClosedRange<UInt64>?

    /// Most scrollback lines by default.
    public static let defaultScrollbackLimit = 10_000
    /// Largest size accepted; bigger requests are clamped (a remote cannot make us allocate more).
    public static let maximumDimension = 1000

    /// A blank terminal of `rows × columns` (each clamped to 1…1000).
    public init(rows: Int, columns: Int, scrollbackLimit: Int = Terminal.defaultScrollbackLimit) {
        let rows = Self.clampDimension(rows)
        let columns = Self.clampDimension(columns)
        self.rows = rows
        self.columns = columns
        var clock: UInt64 = 0
        screen = ScreenBuffer(rows: rows, columns: columns, clock: &clock)
        otherScreen = ScreenBuffer(rows: rows, columns: columns, clock: &clock)
        self.clock = clock
        scrollback = Scrollback(limit: scrollbackLimit)
        scrollBottom = rows - 1
        rightMargin = columns - 1
        tabStops = Self.defaultTabStops(columns: columns)
    }

    package static func clampDimension(_ value: Int) -> Int { min(max(value, 1), maximumDimension) }

    /// Whether `stops` are the power-on stops, every 8 columns.
    static func hasDefaultTabStops(_ stops: [Bool]) -> Bool {
        stops.withUnsafeBufferPointer { stops in
            for column in stops.indices where stops[column] != (column > 0 && column % 8 == 0) { return false }
            return true
        }
    }

    static func defaultTabStops(columns: Int) -> [Bool] {
        var stops = [Bool](repeating: false, count: columns)
        for column in stride(from: 8, to: columns, by: 8) { stops[column] = true }
        return stops
    }

    // MARK: - Feeding

    /// Parses and applies `bytes`; returns the effects they caused, in order.
    @discardableResult
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [TerminalEffect] {
        // The screens are written through pointers from here on: copy them first if this
        // value shares them with another (copy on write, once per feed).
        screen.makeUnique()
        otherScreen.makeUnique()
        var parser = VTParser()
        swap(&parser, &self.parser)
        parser.feed(bytes, into: &self)
        swap(&parser, &self.parser)
        guard !pendingEffects.isEmpty else { return [] }
        defer { pendingEffects = [] }
        return pendingEffects
    }

    /// Parses and applies `bytes`.
    @discardableResult
    public mutating func feed(_ bytes: [UInt8]) -> [TerminalEffect] {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// Parses and applies the UTF-8 bytes of `text`.
    @discardableResult
    public mutating func feed(_ text: String) -> [TerminalEffect] {
        feed(Array(text.utf8))
    }

    // MARK: - Reading the state

    /// The cell at a screen position (row and column must be in range).
    public func cell(row: Int, column: Int) -> Cell { screen.cell(row: row, column: column) }

    /// The cells of a screen row.
    package func rowCells(_ row: Int) -> ArraySlice<Cell> { screen.rowCells(row) }

    /// Hands `body` the cells of a screen row in place, without copying them: for a look at
    /// every row of every frame (links), or a copy made once (the frame's line).
    package func withRowCells<Result>(_ row: Int, _ body: (UnsafeBufferPointer<Cell>) throws -> Result) rethrows -> Result {
        try screen.withRowCells(row, body)
    }

    /// The columns of a screen row that may hold something: every cell from this column on
    /// is `Cell.blank` (all zero bits), so a look for links or for a blank tail stops here.
    package func rowExtent(_ row: Int) -> Int { screen.extent(row) }

    /// Whether a screen row was soft-wrapped onto the next.
    package func isRowWrapped(_ row: Int) -> Bool { screen.isWrapped(row) }

    /// The out-of-line data of a cell.
    package func extra(of cell: Cell) -> CellExtra { extras.entry(cell.extra) }

    /// The base character of a cell and its combining marks, "" for an empty cell or the
    /// second half of a wide character.
    public func graphemeText(row: Int, column: Int) -> String {
        TextRenderer.grapheme(of: cell(row: row, column: column), extras: extras) ?? ""
    }

    /// The OSC 8 hyperlink of a cell.
    public func hyperlink(row: Int, column: Int) -> String? {
        extras.hyperlinkURI(extras.entry(cell(row: row, column: column).extra).hyperlink)
    }

    /// The underline colour of a cell (SGR 58).
    package func underlineColor(row: Int, column: Int) -> TerminalColor {
        TerminalColor(packed: extras.entry(cell(row: row, column: column).extra).underlineColor)
    }

    /// The revision of a screen row; it changes whenever the row's content changes.
    package func rowRevision(_ row: Int) -> UInt64 { screen.revision(row) }

    /// What screen row `row` holds, as a value a renderer can keep: equal for two rows (or
    /// one row at two times) only while they hold the same content, and carried along with
    /// the row when it scrolls (`RowIdentity`).
    package func rowIdentity(_ row: Int) -> RowIdentity {
        RowIdentity(
            isAlternate: isAlternateScreenActive, slot: Int32(truncatingIfNeeded: screen.slot(row)),
            revision: screen.revision(row))
    }

    /// Lines held in the scrollback.
    public var scrollbackCount: Int { scrollback.count }

    /// Most lines the scrollback keeps.
    package var scrollbackLimit: Int { scrollback.limit }

    /// A scrollback line as text, 0 being the oldest; trailing spaces trimmed.
    public func scrollbackText(_ index: Int) -> String {
        guard index >= 0 && index < scrollback.count else { return "" }
        return scrollback[index].plainText(extras: extras, columns: columns)
    }

    /// The extras table that screen cells refer to.
    package var cellExtras: CellExtras { extras }

    // MARK: - Shared helpers

    /// A cell as erase operations leave it: empty, with the current background (xterm's
    /// back-colour erase).
    var erasedCell: Cell { Cell(backgroundBits: pen.backgroundBits) }

    /// Marks a screen row as changed.
    @inline(__always) mutating func touch(_ row: Int) { screen.touch(row, clock: &clock) }
}

/// What DECSC saves and DECRC restores.
struct SavedCursor: Sendable {
    var row: Int
    var column: Int
    var hasPendingWrap: Bool
    var pen: Cell
    var penExtra: CellExtra
    var penHyperlink: String
    var charsets: CharsetState
    var origin: Bool
}
