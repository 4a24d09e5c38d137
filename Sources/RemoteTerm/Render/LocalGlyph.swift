/// What a front can draw of one cell on the user's terminal, which counts columns with
/// `wcwidth` like the engine's default mode (the ncurses front; `rterm render` prints every
/// code point instead).
///
/// The engine keeps everything a cell holds. Drawn, a cell must take exactly the columns
/// the engine gave it, or every later cell of the row lands in the wrong place.
public enum LocalGlyph {
    /// The code points to draw in a cell's columns: the base character (a space for an
    /// empty cell), then its zero-width marks. Left out:
    /// - attached code points with a width of their own, and what follows them (only
    ///   grapheme clustering, ?2027, puts them in a cell; drawn, the user's terminal would
    ///   give them columns of their own);
    /// - a zero-width joiner: it shows nothing, and a terminal that clusters would join the
    ///   next cell's pictograph into this one, shifting the rest of the row;
    /// - bidirectional controls (kept by the engine as xterm keeps them): the user's
    ///   terminal may reorder the row around them.
    public static func codePoints(of cell: Cell, extras: CellExtras) -> [UInt32] {
        let base = cell.codePoint == 0 ? 0x20 : cell.codePoint
        guard cell.extra != 0 else { return [base] }
        var out = [base]
        for mark in extras.entry(cell.extra).combining {
            if characterWidth(mark) != 0 { break }
            if mark == 0x200D || InertText.isBidiOrSeparator(mark) { continue }
            out.append(mark)
        }
        return out
    }

    /// The engine gives the cell two columns but its base takes one on the user's terminal
    /// (a clustered flag, an emoji widened by VS16): the front blanks the second column.
    public static func needsPadding(_ cell: Cell) -> Bool {
        cell.attributes.contains(.wide) && characterWidth(cell.codePoint) < 2
    }
}
