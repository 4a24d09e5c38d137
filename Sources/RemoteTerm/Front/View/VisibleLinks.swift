import RemoteTermEngine

/// The links on the live screen, found again after every burst of output but only on the
/// logical lines that changed: a logical line (a row and the rows it wraps into) is known by
/// its rows' identities (`Terminal.rowIdentity`), so a line that only scrolled, or did not
/// move, keeps the links found on it before. The history view and a line that begins above
/// the screen (in the scrollback) are scanned on every frame, as they were before.
package struct VisibleLinks {
    /// The links of the logical lines of the last frame, their line numbers counted from the
    /// logical line's first row.
    private var known: [LineKey: [DetectedLink]] = [:]

    /// A logical line by its rows' identities; most lines are one row, kept without an array.
    private struct LineKey: Hashable {
        var first: RowIdentity
        var wrapped: [RowIdentity] = []
    }

    /// Nothing known.
    package init() {}

    /// The links on the `rows` lines shown from `topLine` (nil: the live screen), as
    /// `FrontController.visibleLinks` finds them; logical lines scanned are counted in `work`.
    package mutating func links(_ terminal: Terminal, topLine: Int?, rows: Int, work: inout FrameWork) -> [DetectedLink] {
        guard topLine == nil else {
            known = [:]
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
        var seen: [LineKey: [DetectedLink]] = [:]
        seen.reserveCapacity(shown)
        while row < shown {
            var last = row
            while last + 1 < shown && terminal.isRowWrapped(last) { last += 1 }
            var key = LineKey(first: terminal.rowIdentity(row))
            if last > row { key.wrapped = (row + 1...last).map { terminal.rowIdentity($0) } }
            let found: [DetectedLink]
            if let cached = known[key] {
                found = cached
            } else {
                work.linesScannedForLinks += 1
                // Looked at in place, row by row: most lines hold no link and are never copied.
                var previous: UInt32 = 0
                var mayHoldLink = false
                for scanned in row...last where !mayHoldLink {
                    mayHoldLink = terminal.withRowCells(scanned) { LinkDetector.mayHoldLink($0, previous: &previous) }
                }
                if mayHoldLink {
                    let lines = (row...last).compactMap { terminal.line(number: top + $0) }
                    found = LinkDetector.links(in: lines, firstLineNumber: 0)
                } else {
                    found = []
                }
            }
            seen[key] = found
            for link in found {
                var moved = link
                moved.start.line += top + row
                moved.end.line += top + row
                links.append(moved)
            }
            row = last + 1
        }
        known = seen
        return links
    }
}
