/// Cursor motion: CUU CUD CUF CUB CNL CPL CHA HPA HPR VPA VPR CUP HVP, with origin mode.
/// Every motion cancels a pending wrap, as in xterm.
extension Terminal {
    /// CUU: up `count`, stopping at the top margin when starting inside the region.
    mutating func cursorUp(_ count: Int) {
        let top = cursorRow >= scrollTop ? scrollTop : 0
        cursorRow = max(top, cursorRow - count)
        hasPendingWrap = false
    }

    /// CUD: down `count`, stopping at the bottom margin when starting inside the region.
    mutating func cursorDown(_ count: Int) {
        let bottom = cursorRow <= scrollBottom ? scrollBottom : rows - 1
        cursorRow = min(bottom, cursorRow + count)
        hasPendingWrap = false
    }

    /// CUF / HPR: right `count`, stopping at the last column.
    mutating func cursorForward(_ count: Int) {
        cursorColumn = min(columns - 1, cursorColumn + count)
        hasPendingWrap = false
    }

    /// CUB: left `count`, stopping at the first column.
    mutating func cursorBackward(_ count: Int) {
        cursorColumn = max(0, cursorColumn - count)
        hasPendingWrap = false
    }

    /// CHA / HPA: to column `column` (0-based), clamped.
    mutating func setCursorColumn(_ column: Int) {
        cursorColumn = min(max(column, 0), columns - 1)
        hasPendingWrap = false
    }

    /// VPA: to row `row` (0-based, relative to the region in origin mode), clamped.
    mutating func setCursorRow(_ row: Int) {
        if modes.origin {
            cursorRow = min(max(scrollTop + row, scrollTop), scrollBottom)
        } else {
            cursorRow = min(max(row, 0), rows - 1)
        }
        hasPendingWrap = false
    }

    /// CUP / HVP: to (`row`, `column`), 0-based, relative to the region in origin mode.
    mutating func setCursor(row: Int, column: Int) {
        setCursorRow(row)
        setCursorColumn(column)
    }

    /// VPR: down `count` rows, stopping at the last row (xterm does not stop at the margin).
    mutating func cursorRowRelative(_ count: Int) {
        cursorRow = min(rows - 1, cursorRow + count)
        if modes.origin { cursorRow = min(cursorRow, scrollBottom) }
        hasPendingWrap = false
    }
}
