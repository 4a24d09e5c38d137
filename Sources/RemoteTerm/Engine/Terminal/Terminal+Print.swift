/// Printing: characters into cells at the cursor, with autowrap, insert mode, wide
/// characters and combining marks. This is the hot path, so ASCII runs are written straight
/// into the row's storage.
extension Terminal {
    /// Prints a run of printable ASCII (the parser's fast path).
    mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        untouchedSince = nil
        let count = bytes.count
        // The common case, a run that fits on the cursor row short of its end: one store
        // pass and the cursor moves (short writes between cursor motions are all this).
        let column = cursorColumn
        if !hasPendingWrap && charsets.current == .ascii && !modes.insert && column + count < printEnd {
            storeASCII(bytes, from: 0, count: count, column: column)
            cursorColumn = column + count
            lastPrinted = UInt32(bytes[count - 1])
            followsJoiner = false
            return
        }
        guard charsets.current == .ascii && !modes.insert else {
            for byte in bytes { putCharacter(charsets.current.translate(UInt32(byte)), width: 1) }
            return
        }
        var i = 0
        while i < count {
            if hasPendingWrap { wrapLine() }
            let column = cursorColumn
            let end = printEnd
            let room = end - column
            if count - i <= room {
                storeASCII(bytes, from: i, count: count - i, column: column)
                advanceCursor(to: column + count - i)
                break
            }
            if modes.autowrap {
                storeASCII(bytes, from: i, count: room, column: column)
                i += room
                advanceCursor(to: end)
            } else {
                // Without autowrap, what does not fit overwrites the last column: only the
                // run's last character stays there.
                storeASCII(bytes, from: i, count: room - 1, column: column)
                storeASCII(bytes, from: count - 1, count: 1, column: end - 1)
                advanceCursor(to: end)
                break
            }
        }
        lastPrinted = UInt32(bytes[count - 1])
        followsJoiner = false
    }

    /// Prints one character beyond ASCII (already decoded). The cursor moves by the
    /// character's `wcwidth`, code point by code point, as the remote's readline and ncurses
    /// count: a zero-width character joins the cell before it, anything else takes its own
    /// cells (a skin-tone modifier, each part of a ZWJ sequence). Grapheme clustering
    /// (?2027) is the opt-in exception (`Terminal+GraphemeClusters`).
    mutating func print(_ codePoint: UInt32) {
        untouchedSince = nil
        let width = characterWidth(codePoint)
        if modes.graphemeClustering {
            printClustering(codePoint, width: width)
        } else if width == 0 {
            attachCombining(codePoint)
        } else {
            putCharacter(codePoint, width: width)
        }
    }

    /// Prints a run of decoded characters. Characters that fit on the cursor row and need no
    /// special handling are written in one pass over the row's storage; the rest (marks that
    /// find the extras table full, wraps, charsets, insert mode, emoji while clustering) take
    /// the general path one at a time.
    mutating func printRun(_ codePoints: UnsafeBufferPointer<UInt32>) {
        untouchedSince = nil
        let count = codePoints.count
        var i = 0
        while i < count {
            if hasPendingWrap || followsJoiner || modes.insert || charsets.current != .ascii {
                printOne(codePoints[i])
                i += 1
                continue
            }
            let row = cursorRow
            let rowStart = screen.rowStart(row)
            let columns = printEnd  // the right margin bounds this pass
            let rowEnd = self.columns  // a cell past the right margin is still in the row
            let template = pen
            var column = cursorColumn
            var last: UInt32 = 0
            let wideBit = CellAttributes.wide.rawValue
            let continuationBit = CellAttributes.wideContinuation.rawValue
            let clusters = modes.graphemeClustering
            let cells = screen.cells
            // The row's mirror, if this pass appends to it: bytes written, and whether they
            // all fit.
            let mirror = screen.beginMirrorAppend(
                row: row, column: column, style: ScreenBuffer.mirrorStyle(of: template, extras: extras))
            var mirrored = 0
            var mirrorFits = mirror != nil
            let mirrorRoom = (mirror?.room ?? 0) - 4
            let mirrorBytes = mirror?.bytes
            let end = { () -> Int in
                var k = i
                var previous = -1  // the last base cell written in this pass
                while k < count {
                    let c = codePoints[k]
                    // Beyond the width table (planes 4–16: tags, private use) and, while
                    // clustering, what may join or widen a cell (ZWJ, VS16, regional
                    // indicators, modifiers, emoji after them) are decided by the general path.
                    if c >= 0x4_0000 || (clusters && (c >= 0x1F1E6 || c == 0x200D || c == 0xFE0F)) { break }
                    // The width without a branch on the kind of character (text mixing
                    // Latin, CJK and marks would mispredict): the table, or 1 below U+0300.
                    let below = (c < 0x300).bit
                    let width = Int(UInt32(truncatingIfNeeded: characterWidthInTable(c)) &* (1 &- below) &+ below)
                    if width == 0 {
                        // A mark joining a cell written in this pass: done here, unless the
                        // table is due for a compaction or the cell holds the most marks kept
                        // (the general path compacts or drops the mark).
                        guard previous >= 0 else { break }
                        let parent = cells[previous].extra
                        let joined: UInt16
                        if let cached = combiningCache.lookup(extra: parent, codePoint: c) {
                            joined = cached
                        } else if extras.count < extras.compactionPoint, let added = extras.appending(c, to: parent) {
                            joined = added
                            combiningCache.store(extra: parent, codePoint: c, result: added)
                        } else {
                            break
                        }
                        // Both halves of a wide cell carry the marks; a narrow cell is
                        // written twice rather than branched on.
                        cells[previous].extra = joined
                        cells[previous + Int(cells[previous].attributes.contains(.wide).bit)].extra = joined
                        if let mirrorBytes, mirrored <= mirrorRoom {
                            mirrored += UTF8Encoding.storeBranchless(c, mirrorBytes + mirrored)
                        } else {
                            mirrorFits = false
                        }
                        k += 1
                        continue
                    }
                    if column + width > columns { break }
                    let at = rowStart + column
                    if cells[at].attributes.contains(.wideContinuation) && column > 0 {
                        Self.blankHalf(&cells[at - 1])
                    }
                    // A wide character cut at its left half (even past the right margin)
                    // loses its right half too.
                    if column + width < rowEnd && cells[at + width].attributes.contains(.wideContinuation) {
                        Self.blankHalf(&cells[at + width])
                    }
                    // Both stores always happen, their targets and values computed without a
                    // branch: a wide character writes its continuation to the next cell, a
                    // narrow one writes itself twice.
                    let wide = UInt16(truncatingIfNeeded: width &- 1)  // 1 for wide, 0 for narrow
                    var cell = template
                    cell.codePoint = c
                    cell.attributes.rawValue |= wideBit &* wide
                    var second = template
                    second.codePoint = c &* UInt32(1 &- wide)
                    second.attributes.rawValue |= continuationBit &* wide
                    cells[at] = cell
                    cells[at + Int(wide)] = second
                    if let mirrorBytes, mirrored <= mirrorRoom {
                        mirrored += UTF8Encoding.storeBranchless(c, mirrorBytes + mirrored)
                    } else {
                        mirrorFits = false
                    }
                    previous = at
                    column += width
                    last = c
                    k += 1
                    if column == columns { break }
                }
                return k
            }()
            if end == i {
                printOne(codePoints[i])
                i += 1
                continue
            }
            if let mirror, mirrorFits {
                screen.endMirrorAppend(row: row, mirror, count: mirrored, endColumn: column)
            }
            screen.touch(row, upTo: column + 1, keepsPlain: false, keepsMirror: mirrorFits, clock: &clock)
            lastPrinted = last
            advanceCursor(to: column)
            i = end
        }
    }

    /// One character through the general path.
    private mutating func printOne(_ codePoint: UInt32) {
        if codePoint < 0x80 {
            putCharacter(charsets.current.translate(codePoint), width: 1)
        } else {
            print(codePoint)
        }
    }

    /// Writes `count` ASCII bytes into the cursor row from `column` (they fit).
    @inline(__always)
    private mutating func storeASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, column: Int) {
        guard count > 0 else { return }
        let template = pen
        let columns = self.columns
        // Default-style text on a plain row: the bytes are the row's content, and its cells
        // are written out only when read (`ScreenBuffer.heldInPlainText`).
        if template == .blank && screen.isPlain(cursorRow) {
            let text = screen.plainText.baseAddress! + screen.plainRowStart(cursorRow) + column
            text.update(from: bytes.baseAddress! + start, count: count)
            screen.holdInPlainText(row: cursorRow, upTo: column + count)
            screen.touch(cursorRow, upTo: column + count + 1, keepsPlain: true, clock: &clock)
            return
        }
        let rowStart = screen.rowStart(cursorRow)
        // A plain row (styled text is about to end that) holds no wide character, so none
        // can be cut in half: the row's flag answers instead of the cells at both ends.
        let rowIsPlain = screen.isPlain(cursorRow)
        do {
            let cells = screen.cells
            let first = rowStart + column
            let end = column + count
            if !rowIsPlain {
                if cells[first].attributes.contains(.wideContinuation) && column > 0 {
                    Self.blankHalf(&cells[first - 1])
                }
                if end < columns && cells[rowStart + end].attributes.contains(.wideContinuation) {
                    Self.blankHalf(&cells[rowStart + end])
                }
            }
            // One 16-byte store per cell: the code point with the foreground, then the
            // background, attributes and extra (the layout `ParserTests` pins down). Two
            // 8-byte stores made this loop wait on the processor's store port.
            let high = UInt64(template.foregroundBits) << 32
            let tail = UInt64(template.backgroundBits) | UInt64(template.attributes.rawValue) << 32
                | UInt64(template.extra) << 48
            let raw = UnsafeMutableRawPointer(cells.baseAddress! + first)
            let source = bytes.baseAddress! + start
            let cellTemplate = SIMD2<UInt64>(high, tail)
            for k in 0..<count {
                let p = raw + k &* MemoryLayout<Cell>.stride
                p.storeBytes(of: cellTemplate | SIMD2(UInt64(source[k]), 0), as: SIMD2<UInt64>.self)
            }
        }
        // Styled text, or text on a row that is not plain: appended to the row's mirror
        // (`ScreenBuffer+Mirror`) when it can be.
        let keepsMirror = appendToMirror(UnsafeBufferPointer(start: bytes.baseAddress! + start, count: count), at: column)
        screen.touch(cursorRow, upTo: column + count + 1, keepsPlain: false, keepsMirror: keepsMirror, clock: &clock)
    }

    /// Appends printable ASCII written in the pen from `column` on to the cursor row's
    /// mirror; false when it could not (the mirror is then given up). Out of line, so the
    /// plain path above stays small enough to inline.
    @inline(never)
    private mutating func appendToMirror(_ text: UnsafeBufferPointer<UInt8>, at column: Int) -> Bool {
        guard
            let append = screen.beginMirrorAppend(
                row: cursorRow, column: column, style: ScreenBuffer.mirrorStyle(of: pen, extras: extras)),
            text.count <= append.room
        else { return false }
        append.bytes.update(from: text.baseAddress!, count: text.count)
        screen.endMirrorAppend(row: cursorRow, append, count: text.count, endColumn: column + text.count)
        return true
    }

    /// The column after the last one printing may use from the cursor: past the right margin
    /// when the cursor is inside the margins, else the screen's edge.
    @inline(__always) var printEnd: Int { cursorColumn <= rightMargin ? rightMargin + 1 : columns }

    /// Moves the cursor after printing up to column `next`; at the edge the wrap is pending.
    @inline(__always)
    mutating func advanceCursor(to next: Int) {
        let end = printEnd
        if next >= end {
            cursorColumn = end - 1
            hasPendingWrap = modes.autowrap
        } else {
            cursorColumn = next
        }
    }

    /// Prints one character of width 1 or 2 (the general path: charsets, insert mode, wide).
    mutating func putCharacter(_ codePoint: UInt32, width: Int) {
        if hasPendingWrap { wrapLine() }
        if width == 2 {
            guard columns >= 2 else { return }
            if cursorColumn == printEnd - 1 {
                guard modes.autowrap else { return }
                // A wide character never splits: the last column is left blank and it wraps.
                eraseCells(row: cursorRow, columns: cursorColumn..<(cursorColumn + 1))
                wrapLine()
            }
        }
        if modes.insert { shiftRight(row: cursorRow, from: cursorColumn, count: width) }
        let column = cursorColumn
        let rowStart = screen.rowStart(cursorRow)
        var cell = pen
        cell.codePoint = codePoint
        var keepsMirror = false
        if let append = screen.beginMirrorAppend(
            row: cursorRow, column: column, style: ScreenBuffer.mirrorStyle(of: pen, extras: extras)), append.room >= 4
        {
            let count = UTF8Encoding.store(codePoint, append.bytes)
            screen.endMirrorAppend(row: cursorRow, append, count: count, endColumn: column + width)
            keepsMirror = true
        }
        let columns = self.columns
        do {
            let cells = screen.cells
            if cells[rowStart + column].attributes.contains(.wideContinuation) && column > 0 {
                Self.blankHalf(&cells[rowStart + column - 1])
            }
            let end = column + width
            if end < columns && cells[rowStart + end].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[rowStart + end])
            }
            if width == 2 {
                cell.attributes.insert(.wide)
                cells[rowStart + column] = cell
                cell.attributes.remove(.wide)
                cell.attributes.insert(.wideContinuation)
                cell.codePoint = 0
                cells[rowStart + column + 1] = cell
            } else {
                cells[rowStart + column] = cell
            }
        }
        screen.touch(cursorRow, upTo: column + width + 1, keepsPlain: false, keepsMirror: keepsMirror, clock: &clock)
        lastPrinted = codePoint
        followsJoiner = false
        advanceCursor(to: column + width)
    }

    /// Turns the surviving half of an overwritten wide character into an empty cell.
    @inline(__always)
    static func blankHalf(_ cell: inout Cell) {
        cell.codePoint = 0
        cell.extra = 0
        cell.attributes.remove([.wide, .wideContinuation])
    }

    /// The column of the cell printed last on the cursor row (the first half if wide).
    func previousCellColumn() -> Int? {
        var column = hasPendingWrap ? cursorColumn : cursorColumn - 1
        guard column >= 0 else { return nil }
        if screen.cells[screen.rowStart(cursorRow) + column].attributes.contains(.wideContinuation) && column > 0 {
            column -= 1
        }
        return column
    }

    /// Adds a zero-width character (combining mark, variation selector, ZWJ) to the cell
    /// printed last; dropped when there is none.
    mutating func attachCombining(_ codePoint: UInt32) {
        guard let column = previousCellColumn() else { return }
        let rowStart = screen.rowStart(cursorRow)
        let base = screen.cells[rowStart + column]
        guard base.codePoint != 0 else { return }
        let index: UInt16
        if let cached = combiningCache.lookup(extra: base.extra, codePoint: codePoint) {
            index = cached
        } else {
            guard let added = appendExtra(adding: codePoint, toCellAt: rowStart + column) else { return }
            index = added
            // A compaction inside internExtra renumbers entries: the key is the cell's entry now.
            combiningCache.store(extra: screen.cells[rowStart + column].extra, codePoint: codePoint, result: index)
        }
        screen.cells[rowStart + column].extra = index
        let width = base.attributes.contains(.wide) ? 2 : 1
        if width == 2 && column + 1 < columns {
            screen.cells[rowStart + column + 1].extra = index
        }
        screen.appendMarkToMirror(row: cursorRow, cellEnd: column + width, mark: codePoint)
        screen.touch(cursorRow, upTo: column + width + 1, keepsPlain: false, keepsMirror: true, clock: &clock)
    }

    /// Performs the pending wrap: marks the row as continued, then CR + index (to the left
    /// margin).
    mutating func wrapLine() {
        if !hasHorizontalMargins { screen.setWrapped(cursorRow, true) }
        hasPendingWrap = false
        carriageReturn()
        index()
    }
}
