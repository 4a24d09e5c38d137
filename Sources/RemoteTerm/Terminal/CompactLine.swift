/// A line that scrolled off the screen, stored compactly: UTF-8 text with style changes
/// inlined, expanded back into cells only when it is shown again.
///
/// People keep long histories, so a plain 80-column line must cost little more than its
/// text. Encoding: UTF-8 for characters (0x00 for an empty cell; combining marks right after
/// their base; the second half of a wide character implied by its width), and a style change
/// as the byte 0xFF (never valid in UTF-8) followed by foreground (4), background (4),
/// attributes (2), hyperlink (2) and underline colour (4), little-endian. Trailing empty
/// default cells are dropped.
public struct CompactLine: Sendable {
    /// The encoded line.
    var bytes: [UInt8]
    /// The line continued on the next one (soft wrap).
    public var isWrapped: Bool

    static let styleMarker: UInt8 = 0xFF

    /// Encodes `cells` into `bytes` (which is emptied first, keeping its capacity).
    static func encode(
        _ cells: UnsafeBufferPointer<Cell>, extras: CellExtras, into bytes: inout [UInt8]
    ) {
        bytes.removeAll(keepingCapacity: true)
        var end = cells.count
        while end > 0 && cells[end - 1] == .blank { end -= 1 }
        guard end > 0 else { return }
        bytes.reserveCapacity(end)
        var style = Cell.blank
        var extra = CellExtra()
        for i in 0..<end {
            let cell = cells[i]
            if cell.attributes.contains(.wideContinuation) { continue }
            if cell.foregroundBits != style.foregroundBits || cell.backgroundBits != style.backgroundBits
                || cell.attributes != style.attributes || cell.extra != style.extra
            {
                let newExtra = cell.extra == 0 ? CellExtra() : extras.entry(cell.extra)
                let layout: CellAttributes = [.wide]
                if cell.foregroundBits != style.foregroundBits || cell.backgroundBits != style.backgroundBits
                    || cell.attributes.subtracting(layout) != style.attributes.subtracting(layout)
                    || newExtra.hyperlink != extra.hyperlink || newExtra.underlineColor != extra.underlineColor
                {
                    bytes.append(styleMarker)
                    appendLittleEndian(cell.foregroundBits, to: &bytes)
                    appendLittleEndian(cell.backgroundBits, to: &bytes)
                    appendLittleEndian(UInt32(cell.attributes.subtracting(layout).rawValue), count: 2, to: &bytes)
                    appendLittleEndian(UInt32(newExtra.hyperlink), count: 2, to: &bytes)
                    appendLittleEndian(newExtra.underlineColor, to: &bytes)
                }
                style = cell
                extra = newExtra
            }
            if cell.codePoint < 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: cell.codePoint))
            } else {
                appendUTF8(cell.codePoint, to: &bytes)
            }
            for mark in extra.combining { appendUTF8(mark, to: &bytes) }
        }
    }

    /// Expands the line into `columns` cells, interning its extras into `extras`.
    func decode(columns: Int, extras: inout CellExtras) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(columns)
        var pen = Cell.blank
        var hyperlink: UInt16 = 0
        var underlineColor: UInt32 = 0
        var decoder = UTF8Decoder()
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == Self.styleMarker && !decoder.isPending && i + 16 < bytes.count {
                pen.foregroundBits = readLittleEndian(at: i + 1)
                pen.backgroundBits = readLittleEndian(at: i + 5)
                pen.attributes = CellAttributes(rawValue: UInt16(truncatingIfNeeded: readLittleEndian(at: i + 9, count: 2)))
                hyperlink = UInt16(truncatingIfNeeded: readLittleEndian(at: i + 11, count: 2))
                underlineColor = readLittleEndian(at: i + 13)
                pen.extra = extras.intern(CellExtra(hyperlink: hyperlink, underlineColor: underlineColor)) ?? 0
                i += 17
                continue
            }
            let result = decoder.step(byte)
            i += 1
            guard result != UTF8Decoder.needMore && result != UTF8Decoder.replaceAndRetry else { continue }
            let width = result == 0 ? 1 : characterWidth(result)
            if width == 0, let last = cells.lastIndex(where: { !$0.attributes.contains(.wideContinuation) }) {
                var extra = extras.entry(cells[last].extra)
                if extra.combining.count < CellExtra.combiningLimit { extra.combining.append(result) }
                cells[last].extra = extras.intern(extra) ?? cells[last].extra
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

@inline(__always)
private func appendLittleEndian(_ value: UInt32, count: Int = 4, to bytes: inout [UInt8]) {
    for k in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(8 * k))) }
}
