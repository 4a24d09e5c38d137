/// What must be drawn to bring the screen from a `RenderState` to the terminal's current
/// state: the rows whose revision changed (every row when the size changed or nothing was
/// drawn yet), and whether the cursor moved or was shown or hidden.
///
/// Costs one comparison per row: rows carry revisions stamped on every change, so no cell
/// is compared. A typical frame loop:
///
/// ```swift
/// let diff = FrameDiff(from: state, to: terminal)
/// for row in diff.rowsToRedraw { draw(row) }
/// if !diff.isEmpty { placeCursor(); refresh() }
/// state.recordDrawn(terminal)
/// ```
public struct FrameDiff: Equatable, Sendable {
    /// Rows to draw again, in ascending order.
    public var rowsToRedraw: [Int]
    /// Whether every row must be drawn (first frame, new size, reverse video toggled,
    /// or an invalidated state); the adapter may clear the screen first.
    public var isFullRedraw: Bool
    /// Whether the cursor is at another cell than when last drawn.
    public var cursorMoved: Bool
    /// Whether the cursor was shown or hidden since the last frame.
    public var cursorVisibilityChanged: Bool

    /// Whether nothing needs drawing at all.
    public var isEmpty: Bool { rowsToRedraw.isEmpty && !cursorMoved && !cursorVisibilityChanged }

    /// The differences between what `state` drew and what `terminal` holds now.
    public init(from state: RenderState, to terminal: Terminal) {
        let cursor = RenderState.cursor(of: terminal)
        let isFull =
            !state.hasDrawn || state.rows != terminal.rows || state.columns != terminal.columns
            || state.isReverseVideo != terminal.modes.reverseVideo
        if isFull {
            rowsToRedraw = Array(0..<terminal.rows)
            cursorMoved = true
            cursorVisibilityChanged = true
        } else {
            var rows: [Int] = []
            for row in 0..<terminal.rows where state.rowRevisions[row] != terminal.rowRevision(row) {
                rows.append(row)
            }
            rowsToRedraw = rows
            cursorMoved = cursor.row != state.cursorRow || cursor.column != state.cursorColumn
            cursorVisibilityChanged = state.isCursorVisible != terminal.modes.cursorVisible
        }
        isFullRedraw = isFull
    }
}
