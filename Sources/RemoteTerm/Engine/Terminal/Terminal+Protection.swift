/// Protected cells and the erases that spare them: DECSCA, SPA/EPA, and the rule that ED,
/// EL, ECH and their selective forms DECSED, DECSEL (`Terminal+Editing.swift`) follow.
///
/// A cell written while the pen is protected carries `CellAttributes.protected`. Which
/// erases respect that flag depends on how protection was last switched on, as in xterm
/// (`screen->protected_mode`): DEC protection (DECSCA) binds only the selective erases;
/// ISO protection (SPA) binds ED, EL and ECH as well. The mode belongs to the terminal, not
/// to the cells, so one bit per cell is enough.
extension Terminal {
    /// How protection was last switched on.
    enum ProtectionMode: Sendable {
        /// Never since power-on or the last reset: every erase erases everything.
        case off
        /// DECSCA: DECSED, DECSEL and DECSERA spare protected cells.
        case dec
        /// SPA: ED, EL, ECH, DECSED and DECSEL spare protected cells (DECSERA does not).
        case iso
    }

    /// DECSCA (`CSI Ps " q`): 1 protects what is written next; 0 and 2 stop protecting. Any
    /// value makes DEC protection the kind in force (as in xterm, even DECSCA 0).
    mutating func selectCharacterProtection(_ value: Int) {
        protectionMode = .dec
        switch value {
        case 0, 2: pen.attributes.remove(.protected)
        case 1: pen.attributes.insert(.protected)
        default: break
        }
    }

    /// SPA (`ESC V`, C1 0x96): protects what is written next, ISO style.
    mutating func startProtectedArea() {
        protectionMode = .iso
        pen.attributes.insert(.protected)
    }

    /// EPA (`ESC W`, C1 0x97): stops protecting; the kind in force stays ISO.
    mutating func endProtectedArea() {
        pen.attributes.remove(.protected)
    }

    /// DECSTR and RIS: nothing is protected any more, and no kind of protection is in force.
    mutating func resetProtection() {
        pen.attributes.remove(.protected)
        protectionMode = .off
    }

    /// Whether an erase spares protected cells: a selective one (DECSED, DECSEL) whenever
    /// protection was ever switched on, a plain one (ED, EL, ECH) only under ISO protection.
    func sparesProtectedCells(selective: Bool) -> Bool {
        selective ? protectionMode != .off : protectionMode == .iso
    }

    // MARK: - Erasing around protected cells

    /// Erases the unprotected cells of `columns` in `row`, run by run, so wide characters
    /// are repaired exactly as a plain erase repairs them. Rows without any change are not
    /// touched.
    mutating func eraseUnprotectedCells(row: Int, columns range: Range<Int>) {
        let range = range.clamped(to: 0..<columns)
        let start = screen.rowStart(row)
        var column = range.lowerBound
        while column < range.upperBound {
            guard !screen.cells[start + column].attributes.contains(.protected) else {
                column += 1
                continue
            }
            var end = column + 1
            while end < range.upperBound && !screen.cells[start + end].attributes.contains(.protected) { end += 1 }
            eraseCells(row: row, columns: column..<end)
            column = end
        }
    }
}
