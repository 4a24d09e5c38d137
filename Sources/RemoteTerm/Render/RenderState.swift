/// What the front last drew of the remote screen: the size, each row's revision, the
/// cursor. Kept between frames so `FrameDiff` can tell what changed without comparing cells.
///
/// A new state has drawn nothing, so the first frame is a full redraw.
public struct RenderState: Equatable, Sendable {
    /// Rows of the screen drawn; 0 when nothing was drawn yet (or after `invalidate`).
    public private(set) var rows = 0
    /// Columns of the screen drawn.
    public private(set) var columns = 0
    /// The revision of each row when it was drawn.
    public private(set) var rowRevisions: [UInt64] = []
    /// Cursor row drawn, 0-based.
    public private(set) var cursorRow = 0
    /// Cursor column drawn, 0-based (clamped to the last column).
    public private(set) var cursorColumn = 0
    /// Whether the cursor was shown.
    public private(set) var isCursorVisible = false
    /// Whether the screen was drawn in reverse video (DECSCNM).
    public private(set) var isReverseVideo = false

    /// Nothing drawn yet.
    public init() {}

    /// The state after drawing all of `terminal`.
    public init(drawn terminal: Terminal) {
        recordDrawn(terminal)
    }

    /// Whether anything has been drawn since creation or the last `invalidate`.
    public var hasDrawn: Bool { rows > 0 }

    /// Records that the whole of `terminal` is now on the screen, as it is now.
    public mutating func recordDrawn(_ terminal: Terminal) {
        rows = terminal.rows
        columns = terminal.columns
        rowRevisions.removeAll(keepingCapacity: true)
        for row in 0..<terminal.rows { rowRevisions.append(terminal.rowRevision(row)) }
        (cursorRow, cursorColumn) = Self.cursor(of: terminal)
        isCursorVisible = terminal.modes.cursorVisible
        isReverseVideo = terminal.modes.reverseVideo
    }

    /// Forgets what was drawn, so the next frame is a full redraw: after the screen was
    /// disturbed behind the renderer's back (resume from suspend, a local scrollback view,
    /// the bar shown or hidden, colour pairs reassigned).
    public mutating func invalidate() {
        self = RenderState()
    }

    /// The cursor position as drawn: the column is clamped, since it may sit one past the
    /// last column while a wrap is pending.
    static func cursor(of terminal: Terminal) -> (row: Int, column: Int) {
        (min(terminal.cursorRow, terminal.rows - 1), min(terminal.cursorColumn, terminal.columns - 1))
    }
}
