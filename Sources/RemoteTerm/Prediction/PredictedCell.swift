/// One keystroke's guessed effect on the screen, until the remote's echo confirms or
/// contradicts it: a character written at a cell, a cell blanked (backspace), or only the
/// cursor moved (←, →).
struct PredictedCell: Equatable, Sendable {
    enum Effect: Equatable, Sendable {
        /// The character appears at the cell (overwriting it, as an echo does; a wide one
        /// takes the cell to its right too).
        case write(Unicode.Scalar, width: Int)
        /// The cell is blanked and the cursor steps back onto it (backspace at a prompt).
        case erase
        /// Only the cursor moves to the cell.
        case move
    }

    /// Where, on the screen as the remote will draw it.
    var row: Int
    var column: Int
    var effect: Effect
    /// Where the cursor is once the key took effect.
    var cursorAfter: (row: Int, column: Int) {
        switch effect {
        case .write(_, let width): return (row, column + width)
        case .erase, .move: return (row, column)
        }
    }
    /// The cell's character when the key was typed (0: blank), so an unchanged cell is told
    /// apart from the remote writing something else there.
    var original: UInt32
    /// The batch it belongs to: shown only once the batch is known to echo.
    var epoch: Int
    /// When the key was sent, for the round-trip estimate.
    var sentAt: UInt64

    static func == (lhs: PredictedCell, rhs: PredictedCell) -> Bool {
        lhs.row == rhs.row && lhs.column == rhs.column && lhs.effect == rhs.effect && lhs.original == rhs.original
            && lhs.epoch == rhs.epoch && lhs.sentAt == rhs.sentAt
    }
}
