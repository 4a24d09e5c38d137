/// Scrolling: SU SD, the region (DECSTBM), and the scrollback that catches lines leaving the
/// top of the full primary screen.
extension Terminal {
    /// Scrolls the region up `count` lines (content moves up; blank lines enter at the bottom).
    mutating func scrollUp(_ count: Int) {
        if hasHorizontalMargins { return scrollRectangleUp(count) }
        scrollRegionUp(count)
    }

    /// Scrolls the full-width region up (`scrollUp` without left and right margins).
    mutating func scrollRegionUp(_ count: Int) {
        let height = scrollBottom - scrollTop + 1
        let count = min(count, height)
        guard count > 0 else { return }
        if scrollsIntoScrollback {
            for row in 0..<count { pushToScrollback(row: row) }
        }
        screen.rotateUp(top: scrollTop, bottom: scrollBottom, count: count)
        let fill = erasedCell
        for row in (scrollBottom - count + 1)...scrollBottom {
            screen.clearRow(row, with: fill, clock: &clock)
        }
        // Rows that moved keep their revisions but sit on new screen rows: a renderer that
        // compares revisions per screen row sees them as changed, as it must.
    }

    /// Scrolls the region down `count` lines (blank lines enter at the top).
    mutating func scrollDown(_ count: Int) {
        if hasHorizontalMargins { return scrollRectangleDown(count) }
        let height = scrollBottom - scrollTop + 1
        let count = min(count, height)
        guard count > 0 else { return }
        screen.rotateDown(top: scrollTop, bottom: scrollBottom, count: count)
        let fill = erasedCell
        for row in scrollTop..<(scrollTop + count) { screen.clearRow(row, with: fill, clock: &clock) }
    }

    /// DECSTBM: sets the scroll region (1-based, inclusive; 0 or missing = the edges) and
    /// homes the cursor. A region of fewer than two lines is ignored, as in xterm.
    mutating func setScrollRegion(top: Int, bottom: Int) {
        guard let region = Self.margins(first: top, last: bottom, size: rows) else { return }
        (scrollTop, scrollBottom) = region
        setCursor(row: 0, column: 0)
    }

    /// A pair of margins from DECSTBM or DECSLRM (1-based, inclusive; 0 or missing is the
    /// edge, values past it are clamped) as 0-based bounds; nil for a pair that leaves fewer
    /// than two lines or columns, which xterm ignores.
    static func margins(first: Int, last: Int, size: Int) -> (Int, Int)? {
        let first = max(first, 1) - 1
        let last = (last == 0 ? size : min(last, size)) - 1
        return first < last ? (first, last) : nil
    }

    /// Whether lines scrolled off the region's top are kept: the region is the whole primary
    /// screen and the scrollback keeps lines.
    var scrollsIntoScrollback: Bool {
        scrollTop == 0 && scrollBottom == rows - 1 && !isAlternateScreenActive && scrollback.limit > 0
    }

    /// Encodes screen row `row` into the scrollback (marked as wrapped when `isWrapped`, else
    /// as the row says).
    mutating func pushToScrollback(row: Int, isWrapped: Bool? = nil) {
        Self.push(row: row, of: screen, extras: extras, into: &scrollback, isWrapped: isWrapped)
    }

    /// Static, so the three stored properties are accessed disjointly and nothing is copied
    /// or retained on this per-line path.
    private static func push(
        row: Int, of screen: borrowing ScreenBuffer, extras: borrowing CellExtras, into scrollback: inout Scrollback,
        isWrapped: Bool?
    ) {
        // A plain row is saved from its bytes, so its cells are not written out for this
        // (a row that is not plain has all its cells stored).
        let start = screen.plainRowStart(row)
        let used = min(screen.columns, screen.extent(row))
        let isWrapped = isWrapped ?? screen.isWrapped(row)
        // A row known to hold what the newest line was stored from (REP's rows) is a copy.
        let fill = screen.wholeRowFill(row)
        if let fill, scrollback.newestFill == fill {
            scrollback.appendCopiesOfNewest(1, isWrapped: isWrapped)
            return
        }
        defer { scrollback.newestFill = fill }
        let cells = UnsafeBufferPointer(rebasing: screen.cells[start..<start + used])
        if screen.isPlain(row) {
            scrollback.appendPlain(
                UnsafeBufferPointer(rebasing: screen.plainText[start..<start + used]), isWrapped: isWrapped)
            return
        }
        if let encoding = screen.mirroredEncoding(of: row) {
            assert(
                Array(encoding) == CompactLine.encoded(cells, extras: extras),
                "row mirror differs from the row's encoding")
            scrollback.appendEncoded(encoding, isWrapped: isWrapped)
            return
        }
        scrollback.append(cells, isWrapped: isWrapped, extras: extras)
    }
}
