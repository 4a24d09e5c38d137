/// A row's scrollback encoding, kept as the row is printed, so that a line scrolling off
/// costs a copy instead of a pass over its cells.
///
/// Output that streams (logs, `cat`, compilers, chat) writes each row once, left to right,
/// before it scrolls away; the print paths then have each character and the pen at hand, and
/// appending their `CompactLine` bytes costs a store or two, while encoding the row later
/// reads every cell back from memory. So each row keeps a *mirror*: the encoding of its cells
/// from column 0 to `RowMirror.column`, every cell after that being blank. A write that
/// appends (at or after that column, blank cells in between) extends it; any other change
/// gives it up (`RowInfo.isMirrored`) until the row is cleared, and the scrollback then
/// encodes the row from its cells as before.
///
/// A plain row (`RowInfo.isPlain`) already has its encoding in `plainText`; its mirror is
/// taken from there the first time something not plain is appended. Rows printed with a
/// hyperlink are not mirrored: a link's number belongs to the scrollback's table.
///
/// In debug builds every mirror is checked against the encoding of its row when the row
/// scrolls off (`Terminal.push`), so every test that scrolls checks this file.
struct RowMirror: Sendable {
    /// Bytes held.
    var length: Int32 = 0
    /// Cells covered: every cell from this column on is blank.
    var column: Int32 = 0
    /// The style in force at the end, as the encoder compares it (`CompactLine`): colours,
    /// then attributes without the wide-character flags, hyperlink and underline colour.
    var colours: UInt64 = 0
    var style: UInt64 = 0
}

/// An append to a mirror under way (`ScreenBuffer.beginMirrorAppend`).
struct MirrorAppend {
    /// Where the cells' bytes go.
    let bytes: UnsafeMutablePointer<UInt8>
    /// How many fit.
    let room: Int
    /// The mirror with what was written before the cells (blank cells, a style record).
    let pending: RowMirror
}

extension ScreenBuffer {
    /// Bytes each row's mirror can hold: six per column covers text that is CJK, accented
    /// or coloured every few characters; a row that needs more is encoded from its cells.
    static func mirrorCapacity(columns: Int) -> Int { columns * 6 + 64 }

    /// The encoding of row `row` when its mirror holds it and the row is not plain.
    func mirroredEncoding(of row: Int) -> UnsafeBufferPointer<UInt8>? {
        let slot = slots[row]
        guard info[slot].isMirrored && !info[slot].isPlain else { return nil }
        return UnsafeBufferPointer(start: mirrorBytes.baseAddress! + slot * mirrorCapacity, count: Int(mirrors[slot].length))
    }

    /// The style of `pen` as the encoder compares it, or nil for a pen with a hyperlink.
    @inline(__always)
    static func mirrorStyle(of pen: Cell, extras: borrowing CellExtras) -> (colours: UInt64, style: UInt64)? {
        let layout = CellAttributes.wide.rawValue | CellAttributes.wideContinuation.rawValue
        var style = UInt64(pen.attributes.rawValue & ~layout)
        if pen.extra != 0 {
            guard extras.hyperlink(pen.extra) == 0 else { return nil }
            style |= UInt64(extras.underlineColor(pen.extra)) << 32
        }
        return (UInt64(pen.foregroundBits) | UInt64(pen.backgroundBits) << 32, style)
    }

    /// Starts appending cells written from `column` on in `style` (nil: a pen the mirror
    /// cannot hold) to row `row`'s mirror: blank cells up to `column` and a style change are
    /// written first. Returns where the cells' bytes go, how many fit, and the mirror as it
    /// will be once `endMirrorAppend` commits them (nothing is committed before: a write that
    /// ends up printing nothing leaves the mirror as it was). Nil, giving the mirror up, when
    /// the row has none or the write is not an append.
    @inline(__always)
    mutating func beginMirrorAppend(row: Int, column: Int, style: (colours: UInt64, style: UInt64)?) -> MirrorAppend? {
        let slot = slots[row]
        guard info[slot].isMirrored else { return nil }
        guard let style, column >= Int(mirrors[slot].column) || info[slot].isPlain else {
            info[slot].isMirrored = false
            return nil
        }
        let base = mirrorBytes.baseAddress! + slot * mirrorCapacity
        if info[slot].isPlain { takeMirrorFromPlainText(slot: slot, row: row, into: base) }
        var m = mirrors[slot]
        guard column >= Int(m.column), Int(m.length) + (column - Int(m.column)) + 2 * 17 + 4 <= mirrorCapacity else {
            info[slot].isMirrored = false
            return nil
        }
        if column > Int(m.column) {
            // Blank cells between: NUL bytes, in the default style.
            if m.colours != 0 || m.style != 0 {
                Self.writeStyleRecord(colours: 0, style: 0, to: base + Int(m.length))
                m.length += 17
                m.colours = 0
                m.style = 0
            }
            (base + Int(m.length)).initialize(repeating: 0, count: column - Int(m.column))
            m.length += Int32(column - Int(m.column))
            m.column = Int32(column)
        }
        if style.colours != m.colours || style.style != m.style {
            Self.writeStyleRecord(colours: style.colours, style: style.style, to: base + Int(m.length))
            m.length += 17
            m.colours = style.colours
            m.style = style.style
        }
        return MirrorAppend(bytes: base + Int(m.length), room: mirrorCapacity - Int(m.length), pending: m)
    }

    /// Ends an append: `count` bytes were written for cells up to `endColumn`.
    @inline(__always)
    mutating func endMirrorAppend(row: Int, _ append: MirrorAppend, count: Int, endColumn: Int) {
        var m = append.pending
        m.length += Int32(count)
        m.column = Int32(endColumn)
        mirrors[slots[row]] = m
    }

    /// Appends a combining mark joined to the cell that ends at `cellEnd` (its column after
    /// the cell); the mirror is given up when that cell is not the last one it holds.
    mutating func appendMarkToMirror(row: Int, cellEnd: Int, mark: UInt32) {
        let slot = slots[row]
        guard info[slot].isMirrored else { return }
        let base = mirrorBytes.baseAddress! + slot * mirrorCapacity
        if info[slot].isPlain { takeMirrorFromPlainText(slot: slot, row: row, into: base) }
        let m = mirrors[slot]
        guard Int(m.column) == cellEnd, Int(m.length) + 4 <= mirrorCapacity else {
            info[slot].isMirrored = false
            return
        }
        mirrors[slot].length += Int32(UTF8Encoding.store(mark, base + Int(m.length)))
    }

    /// A plain row's encoding is its characters, trailing blanks left out.
    private func takeMirrorFromPlainText(slot: Int, row: Int, into base: UnsafeMutablePointer<UInt8>) {
        let text = plainText.baseAddress! + plainRowStart(row)
        var length = min(extent(row), columns)
        while length > 0 && text[length - 1] == 0 { length -= 1 }
        base.update(from: text, count: length)
        mirrors[slot] = RowMirror(length: Int32(length), column: Int32(length))
    }

    /// `CompactLine`'s style record: the marker, colours (8 bytes), attributes (2),
    /// underline colour (4) and hyperlink number (2, always 0 here).
    @inline(__always)
    private static func writeStyleRecord(colours: UInt64, style: UInt64, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = CompactLine.styleMarker
        UnsafeMutableRawPointer(out + 1).storeBytes(of: colours.littleEndian, as: UInt64.self)
        let rest = style & 0xFFFF | (style >> 32) << 16
        UnsafeMutableRawPointer(out + 9).storeBytes(of: rest.littleEndian, as: UInt64.self)
    }
}

extension Terminal {
    /// The screen rows whose mirror does not hold their encoding (always none; a check for
    /// the fuzz target, which runs without the debug builds' check as rows scroll off).
    package var rowsWhoseMirrorDiffers: [Int] {
        (0..<rows).filter { row in
            guard let encoding = screen.mirroredEncoding(of: row) else { return false }
            let start = screen.rowStart(row)
            let cells = UnsafeBufferPointer(rebasing: screen.cells[start..<start + min(columns, screen.extent(row))])
            return Array(encoding) != CompactLine.encoded(cells, extras: extras)
        }
    }
}
