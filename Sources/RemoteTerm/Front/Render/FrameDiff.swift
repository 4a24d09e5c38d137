/// What must be drawn to bring the screen from the frame drawn last to the next one: the
/// rows whose lines differ (every row when nothing was drawn yet or the size changed).
///
/// Lines are compared cell by cell, which at 200 × 50 is ten thousand comparisons a frame, a
/// few microseconds at frame pace, and it catches every change whatever its cause (output,
/// history position, selection, panels), so no feature needs its own damage tracking.
public struct FrameDiff: Equatable, Sendable {
    /// Rows to draw again, in ascending order.
    public var rowsToRedraw: [Int]
    /// Whether every row must be drawn (first frame or new size): the adapter may clear the
    /// screen first.
    public var isFullRedraw: Bool
    /// Whether the cursor moved, appeared or disappeared.
    public var cursorChanged: Bool

    /// Whether nothing needs drawing at all.
    public var isEmpty: Bool { rowsToRedraw.isEmpty && !cursorChanged }

    /// The differences between `previous` (nil: nothing drawn) and `next`.
    public init(from previous: Frame?, to next: Frame) {
        guard let previous, previous.rows == next.rows, previous.columns == next.columns else {
            rowsToRedraw = Array(0..<next.rows)
            isFullRedraw = true
            cursorChanged = true
            return
        }
        rowsToRedraw = (0..<next.rows).filter { previous.lines[$0] != next.lines[$0] }
        isFullRedraw = false
        cursorChanged = previous.cursor != next.cursor
    }
}
