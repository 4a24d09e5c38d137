#if canImport(Glibc)
import Glibc
#endif

/// Rectangular area operations (VT420): DECCRA copy, DECFRA fill, DECERA erase, DECSERA
/// selective erase, DECCARA/DECRARA change or reverse attributes, and DECSACE, which picks
/// whether the attribute changes cover a rectangle or a stream of cells.
///
/// Coordinates are read as xterm reads them (`xtermParseRect`): 1-based; in origin mode
/// relative to the margins' corner and confined to the margins' box, otherwise the whole
/// screen whatever the margins; 0 or missing means the box's edge; values past the box are
/// clamped to it; an empty rectangle (top below bottom, left right of right) does nothing.
/// None of them moves the cursor or cancels a pending wrap.
extension Terminal {
    /// A rectangle of cells in screen coordinates, 0-based and inclusive.
    struct CellRectangle: Equatable, Sendable {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int
    }

    /// `CSI … $ final`, except DECRQM (`$ p`). A fill or erase that repeats the one just
    /// done, with nothing in between (`untouched`: nothing happened since the last wholesale
    /// change), would leave the same cells: it is skipped, so a flood of whole-screen DECFRA
    /// costs a comparison each.
    mutating func rectangleDispatch(_ final: UInt8, _ p: borrowing CSIParameters, afterUntouched untouched: Bool) {
        guard conformanceLevel >= 4 else { return }  // VT420 operations, as in xterm
        if final == UInt8(ascii: "x") || final == UInt8(ascii: "z") || final == UInt8(ascii: "{") {
            let change = WholesaleChange.rectangle(final: final, parameters: copy p)
            let repeated = untouched && lastWholesaleChange == change
            untouchedSince = change
            if repeated { return }
        }
        switch final {
        case UInt8(ascii: "v"): copyRectangle(p)  // DECCRA
        case UInt8(ascii: "x"): fillRectangle(p)  // DECFRA
        case UInt8(ascii: "z"): eraseRectangle(p)  // DECERA
        case UInt8(ascii: "{"): selectiveEraseRectangle(p)  // DECSERA
        case UInt8(ascii: "r"): changeAttributesInRectangle(p, reversing: false)  // DECCARA
        case UInt8(ascii: "t"): changeAttributesInRectangle(p, reversing: true)  // DECRARA
        default: break
        }
    }

    /// DECSACE (`CSI Ps * x`): 2 rectangle, 0 or 1 stream (the default). Other values are
    /// ignored, so DECRQSS only ever reports one of these three.
    mutating func selectAttributeChangeExtent(_ value: Int) {
        if value <= 2 { attributeChangeExtent = value }
    }

    // MARK: - Coordinates

    /// What rectangle operations can reach: the margins' box in origin mode, else the screen.
    var rectangleBounds: CellRectangle {
        modes.origin
            ? CellRectangle(top: scrollTop, left: leftMargin, bottom: scrollBottom, right: rightMargin)
            : CellRectangle(top: 0, left: 0, bottom: rows - 1, right: columns - 1)
    }

    /// The row named by a 1-based parameter (0: `fallback`), clamped to the bounds.
    private func rectangleRow(_ value: Int, or fallback: Int, in bounds: CellRectangle) -> Int {
        value == 0 ? fallback : min(max(bounds.top + value - 1, bounds.top), bounds.bottom)
    }

    /// The column named by a 1-based parameter (0: `fallback`), clamped to the bounds.
    private func rectangleColumn(_ value: Int, or fallback: Int, in bounds: CellRectangle) -> Int {
        value == 0 ? fallback : min(max(bounds.left + value - 1, bounds.left), bounds.right)
    }

    /// `Pt ; Pl ; Pb ; Pr` from parameter `index` on; nil when the rectangle is empty.
    func rectangleParameters(_ p: borrowing CSIParameters, at index: Int) -> CellRectangle? {
        let bounds = rectangleBounds
        let area = CellRectangle(
            top: rectangleRow(p[index], or: bounds.top, in: bounds),
            left: rectangleColumn(p[index + 1], or: bounds.left, in: bounds),
            bottom: rectangleRow(p[index + 2], or: bounds.bottom, in: bounds),
            right: rectangleColumn(p[index + 3], or: bounds.right, in: bounds))
        guard area.top <= area.bottom && area.left <= area.right else { return nil }
        return area
    }

    // MARK: - Wide characters at the edges

    /// Before columns `left...right` of `row` are overwritten: blanks the outer half of a
    /// wide character the edges would cut, as a plain erase does.
    private mutating func releaseEdges(row: Int, left: Int, right: Int) {
        let start = screen.rowStart(row)
        if left > 0 && screen.cells[start + left].attributes.contains(.wideContinuation) {
            Self.blankHalf(&screen.cells[start + left - 1])
        }
        if right + 1 < columns && screen.cells[start + right + 1].attributes.contains(.wideContinuation) {
            Self.blankHalf(&screen.cells[start + right + 1])
        }
    }

    /// After columns `left...right` of `row` were written with cells from elsewhere: blanks a
    /// half character left at either edge (a copy that cut a wide character).
    private mutating func trimCutHalves(row: Int, left: Int, right: Int) {
        let start = screen.rowStart(row)
        if screen.cells[start + left].attributes.contains(.wideContinuation) {
            Self.blankHalf(&screen.cells[start + left])
        }
        if screen.cells[start + right].attributes.contains(.wide) {
            Self.blankHalf(&screen.cells[start + right])
        }
    }

    // MARK: - DECCRA

    /// DECCRA (`CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v`): copies the source
    /// rectangle so its top-left corner lands on (Ptd, Pld), cells with their attributes.
    /// Overlapping copies work as if the source were read whole first; what falls outside
    /// the bounds is dropped. Pages are ignored (there is one).
    mutating func copyRectangle(_ p: borrowing CSIParameters) {
        guard let source = rectangleParameters(p, at: 0) else { return }
        let bounds = rectangleBounds
        let top = rectangleRow(p[5], or: bounds.top, in: bounds)
        let left = rectangleColumn(p[6], or: bounds.left, in: bounds)
        let width = source.right - source.left + 1
        let right = min(left + width - 1, bounds.right)
        let bottom = min(top + (source.bottom - source.top), bounds.bottom)
        let shift = top - source.top  // rows down (negative: up)
        var copied = top...bottom
        if left == 0 && right == columns - 1 && shift != 0 {
            // Whole rows: destination rows whose source row is itself overwritten take that
            // row's storage (a rotation, as a scroll does); only the others are copied.
            copied = moveWholeRows(top: top, bottom: bottom, shift: shift)
        }
        // Rows in the order that reads every source row before it is overwritten.
        let cells = screen.cells
        let count = right - left + 1
        for k in 0..<copied.count {
            let row = shift > 0 ? copied.upperBound - k : copied.lowerBound + k
            let start = screen.rowStart(row)
            let from = screen.rowStart(row - shift) + source.left
            if shift == 0 {
                // Within one row: a row of one repeated cell (no wide characters) stays as
                // it is. A shift by one column across the row is a no-op exactly when the
                // row is such a row, which the comparison finds (it stops at the first
                // difference): a flood of the same shift settles into these checks.
                if screen.holdsOnly(cells[start], row: row) {
                    clock &+= 1  // a visit, counted as work (`Terminal.clock`)
                    continue
                }
                if abs(left - source.left) == 1 && count == columns - 1
                    && memcmp(cells.baseAddress! + start + left, cells.baseAddress! + from, count * MemoryLayout<Cell>.stride) == 0
                {
                    screen.markUniform(row: row)
                    clock &+= 1
                    continue
                }
            }
            // The half of a wide character the left edge cuts is judged before the copy.
            let cutsLeft = left > 0 && cells[start + left].attributes.contains(.wideContinuation)
            UnsafeMutableRawPointer(cells.baseAddress! + start + left).copyMemory(
                from: cells.baseAddress! + from, byteCount: count * MemoryLayout<Cell>.stride)
            if cutsLeft { Self.blankHalf(&cells[start + left - 1]) }
            if right + 1 < columns && cells[start + right + 1].attributes.contains(.wideContinuation) {
                Self.blankHalf(&cells[start + right + 1])
            }
            trimCutHalves(row: row, left: left, right: right)
            touch(row)
        }
    }

    /// DECCRA of whole rows `top...bottom` from `shift` rows above (below when negative):
    /// rotates the rows whose source lies inside the destination into place, each keeping
    /// its own wrap flag, and returns the rows still to be copied (their sources lie outside).
    private mutating func moveWholeRows(top: Int, bottom: Int, shift: Int) -> ClosedRange<Int> {
        let height = bottom - top + 1
        guard abs(shift) < height else { return top...bottom }
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: height) { flags in
            for row in top...bottom { flags[row - top] = screen.isWrapped(row) }
            if shift > 0 {
                screen.rotateDown(top: top, bottom: bottom, count: shift)
            } else {
                screen.rotateUp(top: top, bottom: bottom, count: -shift)
            }
            for row in top...bottom { screen.setWrapped(row, flags[row - top]) }
        }
        let moved = shift > 0 ? (top + shift)...bottom : top...(bottom + shift)
        for row in moved { touch(row) }
        return shift > 0 ? top...(top + shift - 1) : (bottom + shift + 1)...bottom
    }

    // MARK: - DECFRA, DECERA, DECSERA

    /// DECFRA (`CSI Pch ; Pt ; Pl ; Pb ; Pr $ x`): fills the rectangle with the character
    /// Pch in the pen's rendition (protection included). As in xterm, Pch may be printable
    /// ASCII (mapped through the charset in GL, so line drawing works), Latin-1 from 160,
    /// or any other character one cell wide; an empty Pch is a space. The cells keep their
    /// colours unless the pen has colours of its own.
    mutating func fillRectangle(_ p: borrowing CSIParameters) {
        guard p.count > 0, let character = Self.fillCharacter(p[0]), let area = rectangleParameters(p, at: 1)
        else { return }
        var cell = pen
        cell.codePoint = character < 0x80 ? charsets.current.translate(character) : character
        cell.attributes.remove([.wide, .wideContinuation])
        let keepsColours = pen.foregroundBits == 0 && pen.backgroundBits == 0
        for row in area.top...area.bottom {
            releaseEdges(row: row, left: area.left, right: area.right)
            let start = screen.rowStart(row)
            for column in area.left...area.right {
                if keepsColours {
                    cell.foregroundBits = screen.cells[start + column].foregroundBits
                    cell.backgroundBits = screen.cells[start + column].backgroundBits
                }
                screen.cells[start + column] = cell
            }
            touch(row)
        }
    }

    /// The character DECFRA may fill with, or nil. Wide characters are refused: a fill
    /// writes one character per cell, and half characters are never left on the screen.
    static func fillCharacter(_ value: Int) -> UInt32? {
        switch value {
        case 0: return 0x20
        case 0x20...0x7E, 0xA0...0xFF: return UInt32(value)
        case 0x100...:
            guard let scalar = Unicode.Scalar(UInt32(value)), characterWidth(scalar.value) == 1 else { return nil }
            return scalar.value
        default: return nil
        }
    }

    /// DECERA (`CSI Pt ; Pl ; Pb ; Pr $ z`): erases the rectangle as ED erases (empty cells
    /// in the current background), protected cells included.
    mutating func eraseRectangle(_ p: borrowing CSIParameters) {
        guard let area = rectangleParameters(p, at: 0) else { return }
        for row in area.top...area.bottom {
            // A row blank from the rectangle's left edge on has nothing to erase, nor a wide
            // character cut at either edge: only the row's record is read (and the visit
            // counted as work, `Terminal.clock`).
            guard screen.extent(row) > area.left else {
                clock &+= 1
                continue
            }
            eraseCells(row: row, columns: area.left..<(area.right + 1))
        }
    }

    /// DECSERA (`CSI Pt ; Pl ; Pb ; Pr $ {`): removes the characters of the rectangle, except
    /// DEC-protected ones (DECSCA); ISO protection (SPA) does not hold here, as in xterm.
    /// Only characters go: the cells keep their colours and rendition.
    mutating func selectiveEraseRectangle(_ p: borrowing CSIParameters) {
        guard let area = rectangleParameters(p, at: 0) else { return }
        let sparesProtected = protectionMode == .dec
        for row in area.top...area.bottom {
            let start = screen.rowStart(row)
            func isSpared(_ column: Int) -> Bool {
                sparesProtected && screen.cells[start + column].attributes.contains(.protected)
            }
            if !isSpared(area.left) && area.left > 0
                && screen.cells[start + area.left].attributes.contains(.wideContinuation)
            {
                Self.blankHalf(&screen.cells[start + area.left - 1])
            }
            if !isSpared(area.right) && area.right + 1 < columns
                && screen.cells[start + area.right + 1].attributes.contains(.wideContinuation)
            {
                Self.blankHalf(&screen.cells[start + area.right + 1])
            }
            for column in area.left...area.right where !isSpared(column) {
                Self.blankHalf(&screen.cells[start + column])
            }
            touch(row)
        }
    }

    // MARK: - DECCARA, DECRARA

    /// DECCARA (`CSI Pt ; Pl ; Pb ; Pr ; Ps… $ r`) and DECRARA (`… $ t`): set or reverse
    /// rendition flags (SGR 0 1 4 5 7 8, and for DECCARA 22 24 25 27 28) without touching
    /// characters or colours. With DECSACE 2 the rectangle is affected; otherwise the stream
    /// of cells from its first corner to its last, across whole rows in between, skipping
    /// cells nothing was written to (xterm's reading of DEC STD 070).
    mutating func changeAttributesInRectangle(_ p: borrowing CSIParameters, reversing: Bool) {
        guard p.count > 4, let area = rectangleParameters(p, at: 0) else { return }
        var codes: [Int] = []
        for index in 4..<p.count { codes.append(p[index]) }
        let isRectangle = attributeChangeExtent == 2
        for row in area.top...area.bottom {
            let left = isRectangle || row == area.top ? area.left : 0
            let right = isRectangle || row == area.bottom ? area.right : columns - 1
            let start = screen.rowStart(row)
            for column in left...right {
                let cell = screen.cells[start + column]
                if !isRectangle && cell.codePoint == 0 && !cell.attributes.contains(.wideContinuation) { continue }
                var attributes = cell.attributes
                for code in codes { Self.applyRectangleAttribute(code, to: &attributes, reversing: reversing) }
                screen.cells[start + column].attributes = attributes
            }
            touch(row)
        }
    }

    /// The rendition flags DEC's SGR 0 covers in DECCARA/DECRARA.
    private static let rectangleRenditions: CellAttributes = [.bold, .blink, .inverse]

    private static func applyRectangleAttribute(_ code: Int, to a: inout CellAttributes, reversing: Bool) {
        if reversing {
            switch code {
            case 0:
                a.formSymmetricDifference(rectangleRenditions)
                a.underlineStyle = a.underlineStyle == .none ? .single : .none
            case 1: a.formSymmetricDifference(.bold)
            case 4: a.underlineStyle = a.underlineStyle == .none ? .single : .none
            case 5: a.formSymmetricDifference(.blink)
            case 7: a.formSymmetricDifference(.inverse)
            case 8: a.formSymmetricDifference(.invisible)
            default: break
            }
            return
        }
        switch code {
        case 0:
            a.subtract(rectangleRenditions)
            a.underlineStyle = .none
        case 1: a.insert(.bold)
        case 4: if a.underlineStyle == .none { a.underlineStyle = .single }
        case 5: a.insert(.blink)
        case 7: a.insert(.inverse)
        case 8: a.insert(.invisible)
        case 22: a.subtract([.bold, .faint])
        case 24: a.underlineStyle = .none
        case 25: a.remove(.blink)
        case 27: a.remove(.inverse)
        case 28: a.remove(.invisible)
        default: break
        }
    }
}
