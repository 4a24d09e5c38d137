import RemoteTermCore
import RemoteTermEngine

/// Adjacent cells of one screen row that `StyleOverpaint` draws again over what ncurses drew,
/// with the styling ncurses cannot give them.
package struct OverpaintRun: Equatable, Sendable {
    /// Screen row, 0-based.
    package var row: Int
    /// Screen column of the first cell, 0-based.
    package var column: Int
    /// The cells, one per column from `column` on (a wide character is its cell and its
    /// `.wideContinuation` cell).
    package var cells: [Cell]
    /// The table the cells' `extra` indices point into (combining marks, underline colour).
    package var extras: CellExtras

    package init(row: Int, column: Int, cells: [Cell], extras: CellExtras) {
        self.row = row
        self.column = column
        self.cells = cells
        self.extras = extras
    }

    /// Runs are equal when they draw the same: same place, same cells, and the same extra
    /// entries behind those cells (the rest of the two tables does not matter).
    package static func == (lhs: OverpaintRun, rhs: OverpaintRun) -> Bool {
        lhs.row == rhs.row && lhs.column == rhs.column && lhs.cells == rhs.cells
            && lhs.cells.allSatisfy { lhs.extras.entry($0.extra) == rhs.extras.entry($0.extra) }
    }
}
