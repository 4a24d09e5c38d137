/// xterm's window operations (XTWINOPS, `CSI Ps ; Ps ; Ps t`), DECSLPP, DECSNLS and DECCOLM,
/// for a terminal that has no window of its own.
///
/// rterm draws inside the user's terminal, so "the window" is the emulated screen: a request
/// to resize it (in characters, or in pixels of a nominal cell) resizes the emulated screen
/// and tells the session (`.resized`), which tells the remote's pty; the front shows what fits
/// above the key bar, and the next local resize brings the local size back. The window's
/// position and iconified state are remembered so that programs which set and read them back
/// find what they set; the display is the screen itself (maximizing changes nothing). Title
/// reports (20, 21) are never answered: the title is text the remote chose.
extension Terminal {
    /// The pixel size of a cell that reports use (a terminal front cannot know the real one).
    static let nominalCell = (width: 10, height: 20)

    /// XTWINOPS.
    mutating func windowOperation(_ p: borrowing CSIParameters) {
        let cell = Self.nominalCell
        switch p[0] {
        case 1: window.isIconified = false
        case 2: window.isIconified = true
        case 3:  // move to x, y (pixels)
            window.x = min(max(p[1], 0), Self.windowCoordinateLimit)
            window.y = min(max(p[2], 0), Self.windowCoordinateLimit)
        case 4:  // resize the text area to height, width in pixels (0: the display's; missing: unchanged)
            let height = p.count > 1 ? (p[1] == 0 ? rows : p[1] / cell.height) : rows
            let width = p.count > 2 ? (p[2] == 0 ? columns : p[2] / cell.width) : columns
            resizeForRemote(rows: height, columns: width)
        case 8:  // resize the text area to rows, columns (0: the display's; missing: unchanged)
            let height = p.count > 1 ? (p[1] == 0 ? rows : p[1]) : rows
            let width = p.count > 2 ? (p[2] == 0 ? columns : p[2]) : columns
            resizeForRemote(rows: height, columns: width)
        case 11: reply("\u{1B}[\(window.isIconified ? 2 : 1)t")
        case 13: reply("\u{1B}[3;\(window.x);\(window.y)t")
        case 14: reply("\u{1B}[4;\(rows * cell.height);\(columns * cell.width)t")
        case 15: reply("\u{1B}[5;\(rows * cell.height);\(columns * cell.width)t")
        case 16: reply("\u{1B}[6;\(cell.height);\(cell.width)t")
        case 18: reply("\u{1B}[8;\(rows);\(columns)t")
        case 19: reply("\u{1B}[9;\(rows);\(columns)t")
        case 22:
            if titleStack.count < 10 { titleStack.append(title) }
        case 23:
            if let previous = titleStack.popLast(), previous != title {
                title = previous
                pendingEffects.append(.titleChanged(previous))
            }
        case let lines where lines >= 24:  // DECSLPP: lines per page
            resizeForRemote(rows: lines, columns: columns)
        default: break  // 20/21 (title reports) deliberately unanswered; 5–7, 9, 10: nothing to do.
        }
    }

    /// Largest window coordinate remembered.
    static let windowCoordinateLimit = 100_000

    /// DECSNLS (`CSI Ps * |`): the number of lines on the screen.
    mutating func setLinesPerScreen(_ lines: Int) {
        guard lines > 0 else { return }
        resizeForRemote(rows: lines, columns: columns)
    }

    /// DECCOLM (?3): 132 or 80 columns, only while ?40 allows it (as in xterm). The screen is
    /// cleared (unless DECNCSM at level 5), the margins reset and the cursor homed.
    mutating func setColumnMode(wide: Bool) {
        guard recordedModes.state(40, isPrivate: true) == true else { return }
        window.isInColumnMode = wide
        resizeForRemote(rows: rows, columns: wide ? 132 : 80)
        scrollTop = 0
        scrollBottom = rows - 1
        leftMargin = 0
        rightMargin = columns - 1
        if !(window.keepsScreenOnColumnChange && conformanceLevel >= 5) { eraseInDisplay(2) }
        setCursor(row: 0, column: 0)
    }

    /// Largest size the remote may ask for, in rows and in columns: a screen that size is
    /// already far beyond any display, and each is a few megabytes at most.
    static let remoteSizeLimit = 500

    /// Resizes because the remote asked, and reports the new size to the session.
    mutating func resizeForRemote(rows newRows: Int, columns newColumns: Int) {
        let before = (rows, columns)
        resize(rows: min(newRows, Self.remoteSizeLimit), columns: min(newColumns, Self.remoteSizeLimit))
        if (rows, columns) != before { pendingEffects.append(.resized(rows: rows, columns: columns)) }
    }
}

/// What the remote set of "the window" it cannot otherwise see (XTWINOPS state, DECCOLM).
struct WindowState: Equatable, Sendable {
    var isIconified = false
    var x = 0
    var y = 0
    /// DECCOLM switched to 132 columns (RIS goes back to 80).
    var isInColumnMode = false
    /// DECNCSM (?95): DECCOLM keeps the screen (at conformance level 5).
    var keepsScreenOnColumnChange = false
}
