/// C0 and C1 controls and `ESC` sequences.
extension Terminal {
    /// A control function from the parser (C0 byte, or C1 code point). CR, LF and BS come
    /// with every line of output and stay on this short path; the rest go out of line, so
    /// the parser's inner loop stays small.
    @inline(__always)
    mutating func execute(_ control: UInt32) {
        untouchedSince = nil
        switch control {
        case 0x0A, 0x0B, 0x0C: lineFeed()  // LF, VT, FF
        case 0x0D: carriageReturn()  // CR
        case 0x08: backspace()  // BS
        default: executeRare(control)
        }
    }

    @inline(never)
    private mutating func executeRare(_ control: UInt32) {
        switch control {
        case 0x07: pendingEffects.append(.bell)  // BEL
        case 0x09: tabForward(1)  // HT
        case 0x0E: charsets.invoke(1)  // SO: G1 into GL
        case 0x0F: charsets.invoke(0)  // SI: G0 into GL
        case 0x84: index()  // IND
        case 0x85: nextLine()  // NEL
        case 0x88: setTabStop()  // HTS
        case 0x8D: reverseIndex()  // RI
        case 0x96: startProtectedArea()  // SPA
        case 0x97: endProtectedArea()  // EPA
        default: break
        }
    }

    /// `ESC [intermediates] final`.
    mutating func escapeDispatch(intermediates: UInt16, final: UInt8) {
        if intermediates == 0, final == UInt8(ascii: "c") {
            if untouchedSince != .reset { fullReset() }  // RIS
            return
        }
        if intermediates == UInt16(UInt8(ascii: "#")), final == UInt8(ascii: "8") {
            untouchedSince = nil
            screenAlignmentTest()  // DECALN
            return
        }
        untouchedSince = nil
        switch (intermediates, final) {
        case (0, UInt8(ascii: "7")): saveCursor()  // DECSC
        case (0, UInt8(ascii: "8")): restoreCursor()  // DECRC
        case (0, UInt8(ascii: "D")): index()  // IND
        case (0, UInt8(ascii: "E")): nextLine()  // NEL
        case (0, UInt8(ascii: "H")): setTabStop()  // HTS
        case (0, UInt8(ascii: "M")): reverseIndex()  // RI
        case (0, UInt8(ascii: "V")): startProtectedArea()  // SPA
        case (0, UInt8(ascii: "W")): endProtectedArea()  // EPA
        case (0, UInt8(ascii: "=")): modes.keypadApplication = true  // DECKPAM
        case (0, UInt8(ascii: ">")): modes.keypadApplication = false  // DECKPNM
        case (0, UInt8(ascii: "n")): charsets.invoke(2)  // LS2
        case (0, UInt8(ascii: "o")): charsets.invoke(3)  // LS3
        case (0, UInt8(ascii: "Z")): reportPrimaryDeviceAttributes()  // DECID
        case (0, UInt8(ascii: "6")): backIndex()  // DECBI
        case (0, UInt8(ascii: "9")): forwardIndex()  // DECFI
        case (UInt16(UInt8(ascii: "(")), _): designate(final, slot: 0)  // SCS G0
        case (UInt16(UInt8(ascii: ")")), _): designate(final, slot: 1)  // SCS G1
        case (UInt16(UInt8(ascii: "*")), _): designate(final, slot: 2)  // SCS G2
        case (UInt16(UInt8(ascii: "+")), _): designate(final, slot: 3)  // SCS G3
        default: break
        }
    }

    private mutating func designate(_ final: UInt8, slot: Int) {
        if let charset = Charset(designator: final) { charsets.designate(charset, slot: slot) }
    }

    // MARK: - Line and column motion

    /// BS: one column left, as CUB 1 (the left margin, reverse wraparound).
    mutating func backspace() { cursorBackward(1) }

    /// CR: to the left margin; to the first column when the cursor is left of the margin
    /// (except in origin mode, which keeps it inside the margins).
    mutating func carriageReturn() {
        hasPendingWrap = false
        cursorColumn = modes.origin || cursorColumn >= leftMargin ? leftMargin : 0
    }

    /// LF, VT, FF: index, plus carriage return in LNM mode.
    mutating func lineFeed() {
        index()
        if modes.lineFeedNewLine { carriageReturn() }
    }

    /// IND: down one row, scrolling the region up at its bottom margin (only when the cursor
    /// is between the left and right margins; outside them it stays put).
    mutating func index() {
        hasPendingWrap = false
        if cursorRow == scrollBottom {
            if !hasHorizontalMargins {
                scrollRegionUp(1)
            } else if isCursorInsideHorizontalMargins {
                scrollRectangleUp(1)
            }
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    /// RI: up one row, scrolling the region down at its top margin (inside the margins only).
    mutating func reverseIndex() {
        hasPendingWrap = false
        if cursorRow == scrollTop {
            if isCursorInsideHorizontalMargins { scrollDown(1) }
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    /// NEL: carriage return plus index.
    mutating func nextLine() {
        index()
        carriageReturn()
    }

    // MARK: - Tabs

    /// HTS: sets a tab stop at the cursor column.
    mutating func setTabStop() { tabStops[cursorColumn] = true }

    /// HT / CHT: to the next tab stop, `count` times, stopping at the right margin (the last
    /// column when the cursor is right of the margin). Tabs never wrap.
    mutating func tabForward(_ count: Int) {
        // After a full line a tab stays put with the wrap still pending; with ?41 (xterm's
        // "more(1) fix") it starts on the next line instead.
        if hasPendingWrap {
            guard modes.tabWrapsPendingLine else { return }
            wrapLine()
        }
        let last = cursorColumn <= rightMargin ? rightMargin : columns - 1
        for _ in 0..<min(count, columns) {
            var column = cursorColumn + 1
            while column < last && !tabStops[column] { column += 1 }
            cursorColumn = max(cursorColumn, min(column, last))
        }
    }

    /// CBT: to the previous tab stop, `count` times, stopping at the first column (xterm does
    /// not stop at the left margin).
    mutating func tabBackward(_ count: Int) {
        hasPendingWrap = false
        let first = 0
        for _ in 0..<min(count, columns) {
            var column = cursorColumn - 1
            while column > first && !tabStops[column] { column -= 1 }
            cursorColumn = min(cursorColumn, max(column, first))
        }
    }

    /// TBC: clears the stop at the cursor (0) or all stops (3).
    mutating func clearTabStops(_ mode: Int) {
        switch mode {
        case 0: tabStops[cursorColumn] = false
        case 3: tabStops = Array(repeating: false, count: columns)
        default: break
        }
    }

    // MARK: - Save and restore

    /// DECSC / SCOSC: saves cursor, pen, charsets and origin mode for the active screen.
    mutating func saveCursor() {
        let saved = SavedCursor(
            row: cursorRow, column: cursorColumn, hasPendingWrap: hasPendingWrap, pen: pen,
            penExtra: penExtra, penHyperlink: penHyperlink, charsets: charsets, origin: modes.origin)
        if isAlternateScreenActive { savedCursors.alternate = saved } else { savedCursors.primary = saved }
    }

    /// DECRC / SCORC: restores what `saveCursor` saved, or homes the cursor with default
    /// attributes when nothing was saved (as xterm does).
    mutating func restoreCursor() {
        let saved = isAlternateScreenActive ? savedCursors.alternate : savedCursors.primary
        guard let saved else {
            resetPen()
            pen.attributes.remove(.protected)  // xterm restores DECSC's flags, all clear
            charsets = CharsetState()
            modes.origin = false
            setCursor(row: 0, column: 0)
            return
        }
        cursorRow = min(saved.row, rows - 1)
        cursorColumn = min(saved.column, columns - 1)
        hasPendingWrap = saved.hasPendingWrap && modes.autowrap && saved.column < columns
        pen = saved.pen
        penExtra = saved.penExtra
        penHyperlink = saved.penHyperlink
        if penExtra.hyperlink != 0 { penExtra.hyperlink = internHyperlink(penHyperlink) ?? 0 }
        pen.extra = penExtra.isEmpty ? 0 : (internExtra(penExtra) ?? 0)
        charsets = saved.charsets
        modes.origin = saved.origin
    }

    // MARK: - Resets

    /// RIS: everything back to power-on, scrollback included; the size stays.
    /// The window's position and state stay (xterm does not move its window on RIS); a screen
    /// DECCOLM made 132 columns wide goes back to 80, as in xterm.
    mutating func fullReset() {
        let effects = pendingEffects
        var window = self.window
        // Only while DECCOLM's 132 columns still stand (a local resize since ends them).
        let columns = window.isInColumnMode && self.columns == 132 ? 80 : self.columns
        window.isInColumnMode = false
        let resized = columns != self.columns
        let colorDefaults = colors.defaults  // the colours go back to the defaults, which stay
        let colorScheme = self.colorScheme
        if resized {
            self = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback.limit)
        } else {
            resetInPlace()
        }
        self.window = window
        pendingEffects = effects
        colors = TerminalColors(defaults: colorDefaults)
        self.colorScheme = colorScheme
        if resized { pendingEffects.append(.resized(rows: rows, columns: columns)) }
        untouchedSince = .reset
    }

    /// RIS at the same size: every stored property back to what `Terminal.init` gives it, in
    /// place. The screens are cleared where something was drawn and the tables are replaced
    /// only when something was put in them, so a RIS costs what was done since the last one
    /// (`x ESC c` clears one cell), not a new terminal's allocations. `ResetCostTests` holds
    /// this list to the struct's: a stored property added later must be added here.
    private mutating func resetInPlace() {
        for row in 0..<rows {
            screen.clearRow(row, with: .blank, clock: &clock)
            otherScreen.clearRow(row, with: .blank, clock: &clock)
        }
        isAlternateScreenActive = false
        if scrollback.count > 0 || scrollback.linesEntered > 0 || scrollback.hyperlinkUsage.count > 0 {
            scrollback = Scrollback(limit: scrollback.limit)
        }
        if !extras.isEmpty { extras = CellExtras() }
        if !combiningCache.isEmpty { combiningCache = CombiningCache() }
        cursorRow = 0
        cursorColumn = 0
        hasPendingWrap = false
        pen = .blank
        penExtra = CellExtra()
        penHyperlink = ""
        charsets = CharsetState()
        modes = TerminalModes()
        recordedModes = RecordedModes()
        window = WindowState()
        conformanceLevel = 4
        statusDisplay = (active: 0, type: 0)
        if !savedPrivateModes.isEmpty { savedPrivateModes = [:] }
        scrollTop = 0
        scrollBottom = rows - 1
        leftMargin = 0
        rightMargin = columns - 1
        if !Self.hasDefaultTabStops(tabStops) { tabStops = Self.defaultTabStops(columns: columns) }
        protectionMode = .off
        attributeChangeExtent = 0
        savedCursors = (nil, nil)
        title = ""
        iconName = ""
        if !titleStack.isEmpty { titleStack = [] }
        workingDirectory = ""
        shellPrompts = ShellPrompts()
        keyboardStacks = KittyKeyboardStacks()
        pendingNotification = nil
        // colorScheme: the user's, which a reset does not change.
        // promptMarks: only its changes mean anything (the shell is back), and a reset is
        // not one, so it keeps counting.
        // colors: `fullReset` puts back the defaults it keeps.
        lastPrinted = 0
        followsJoiner = false
        untouchedSince = nil
        alignedRevisions = nil
        // Not reset: rows, columns (RIS keeps the size), parser (the running one is in use
        // while this runs; a fresh one would be swapped out again), the screens' storage
        // (cleared above), clock (it goes on, so revisions stay unique), pendingEffects
        // (what this feed produced before the RIS still leaves).
    }

    /// The properties `resetInPlace` handles, by name, for `ResetCostTests`.
    static let propertiesResetInPlace: Set<String> = [
        "rows", "columns", "parser", "screen", "otherScreen", "isAlternateScreenActive", "clock", "scrollback",
        "extras", "combiningCache", "cursorRow", "cursorColumn", "hasPendingWrap", "pen", "penExtra", "penHyperlink",
        "charsets", "modes", "recordedModes", "window", "conformanceLevel", "statusDisplay", "savedPrivateModes",
        "scrollTop", "scrollBottom", "leftMargin", "rightMargin", "tabStops", "protectionMode", "attributeChangeExtent",
        "savedCursors", "title", "iconName", "titleStack", "colors", "lastPrinted", "followsJoiner", "pendingEffects",
        "lastWholesaleChange", "isUntouchedSinceWholesaleChange", "alignedRevisions", "workingDirectory",
        "promptMarks", "shellPrompts", "keyboardStacks", "pendingNotification", "colorScheme",
    ]

    /// DECSTR: modes, margins, pen, charsets and saved cursor reset; the screen stays.
    mutating func softReset() {
        modes.insert = false
        modes.origin = false
        modes.reverseWraparound = false
        modes.extendedReverseWraparound = false
        modes.leftRightMargins = false
        modes.autowrap = true
        modes.cursorVisible = true
        modes.cursorKeysApplication = false
        modes.keypadApplication = false
        scrollTop = 0
        scrollBottom = rows - 1
        leftMargin = 0
        rightMargin = columns - 1
        resetPen()
        resetProtection()
        charsets = CharsetState()
        hasPendingWrap = false
        savedCursors = (nil, nil)
    }

    /// A new connection took over the screen (a reconnect): what the old remote program
    /// left behind must not change what the new one's keys send or how its output lands.
    /// Back on the primary screen, with every mode at its power-on value (DECSTR, plus the
    /// mouse, bracketed paste, focus reports and the rest of `TerminalModes`); the text on
    /// the screen and the scrollback stay, so the user still sees where they were. The
    /// cursor goes to the start of a fresh line when its row holds text (the old shell's
    /// prompt, an echo the lost link cut off): the new shell's first line starts there, not
    /// glued to what the old one left, as a shell starts its prompt after a command's output.
    package mutating func prepareForNewConnection() {
        untouchedSince = nil
        screen.makeUnique()
        otherScreen.makeUnique()
        switchScreen(toAlternate: false, clearAlternate: false)
        softReset()
        modes = TerminalModes()
        keyboardStacks = KittyKeyboardStacks()
        shellPrompts.phase = .unknown
        if !TextRenderer.text(ofCells: rowCells(cursorRow), extras: cellExtras).isEmpty {
            carriageReturn()
            index()
        }
    }

    /// DECALN: fills the screen with `E`, resets the margins, homes the cursor.
    mutating func screenAlignmentTest() {
        scrollTop = 0
        scrollBottom = rows - 1
        leftMargin = 0
        rightMargin = columns - 1
        modes.origin = false
        let fill = Cell(codePoint: 0x45)
        // A row whose revision is one the last DECALN stamped has not changed since: it
        // still holds only E's (every change stamps a newer revision, a scroll moves a row
        // with its stamp). It is stamped again rather than refilled, so every row of the
        // screen ends with a stamp from this DECALN, and a flood of `x ESC # 8` refills one
        // row each, not the screen.
        let start = clock
        for row in 0..<rows {
            if let aligned = alignedRevisions, aligned.contains(screen.revision(row)) {
                screen.touch(row, clock: &clock)
            } else {
                screen.fill(row: row, columns: 0..<columns, with: fill, clock: &clock)
            }
        }
        alignedRevisions = (start + 1)...clock
        setCursor(row: 0, column: 0)
    }
}

/// The terminal is the parser's handler: parser actions apply straight to the state.
extension Terminal: ParserHandler {}

/// A change that sets the whole screen to a known state (`Terminal.untouchedSince`).
enum WholesaleChange: Equatable, Sendable {
    /// RIS.
    case reset
    /// DECFRA, DECERA or DECSERA with these parameters.
    case rectangle(final: UInt8, parameters: CSIParameters)
}
