/// Grapheme clustering, DECSET 2027 (off by default; DECRQM answers 1 or 2).
///
/// By default the cursor moves by `wcwidth` of each code point, because that is what the
/// remote's readline and ncurses count: joining 👍🏽 into two columns where bash counts four
/// corrupts every command line that holds one. A program that knows better asks for
/// clusters with ?2027 (as in contour, foot, WezTerm, Ghostty); then an emoji sequence
/// takes one cell group of the cluster's width:
///
/// - a zero-width joiner between two Extended_Pictographic characters joins them (👨‍👩‍👧);
/// - a skin-tone modifier extends the pictograph before it (👍🏽);
/// - two regional indicators are one flag (🇫🇷); a regional indicator is two columns;
/// - VS16 after an emoji whose default is text asks for emoji presentation: two columns (❤️).
///
/// These are the cases of UAX #29 that change a terminal's layout; zero-width characters
/// join the cell before them in both modes. A cluster that would have to widen a cell in
/// the last column (a wrap is pending there) stays one column rather than move the cell.
extension Terminal {
    /// Prints one code point of `width` (its `wcwidth`) with clustering on.
    mutating func printClustering(_ codePoint: UInt32, width: Int) {
        if width == 0 {
            attachCombining(codePoint)
            if codePoint == 0xFE0F, let column = previousCellColumn(),
                EmojiProperties.isTextDefaultEmoji(screen.cells[screen.rowStart(cursorRow) + column].codePoint)
            {
                widenCell(at: column)
            }
            followsJoiner = codePoint == 0x200D
            return
        }
        if let column = clusterColumn(extendedBy: codePoint) {
            attachCombining(codePoint)
            followsJoiner = false
            // A modifier or a joined pictograph means emoji presentation: two columns.
            widenCell(at: column)
            return
        }
        putCharacter(codePoint, width: EmojiProperties.isRegionalIndicator(codePoint) ? 2 : width)
    }

    /// The column of the cluster that `codePoint` (a character with a width) extends, if
    /// it extends the one printed last: a modifier after a pictograph, a pictograph after
    /// pictograph + ZWJ, the second regional indicator of a flag.
    private func clusterColumn(extendedBy codePoint: UInt32) -> Int? {
        let isModifier = EmojiProperties.isSkinToneModifier(codePoint)
        let isRegional = EmojiProperties.isRegionalIndicator(codePoint)
        guard isModifier || isRegional || followsJoiner else { return nil }
        guard let column = previousCellColumn() else { return nil }
        let cell = screen.cells[screen.rowStart(cursorRow) + column]
        guard cell.codePoint != 0 else { return nil }
        let marks = extras.entry(cell.extra).combining
        let extends: Bool
        if isRegional {
            extends = EmojiProperties.isRegionalIndicator(cell.codePoint) && marks.isEmpty
        } else if followsJoiner && marks.last == 0x200D {
            extends = EmojiProperties.isExtendedPictographic(cell.codePoint)
                && EmojiProperties.isExtendedPictographic(codePoint)
        } else {
            // The modifier extends the last pictograph of the cluster (variation selectors
            // aside): 👍🏽, or the last person of a ZWJ sequence.
            let last = marks.last(where: { $0 != 0xFE0F && $0 != 0xFE0E }) ?? cell.codePoint
            extends = isModifier && EmojiProperties.isExtendedPictographic(last)
        }
        return extends ? column : nil
    }

    /// Makes the narrow cell at `column`, printed just before the cursor, two columns wide
    /// (emoji presentation), moving the cursor one column on. Nothing happens when the cell
    /// is already wide, is not the one just printed, or sits in the last column (or at the
    /// right margin).
    private mutating func widenCell(at column: Int) {
        let end = printEnd  // the right margin, when the cursor is inside the margins
        guard !hasPendingWrap, column == cursorColumn - 1, column + 1 < end else { return }
        let rowStart = screen.rowStart(cursorRow)
        let cells = screen.cells
        var cell = cells[rowStart + column]
        guard !cell.attributes.contains(.wide), cell.codePoint != 0 else { return }
        if modes.insert { shiftRight(row: cursorRow, from: column + 1, count: 1) }
        let next = column + 1
        if next + 1 < columns && cells[rowStart + next + 1].attributes.contains(.wideContinuation) {
            Self.blankHalf(&cells[rowStart + next + 1])
        }
        cell.attributes.insert(.wide)
        var continuation = cell
        continuation.attributes.remove(.wide)
        continuation.attributes.insert(.wideContinuation)
        continuation.codePoint = 0
        cells[rowStart + column] = cell
        cells[rowStart + next] = continuation
        screen.touch(cursorRow, upTo: next + 2, clock: &clock)
        if next + 1 >= end {
            cursorColumn = end - 1
            hasPendingWrap = modes.autowrap
        } else {
            cursorColumn = next + 1
        }
    }
}
