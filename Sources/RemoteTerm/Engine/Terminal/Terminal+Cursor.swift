/// Cursor motion: CUU CUD CUF CUB CNL CPL CHA HPA HPR VPA VPR CUP HVP, with origin mode and
/// the left and right margins. Every motion cancels a pending wrap, as in xterm.
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

    /// CUF: right `count`, stopping at the right margin when starting inside the margins,
    /// else at the last column.
    mutating func cursorForward(_ count: Int) {
        let limit = cursorColumn <= rightMargin ? rightMargin : columns - 1
        cursorColumn = max(cursorColumn, min(limit, cursorColumn + count))
        hasPendingWrap = false
    }

    /// HPR: right `count`, stopping at the last column (margins and origin mode do not apply).
    mutating func cursorColumnRelative(_ count: Int) {
        cursorColumn = min(columns - 1, cursorColumn + count)
        hasPendingWrap = false
    }

    /// CUB (and BS, one column): left `count`, stopping at the left margin when starting at or
    /// right of it, else at the first column. With DECAWM and reverse wraparound it continues
    /// at the right margin of the row above, as xterm (patch 383 on) does: ?45 only into a row
    /// that wrapped onto this one (editing a long wrapped line), ?1045 into any row, and from the
    /// top margin round to the bottom one. A pending wrap counts as the first step.
    mutating func cursorBackward(_ count: Int) {
        if modes.autowrap && (modes.reverseWraparound || modes.extendedReverseWraparound) {
            return cursorBackwardWrapping(count)
        }
        let left = cursorColumn >= leftMargin ? leftMargin : 0
        cursorColumn = max(left, cursorColumn - count)
        hasPendingWrap = false
    }

    /// CUB with reverse wraparound, out of line: BS is on the hot path of every shell.
    @inline(never)
    private mutating func cursorBackwardWrapping(_ count: Int) {
        let extended = modes.extendedReverseWraparound
        let left = cursorColumn >= leftMargin ? leftMargin : 0
        // Bounded: more steps than the screen has cells only go round again.
        var remaining = min(count, (rows + 1) * columns)
        var column = cursorColumn
        var row = cursorRow
        if remaining > 0 {
            if hasPendingWrap { remaining -= 1 } else { column -= 1 }
        }
        var rowChecked = false
        while true {
            if column < left {
                if extended {
                    column = rightMargin
                    if row == scrollTop { row = scrollBottom + 1 }
                }
                rowChecked = false
                row -= 1
            }
            if !rowChecked {
                rowChecked = true
                if row != cursorRow {
                    if row < 0 || !extended && !screen.isWrapped(row) {
                        if row < scrollBottom { row += 1 }  // nowhere to wrap to
                        column = left
                        break
                    }
                    column = rightMargin
                }
            }
            remaining -= 1
            if remaining <= 0 { break }
            column -= 1
        }
        cursorRow = min(max(row, 0), rows - 1)
        cursorColumn = min(max(column, 0), columns - 1)
        hasPendingWrap = false
    }

    /// CHA / HPA: to column `column` (0-based), clamped; relative to the left margin and
    /// clamped to the right one in origin mode.
    mutating func setCursorColumn(_ column: Int) {
        if modes.origin {
            cursorColumn = min(max(leftMargin + column, leftMargin), rightMargin)
        } else {
            cursorColumn = min(max(column, 0), columns - 1)
        }
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
