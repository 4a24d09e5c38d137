/// REP (`CSI Pn b`): the last graphic character printed, `Pn` more times, as xterm does it:
/// each copy lands as the character itself would, wrapping and scrolling, with no bound on
/// the count (`CSI 65535 b` at 24×80 scrolls 800 lines into the scrollback).
///
/// In the usual case (one column wide, autowrap on, no insert mode, no left and right
/// margins, the cursor inside the scroll region, a pen without extras) the copies are laid
/// down by rows, and the work is what is seen rather than what was asked for: rows a later
/// row pushes off are sent to the scrollback as copies of one stored line, rows already full
/// of the character are not written again, and the scroll is one rotation. The other cases
/// print one character at a time, at most a screenful.
extension Terminal {
    mutating func repeatLastCharacter(_ count: Int) {
        guard lastPrinted != 0, count > 0 else { return }
        let character = lastPrinted
        let width = characterWidth(character)
        guard width > 0 else { return }
        if width == 1 && modes.autowrap && !modes.insert && !hasHorizontalMargins && pen.extra == 0
            && cursorRow >= scrollTop && cursorRow <= scrollBottom
        {
            repeatByRows(character, count: count)
            return
        }
        for _ in 0..<min(count, rows * columns) { putCharacter(character, width: width) }
    }

    /// The usual case of `repeatLastCharacter`: what is left of the cursor row, the whole
    /// rows, then the last row, which the ordinary wrap starts so its flags come out as they
    /// would character by character.
    private mutating func repeatByRows(_ character: UInt32, count: Int) {
        var template = pen
        template.codePoint = character
        let plainByte = pen == .blank && character >= 0x20 && character < 0x7F ? UInt8(character) : nil
        var left = count
        if !hasPendingWrap {
            let n = min(left, columns - cursorColumn)
            writeRepeated(template, plainByte: plainByte, columns: cursorColumn..<(cursorColumn + n))
            left -= n
        }
        followsJoiner = false
        guard left > 0 else { return }
        // The wrap is pending at the end of the cursor row now.
        let wholeRows = (left - 1) / columns
        if wholeRows > 0 { repeatWholeRows(wholeRows, template: template, plainByte: plainByte) }
        left -= wholeRows * columns
        wrapLine()
        writeRepeated(template, plainByte: plainByte, columns: 0..<left)
    }

    /// Writes `template` into `range` of the cursor row and moves the cursor past it (the
    /// wrap pending at the edge).
    private mutating func writeRepeated(_ template: Cell, plainByte: UInt8?, columns range: Range<Int>) {
        let row = cursorRow
        if range == 0..<columns {
            screen.fillWhole(row: row, with: template, plainByte: plainByte, clock: &clock)
        } else {
            let start = screen.rowStart(row)
            let cells = screen.cells
            if range.lowerBound > 0 && cells[start + range.lowerBound].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[start + range.lowerBound - 1])
            }
            if range.upperBound < columns && cells[start + range.upperBound].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[start + range.upperBound])
            }
            UnsafeMutableBufferPointer(rebasing: cells[(start + range.lowerBound)..<(start + range.upperBound)])
                .update(repeating: template)
            let keepsPlain = plainByte != nil && screen.isPlain(row)
            if let plainByte, keepsPlain {
                (screen.plainText.baseAddress! + start + range.lowerBound).update(repeating: plainByte, count: range.count)
            }
            screen.touch(row, upTo: range.upperBound + 1, keepsPlain: keepsPlain, clock: &clock)
        }
        if range.upperBound >= columns {
            cursorColumn = columns - 1
            hasPendingWrap = true
        } else {
            cursorColumn = range.upperBound
        }
    }

    /// `count` whole rows of `template` after the cursor row, whose wrap is pending: each row
    /// left is marked as continued, the cursor moves down to the region's bottom, and the
    /// rest scrolls. The cursor ends at the end of the last row, its wrap pending.
    private mutating func repeatWholeRows(_ count: Int, template: Cell, plainByte: UInt8?) {
        hasPendingWrap = false
        let down = min(count, scrollBottom - cursorRow)
        for _ in 0..<down {
            screen.setWrapped(cursorRow, true)
            cursorRow += 1
            screen.fillWhole(row: cursorRow, with: template, plainByte: plainByte, clock: &clock)
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
                screen.fillWhole(row: row, with: template, plainByte: plainByte, clock: &clock)
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
