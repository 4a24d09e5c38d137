import RemoteTermEngine

/// What composing frames cost, counted so tests and `RTERM_FRONT_STATS` can see the work
/// rather than time it: frames composed, rows read from the engine (a row unchanged since the
/// frame before, wherever it scrolled to, is reused instead) and logical lines scanned for
/// links (a line whose rows are unchanged keeps the links found before).
package struct FrameWork: Equatable, Sendable {
    /// Frames composed.
    package var frames = 0
    /// Rows whose cells were read from the engine (or the history) into a frame line.
    package var rowsComposed = 0
    /// Logical lines (a row and the rows it wraps into) scanned for links.
    package var linesScannedForLinks = 0

    /// Nothing counted yet.
    package init() {}
}

/// The lines of the frame composed last that show an engine row as it is, found by the
/// row's identity: first on the same screen row (a row that did not move), then anywhere (a
/// row that scrolled), the index of the rest built only when a row moved.
struct ReusableLines {
    private let previous: Frame?
    private var index: RowIndex?

    init(_ previous: Frame?) {
        self.previous = previous
    }

    /// The line showing `identity`, if the previous frame had one.
    mutating func line(_ identity: RowIdentity, atRow row: Int) -> FrameLine? {
        guard let previous else { return nil }
        if row < previous.lines.count, previous.lines[row].identity == identity { return previous.lines[row] }
        if index == nil { index = RowIndex(previous.lines) }
        return index!.row(of: identity).map { previous.lines[$0] }
    }
}
