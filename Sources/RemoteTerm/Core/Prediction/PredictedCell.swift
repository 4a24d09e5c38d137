/// One keystroke's guessed effect on the screen, until the remote's echo confirms or
/// contradicts it: a character written at a cell (inserted, pushing the rest of the line
/// right, or overwriting), a character erased (backspace: the rest of the line pulled left,
/// or the cell blanked), or only the cursor moved (←, →).
struct PredictedCell: Equatable, Sendable {
    enum Effect: Equatable, Sendable {
        /// The character appears at the cell (a wide one takes the cell to its right too).
        case write(Unicode.Scalar, width: Int, inserts: Bool)
        /// The character at the cell goes and the cursor steps back onto it.
        case erase(shifts: Bool)
        /// Only the cursor moves to the cell.
        case move
    }

    /// Where, on the screen as the remote will draw it.
    var row: Int
    var column: Int
    var effect: Effect
    /// The cell's character before the key took effect and after it, on the screen as the
    /// earlier guesses leave it (a blank is 0x20): a cell still showing `original` has not
    /// been touched by the remote yet; one showing `expected` confirms the guess.
    var original: UInt32
    var expected: UInt32
    /// The batch it belongs to: shown only once the batch is known to echo.
    var epoch: Int
    /// Where the text a write pushes (or a backspace pulls) stops: the line's own text ends
    /// there and what follows (a right prompt) never moves. The row's width when nothing
    /// follows.
    var end: Int
    /// The row's characters from the cell on, before the guess (at most a few): on its
    /// confirmation, what the remote made of them says whether the line inserts or
    /// overwrites.
    var following: [UInt32] = []
    /// When the key was sent, for the round-trip estimate.
    var sentAt: UInt64

    /// Where the cursor is once the key took effect.
    var cursorAfter: (row: Int, column: Int) {
        switch effect {
        case .write(_, let width, _): return (row, column + width)
        case .erase, .move: return (row, column)
        }
    }

    /// Applies the guess to a row of characters: `guessed` marks the cells guesses wrote,
    /// `source` says which column of the remote's row the others came from (−1: a blank the
    /// row was filled with), so text pushed along keeps its colours.
    func apply(to cells: inout [UInt32], guessed: inout [Bool], source: inout [Int]) {
        let columns = min(cells.count, end)
        guard column < columns else { return }
        switch effect {
        case .write(let scalar, let width, let inserts):
            if inserts, column + width < columns {
                for index in stride(from: columns - 1, through: column + width, by: -1) {
                    cells[index] = cells[index - width]
                    guessed[index] = guessed[index - width]
                    source[index] = source[index - width]
                }
            }
            cells[column] = scalar.value
            guessed[column] = true
            source[column] = -1
            if width == 2, column + 1 < columns {
                cells[column + 1] = 0
                guessed[column + 1] = true
                source[column + 1] = -1
            }
        case .erase(let shifts):
            if shifts {
                for index in column..<(columns - 1) {
                    cells[index] = cells[index + 1]
                    guessed[index] = guessed[index + 1]
                    source[index] = source[index + 1]
                }
                cells[columns - 1] = 0x20
                guessed[columns - 1] = false
                source[columns - 1] = -1
            } else {
                cells[column] = 0x20
                guessed[column] = false
                source[column] = -1
            }
        case .move:
            break
        }
    }
}
