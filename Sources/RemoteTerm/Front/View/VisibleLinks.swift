import RemoteTermEngine

/// The links on the live screen, found again after every burst of output but only on the
/// logical lines that changed: a logical line (a row and the rows it wraps into) is known by
/// its rows' identities (`Terminal.rowIdentity`), so a line that only scrolled, or did not
/// move, keeps the links found on it before. The history view and a line that begins above
/// the screen (in the scrollback) are scanned on every frame, as they were before.
package struct VisibleLinks {
    /// The links last found on a logical line, by the storage slot of its first row (and
    /// screen), their line numbers counted from the logical line's first row. A slot holds
    /// one row at a time, so the table stays as small as the screen, and is read without a
    /// hash: the row's identity says whether what is kept is still that line.
    private var known: [Known?] = []

    private struct Known {
        var key: LineKey
        var links: [DetectedLink]
    }

    /// A logical line by its rows' identities; most lines are one row, kept without an array.
    private struct LineKey: Equatable {
        var first: RowIdentity
        var wrapped: [RowIdentity] = []

        /// Where the line is kept in `known`.
        var place: Int { Int(first.slot) &* 2 &+ (first.isAlternate ? 1 : 0) }
    }

    /// Nothing known.
    package init() {}

    /// The links on the `rows` lines shown from `topLine` (nil: the live screen), as
    /// `FrontController.visibleLinks` finds them; logical lines scanned are counted in `work`.
    package mutating func links(_ terminal: Terminal, topLine: Int?, rows: Int, work: inout FrameWork) -> [DetectedLink] {
        guard topLine == nil else {
            known = []
            work.linesScannedForLinks += rows
            return FrontController.visibleLinks(terminal, topLine: topLine, rows: rows)
        }
        let top = terminal.screenTopLineNumber
        let shown = min(rows, terminal.rows)
        var links: [DetectedLink] = []
        var row = 0
        // A line wrapped from above the top row is read whole, from its start in the scrollback.
        if terminal.wrapsIntoScreenTop {
            while row + 1 < shown && terminal.isRowWrapped(row) { row += 1 }
            links = FrontController.visibleLinks(terminal, topLine: nil, rows: row + 1)
            work.linesScannedForLinks += 1
            row += 1
        }
        while row < shown {
            var last = row
            while last + 1 < shown && terminal.isRowWrapped(last) { last += 1 }
            var key = LineKey(first: terminal.rowIdentity(row))
            if last > row { key.wrapped = (row + 1...last).map { terminal.rowIdentity($0) } }
            let found: [DetectedLink]
            let place = key.place
            if place >= 0, place < known.count, let kept = known[place], kept.key == key {
                found = kept.links
            } else {
                work.linesScannedForLinks += 1
                // Looked at in place, row by row: most lines hold no link and are never copied.
                var previous: UInt32 = 0
                var mayHoldLink = false
                for scanned in row...last where !mayHoldLink {
                    // Only up to the row's extent: the cells past it are blank.
                    let used = terminal.rowExtent(scanned)
                    mayHoldLink = terminal.withRowCells(scanned) { cells in
                        LinkDetector.mayHoldLink(UnsafeBufferPointer(rebasing: cells.prefix(used)), previous: &previous)
                    }
                }
                if mayHoldLink {
                    let lines = (row...last).compactMap { terminal.line(number: top + $0) }
                    found = LinkDetector.links(in: lines, firstLineNumber: 0)
                } else {
                    found = []
                }
            }
            if place >= 0 {
                if place >= known.count { known += Array(repeating: nil, count: place + 1 - known.count) }
                known[place] = Known(key: key, links: found)
            }
            for link in found {
                var moved = link
                moved.start.line += top + row
                moved.end.line += top + row
                links.append(moved)
            }
            row = last + 1
        }
        return links
    }
}
