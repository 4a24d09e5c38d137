import RemoteTermCore
import RemoteTermEngine

/// Adjacent cells of one screen row that `StyleOverpaint` draws again over what ncurses drew,
/// with the styling ncurses cannot give them.
public struct OverpaintRun: Equatable, Sendable {
    /// Screen row, 0-based.
    public var row: Int
    /// Screen column of the first cell, 0-based.
    public var column: Int
    /// The cells, one per column from `column` on (a wide character is its cell and its
    /// `.wideContinuation` cell).
    public var cells: [Cell]
    /// The table the cells' `extra` indices point into (combining marks, underline colour).
    public var extras: CellExtras

    public init(row: Int, column: Int, cells: [Cell], extras: CellExtras) {
        self.row = row
        self.column = column
        self.cells = cells
        self.extras = extras
    }

    /// Runs are equal when they draw the same: same place, same cells, and the same extra
    /// entries behind those cells (the rest of the two tables does not matter).
    public static func == (lhs: OverpaintRun, rhs: OverpaintRun) -> Bool {
        lhs.row == rhs.row && lhs.column == rhs.column && lhs.cells == rhs.cells
            && lhs.cells.allSatisfy { lhs.extras.entry($0.extra) == rhs.extras.entry($0.extra) }
    }
}
