/// One character cell of the screen, 16 bytes.
///
/// Rare data (combining marks, hyperlinks, underline colour) lives out of line in the
/// terminal's `CellExtras` table; `extra` is its index, 0 meaning none. Keeping the cell
/// this small is what lets a screen be cleared or scrolled with plain memory moves.
public struct Cell: Hashable, Sendable {
    /// The base character as a Unicode scalar value; 0 for an empty cell or the second half
    /// of a wide character. An empty cell renders as a space.
    package var codePoint: UInt32
    /// Foreground in `TerminalColor.packed` form.
    package var foregroundBits: UInt32
    /// Background in `TerminalColor.packed` form.
    package var backgroundBits: UInt32
    /// SGR flags, underline style and the wide-character layout flags.
    public var attributes: CellAttributes
    /// Index into the terminal's `CellExtras` (combining marks, hyperlink, underline colour).
    package var extra: UInt16

    package init(
        codePoint: UInt32 = 0, foregroundBits: UInt32 = 0, backgroundBits: UInt32 = 0,
        attributes: CellAttributes = [], extra: UInt16 = 0
    ) {
        self.codePoint = codePoint
        self.foregroundBits = foregroundBits
        self.backgroundBits = backgroundBits
        self.attributes = attributes
        self.extra = extra
    }

    /// An empty cell in the default colours.
    package static let blank = Cell()

    /// The base character, or nil for an empty cell and for the second half of a wide one.
    public var scalar: Unicode.Scalar? { codePoint == 0 ? nil : Unicode.Scalar(codePoint) }
    /// The foreground colour.
    public var foreground: TerminalColor { TerminalColor(packed: foregroundBits) }
    /// The background colour.
    public var background: TerminalColor { TerminalColor(packed: backgroundBits) }
    /// Columns this cell's character takes: 2 for the first half of a wide character,
    /// 0 for its second half, 1 otherwise.
    public var width: Int {
        attributes.contains(.wide) ? 2 : attributes.contains(.wideContinuation) ? 0 : 1
    }
}

extension Cell {
    /// Whether `count` cells from `a` and from `b` hold the same bits (the cells' `==`, word
    /// by word: a cell is two words with no padding, `ParserTests.cellIsAtMostSixteenBytes`).
    /// A front compares whole rows this way at frame pace; a cell's `extra` is an index, so
    /// equal bits may still mean different marks in two different tables (the caller checks
    /// cells with one).
    @inlinable
    package static func sameBits(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, count: Int) -> Bool {
        if a == b { return true }
        let x = UnsafeRawPointer(a).assumingMemoryBound(to: UInt64.self)
        let y = UnsafeRawPointer(b).assumingMemoryBound(to: UInt64.self)
        var index = 0
        let words = count &* 2
        while index < words {
            if x[index] != y[index] { return false }
            index &+= 1
        }
        return true
    }
}
