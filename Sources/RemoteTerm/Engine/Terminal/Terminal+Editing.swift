/// Erasing and editing: ED EL ECH ICH DCH IL DL. Erased cells take the current background
/// (xterm's back-colour erase). None of these move the cursor except IL/DL (to the left margin).
/// After SPA, ED, EL and ECH spare protected cells (`Terminal+Protection.swift`).
extension Terminal {
    /// Blanks `columns` of `row` with the erase cell, repairing wide characters cut at either end.
    mutating func eraseCells(row: Int, columns range: Range<Int>) {
        let range = range.clamped(to: 0..<columns)
        guard !range.isEmpty else { return }
        let start = screen.rowStart(row)
        if range.lowerBound > 0 && screen.cells[start + range.lowerBound].attributes.contains(.wideContinuation) {
            Self.blankHalf(&screen.cells[start + range.lowerBound - 1])
        }
        if range.upperBound < columns && screen.cells[start + range.upperBound].attributes.contains(.wideContinuation) {
            Self.blankHalf(&screen.cells[start + range.upperBound])
        }
        screen.fill(row: row, columns: range, with: erasedCell, clock: &clock)
    }

    /// ED (and DECSED, `selective`): 0 below (from the cursor), 1 above (to the cursor), 2 all,
    /// 3 the scrollback. Protected cells are spared as `sparesProtectedCells` says.
    mutating func eraseInDisplay(_ mode: Int, selective: Bool = false) {
        let spares = sparesProtectedCells(selective: selective)
        hasPendingWrap = false
        switch mode {
        case 0:
            erase(row: cursorRow, columns: cursorColumn..<columns, sparingProtected: spares)
            screen.setWrapped(cursorRow, false)
            for row in (cursorRow + 1)..<max(rows, cursorRow + 1) { eraseRow(row, sparingProtected: spares) }
        case 1:
            for row in 0..<cursorRow { eraseRow(row, sparingProtected: spares) }
            erase(row: cursorRow, columns: 0..<(cursorColumn + 1), sparingProtected: spares)
        case 2:
            for row in 0..<rows { eraseRow(row, sparingProtected: spares) }
        case 3:
            scrollback.removeAll()
        default:
            break
        }
    }

    /// EL (and DECSEL, `selective`): 0 right of (and at) the cursor, 1 left of it, 2 the whole
    /// line.
    mutating func eraseInLine(_ mode: Int, selective: Bool = false) {
        let spares = sparesProtectedCells(selective: selective)
        hasPendingWrap = false
        switch mode {
        case 0:
            erase(row: cursorRow, columns: cursorColumn..<columns, sparingProtected: spares)
            screen.setWrapped(cursorRow, false)
        case 1: erase(row: cursorRow, columns: 0..<(cursorColumn + 1), sparingProtected: spares)
        case 2: eraseRow(cursorRow, sparingProtected: spares)
        default: break
        }
    }

    /// Erases `columns` of `row`, all of them or only the unprotected ones.
    private mutating func erase(row: Int, columns range: Range<Int>, sparingProtected: Bool) {
        if sparingProtected {
            eraseUnprotectedCells(row: row, columns: range)
        } else {
            eraseCells(row: row, columns: range)
        }
    }

    /// Clears a whole row (with its wrap flag), or only its unprotected cells.
    private mutating func eraseRow(_ row: Int, sparingProtected: Bool) {
        if sparingProtected {
            eraseUnprotectedCells(row: row, columns: 0..<columns)
            screen.setWrapped(row, false)
        } else {
            screen.clearRow(row, with: erasedCell, clock: &clock)
        }
    }

    /// ECH: blanks `count` cells from the cursor, without moving it (sparing protected cells
    /// after SPA).
    mutating func eraseCharacters(_ count: Int) {
        hasPendingWrap = false
        let range = cursorColumn..<(cursorColumn + min(count, columns))
        erase(row: cursorRow, columns: range, sparingProtected: sparesProtectedCells(selective: false))
    }

    /// ICH: inserts `count` blank cells at the cursor; what passes the right margin falls off.
    /// Nothing happens when the cursor is outside the left and right margins.
    mutating func insertCharacters(_ count: Int) {
        hasPendingWrap = false
        shiftRight(row: cursorRow, from: cursorColumn, count: count)
    }

    /// Shifts cells right of `column` by `count`, blanking the gap (ICH and insert mode); up
    /// to the right margin when the column is inside the margins.
    mutating func shiftRight(row: Int, from column: Int, count: Int) {
        if hasHorizontalMargins {
            guard column >= leftMargin && column <= rightMargin else { return }
            return shiftCells(row: row, left: column, right: rightMargin, by: min(count, columns))
        }
        let count = min(count, columns - column)
        guard count > 0 else { return }
        let start = screen.rowStart(row)
        var index = columns - 1
        while index >= column + count {
            screen.cells[start + index] = screen.cells[start + index - count]
            index -= 1
        }
        let fill = erasedCell
        for c in column..<(column + count) { screen.cells[start + c] = fill }
        screen.repairWideCharacters(row: row)
        screen.setWrapped(row, false)
        touch(row)
    }

    /// DCH: deletes `count` cells at the cursor; blanks enter at the line's end (the right
    /// margin; nothing happens when the cursor is outside the margins).
    mutating func deleteCharacters(_ count: Int) {
        hasPendingWrap = false
        if hasHorizontalMargins {
            guard isCursorInsideHorizontalMargins else { return }
            return shiftCells(row: cursorRow, left: cursorColumn, right: rightMargin, by: -min(count, columns))
        }
        let column = cursorColumn
        let count = min(count, columns - column)
        guard count > 0 else { return }
        let start = screen.rowStart(cursorRow)
        for c in column..<(columns - count) { screen.cells[start + c] = screen.cells[start + c + count] }
        let fill = erasedCell
        for c in (columns - count)..<columns { screen.cells[start + c] = fill }
        screen.repairWideCharacters(row: cursorRow)
        touch(cursorRow)
    }

    /// IL: inserts `count` blank lines at the cursor row, inside the scrolling rectangle only;
    /// the cursor goes to the left margin.
    mutating func insertLines(_ count: Int) {
        guard isCursorInsideScrollingRectangle else { return }
        let count = min(count, scrollBottom - cursorRow + 1)
        if hasHorizontalMargins {
            moveBandDown(top: cursorRow, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count)
        } else {
            screen.rotateDown(top: cursorRow, bottom: scrollBottom, count: count)
            for row in cursorRow..<(cursorRow + count) { eraseRow(row, sparingProtected: false) }
        }
        cursorColumn = leftMargin
        hasPendingWrap = false
    }

    /// DL: deletes `count` lines at the cursor row, inside the scrolling rectangle only.
    mutating func deleteLines(_ count: Int) {
        guard isCursorInsideScrollingRectangle else { return }
        let count = min(count, scrollBottom - cursorRow + 1)
        if hasHorizontalMargins {
            moveBandUp(top: cursorRow, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count)
        } else {
            screen.rotateUp(top: cursorRow, bottom: scrollBottom, count: count)
            for row in (scrollBottom - count + 1)...scrollBottom { eraseRow(row, sparingProtected: false) }
        }
        cursorColumn = leftMargin
        hasPendingWrap = false
    }
}
