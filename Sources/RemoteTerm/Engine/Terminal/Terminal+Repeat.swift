/// REP (`CSI Pn b`): the last graphic character printed, `Pn` more times, as xterm does it:
/// each copy lands as the character itself would, wrapping and scrolling, with no bound on
/// the count (`CSI 65535 b` at 24×80 scrolls 800 lines into the scrollback).
///
/// The copies are laid down by rows, so the work is what is seen rather than what was asked
/// for, whatever the character's width, the pen, insert mode, the margins or autowrap: the
/// cursor row's part in one write (one shift in insert mode), then whole rows, then the last
/// row's part. Whole rows in the scroll region of a screen without left and right margins
/// are one rotation: rows a later row pushes off go to the scrollback as copies of one stored
/// line, and rows already full of the character are not written again. With left and right
/// margins they are one scroll of the rectangle and at most its height of rows written; a
/// cursor outside the region walks to it (or, below it, to the last row, which every further
/// row rewrites the same). Rows known to hold only the character (`RowFill`) are not written
/// again, and the scrollback stores a row equal to its newest line as a copy. Without
/// autowrap the copies stop at the edge, where every one after the first lands on the same
/// cell. So one REP costs at most a few screenfuls of rows, whatever its count.
extension Terminal {
    mutating func repeatLastCharacter(_ count: Int) {
        guard lastPrinted != 0, count > 0 else { return }
        let width = characterWidth(lastPrinted)
        guard width > 0, columns >= width else { return }
        let run = RepeatedCharacter(pen: pen, codePoint: lastPrinted, width: width, erased: erasedCell)
        if modes.autowrap {
            repeatWrapping(run, count: count)
        } else {
            repeatWithoutWrap(run, count: count)
        }
    }

    /// Without autowrap: copies up to the edge; past it each lands where the last did (or,
    /// wide, not at all), so two more leave what any number more would.
    private mutating func repeatWithoutWrap(_ run: RepeatedCharacter, count: Int) {
        var left = count
        if hasPendingWrap {
            // Autowrap was turned off with a wrap pending: the first copy still wraps.
            putCharacter(run.codePoint, width: run.width)
            left -= 1
        }
        let n = min(left, max(0, printEnd - cursorColumn) / run.width)
        writeRun(run, count: n)
        left -= n
        for _ in 0..<min(left, 2) { putCharacter(run.codePoint, width: run.width) }
    }

    /// With autowrap: the cursor row's part, the whole rows, then the last row's part.
    private mutating func repeatWrapping(_ run: RepeatedCharacter, count: Int) {
        var left = count
        if !hasPendingWrap {
            let n = min(left, max(0, printEnd - cursorColumn) / run.width)
            writeRun(run, count: n)
            left -= n
        }
        followsJoiner = false
        guard left > 0 else { return }
        finishRow(run)
        noteIfWhollyRepeated(run)
        // Every row after this one is the span between the margins (the carriage return of
        // a wrap lands on the left margin whatever the column it leaves).
        let perRow = (rightMargin - leftMargin + 1) / run.width
        guard perRow > 0 else { return }
        let wholeRows = (left - 1) / perRow
        if wholeRows > 0 { repeatWholeRows(run, count: wholeRows, perRow: perRow) }
        left -= wholeRows * perRow
        wrapLine()
        writeRun(run, count: left)
    }

    /// The row is full and the next copy wraps. A wide character that would start in the
    /// last column erases it first, as printing one there does.
    private mutating func finishRow(_ run: RepeatedCharacter) {
        if !hasPendingWrap && run.width == 2 {
            eraseCells(row: cursorRow, columns: cursorColumn..<(cursorColumn + 1))
        }
        hasPendingWrap = true
    }

    /// One whole row after a full one: the wrap, `perRow` copies, and the row made full.
    private mutating func repeatOneRow(_ run: RepeatedCharacter, perRow: Int) {
        wrapLine()
        writeRun(run, count: perRow)
        finishRow(run)
    }

    /// `count` whole rows after the cursor row, which is full. The cursor ends at the end of
    /// the last of them, full.
    private mutating func repeatWholeRows(_ run: RepeatedCharacter, count: Int, perRow: Int) {
        var count = count
        // Outside the scroll region the cursor walks down row by row until it enters the
        // region or stands on the last row, where every further row rewrites that row alike.
        while count > 0 && !(scrollTop...scrollBottom).contains(cursorRow) {
            let row = cursorRow
            repeatOneRow(run, perRow: perRow)
            count -= 1
            if cursorRow == row { count = 0 }
        }
        guard count > 0 else { return }
        if hasHorizontalMargins {
            repeatWholeRowsInRectangle(run, count: count, perRow: perRow)
        } else {
            repeatWholeRowsInRegion(run, count: count)
        }
    }

    /// Whole rows between left and right margins: the rows down to the region's bottom one by
    /// one, then the rectangle scrolls and at most its height of rows is written. Rows known
    /// to hold the character between the margins already are neither moved nor written.
    private mutating func repeatWholeRowsInRectangle(_ run: RepeatedCharacter, count: Int, perRow: Int) {
        let down = min(count, scrollBottom - cursorRow)
        for _ in 0..<down {
            wrapLine()
            writeSpanRow(run, perRow: perRow)
        }
        let scrolls = count - down
        guard scrolls > 0 else { return }
        let height = scrollBottom - scrollTop + 1
        let entering = min(scrolls, height)
        // The scroll of the rectangle, without erasing the rows that enter: they are written
        // whole next. (Past its height, every row is written and nothing needs moving.)
        if entering < height {
            for row in scrollTop...(scrollBottom - entering) {
                copyCells(from: row + entering, to: row, left: leftMargin, right: rightMargin)
            }
        }
        for row in (scrollBottom - entering + 1)...scrollBottom {
            cursorRow = row
            cursorColumn = leftMargin
            hasPendingWrap = false
            writeSpanRow(run, perRow: perRow)
        }
    }

    /// Writes the cursor row between the margins full of the character, the cursor at the
    /// left margin; a row known to hold that already is left as it is.
    private mutating func writeSpanRow(_ run: RepeatedCharacter, perRow: Int) {
        let span = leftMargin..<(rightMargin + 1)
        let last = run.width == 2 && span.count % 2 == 1 ? run.erased : run.lastCell
        if screen.holdsFill(run.fill, first: run.cell, last: last, row: cursorRow, columns: span) {
            clock &+= 1  // a visit, counted as work (`Terminal.clock`)
            cursorColumn = rightMargin
            hasPendingWrap = true
            return
        }
        writeRun(run, count: perRow)
        finishRow(run)
        screen.markFill(run.fill, row: cursorRow, columns: span)
    }

    /// Records that the cursor row, just made full, holds nothing but the character (the
    /// row a REP starts on, when what was printed before it is the same character): the
    /// scrollback then stores it, and the rows after it, as copies.
    private mutating func noteIfWhollyRepeated(_ run: RepeatedCharacter) {
        let row = cursorRow
        // The row, or its span between the margins when the cursor is inside them.
        guard !screen.isPlain(row), !hasHorizontalMargins || cursorColumn == rightMargin else { return }
        let span = leftMargin..<(rightMargin + 1)
        let start = screen.rowStart(row) + span.lowerBound
        let cells = screen.cells
        if run.width == 1 {
            for c in 0..<span.count where cells[start + c] != run.cell { return }
        } else {
            let right = ScreenBuffer.rightHalf(of: run.cell)
            var c = 0
            while c + 1 < span.count {
                guard cells[start + c] == run.cell && cells[start + c + 1] == right else { return }
                c += 2
            }
            if c < span.count && cells[start + c] != run.erased { return }
        }
        screen.markFill(run.fill, row: row, columns: span)
    }

    /// Whole rows of a full-width region: each row left is marked as continued, the cursor
    /// moves down to the region's bottom, and the rest scrolls.
    private mutating func repeatWholeRowsInRegion(_ run: RepeatedCharacter, count: Int) {
        hasPendingWrap = false
        let down = min(count, scrollBottom - cursorRow)
        for _ in 0..<down {
            screen.setWrapped(cursorRow, true)
            cursorRow += 1
            fillWhole(row: cursorRow, run)
        }
        let scrolls = count - down
        if scrolls > 0 {
            // `scrolls` rows leave the region's top and as many rows of the character enter
            // at its bottom; when that is more than the region holds, the ones beyond it pass
            // straight through to the scrollback.
            screen.setWrapped(scrollBottom, true)
            let height = scrollBottom - scrollTop + 1
            let leaving = min(scrolls, height)
            let keeps = scrollsIntoScrollback
            if keeps { pushRowsToScrollback(scrollTop..<(scrollTop + leaving)) }
            screen.rotateUp(top: scrollTop, bottom: scrollBottom, count: leaving)
            for row in (scrollBottom - leaving + 1)...scrollBottom {
                fillWhole(row: row, run)
                screen.setWrapped(row, row != scrollBottom)
            }
            if keeps && scrolls > height {
                // Every row of the region holds the character now; the first passing row is
                // stored from one of them and the others are copies of it.
                pushToScrollback(row: scrollTop, isWrapped: true)
                scrollback.appendCopiesOfNewest(scrolls - height - 1, isWrapped: true)
            }
            cursorRow = scrollBottom
        }
        cursorColumn = columns - 1
        hasPendingWrap = true
    }

    /// Fills all of `row` as a whole row of copies leaves it.
    private mutating func fillWhole(row: Int, _ run: RepeatedCharacter) {
        if run.width == 1 {
            screen.fillWhole(row: row, with: run.cell, plainByte: run.plainByte, clock: &clock)
        } else {
            screen.fillWholeWide(row: row, with: run.cell, tail: run.erased, clock: &clock)
        }
    }

    /// `count` copies on the cursor row from the cursor, all of which fit before the edge:
    /// what printing them one by one does, in one write (and one shift in insert mode).
    private mutating func writeRun(_ run: RepeatedCharacter, count: Int) {
        guard count > 0 else { return }
        var count = count
        if modes.insert && hasHorizontalMargins && cursorColumn < leftMargin {
            // Left of the left margin insert mode shifts nothing; from the margin on it does.
            while count > 0 && cursorColumn < leftMargin {
                putCharacter(run.codePoint, width: run.width)
                count -= 1
            }
            guard count > 0 else { return }
        }
        let row = cursorRow
        let first = cursorColumn
        let end = first + count * run.width
        if modes.insert {
            if end < printEnd {
                shiftRight(row: row, from: first, count: end - first)
            } else if !hasHorizontalMargins || isCursorInsideHorizontalMargins {
                // Everything the shift would move goes past the edge: what is left of it is
                // the row's wrap flag, cleared (the overwrite below does the rest).
                screen.setWrapped(row, false)
            }
        }
        if run.width == 1 && first == 0 && end == columns && !modes.insert {
            screen.fillWhole(row: row, with: run.cell, plainByte: run.plainByte, clock: &clock)
        } else {
            let start = screen.rowStart(row)
            let cells = screen.cells
            if first > 0 && cells[start + first].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[start + first - 1])
            }
            if end < columns && cells[start + end].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[start + end])
            }
            let target = UnsafeMutableBufferPointer(rebasing: cells[(start + first)..<(start + end)])
            if run.width == 1 {
                target.update(repeating: run.cell)
            } else {
                let right = ScreenBuffer.rightHalf(of: run.cell)
                for k in stride(from: 0, to: target.count, by: 2) {
                    target[k] = run.cell
                    target[k + 1] = right
                }
            }
            let keepsPlain = run.plainByte != nil && screen.isPlain(row) && !modes.insert
            if let plainByte = run.plainByte, keepsPlain {
                (screen.plainText.baseAddress! + start + first).update(repeating: plainByte, count: end - first)
            }
            screen.touch(row, upTo: end + 1, keepsPlain: keepsPlain, clock: &clock)
        }
        followsJoiner = false
        advanceCursor(to: end)
    }

    /// Pushes `rows` to the scrollback in order; a row known to repeat the one before it is
    /// stored as a copy.
    private mutating func pushRowsToScrollback(_ rows: Range<Int>) {
        var row = rows.lowerBound
        while row < rows.upperBound {
            pushToScrollback(row: row)
            var copies = 0
            while row + 1 + copies < rows.upperBound && screen.isKnownCopy(row: row + 1 + copies, of: row) {
                copies += 1
            }
            scrollback.appendCopiesOfNewest(copies, isWrapped: screen.isWrapped(row))
            row += 1 + copies
        }
    }
}

/// The character a REP copies, as the cells it writes.
private struct RepeatedCharacter {
    /// The cell written (for a wide character, its left half).
    let cell: Cell
    let codePoint: UInt32
    let width: Int
    /// The character when the cell is default-style ASCII (rows of it can stay plain).
    let plainByte: UInt8?
    /// An erased cell in the pen's background (the last column a wide character skips).
    let erased: Cell
    /// What rows of it are known as.
    var fill: RowFill { width == 1 ? .uniform : .widePairs }
    /// The last cell of an even number of columns of it.
    var lastCell: Cell { width == 1 ? cell : ScreenBuffer.rightHalf(of: cell) }

    init(pen: Cell, codePoint: UInt32, width: Int, erased: Cell) {
        var cell = pen
        cell.codePoint = codePoint
        if width == 2 { cell.attributes.insert(.wide) }
        self.cell = cell
        self.codePoint = codePoint
        self.width = width
        self.plainByte = pen == .blank && codePoint >= 0x20 && codePoint < 0x7F ? UInt8(codePoint) : nil
        self.erased = erased
    }
}
