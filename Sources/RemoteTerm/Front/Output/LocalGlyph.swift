import RemoteTermCore
import RemoteTermEngine

/// What a front can draw of one cell on the user's terminal, which counts columns with
/// `wcwidth` like the engine's default mode (the ncurses front; `rterm render` prints every
/// code point instead).
///
/// The engine keeps everything a cell holds. Drawn, a cell must take exactly the columns
/// the engine gave it, or every later cell of the row lands in the wrong place.
package enum LocalGlyph {
    /// The code points to draw in a cell's columns: the base character (a space for an
    /// empty cell), then its zero-width marks. Left out:
    /// - a zero-width joiner: it shows nothing, and a terminal that clusters would join the
    ///   next cell's pictograph into this one, shifting the rest of the row;
    /// - bidirectional controls (kept by the engine as xterm keeps them): the user's
    ///   terminal may reorder the row around them;
    /// - attached code points with a width of their own (only grapheme clustering, ?2027,
    ///   puts them in a cell), and what follows them, unless the widths of everything add up
    ///   to the cell's columns (a flag: two regional indicators of one column each). Drawn
    ///   otherwise, the user's terminal would give them columns the engine did not.
    package static func codePoints(of cell: Cell, extras: CellExtras) -> [UInt32] {
        let base = cell.codePoint == 0 ? 0x20 : cell.codePoint
        guard cell.extra != 0 else { return [base] }
        var all = [base]
        var fitting = 0  // how many of `all` come before the first attached width
        var columns = characterWidth(base)
        for mark in extras.entry(cell.extra).combining {
            if mark == 0x200D || InertText.isBidiOrSeparator(mark) { continue }
            let width = characterWidth(mark)
            if width != 0 && fitting == 0 { fitting = all.count }
            columns += width
            all.append(mark)
        }
        guard fitting != 0, columns != cell.width else { return all }
        return Array(all.prefix(fitting))
    }

    /// Whether `codePoints` holds more than one character with a width (a flag drawn whole):
    /// the front draws them as a run, one cell each, rather than as one complex character.
    package static func isRun(_ codePoints: [UInt32]) -> Bool {
        codePoints.dropFirst().contains { characterWidth($0) != 0 }
    }

    /// The engine gives the cell two columns but its base takes one on the user's terminal
    /// (a clustered flag, an emoji widened by VS16): the front blanks the second column.
    package static func needsPadding(_ cell: Cell, extras: CellExtras) -> Bool {
        guard cell.attributes.contains(.wide), characterWidth(cell.codePoint) < 2 else { return false }
        let drawn = codePoints(of: cell, extras: extras)
        return drawn.reduce(0) { $0 + characterWidth($1) } < 2
    }
}
