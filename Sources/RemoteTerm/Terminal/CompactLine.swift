/// A line that scrolled off the screen, stored compactly: UTF-8 text with style changes
/// inlined, expanded back into cells only when it is shown again.
///
/// People keep long histories, so a plain 80-column line must cost little more than its
/// text. Encoding: UTF-8 for characters (0x00 for an empty cell; combining marks right after
/// their base; the second half of a wide character implied by its width), and a style change
/// as the byte 0xFF (never valid in UTF-8) followed by foreground (4), background (4),
/// attributes (2), underline colour (4) and the hyperlink's number in the scrollback's link
/// table (2, 0 for none; `ScrollbackLinks`), little-endian. Trailing empty default cells are
/// dropped.
public struct CompactLine: Sendable {
    /// The encoded line.
    var bytes: [UInt8]
    /// The line continued on the next one (soft wrap).
    public var isWrapped: Bool
    /// The table the style records' hyperlink numbers refer to.
    var links = ScrollbackLinks()

    static let styleMarker: UInt8 = 0xFF

    /// Bytes `encode` can need for a row of `columns` cells: a style change, the longest UTF-8
    /// character and a full set of combining marks per cell.
    static func worstCaseSize(columns: Int) -> Int {
        columns * (17 + 4 + 4 * CellExtra.combiningLimit)
    }

    /// Encodes `cells` into `out`, which holds `capacity` bytes, and returns the length;
    /// `linkNumber` gives a hyperlink (as stored) its number in the scrollback's table.
    /// Writes through a raw pointer: this runs for every line that scrolls off the screen.
    static func encode(
        _ cells: UnsafeBufferPointer<Cell>, extras: borrowing CellExtras, into out: UnsafeMutablePointer<UInt8>,
        capacity: Int, linkNumber: (String) -> UInt16
    ) -> Int {
        guard let base = cells.baseAddress else { return 0 }
        precondition(capacity >= worstCaseSize(columns: cells.count))
        // Cells are read as raw words: the style (colours, attributes, extra) is the 12 bytes
        // after the code point, compared as one 8-byte and one 4-byte load per cell. This runs
        // for every line that scrolls off, so it must cost a few instructions per cell.
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Cell>.stride
        var end = cells.count
        while end > 0 {
            let p = raw + (end - 1) * stride
            if p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) != 0 { break }
            end -= 1
        }
        // Plain text in the default style (most lines): one byte per cell, two loads each.
        var n = 0
        // Four cells per test first: one branch for four cells.
        while n + 4 <= end {
            let p = raw + n * stride
            let h0 = p.loadUnaligned(as: UInt64.self)
            let h1 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            let h2 = p.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
            let h3 = p.loadUnaligned(fromByteOffset: 48, as: UInt64.self)
            let tails = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                | p.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
                | p.loadUnaligned(fromByteOffset: 56, as: UInt64.self)
            if (h0 | h1 | h2 | h3) >> 7 | tails != 0 { break }
            let packed = UInt32(truncatingIfNeeded: h0) | UInt32(truncatingIfNeeded: h1) << 8
                | UInt32(truncatingIfNeeded: h2) << 16 | UInt32(truncatingIfNeeded: h3) << 24
            UnsafeMutableRawPointer(out + n).storeBytes(of: packed, as: UInt32.self)
            n += 4
        }
        while n < end {
            let p = raw + n * stride
            let head = p.loadUnaligned(as: UInt64.self)  // code point, foreground
            if head >= 0x80 || p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) != 0 { break }
            out[n] = UInt8(truncatingIfNeeded: head)
            n += 1
        }
        let plainPrefix = n
        guard plainPrefix < end else { return n }
        return extras.withStorage { records, marks in
            encodeStyled(raw, from: plainPrefix, to: end, records: records, marks: marks, extras: extras,
                         into: out, at: plainPrefix, linkNumber: linkNumber)
        }
    }

    /// The rest of `encode`, from the first cell that is not plain default-style ASCII.
    @inline(__always)
    private static func encodeStyled(
        _ raw: UnsafeRawPointer, from start: Int, to end: Int, records: UnsafeBufferPointer<CellExtras.Record>,
        marks: UnsafeBufferPointer<UInt32>, extras: borrowing CellExtras, into out: UnsafeMutablePointer<UInt8>,
        at offset: Int, linkNumber: (String) -> UInt16
    ) -> Int {
        let stride = MemoryLayout<Cell>.stride
        var n = offset
        var colours: UInt64 = 0  // foreground and background
        var rest: UInt32 = 0  // attributes and extra index
        // The hyperlink and underline colour in force, and the entry of the extra in force.
        var link: UInt16 = 0
        var underline: UInt32 = 0
        var entry = CellExtras.Record()
        // The last hyperlink numbered: a link spans many style changes.
        var numbered = (link: UInt16(0), number: UInt16(0))
        let wideBit = CellAttributes.wide.rawValue
        let continuationBit = UInt32(CellAttributes.wideContinuation.rawValue)
        for i in start..<end {
            let p = raw + i * stride
            let cellColours = p.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
            let cellRest = p.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
            if cellColours != colours || cellRest != rest {
                if cellRest & continuationBit != 0 { continue }
                let a = UInt16(truncatingIfNeeded: cellRest)
                let index = Int(cellRest >> 16)
                entry = index < records.count ? records[index] : CellExtras.Record()
                let newLink = entry.hyperlink
                let newUnderline = entry.underlineColor
                if cellColours != colours || (a ^ UInt16(truncatingIfNeeded: rest)) & ~wideBit != 0
                    || newLink != link || newUnderline != underline
                {
                    out[n] = styleMarker
                    store(UInt32(truncatingIfNeeded: cellColours), 4, out + n + 1)
                    store(UInt32(truncatingIfNeeded: cellColours >> 32), 4, out + n + 5)
                    store(UInt32(a & ~wideBit), 2, out + n + 9)
                    store(newUnderline, 4, out + n + 11)
                    if newLink != 0 && newLink != numbered.link {
                        numbered = (newLink, extras.storedHyperlink(newLink).map(linkNumber) ?? 0)
                    }
                    store(UInt32(newLink == 0 ? 0 : numbered.number), 2, out + n + 15)
                    n += 17
                }
                colours = cellColours
                rest = cellRest
                link = newLink
                underline = newUnderline
            } else if cellRest & continuationBit != 0 {
                continue
            }
            n += storeUTF8Branchless(p.loadUnaligned(as: UInt32.self), out + n)
            if entry.markCount != 0 {
                let first = Int(entry.markStart)
                for k in first..<first + Int(entry.markCount) { n += storeUTF8(marks[k], out + n) }
            }
        }
        return n
    }

    @inline(__always)
    private static func store(_ value: UInt32, _ count: Int, _ to: UnsafeMutablePointer<UInt8>) {
        for k in 0..<count { to[k] = UInt8(truncatingIfNeeded: value >> UInt32(8 * k)) }
    }

    /// Stores the UTF-8 form of `c` as one 4-byte write (the buffer always has room) and
    /// returns its length. Without branches: text mixing ASCII, CJK and emoji would
    /// otherwise mispredict on every character.
    @inline(__always)
    private static func storeUTF8Branchless(_ c: UInt32, _ to: UnsafeMutablePointer<UInt8>) -> Int {
        let length = 1 + (c >= 0x80 ? 1 : 0) + (c >= 0x800 ? 1 : 0) + (c >= 0x10000 ? 1 : 0)
        let two = (0xC0 | c >> 6) | (0x80 | c & 0x3F) << 8
        let three = (0xE0 | c >> 12) | (0x80 | (c >> 6) & 0x3F) << 8 | (0x80 | c & 0x3F) << 16
        let four = (0xF0 | c >> 18) | (0x80 | (c >> 12) & 0x3F) << 8 | (0x80 | (c >> 6) & 0x3F) << 16
            | (0x80 | c & 0x3F) << 24
        var word = c
        word = length >= 2 ? two : word
        word = length >= 3 ? three : word
        word = length == 4 ? four : word
        UnsafeMutableRawPointer(to).storeBytes(of: word.littleEndian, as: UInt32.self)
        return length
    }

    @inline(__always)
    private static func storeUTF8(_ c: UInt32, _ to: UnsafeMutablePointer<UInt8>) -> Int {
        switch c {
        case 0..<0x80:
            to[0] = UInt8(c)
            return 1
        case 0x80..<0x800:
            to[0] = UInt8(0xC0 | c >> 6)
            to[1] = UInt8(0x80 | c & 0x3F)
            return 2
        case 0x800..<0x10000:
            to[0] = UInt8(0xE0 | c >> 12)
            to[1] = UInt8(0x80 | (c >> 6) & 0x3F)
            to[2] = UInt8(0x80 | c & 0x3F)
            return 3
        default:
            to[0] = UInt8(0xF0 | c >> 18)
            to[1] = UInt8(0x80 | (c >> 12) & 0x3F)
            to[2] = UInt8(0x80 | (c >> 6) & 0x3F)
            to[3] = UInt8(0x80 | c & 0x3F)
            return 4
        }
    }

    /// Expands the line into `columns` cells, interning its extras into `extras`.
    func decode(columns: Int, extras: inout CellExtras) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(columns)
        var pen = Cell.blank
        var decoder = UTF8Decoder()
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == Self.styleMarker && !decoder.isPending && i + 16 < bytes.count {
                pen.foregroundBits = readLittleEndian(at: i + 1)
                pen.backgroundBits = readLittleEndian(at: i + 5)
                pen.attributes = CellAttributes(rawValue: UInt16(truncatingIfNeeded: readLittleEndian(at: i + 9, count: 2)))
                let underlineColor = readLittleEndian(at: i + 11)
                let linkNumber = UInt16(readLittleEndian(at: i + 15, count: 2))
                i += 17
                var hyperlink: UInt16 = 0
                if linkNumber != 0, let link = links.link(linkNumber) {
                    hyperlink = extras.internHyperlink(link) ?? 0
                }
                let extra = CellExtra(hyperlink: hyperlink, underlineColor: underlineColor)
                pen.extra = extra.isEmpty ? 0 : (extras.intern(extra) ?? 0)
                continue
            }
            let result = decoder.step(byte)
            i += 1
            guard result != UTF8Decoder.needMore && result != UTF8Decoder.replaceAndRetry else { continue }
            let width = result == 0 ? 1 : characterWidth(result)
            if width == 0, let last = cells.lastIndex(where: { !$0.attributes.contains(.wideContinuation) }) {
                cells[last].extra = extras.intern(adding: result, to: cells[last].extra) ?? cells[last].extra
                if cells[last].attributes.contains(.wide), last + 1 < cells.count {
                    cells[last + 1].extra = cells[last].extra
                }
                continue
            }
            var cell = pen
            cell.codePoint = result
            if width == 2 && cells.count + 2 <= columns {
                cell.attributes.insert(.wide)
                cells.append(cell)
                var continuation = pen
                continuation.attributes.insert(.wideContinuation)
                continuation.extra = cell.extra
                cells.append(continuation)
            } else if cells.count < columns {
                cells.append(cell)
            }
        }
        return cells
    }

    private func readLittleEndian(at offset: Int, count: Int = 4) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<count { value |= UInt32(bytes[offset + k]) << UInt32(8 * k) }
        return value
    }

    /// The line as plain text (for search, tests and `scrollbackText`), trailing spaces trimmed.
    func plainText(extras: CellExtras, columns: Int) -> String {
        var copy = extras
        let cells = decode(columns: columns, extras: &copy)
        return TextRenderer.text(ofCells: cells[...], extras: copy)
    }
}
