import RemoteTermEngine

/// What must be drawn to bring the screen from the frame drawn last to the next one: at most
/// one block of rows to scroll, then the rows whose lines differ (every row when nothing was
/// drawn yet or the size changed).
///
/// Rows are told apart by the engine's row identities first (`FrameLine.identity`): a row
/// showing the same engine row as before is unchanged without a look at its cells, and rows
/// that show engine rows drawn before on other rows are a scroll, which the renderer hands to
/// the terminal as one (a scroll region) instead of a repaint of every row. Only a row whose
/// identity differs (or that has none: rterm's own rows, rows under an overlay) is compared
/// cell by cell, once, so a program that rewrites a row with what it held costs no drawing.
package struct FrameDiff: Equatable, Sendable {
    /// Rows to draw again, in ascending order (after the scroll, when there is one).
    package var rowsToRedraw: [Int]
    /// Whether every row must be drawn (first frame or new size): the adapter may clear the
    /// screen first.
    package var isFullRedraw: Bool
    /// Whether the cursor moved, appeared or disappeared.
    package var cursorChanged: Bool
    /// Rows to move first, as a terminal's scroll region moves them.
    package var scroll: FrameScroll?

    /// Whether nothing needs drawing at all.
    package var isEmpty: Bool { rowsToRedraw.isEmpty && !cursorChanged && scroll == nil }

    /// The differences between `previous` (nil: nothing drawn) and `next`. With
    /// `comparingLiveRows` false, a row showing an engine row other than before (a new
    /// identity) is taken as changed without a look at its cells: for a renderer that
    /// compares them itself (`RemoteRowWriter`), a second comparison would be all cost.
    package init(from previous: Frame?, to next: Frame, comparingLiveRows: Bool = true) {
        guard let previous, previous.rows == next.rows, previous.columns == next.columns else {
            rowsToRedraw = Array(0..<next.rows)
            isFullRedraw = true
            cursorChanged = true
            scroll = nil
            return
        }
        isFullRedraw = false
        cursorChanged = previous.cursor != next.cursor
        let scroll = FrameScroll.best(from: previous, to: next)
        self.scroll = scroll
        let blank = FrameLine(columns: next.columns)
        // Lines are read in place (a copy of each retains its arrays, at frame pace).
        rowsToRedraw = next.lines.withUnsafeBufferPointer { nextLines in
            previous.lines.withUnsafeBufferPointer { previousLines in
                // (Base pointers, whose subscript lends a line; a buffer's copies it.)
                guard let lines = nextLines.baseAddress, let before = previousLines.baseAddress else { return [] }
                return (0..<next.rows).filter { row in
                    // What the row shows once the scroll is done: a line drawn before, or a blank.
                    guard let source = scroll.map({ $0.sourceRow(of: row) }) ?? row else { return lines[row] != blank }
                    if let identity = lines[row].identity {
                        if identity == before[source].identity { return false }
                        if !comparingLiveRows { return true }
                    }
                    return !(before[source] == lines[row])
                }
            }
        }
    }
}

/// A block of rows moved by a scroll: `rows` is the region (as DECSTBM sets it), `count` how
/// far its lines move up (down when negative); the rows they leave become blank.
package struct FrameScroll: Equatable, Sendable {
    /// The scroll region's rows.
    package var rows: Range<Int>
    /// Lines moved up (positive) or down (negative).
    package var count: Int

    /// A scroll of `rows` by `count`.
    package init(rows: Range<Int>, count: Int) {
        self.rows = rows
        self.count = count
    }

    /// The scroll that saves the most rows from being drawn again: the longest run of rows
    /// of `next` that show, in order, engine rows `previous` showed a fixed distance away.
    /// Nil when no row moved, or when moving the region would spoil as many rows that had
    /// not moved as it saves.
    static func best(from previous: Frame, to next: Frame) -> FrameScroll? {
        var index: RowIndex?
        var best: (start: Int, length: Int, offset: Int)?
        var run: (start: Int, length: Int, offset: Int)?
        for row in 0..<next.rows {
            var offset: Int?
            if let identity = next.lines[row].identity, previous.lines[row].identity != identity {
                if index == nil { index = RowIndex(previous.lines) }
                offset = index!.row(of: identity).map { $0 - row }
            }
            if let offset, let current = run, current.offset == offset, current.start + current.length == row {
                run!.length += 1
            } else {
                run = offset.map { (row, 1, $0) }
            }
            if let run, run.length > (best?.length ?? 0) { best = run }
        }
        guard let best else { return nil }
        let offset = best.offset
        let rows =
            offset > 0
            ? best.start..<(best.start + best.length + offset) : (best.start + offset)..<(best.start + best.length)
        // Rows of the region outside the run that were right where they are would have to be
        // drawn again after the scroll: take it only when it saves more rows than that.
        let moved = best.start..<(best.start + best.length)
        let spoiled = rows.filter { row in
            !moved.contains(row) && next.lines[row].identity != nil && next.lines[row].identity == previous.lines[row].identity
        }.count
        guard best.length > spoiled else { return nil }
        return FrameScroll(rows: rows, count: offset)
    }

    /// The row whose line `row` shows after the scroll: itself outside the region, the row
    /// its line came from inside, nil for a row the scroll leaves blank.
    package func sourceRow(of row: Int) -> Int? {
        guard rows.contains(row) else { return row }
        let source = row + count
        return rows.contains(source) ? source : nil
    }
}

/// The rows of a frame by their identity, for `FrameScroll.best` and the composer's reuse of
/// lines (`ReusableLines`): a small open-addressing table whose hash is a multiply, not a
/// dictionary's SipHash (a frame in which every row changed, a dashboard's, asks it once for
/// every row).
struct RowIndex {
    private var identities: [RowIdentity?]
    private var rows: [Int]
    private let mask: Int

    /// The rows of `lines` that have an identity (the last, for one shown twice).
    init(_ lines: [FrameLine]) {
        var size = 16
        while size < lines.count * 2 { size *= 2 }
        mask = size - 1
        identities = Array(repeating: nil, count: size)
        rows = Array(repeating: 0, count: size)
        lines.withUnsafeBufferPointer { buffer in
            guard let lines = buffer.baseAddress else { return }  // (a base pointer lends a line)
            for row in buffer.indices {
                guard let identity = lines[row].identity else { continue }
                var place = Int(truncatingIfNeeded: identity.mixed) & mask
                while let held = identities[place], held != identity { place = (place + 1) & mask }
                identities[place] = identity
                rows[place] = row
            }
        }
    }

    /// The row showing `identity`, nil for none.
    func row(of identity: RowIdentity) -> Int? {
        var place = Int(truncatingIfNeeded: identity.mixed) & mask
        while let held = identities[place] {
            if held == identity { return rows[place] }
            place = (place + 1) & mask
        }
        return nil
    }
}
