import RemoteTermEngine

/// How a line decides where a typed key lands, and what its echoes teach: where the line's
/// own text ends (before a right prompt), which text is the shell's suggestion rather than
/// typed, whether a confirmed key showed the row inserting or overwriting, and the keys that
/// wrote nothing where they were typed (vim's `i`) or opened a prompt line (less's `/`).
extension PredictionEngine {
    /// The oldest guess was wrong because its key wrote nothing where it was typed (vim's
    /// `i`, less's `/`, a shell's key binding): when the remote shows the next guess's
    /// character in its place, that key is forgotten and the guesses after it on the row
    /// move back by its width, to be judged where the remote put them. Returns whether it
    /// did.
    mutating func reanchor(terminal: Terminal) -> Bool {
        guard pending.count >= 2, case .write(_, let width, _) = pending[0].effect else { return false }
        let first = pending[0]
        let second = pending[1]
        guard case .write = second.effect, second.row == first.row, second.column == first.column + width,
            first.row < terminal.rows, first.column < terminal.columns,
            Self.character(terminal.cell(row: first.row, column: first.column)) == second.expected
        else { return false }
        pending.removeFirst()
        for index in pending.indices {
            guard pending[index].row == first.row, pending[index].column >= width else { break }
            pending[index].column -= width
        }
        return true
    }

    /// On the alternate screen, the oldest key was a command that took the cursor to another
    /// row and wrote nothing where it was typed (vim's `i`, typed while its cursor was still
    /// after the message on the last row): the guesses typed after it on its row go where the
    /// cursor is now, in the same order, as a batch of their own that shows once one of them
    /// echoes there. Returns whether it moved them.
    mutating func relocate(terminal: Terminal) -> Bool {
        guard terminal.isAlternateScreenActive, pending.count >= 2, case .write(_, let width, _) = pending[0].effect
        else { return false }
        let first = pending[0]
        guard terminal.cursorRow != first.row,
            terminal.cursorRow < terminal.rows, first.row < terminal.rows, first.column < terminal.columns,
            Self.character(terminal.cell(row: first.row, column: first.column)) == first.original
        else { return false }
        pending.removeFirst()
        let origin = first.column + width
        let (row, start) = (terminal.cursorRow, terminal.cursorColumn)
        // Only the run of characters typed right after it moves; anything else (an erase, a
        // key that wraps) cannot be placed and is dropped with what follows it.
        let kept = pending.prefix { guess in
            guard guess.row == first.row, guess.column >= origin, case .write(_, let width, _) = guess.effect else {
                return false
            }
            return start + guess.column - origin + width <= terminal.columns
        }.count
        pending.removeSubrange(kept...)
        startBatch()
        for index in pending.indices {
            guard case .write(let scalar, _, _) = pending[index].effect else { continue }
            let column = start + pending[index].column - origin
            pending[index].row = row
            pending[index].column = column
            pending[index].end = terminal.columns
            pending[index].original = Self.character(terminal.cell(row: row, column: column))
            pending[index].expected = scalar.value
            pending[index].following = []
            pending[index].epoch = epoch
        }
        return !pending.isEmpty
    }

    /// On the alternate screen, the oldest key opened a prompt line: the remote cleared a
    /// row, wrote the key at its start and put the cursor after it (less's and man's `/` and
    /// `?`, vim's `:`). The key is taken as echoed there, and the guesses typed after it on its
    /// row move to the prompt, where the remote will write them. Returns whether it did.
    mutating func promptOpened(by first: PredictedCell, terminal: Terminal) -> Bool {
        guard terminal.isAlternateScreenActive, case .write(let scalar, 1, _) = first.effect,
            terminal.cursorColumn == 1, terminal.cursorRow < terminal.rows,
            terminal.cursorRow != first.row || first.column != 0,
            Self.character(terminal.cell(row: terminal.cursorRow, column: 0)) == scalar.value,
            (1..<terminal.columns).allSatisfy({ Self.character(terminal.cell(row: terminal.cursorRow, column: $0)) == 0x20 })
        else { return false }
        pending.removeFirst()
        let shift = first.column
        for index in pending.indices {
            guard pending[index].row == first.row, pending[index].column >= shift else { break }
            pending[index].row = terminal.cursorRow
            pending[index].column -= shift
            pending[index].end = terminal.columns
        }
        return true
    }

    /// Cells compared after a confirmed write to learn whether its row inserts.
    static let learningSpan = 4

    /// A write confirmed: if the remote's cells after it are what the other choice (insert
    /// or overwrite) would have left, and not what this one would, the row follows the
    /// other from now on.
    mutating func learn(from prediction: PredictedCell, terminal: Terminal) {
        guard case .write(_, 1, let inserted) = prediction.effect, prediction.following.count > 2 else { return }
        let start = prediction.column + 1
        let count = min(prediction.following.count - 1, terminal.columns - start)
        guard count > 1 else { return }
        let remote = (start..<(start + count)).map { Self.character(terminal.cell(row: prediction.row, column: $0)) }
        let ifInserted = Array(prediction.following[0..<count])
        let ifOverwritten = Array(prediction.following[1..<(count + 1)])
        guard ifInserted != ifOverwritten else { return }
        if remote == (inserted ? ifOverwritten : ifInserted) {
            learned = (prediction.row, !inserted)
        } else if remote == (inserted ? ifInserted : ifOverwritten), learned?.row == prediction.row {
            learned = (prediction.row, inserted)
        }
    }

    /// Where the line's own text stops, from `column` on: before a right prompt (a block
    /// that reaches the row's last two columns, after a gap of two blanks or more, on the
    /// main screen: zsh's RPROMPT, a fish right prompt), so that nothing typed ever pushes
    /// it; else the row's end.
    static func ownTextEnd(_ cells: [UInt32], from column: Int, terminal: Terminal) -> Int {
        let columns = cells.count
        guard !terminal.isAlternateScreenActive,
            let last = cells.lastIndex(where: { $0 != 0x20 }), last >= columns - 2, last > column
        else { return columns }
        // Left over the block (single blanks may be inside it) to two blanks, or to one that
        // is the cursor's cell: the cursor is then in the gap itself.
        var index = last
        while index > column {
            if cells[index - 1] == 0x20, index - 1 == column || cells[index - 2] == 0x20 { return index }
            index -= 1
        }
        return columns
    }

    /// Whether the text at `column` is drawn by the shell rather than typed: faint, or in
    /// another colour than the pen the shell echoes with (fish's autosuggestion in bright
    /// black, zsh-autosuggestions' colour 8).
    static func isSuggestion(
        _ line: (cells: [UInt32], guessed: [Bool], source: [Int]), column: Int, row: Int, terminal: Terminal
    ) -> Bool {
        guard column < line.cells.count, !line.guessed[column], line.source[column] >= 0, row < terminal.rows else {
            return false
        }
        let cell = terminal.cell(row: row, column: line.source[column])
        let pen = terminal.penRendition
        return cell.attributes.contains(.faint) && !pen.attributes.contains(.faint) || cell.foreground != pen.foreground
    }
}
