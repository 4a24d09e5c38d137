/// Keeping the out-of-line cell data bounded: interning, and compaction when the table fills.
extension Terminal {
    /// The index of `extra`, compacting the table first if it is full; nil if even a
    /// compacted table has no room (the data is then dropped, never the cell).
    mutating func internExtra(_ extra: CellExtra) -> UInt16? {
        if let index = extras.intern(extra) { return index }
        guard compactExtrasIfWorthwhile() else { return nil }
        return extras.intern(extra)
    }

    /// A new entry: the entry of the screen cell at `cellIndex` with `mark` added to its
    /// marks, compacting the table first if it is full; nil when the cell holds the most
    /// marks kept or even a compacted table has no room. (A compaction renumbers the cell's
    /// entry, so it is read again after one.)
    mutating func appendExtra(adding mark: UInt32, toCellAt cellIndex: Int) -> UInt16? {
        if extras.count >= extras.compactionPoint { _ = compactExtrasIfWorthwhile() }
        let parent = screen.cells[cellIndex].extra
        guard extras.markCount(parent) < CellExtra.combiningLimit else { return nil }
        if let index = extras.appending(mark, to: parent) { return index }
        guard compactExtrasIfWorthwhile() else { return nil }
        return extras.appending(mark, to: screen.cells[cellIndex].extra)
    }

    /// The index of a hyperlink, compacting the table first if it is full.
    mutating func internHyperlink(_ stored: String) -> UInt16? {
        if let index = extras.internHyperlink(stored) { return index }
        guard compactExtrasIfWorthwhile() else { return nil }
        return extras.internHyperlink(stored)
    }

    /// Compacts the table unless the last compaction found it nearly all live: then the
    /// next ones wait until enough values were dropped to pay for a pass over both screens.
    /// (A big screen can hold more live extras than the table: compacting on every new value
    /// made each underline colour cost a scan of up to two million cells.) The next
    /// compaction point leaves room for a quarter of both screens' cells, at least 4,096
    /// entries, so the passes cost at most four cells read per entry added.
    mutating func compactExtrasIfWorthwhile() -> Bool {
        if extras.compactionsDeferred > 0 {
            extras.compactionsDeferred -= 1
            extras.compactionPoint = CellExtras.capacity
            return false
        }
        compactExtras()
        let cells = screen.cells.count + otherScreen.cells.count
        let roomLeft = min(CellExtras.capacity - extras.count, CellExtras.hyperlinkCapacity - extras.hyperlinks.count)
        if roomLeft < CellExtras.capacity / 4 {
            extras.compactionsDeferred = max(1024, cells / 8)
        }
        extras.compactionPoint = min(CellExtras.capacity, extras.count + max(4096, cells / 4))
        return true
    }

    /// Drops extras no cell refers to any more and renumbers the rest everywhere.
    mutating func compactExtras() {
        // Every cell is visited without a test on its extra: text with marks on one cell
        // in five would mispredict on every other one.
        var live = LiveExtras()
        for cell in screen.cells { live.insert(cell.extra) }
        for cell in otherScreen.cells { live.insert(cell.extra) }
        let remap = extras.compact(keeping: live)
        // A row's cells name their extras by number: a row equal to the newest line by its
        // numbers may not be after they change.
        scrollback.newestFill = nil
        combiningCache.removeAll()
        func renumber(_ buffer: inout ScreenBuffer) {
            remap.withUnsafeBufferPointer { remap in
                for i in buffer.cells.indices {
                    let old = Int(buffer.cells[i].extra)
                    buffer.cells[i].extra = remap[old < remap.count ? old : 0]
                }
            }
        }
        renumber(&screen)
        renumber(&otherScreen)
        // Pens are re-interned from their values rather than renumbered.
        if penExtra.hyperlink != 0 {
            penExtra.hyperlink = extras.internHyperlink(penHyperlink) ?? 0
        }
        pen.extra = penExtra.isEmpty ? 0 : (extras.intern(penExtra) ?? 0)
    }
}
