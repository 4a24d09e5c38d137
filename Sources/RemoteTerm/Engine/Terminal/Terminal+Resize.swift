/// Resizing like xterm: rows are kept at the bottom with the cursor (lines leaving the top of
/// the primary screen go to the scrollback), the scrollback gives rows back when the screen
/// grows, and columns are cut or padded without reflow.
extension Terminal {
    /// Changes the size to `rows × columns` (each clamped to 1…1000).
    public mutating func resize(rows newRows: Int, columns newColumns: Int) {
        untouchedSince = nil
        let newRows = Self.clampDimension(newRows)
        let newColumns = Self.clampDimension(newColumns)
        guard newRows != rows || newColumns != columns else { return }

        let primaryIsActive = !isAlternateScreenActive
        var primary = primaryIsActive ? screen : otherScreen
        var alternate = primaryIsActive ? otherScreen : screen
        let primaryCursor = primaryIsActive ? cursorRow : (savedCursors.primary?.row ?? cursorRow)
        let alternateCursor = primaryIsActive ? (savedCursors.alternate?.row ?? 0) : cursorRow

        let (newPrimary, primaryShift) = resizedBuffer(
            &primary, cursorRow: primaryCursor, rows: newRows, columns: newColumns, usesScrollback: true)
        let (newAlternate, alternateShift) = resizedBuffer(
            &alternate, cursorRow: alternateCursor, rows: newRows, columns: newColumns, usesScrollback: false)

        screen = primaryIsActive ? newPrimary : newAlternate
        otherScreen = primaryIsActive ? newAlternate : newPrimary
        let shift = primaryIsActive ? primaryShift : alternateShift
        rows = newRows
        if newColumns != columns { hasPendingWrap = false }
        columns = newColumns
        cursorRow = min(max(cursorRow + shift, 0), rows - 1)
        cursorColumn = min(cursorColumn, columns - 1)
        savedCursors.primary = adjusted(savedCursors.primary, shift: primaryShift)
        savedCursors.alternate = adjusted(savedCursors.alternate, shift: alternateShift)
        scrollTop = 0
        scrollBottom = rows - 1
        leftMargin = 0
        rightMargin = columns - 1
        let oldStops = tabStops
        tabStops = Self.defaultTabStops(columns: columns)
        for c in 0..<min(oldStops.count, columns) { tabStops[c] = oldStops[c] }
    }

    /// Resizes one buffer; returns it and how far its rows moved down (negative: up).
    private mutating func resizedBuffer(
        _ buffer: inout ScreenBuffer, cursorRow: Int, rows newRows: Int, columns newColumns: Int,
        usesScrollback: Bool
    ) -> (ScreenBuffer, Int) {
        var source: [(cells: ArraySlice<Cell>, wrapped: Bool)] = (0..<buffer.rows).map {
            (buffer.rowCells($0), buffer.isWrapped($0))
        }
        var shift = 0
        if newRows < buffer.rows {
            // Keep the cursor's row on screen: lines above it leave through the top.
            let excess = max(0, cursorRow - (newRows - 1))
            if usesScrollback && scrollback.limit > 0 {
                for row in 0..<excess {
                    let line = Array(source[row].cells)
                    line.withUnsafeBufferPointer {
                        scrollback.append($0, isWrapped: source[row].wrapped, extras: extras)
                    }
                }
            }
            source.removeFirst(excess)
            shift = -excess
        } else if newRows > buffer.rows && usesScrollback {
            var restored: [(cells: ArraySlice<Cell>, wrapped: Bool)] = []
            while restored.count < newRows - buffer.rows, let line = scrollback.removeNewest() {
                restored.insert((line.decode(columns: newColumns, extras: &extras)[...], line.isWrapped), at: 0)
            }
            source = restored + source
            shift = restored.count
        }
        let resized = ScreenBuffer.resized(rows: newRows, columns: newColumns, rowSource: source, clock: &clock)
        return (resized, shift)
    }

    private func adjusted(_ saved: SavedCursor?, shift: Int) -> SavedCursor? {
        guard var saved else { return nil }
        saved.row = min(max(saved.row + shift, 0), rows - 1)
        saved.column = min(saved.column, columns - 1)
        return saved
    }
}
