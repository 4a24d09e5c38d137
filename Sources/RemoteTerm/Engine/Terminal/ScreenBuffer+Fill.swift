/// What a screen buffer knows its rows to be filled with (REP's rows): checked instead of
/// the cells, so a REP does not rewrite a row that holds its character already, a scroll
/// between margins does not move rows that hold the same, and the scrollback stores a row
/// equal to its newest line as a copy of it. Set by the fills here (and by `markFill` after a
/// write the caller made), cleared by every touch of the row.
extension ScreenBuffer {
    /// Whether every cell of row `row` is known to be `cell`: the row was filled whole with
    /// it (`fillWhole`) and has not been touched since.
    @inline(__always) func holdsOnly(_ cell: Cell, row: Int) -> Bool {
        let info = self.info[slots[row]]
        return info.isUniform && info.fillStart == 0 && Int(info.fillEnd) == columns && cells[rowStart(row)] == cell
    }

    /// Records that every cell of row `row` is found to equal its first (content unchanged,
    /// so the row is not stamped).
    mutating func markUniform(row: Int) { markFill(.uniform, row: row, columns: 0..<columns) }

    /// Records that columns `range` of row `row` hold a fill of `kind` from their first cell
    /// (the caller has just written it so).
    mutating func markFill(_ kind: RowFill, row: Int, columns range: Range<Int>) {
        let start = rowStart(row)
        let key = RowFillKey(
            kind: kind, first: cells[start + range.lowerBound], last: cells[start + range.upperBound - 1], columns: columns)
        let number: UInt32
        if let lastFill, lastFill.key == key, lastFill.columns == range {
            number = lastFill.number
        } else {
            fillsNumbered = fillsNumbered == UInt32.max ? 1 : fillsNumbered + 1
            number = fillsNumbered
            lastFill = (key, range, number)
        }
        let slot = slots[row]
        info[slot].fill = kind
        info[slot].fillNumber = number
        info[slot].fillStart = Int32(range.lowerBound)
        info[slot].fillEnd = Int32(range.upperBound)
    }

    /// Records that row `target` holds what row `source` is known to hold in `range` (the
    /// cells were just copied).
    mutating func copyFill(from source: Int, to target: Int, columns range: Range<Int>) {
        let known = info[slots[source]]
        guard known.fill != .unknown, Int(known.fillStart) == range.lowerBound, Int(known.fillEnd) == range.upperBound
        else { return }
        let slot = slots[target]
        info[slot].fill = known.fill
        info[slot].fillNumber = known.fillNumber
        info[slot].fillStart = known.fillStart
        info[slot].fillEnd = known.fillEnd
    }

    /// Whether columns `range` of row `row` are known to hold the fill of `kind` that starts
    /// with `first` and ends with `last`.
    func holdsFill(_ kind: RowFill, first: Cell, last: Cell, row: Int, columns range: Range<Int>) -> Bool {
        let info = self.info[slots[row]]
        guard info.fill == kind, Int(info.fillStart) == range.lowerBound, Int(info.fillEnd) == range.upperBound else {
            return false
        }
        let start = rowStart(row)
        return cells[start + range.lowerBound] == first && cells[start + range.upperBound - 1] == last
    }

    /// Whether columns `range` of rows `a` and `b` are known to hold the same fill.
    @inline(__always) func holdSameFill(_ a: Int, _ b: Int, columns range: Range<Int>) -> Bool {
        let x = info[slots[a]]
        let y = info[slots[b]]
        return x.fill != .unknown && y.fill != .unknown && x.fillNumber == y.fillNumber
            && Int(x.fillStart) == range.lowerBound && Int(x.fillEnd) == range.upperBound
            && y.fillStart == x.fillStart && y.fillEnd == x.fillEnd
    }

    /// What the whole of row `row` is known to hold, as a key equal for rows whose cells are
    /// equal; nil when nothing is known.
    func wholeRowFill(_ row: Int) -> RowFillKey? {
        let info = self.info[slots[row]]
        guard info.fill != .unknown, info.fillStart == 0, Int(info.fillEnd) == columns else { return nil }
        let start = rowStart(row)
        return RowFillKey(kind: info.fill, first: cells[start], last: cells[start + columns - 1], columns: columns)
    }

    /// Whether rows `row` and `other` are known to be the same line: each filled whole with
    /// the same cell, with the same wrap flag (a scrollback can store the second as a copy).
    func isKnownCopy(row other: Int, of row: Int) -> Bool {
        let a = info[slots[row]]
        let b = info[slots[other]]
        return a.isWrapped == b.isWrapped && holdSameFill(row, other, columns: 0..<columns)
    }

    /// Whether row `row` is known to hold `lead` (a wide character's left half) and its right
    /// half in every pair of columns, and `tail` in the last column when the width is odd:
    /// it was filled so (`fillWholeWide`) and has not been touched since.
    func holdsWidePairs(_ lead: Cell, tail: Cell, row: Int) -> Bool {
        holdsFill(
            .widePairs, first: lead, last: columns % 2 == 1 ? tail : Self.rightHalf(of: lead), row: row,
            columns: 0..<columns)
    }

    /// The cell right of a wide character's left half `lead`, as printing writes it.
    static func rightHalf(of lead: Cell) -> Cell {
        var cell = lead
        cell.attributes.remove(.wide)
        cell.attributes.insert(.wideContinuation)
        cell.codePoint = 0
        return cell
    }

    /// Fills row `row` with wide characters as printing them row after row leaves it: `lead`
    /// (the left half) and its right half in each pair of columns, and `tail` (an erased
    /// cell) in the last column when the width is odd, since a wide character never splits.
    /// A row that holds exactly that already is left as it is, unstamped.
    mutating func fillWholeWide(row: Int, with lead: Cell, tail: Cell, clock: inout UInt64) {
        guard !holdsWidePairs(lead, tail: tail, row: row) else {
            clock &+= 1  // a visit, counted as work (`Terminal.clock`)
            return
        }
        let start = rowStart(row)
        let right = Self.rightHalf(of: lead)
        var column = 0
        while column + 1 < columns {
            cells[start + column] = lead
            cells[start + column + 1] = right
            column += 2
        }
        if column < columns { cells[start + column] = tail }
        stampFilled(row, .widePairs, isPlain: false, clock: &clock)
    }

    /// Fills all of row `row` with `cell` (REP's whole rows). `plainByte` is the cell's
    /// character when the cell is default-style ASCII, so the row becomes plain. A row that
    /// already holds only `cell` is left as it is, unstamped: nothing on it changes.
    mutating func fillWhole(row: Int, with cell: Cell, plainByte: UInt8?, clock: inout UInt64) {
        guard !holdsOnly(cell, row: row) else {
            clock &+= 1  // a visit, counted as work (`Terminal.clock`)
            return
        }
        let start = rowStart(row)
        UnsafeMutableBufferPointer(rebasing: cells[start..<(start + columns)]).update(repeating: cell)
        if let plainByte { (plainText.baseAddress! + start).update(repeating: plainByte, count: columns) }
        stampFilled(row, .uniform, isPlain: plainByte != nil, clock: &clock)
    }

    /// Stamps row `row`, just filled whole, as changed and known to hold `kind`.
    private mutating func stampFilled(_ row: Int, _ kind: RowFill, isPlain: Bool, clock: inout UInt64) {
        let slot = slots[row]
        clock &+= 1
        info[slot].revision = clock
        info[slot].extent = Int32(columns)
        markFill(kind, row: row, columns: 0..<columns)
        info[slot].isMirrored = false
        info[slot].isPlain = isPlain
    }
}

/// What a row is known to hold, so that REP can skip rewriting it and store copies of it.
enum RowFill: UInt8, Sendable {
    /// Nothing known.
    case unknown
    /// Every cell of the fill's columns equals the first.
    case uniform
    /// A wide character in every pair of columns (and an erased cell last, when the width
    /// is odd).
    case widePairs
}

/// What a whole row is known to hold, comparable across rows (the scrollback stores a row
/// equal to its newest line as a copy of it).
struct RowFillKey: Equatable, Sendable {
    var kind: RowFill
    var first: Cell
    var last: Cell
    /// The row's width. (A resized screen's rows start unknown, and they are pushed before
    /// any row filled since, so a key of the old width never meets one of the new; the width
    /// keeps that from being something the scrollback relies on.)
    var columns: Int
}
