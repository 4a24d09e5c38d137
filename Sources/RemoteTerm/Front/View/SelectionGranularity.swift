/// What a selection grows by as the pointer moves: single cells (a drag), whole words (a
/// double-click and drag) or whole logical lines (a triple-click and drag).
package enum SelectionGranularity: Sendable {
    /// Cell by cell; a wide character is still taken whole.
    case character
    /// Word by word, as `WordBoundaries` finds them.
    case word
    /// Logical line by logical line: a line together with the lines it is soft-wrapped
    /// into and from.
    case line
}
