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
package struct CompactLine: Sendable {
    /// The encoded line.
    var bytes: [UInt8]
    /// The line continued on the next one (soft wrap).
    package var isWrapped: Bool
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
    ///
    /// One pass with as few branches as the data allows: text mixing wide and narrow
    /// characters, marks and none would mispredict on every cell otherwise. Per cell, the
    /// style that the line stores (colours, attributes but the wide-character flags, the
    /// extra's underline colour and hyperlink) is compared with the one in force, which
    /// changes rarely; the character is written as one 4-byte store, the marks as one 16-byte
    /// copy from the extras' pool (its slack makes that safe), and the second half of a wide
    /// character writes the same way but advances by nothing.
    @inline(__always)
    private static func encodeStyled(
        _ raw: UnsafeRawPointer, from start: Int, to end: Int, records: UnsafeBufferPointer<CellExtras.Record>,
        marks: UnsafeBufferPointer<UInt8>, extras: borrowing CellExtras, into out: UnsafeMutablePointer<UInt8>,
        at offset: Int, linkNumber: (String) -> UInt16
    ) -> Int {
        let stride = MemoryLayout<Cell>.stride
        var n = offset
        // The style in force: colours (foreground, background), then attributes, hyperlink
        // and underline colour. A line starts in the default style.
        var colours: UInt64 = 0
        var style: UInt64 = 0
        // The last hyperlink numbered: a link spans many style changes.
        var numbered = (link: UInt16(0), number: UInt16(0))
        let layoutBits = UInt64(CellAttributes.wide.rawValue | CellAttributes.wideContinuation.rawValue)
        let continuationBit = UInt64(CellAttributes.wideContinuation.rawValue)
        let recordCount = records.count
        let pool = marks.baseAddress!
        for i in start..<end {
            let p = raw + i * stride
            let head = p.loadUnaligned(as: UInt64.self)  // code point, foreground
            let tail = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)  // background, attributes, extra
            let index = Int(tail >> 48)
            let record = records[index < recordCount ? index : 0]
            let attributes = tail >> 32 & 0xFFFF
            let cellColours = head >> 32 | tail << 32
            let cellStyle = attributes & ~layoutBits | UInt64(record.hyperlink) << 16
                | UInt64(record.underlineColor) << 32
            let isContinuation = attributes & continuationBit != 0
            if (cellColours != colours || cellStyle != style) && !isContinuation {
                let link = record.hyperlink
                if link != 0 && link != numbered.link {
                    numbered = (link, extras.storedHyperlink(link).map(linkNumber) ?? 0)
                }
                let number = UInt64(link == 0 ? 0 : numbered.number)
                // Two 8-byte stores: colours, then attributes, underline colour and link.
                out[n] = styleMarker
                UnsafeMutableRawPointer(out + n + 1).storeBytes(of: cellColours.littleEndian, as: UInt64.self)
                let rest = attributes & ~layoutBits | UInt64(record.underlineColor) << 16 | number << 48
                UnsafeMutableRawPointer(out + n + 9).storeBytes(of: rest.littleEndian, as: UInt64.self)
                n += 17
                colours = cellColours
                style = cellStyle
            }
            let length = UTF8Encoding.storeBranchless(UInt32(truncatingIfNeeded: head), out + n)
            let markBytes = Int(record.byteCount)
            if markBytes <= CellExtras.slack {
                UnsafeMutableRawPointer(out + n + length).copyMemory(
                    from: pool + Int(record.byteStart), byteCount: CellExtras.slack)
            } else {
                (out + n + length).update(from: pool + Int(record.byteStart), count: markBytes)
            }
            n += isContinuation ? 0 : length + markBytes
        }
        return n
    }

    /// The encoding of `cells` as a new array, links numbered 0 (for checks in tests and
    /// debug builds).
    static func encoded(_ cells: UnsafeBufferPointer<Cell>, extras: borrowing CellExtras) -> [UInt8] {
        let capacity = worstCaseSize(columns: cells.count)
        guard capacity > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = encode(cells, extras: extras, into: buffer.baseAddress!, capacity: capacity) { _ in 0 }
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
                cells[last].extra = extras.appending(result, to: cells[last].extra) ?? cells[last].extra
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
