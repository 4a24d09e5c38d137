import RemoteTermEngine

/// Reading a `TerminalLine` by characters rather than cells, as selection and link finding
/// do: the cells a wide character covers, and where a line's text ends. A soft-wrapped line
/// can end in empty cells that hold no text (a wide character that did not fit in the last
/// column leaves one there when it wraps), so readers stop at `textEnd` before going on to
/// the next line.
extension TerminalLine {
    /// The first cell of the character covering `column`: one to the left on a wide
    /// character's second half, `column` itself otherwise.
    func characterStart(_ column: Int) -> Int {
        guard column > 0, column < cells.count, cells[column].attributes.contains(.wideContinuation)
        else { return column }
        return column - 1
    }

    /// The last cell of the character covering `column`: one to the right on a wide
    /// character's first half, `column` itself otherwise.
    func characterEnd(_ column: Int) -> Int {
        guard column >= 0, column + 1 < cells.count, cells[column].attributes.contains(.wide)
        else { return column }
        return column + 1
    }

    /// One past the last cell that holds text (a character, a space or half of a wide
    /// character); 0 for a line of empty cells.
    var textEnd: Int {
        var end = cells.count
        while end > 0 && cells[end - 1].codePoint == 0
            && !cells[end - 1].attributes.contains(.wideContinuation)
        {
            end -= 1
        }
        return end
    }

    /// One past the last cell that holds neither nothing nor a space: where a copied line
    /// that ends here (not wrapped) stops, since trailing blanks are not text anyone typed.
    var nonBlankEnd: Int {
        var end = cells.count
        while end > 0 {
            let cell = cells[end - 1]
            guard cell.codePoint == 0x20 || (cell.codePoint == 0 && !cell.attributes.contains(.wideContinuation))
            else { break }
            end -= 1
        }
        return end
    }

    /// Where a reader of this line stops before going on: the end of its text when it wraps
    /// into the next line (skipping the padding a wrapped wide character leaves), its last
    /// cell otherwise.
    var readableEnd: Int { isWrapped ? textEnd : cells.count }
}
