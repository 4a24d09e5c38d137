/// Left and right margins (DECLRMM ?69, DECSLRM) and the operations that exist because of
/// them: scrolling a rectangle narrower than the screen, inserting and deleting columns
/// (DECIC, DECDC), and the horizontal indexes (DECBI, DECFI).
///
/// The margins and the scroll region together bound the *scrolling rectangle*. Without
/// DECLRMM the margins are the screen's edges and every operation keeps its fast path.
extension Terminal {
    /// Whether the left and right margins are narrower than the screen.
    @inline(__always) var hasHorizontalMargins: Bool { leftMargin != 0 || rightMargin != columns - 1 }

    /// Whether the cursor column lies between the left and right margins.
    @inline(__always) var isCursorInsideHorizontalMargins: Bool {
        cursorColumn >= leftMargin && cursorColumn <= rightMargin
    }

    /// Whether the cursor lies inside the scrolling rectangle.
    var isCursorInsideScrollingRectangle: Bool {
        isCursorInsideHorizontalMargins && cursorRow >= scrollTop && cursorRow <= scrollBottom
    }

    /// DECSLRM (`CSI Pl ; Pr s`, only while DECLRMM is set): 1-based, inclusive; 0 or
    /// missing means the edge. A margin pair that leaves fewer than two columns is ignored, as
    /// in xterm. Homes the cursor (to the margin's corner in origin mode).
    mutating func setLeftRightMargins(left: Int, right: Int) {
        guard let margins = Self.margins(first: left, last: right, size: columns) else { return }
        (leftMargin, rightMargin) = margins
        setCursor(row: 0, column: 0)
    }

    // MARK: - Moving cells inside a rectangle

    /// Moves the cells of `row` between columns `left...right` by `shift` columns (positive:
    /// right); the cells that enter are erased. Wide characters cut at either edge are blanked.
    mutating func shiftCells(row: Int, left: Int, right: Int, by shift: Int) {
        guard left <= right, shift != 0 else { return }
        let start = screen.rowStart(row)
        let cells = screen.cells
        let width = right - left + 1
        let fill = erasedCell
        if abs(shift) >= width {
            for c in left...right { cells[start + c] = fill }
        } else if shift > 0 {
            var c = right
            while c >= left + shift {
                cells[start + c] = cells[start + c - shift]
                c -= 1
            }
            for c in left..<(left + shift) { cells[start + c] = fill }
        } else {
            let shift = -shift
            for c in left...(right - shift) { cells[start + c] = cells[start + c + shift] }
            for c in (right - shift + 1)...right { cells[start + c] = fill }
        }
        screen.repairWideCharacters(row: row)
        screen.setWrapped(row, false)
        touch(row)
    }

    /// Copies columns `left...right` of row `source` onto row `target`.
    mutating func copyCells(from source: Int, to target: Int, left: Int, right: Int) {
        if screen.holdSameFill(source, target, columns: left..<(right + 1)) {
            // Both hold the same between the margins (REP's rows): nothing moves.
            screen.setWrapped(target, false)
            clock &+= 1  // a visit, counted as work (`Terminal.clock`)
            return
        }
        let cells = screen.cells
        let from = screen.rowStart(source)
        let to = screen.rowStart(target)
        (cells.baseAddress! + to + left).update(from: cells.baseAddress! + from + left, count: right - left + 1)
        screen.repairWideCharacters(row: target, afterCopyInto: left, right)
        screen.setWrapped(target, false)
        touch(target)
        // What was known of the source between the margins is true of the target now.
        screen.copyFill(from: source, to: target, columns: left..<(right + 1))
    }

    /// Scrolls the scrolling rectangle up `count` lines when the margins are narrower than the
    /// screen: only the cells between them move; nothing reaches the scrollback.
    mutating func scrollRectangleUp(_ count: Int) {
        let count = min(count, scrollBottom - scrollTop + 1)
        guard count > 0 else { return }
        moveBandUp(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count)
    }

    /// Scrolls the scrolling rectangle down `count` lines (margins narrower than the screen).
    mutating func scrollRectangleDown(_ count: Int) {
        let count = min(count, scrollBottom - scrollTop + 1)
        guard count > 0 else { return }
        moveBandDown(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count)
    }

    /// Moves rows `top...bottom` of the band between `left` and `right` up `count` lines
    /// (1 ≤ count ≤ the band's height; SU and DL inside the margins), erasing what enters at
    /// the bottom.
    mutating func moveBandUp(top: Int, bottom: Int, left: Int, right: Int, count: Int) {
        var row = top
        while row + count <= bottom {
            copyCells(from: row + count, to: row, left: left, right: right)
            row += 1
        }
        for row in max(top, bottom - count + 1)...bottom { eraseCells(row: row, columns: left..<(right + 1)) }
    }

    /// The same, down (SD and IL): what enters at the top is erased.
    mutating func moveBandDown(top: Int, bottom: Int, left: Int, right: Int, count: Int) {
        var row = bottom
        while row - count >= top {
            copyCells(from: row - count, to: row, left: left, right: right)
            row -= 1
        }
        for row in top...min(bottom, top + count - 1) { eraseCells(row: row, columns: left..<(right + 1)) }
    }

    // MARK: - Columns

    /// DECIC (`CSI Pn ' }`): inserts `count` blank columns at the cursor column, in the rows
    /// of the scroll region, shifting the cells up to the right margin right. Only when the
    /// cursor is inside the scrolling rectangle.
    mutating func insertColumns(_ count: Int) {
        guard isCursorInsideScrollingRectangle else { return }
        for row in scrollTop...scrollBottom {
            shiftCells(row: row, left: cursorColumn, right: rightMargin, by: min(count, columns))
        }
    }

    /// DECDC (`CSI Pn ' ~`): deletes `count` columns at the cursor column, in the rows of the
    /// scroll region; blank columns enter at the right margin.
    mutating func deleteColumns(_ count: Int) {
        guard isCursorInsideScrollingRectangle else { return }
        for row in scrollTop...scrollBottom {
            shiftCells(row: row, left: cursorColumn, right: rightMargin, by: -min(count, columns))
        }
    }

    /// DECBI (`ESC 6`): one column left; at the left margin the scrolling rectangle's content
    /// moves right instead (a blank column enters at the margin).
    mutating func backIndex() {
        hasPendingWrap = false
        if cursorColumn == leftMargin && cursorRow >= scrollTop && cursorRow <= scrollBottom {
            for row in scrollTop...scrollBottom { shiftCells(row: row, left: leftMargin, right: rightMargin, by: 1) }
        } else if cursorColumn > 0 && cursorColumn != leftMargin {
            cursorColumn -= 1
        }
    }

    /// DECFI (`ESC 9`): one column right; at the right margin the scrolling rectangle's
    /// content moves left instead (a blank column enters at the margin).
    mutating func forwardIndex() {
        hasPendingWrap = false
        if cursorColumn == rightMargin && cursorRow >= scrollTop && cursorRow <= scrollBottom {
            for row in scrollTop...scrollBottom { shiftCells(row: row, left: leftMargin, right: rightMargin, by: -1) }
        } else if cursorColumn < columns - 1 && cursorColumn != rightMargin {
            cursorColumn += 1
        }
    }
}
