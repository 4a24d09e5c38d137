/// The cells of one screen (primary or alternate): `rows × columns` cells in one flat array.
///
/// Rows are addressed through `slots`, a map from a screen row to the row's storage slot, so
/// scrolling moves a few integers instead of cells (tmux's `linedata`, mosh's shared rows).
/// Each slot carries a revision stamped from the terminal's clock on every change: a renderer
/// that remembers which revision it drew on each row redraws exactly the rows that changed.
package struct ScreenBuffer: Sendable {
    /// Number of rows.
    package var rows: Int { storage.rows }
    /// Number of columns.
    package var columns: Int { storage.columns }
    /// The memory, shared between copies until one of them is about to change
    /// (`makeUnique`, called once per `Terminal.feed` rather than on every write).
    private var storage: ScreenStorage
    /// The fill `markFill` recorded last and its number; rows given the same number hold the
    /// same cells in their fill's columns, so comparing two rows costs two numbers.
    /// (`ScreenBuffer+Fill`.)
    var lastFill: (key: RowFillKey, columns: Range<Int>, number: UInt32)?
    var fillsNumbered: UInt32 = 0
    /// All cells, slot by slot.
    var cells: UnsafeMutableBufferPointer<Cell> { storage.cells }
    /// Screen row → storage slot.
    var slots: UnsafeMutableBufferPointer<Int> { storage.slots }
    /// Per slot: revision, extent and wrap flag.
    var info: UnsafeMutableBufferPointer<RowInfo> { storage.info }
    /// Per slot, one byte per column: the row's characters while the row is *plain*
    /// (`RowInfo.isPlain`: only default-style ASCII and empty cells). Saving a plain row to
    /// the scrollback is then a copy of these bytes instead of an encoding of its cells.
    var plainText: UnsafeMutableBufferPointer<UInt8> { storage.plainText }
    /// Per slot: the state of its mirror, and `mirrorCapacity` bytes of it in `mirrorBytes`.
    var mirrors: UnsafeMutableBufferPointer<RowMirror> { storage.mirrors }
    var mirrorBytes: UnsafeMutableBufferPointer<UInt8> { storage.mirrorBytes }
    var mirrorCapacity: Int { storage.mirrorCapacity }

    /// A blank screen whose rows are stamped with revisions from `clock`.
    init(rows: Int, columns: Int, clock: inout UInt64) {
        storage = ScreenStorage(rows: rows, columns: columns, clock: &clock)
    }

    /// Gives this value its own copy of the memory if another value shares it. Every
    /// mutating entry point of `Terminal` calls this before writing through the pointers.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Index in `cells` of the first cell of screen row `row`, for reading or writing its
    /// cells: a plain row's cells that were held in `plainText` only are written out first.
    @inline(__always) func rowStart(_ row: Int) -> Int {
        let slot = slots[row]
        if heldInPlainText[slot] != 0 { writeOutCells(slot: slot) }
        return slot &* columns
    }

    /// The same without writing anything out, for code that reads only `plainText` or
    /// writes a plain row through `holdInPlainText`.
    @inline(__always) func plainRowStart(_ row: Int) -> Int { slots[row] &* columns }

    /// Per slot: the columns before this one are held in `plainText` only. While a row is
    /// plain, its cells are exactly its characters in the default style, so printing
    /// default-style ASCII on it can write the bytes alone and leave the cells (16 bytes
    /// each) to be written out when something reads them (`rowStart`): a screen's worth of
    /// rows at most, at frame pace, instead of every line of a flood, and a recycled row is
    /// cleared by zeroing its bytes. 0 when every cell is stored.
    var heldInPlainText: UnsafeMutableBufferPointer<Int32> { storage.heldInPlainText }

    /// Writes out the cells of slot `slot` held in `plainText` only.
    @inline(never) func writeOutCells(slot: Int) {
        assert(info[slot].isPlain, "cells held in plainText on a row that is not plain")
        let count = Int(heldInPlainText[slot])
        let start = slot &* columns
        let text = plainText.baseAddress! + start
        let raw = UnsafeMutableRawPointer(cells.baseAddress! + start)
        for k in 0..<count {
            raw.storeBytes(of: SIMD2<UInt64>(UInt64(text[k]), 0), toByteOffset: k &* MemoryLayout<Cell>.stride, as: SIMD2<UInt64>.self)
        }
        heldInPlainText[slot] = 0
    }

    /// Records that plain row `row`'s columns before `end` were written to `plainText` only.
    /// The first time, everything up to the row's extent counts as held there too: its cells
    /// equal its bytes, and the row may be cleared before they are written out.
    @inline(__always) mutating func holdInPlainText(row: Int, upTo end: Int) {
        let slot = slots[row]
        let held = Int(heldInPlainText[slot])
        heldInPlainText[slot] = Int32(max(held == 0 ? Int(info[slot].extent) : held, end))
    }

    /// The cell at a screen position.
    func cell(row: Int, column: Int) -> Cell { cells[rowStart(row) + column] }

    /// Hands `body` the cells of one screen row, left to right, in place (no copy).
    package func withRowCells<Result>(_ row: Int, _ body: (UnsafeBufferPointer<Cell>) throws -> Result) rethrows -> Result {
        let start = rowStart(row)
        return try body(UnsafeBufferPointer(rebasing: cells[start..<start + columns]))
    }

    /// The cells of one screen row, left to right (a copy).
    package func rowCells(_ row: Int) -> ArraySlice<Cell> {
        let start = rowStart(row)
        return ArraySlice(UnsafeBufferPointer(rebasing: cells[start..<start + columns]))
    }

    /// Whether screen row `row` was soft-wrapped onto the next one.
    package func isWrapped(_ row: Int) -> Bool { info[slots[row]].isWrapped }

    /// Marks whether screen row `row` continues on the next one.
    func setWrapped(_ row: Int, _ isWrapped: Bool) { info[slots[row]].isWrapped = isWrapped }

    /// The revision of screen row `row`.
    package func revision(_ row: Int) -> UInt64 { info[slots[row]].revision }

    /// The storage slot of screen row `row` (it moves with the row when the screen scrolls).
    func slot(_ row: Int) -> Int { slots[row] }

    /// Stamps row `row` as changed (anywhere in the row).
    @inline(__always) mutating func touch(_ row: Int, clock: inout UInt64) {
        clock &+= 1
        let slot = slots[row]
        // A row that stops being plain stores all its cells (its bytes stop being them).
        if heldInPlainText[slot] != 0 { writeOutCells(slot: slot) }
        info[slot].revision = clock
        info[slot].extent = Int32(columns)
        info[slot].isPlain = false
        info[slot].isUniform = false
        info[slot].isMirrored = false
    }

    /// Stamps row `row` as changed for a renderer whose content is the same (the screen
    /// switched or its colours were reversed): what is known about its cells stays true.
    @inline(__always) mutating func stamp(_ row: Int, clock: inout UInt64) {
        clock &+= 1
        info[slots[row]].revision = clock
    }

    /// Stamps row `row` as changed in columns before `end` only (the print paths).
    @inline(__always) mutating func touch(_ row: Int, upTo end: Int, clock: inout UInt64) {
        touch(row, upTo: end, keepsPlain: false, clock: &clock)
    }

    /// The same, for a write of default-style ASCII that was also copied into `plainText`
    /// (`keepsPlain`), or one appended to the row's mirror (`keepsMirror`, `ScreenBuffer+Mirror`).
    @inline(__always) mutating func touch(
        _ row: Int, upTo end: Int, keepsPlain: Bool, keepsMirror: Bool = false, clock: inout UInt64
    ) {
        clock &+= 1
        let slot = slots[row]
        let columns = self.columns
        info[slot].revision = clock
        if info[slot].extent < end { info[slot].extent = Int32(min(end, columns)) }
        if !keepsPlain {
            if heldInPlainText[slot] != 0 { writeOutCells(slot: slot) }
            info[slot].isPlain = false
        }
        if !keepsMirror && !keepsPlain { info[slot].isMirrored = false }
        info[slot].isUniform = false
    }

    /// Whether row `row` holds only default-style ASCII and empty cells.
    @inline(__always) func isPlain(_ row: Int) -> Bool { info[slots[row]].isPlain }

    /// The columns of row `row` that may hold something other than blank cells.
    @inline(__always) func extent(_ row: Int) -> Int { Int(info[slots[row]].extent) }

    /// Fills columns `range` of `row` with `fill` and stamps the row.
    mutating func fill(row: Int, columns range: Range<Int>, with fill: Cell, clock: inout UInt64) {
        guard !range.isEmpty else { return }
        let start = rowStart(row)
        if fill == .blank {
            // Cells from the extent on are blank already, so only the part before it is
            // cleared, and a fill that reaches it moves it back: erasing a row twice, or an
            // erased row, costs nothing (a flood of whole-screen DECERA after one character
            // clears one cell each).
            let slot = slots[row]
            let extent = Int(info[slot].extent)
            guard range.lowerBound < extent else {
                clock &+= 1  // a visit, counted as work (`Terminal.clock`)
                return
            }
            let upper = min(range.upperBound, extent)
            let count = upper - range.lowerBound
            UnsafeMutableRawPointer(cells.baseAddress! + start + range.lowerBound)
                .initializeMemory(as: UInt8.self, repeating: 0, count: count * MemoryLayout<Cell>.stride)
            (plainText.baseAddress! + start + range.lowerBound).update(repeating: 0, count: count)
            clock &+= 1
            info[slot].revision = clock
            info[slot].isUniform = false
            // Erasing only cells past the mirror's end (blank already) leaves it whole.
            if range.lowerBound < Int(mirrors[slot].column) { info[slot].isMirrored = false }
            if upper == extent { info[slot].extent = Int32(range.lowerBound) }
            return
        }
        UnsafeMutableBufferPointer(rebasing: cells[(start + range.lowerBound)..<(start + range.upperBound)])
            .update(repeating: fill)
        touch(row, clock: &clock)
    }

    /// Clears a whole row, including its wrap flag.
    mutating func clearRow(_ row: Int, with fill: Cell, clock: inout UInt64) {
        let slot = slots[row]
        let wasWrapped = info[slot].isWrapped
        info[slot].isWrapped = false
        if fill == .blank {
            // Only the used part needs clearing (the rest is blank already), and a blank
            // cell is all zero bytes, so it is a memset.
            let count = Int(info[slot].extent)
            // A row with nothing on it is left as it is (RIS after one character clears one
            // row of each screen, not all of them).
            guard count > 0 else {
                // The clock still ticks: it measures work too (`Terminal.clock`).
                clock &+= 1
                info[slot].isPlain = true
                info[slot].isMirrored = true
                mirrors[slot] = RowMirror()
                if wasWrapped { info[slot].revision = clock }
                return
            }
            let start = plainRowStart(row)
            // Cells held in `plainText` only need no clearing: zero bytes are blank cells.
            if heldInPlainText[slot] == 0 {
                UnsafeMutableRawPointer(cells.baseAddress! + start)
                    .initializeMemory(as: UInt8.self, repeating: 0, count: count * MemoryLayout<Cell>.stride)
            }
            (plainText.baseAddress! + start).initialize(repeating: 0, count: count)
            clock &+= 1
            info[slot] = RowInfo(revision: clock)
            mirrors[slot] = RowMirror()
        } else {
            self.fill(row: row, columns: 0..<columns, with: fill, clock: &clock)
        }
    }

    /// Rotates rows `top...bottom` up by `count` (content moves up); the rows that come out at
    /// the bottom keep their old slots and must be cleared by the caller.
    mutating func rotateUp(top: Int, bottom: Int, count: Int) {
        let n = bottom - top + 1
        let k = count % n
        guard k > 0 else { return }
        // The whole screen moves its window over the slot map instead (a line feed at the
        // bottom of a screen without a scroll region, the commonest scroll of all).
        if top == 0 && bottom == rows - 1 {
            storage.rotateSlotWindow(by: k)
            return
        }
        // In place, without allocating: this runs on every line feed at the bottom margin.
        let slots = self.slots
        if k == 1 {
            let first = slots[top]
            for i in top..<bottom { slots[i] = slots[i + 1] }
            slots[bottom] = first
        } else {
            var first = UnsafeMutableBufferPointer(rebasing: slots[top..<top + k])
            var second = UnsafeMutableBufferPointer(rebasing: slots[top + k...bottom])
            var whole = UnsafeMutableBufferPointer(rebasing: slots[top...bottom])
            first.reverse()
            second.reverse()
            whole.reverse()
        }
    }

    /// Rotates rows `top...bottom` down by `count`; the rows that come out at the top must be
    /// cleared by the caller.
    mutating func rotateDown(top: Int, bottom: Int, count: Int) {
        let n = bottom - top + 1
        let k = count % n
        guard k > 0 else { return }
        rotateUp(top: top, bottom: bottom, count: n - k)
    }

    /// A copy with a new size: rows are taken from `rowSource` (top to bottom), cut or padded
    /// to the new width. Wide characters cut in half at the right edge are blanked.
    static func resized(
        rows: Int, columns: Int, rowSource: [(cells: ArraySlice<Cell>, wrapped: Bool)], clock: inout UInt64
    ) -> ScreenBuffer {
        var buffer = ScreenBuffer(rows: rows, columns: columns, clock: &clock)
        for (row, source) in rowSource.prefix(rows).enumerated() {
            let start = buffer.rowStart(row)
            for (c, cell) in source.cells.prefix(columns).enumerated() { buffer.cells[start + c] = cell }
            buffer.info[row].isWrapped = source.wrapped && source.cells.count <= columns
            buffer.info[row].extent = Int32(columns)
            buffer.info[row].isPlain = false
            buffer.info[row].isMirrored = false
            buffer.repairWideCharacters(row: row)
        }
        return buffer
    }

    /// Blanks half-characters left by an edit: a continuation without its first half, or a
    /// first half without its continuation (after ICH/DCH/resize cut a wide character).
    mutating func repairWideCharacters(row: Int) {
        let start = rowStart(row)
        for c in 0..<columns { repairWideCharacter(at: start, c) }
    }

    /// The same for a row that was whole before a copy into columns `left...right`: only the
    /// pairs of cells across those edges can have come apart, so only they are looked at.
    mutating func repairWideCharacters(row: Int, afterCopyInto left: Int, _ right: Int) {
        let start = rowStart(row)
        if left > 0 { repairWideCharacter(at: start, left - 1) }
        repairWideCharacter(at: start, left)
        if right > left { repairWideCharacter(at: start, right) }
        if right + 1 < columns { repairWideCharacter(at: start, right + 1) }
    }

    /// Blanks the cell in column `c` of the row at `start` if it is half a character.
    @inline(__always)
    private mutating func repairWideCharacter(at start: Int, _ c: Int) {
        let cell = cells[start + c]
        if cell.attributes.contains(.wideContinuation) {
            if c == 0 || !cells[start + c - 1].attributes.contains(.wide) {
                cells[start + c].attributes.remove(.wideContinuation)
                cells[start + c].codePoint = 0
                cells[start + c].extra = 0
            }
        } else if cell.attributes.contains(.wide) {
            if c == columns - 1 || !cells[start + c + 1].attributes.contains(.wideContinuation) {
                cells[start + c].attributes.remove(.wide)
                cells[start + c].codePoint = 0
                cells[start + c].extra = 0
            }
        }
    }
}

/// What a screen buffer keeps about each row besides its cells.
struct RowInfo: Sendable {
    /// The revision of the row's last change.
    var revision: UInt64
    /// Every cell from this column on is `Cell.blank`. Lets clearing a row and saving it to
    /// the scrollback skip the untouched right-hand side; any change not made through the
    /// print paths sets it to the full width, so it is never too small.
    var extent: Int32 = 0
    /// The line continues on the next row (it was soft-wrapped by autowrap).
    var isWrapped = false
    /// Only default-style ASCII and empty cells, mirrored in `ScreenBuffer.plainText`.
    var isPlain = true
    /// What the row is known to be filled with (`fillWhole`, `fillWholeWide`), cleared by
    /// every touch.
    var fill = RowFill.unknown
    /// The columns the fill covers: `fillStart..<fillEnd` (the whole row, or the span between
    /// left and right margins).
    var fillStart: Int32 = 0
    /// Rows with the same number hold the same fill (`ScreenBuffer.markFill`).
    var fillNumber: UInt32 = 0
    var fillEnd: Int32 = 0
    /// Every cell equals the row's first: set by `fillWhole`, cleared by every touch.
    var isUniform: Bool {
        get { fill == .uniform }
        set { fill = newValue ? .uniform : .unknown }
    }
    /// The row's scrollback encoding is kept as it is printed (`ScreenBuffer+Mirror`): set
    /// when the row is cleared, kept by writes that append, cleared by every other touch.
    var isMirrored = true
}

/// The memory of a `ScreenBuffer`, copied by hand on write (see `ScreenBuffer.makeUnique`).
///
/// Buffer pointers rather than arrays, so the hot paths write without a uniqueness check
/// per write; their subscripts are bounds-checked in debug builds, which the tests (and the
/// 64 MiB fuzz run) use. `@unchecked Sendable`: it is only ever mutated through a
/// `ScreenBuffer` that owns it uniquely, with one exception: reading a row writes out the
/// cells it held in `plainText` only (`ScreenBuffer.rowStart`), which leaves its content as
/// it was, for every copy sharing the storage. A terminal and its copies are used from one
/// thread (the session's loop, or `rterm render`'s), so no read runs beside another.
final class ScreenStorage: @unchecked Sendable {
    let rows: Int
    let columns: Int
    let cells: UnsafeMutableBufferPointer<Cell>
    let plainText: UnsafeMutableBufferPointer<UInt8>
    let info: UnsafeMutableBufferPointer<RowInfo>
    /// Screen row → slot, read through a window of `rows` entries over twice as many, so
    /// that scrolling the whole screen moves the window rather than every entry.
    private let slotMap: UnsafeMutablePointer<Int>
    private var slotWindow = 0
    var slots: UnsafeMutableBufferPointer<Int> { UnsafeMutableBufferPointer(start: slotMap + slotWindow, count: rows) }
    let mirrorCapacity: Int
    let mirrors: UnsafeMutableBufferPointer<RowMirror>
    let mirrorBytes: UnsafeMutableBufferPointer<UInt8>
    let heldInPlainText: UnsafeMutableBufferPointer<Int32>

    init(rows: Int, columns: Int, clock: inout UInt64) {
        self.rows = rows
        self.columns = columns
        cells = .allocate(capacity: rows * columns)
        cells.initialize(repeating: .blank)
        plainText = .allocate(capacity: rows * columns)
        plainText.initialize(repeating: 0)
        mirrorCapacity = ScreenBuffer.mirrorCapacity(columns: columns)
        mirrors = .allocate(capacity: rows)
        mirrors.initialize(repeating: RowMirror())
        // Left uninitialised: only the bytes before a mirror's length are ever read.
        mirrorBytes = .allocate(capacity: rows * mirrorCapacity)
        heldInPlainText = .allocate(capacity: rows)
        heldInPlainText.initialize(repeating: 0)
        info = .allocate(capacity: rows)
        slotMap = .allocate(capacity: 2 * rows)
        slotMap.initialize(repeating: 0, count: 2 * rows)
        for row in 0..<rows {
            clock &+= 1
            (info.baseAddress! + row).initialize(to: RowInfo(revision: clock))
            slotMap[row] = row
        }
    }

    private init(copying other: ScreenStorage) {
        rows = other.rows
        columns = other.columns
        cells = .allocate(capacity: other.cells.count)
        _ = cells.initialize(from: other.cells)
        plainText = .allocate(capacity: other.plainText.count)
        _ = plainText.initialize(from: other.plainText)
        info = .allocate(capacity: other.info.count)
        _ = info.initialize(from: other.info)
        slotMap = .allocate(capacity: 2 * rows)
        slotMap.initialize(repeating: 0, count: 2 * rows)
        slotMap.update(from: other.slotMap + other.slotWindow, count: rows)
        heldInPlainText = .allocate(capacity: other.heldInPlainText.count)
        _ = heldInPlainText.initialize(from: other.heldInPlainText)
        mirrorCapacity = other.mirrorCapacity
        mirrors = .allocate(capacity: other.mirrors.count)
        _ = mirrors.initialize(from: other.mirrors)
        mirrorBytes = .allocate(capacity: other.mirrorBytes.count)
        for slot in 0..<rows where other.info[slot].isMirrored && !other.info[slot].isPlain {
            let start = slot * mirrorCapacity
            (mirrorBytes.baseAddress! + start)
                .initialize(from: other.mirrorBytes.baseAddress! + start, count: Int(other.mirrors[slot].length))
        }
    }

    /// An independent copy.
    func copy() -> ScreenStorage { ScreenStorage(copying: self) }

    /// Rotates the whole slot map up by `k` (0 < k < rows): the first `k` entries move to the
    /// end. The window moves on; when it would leave the map, it is copied back to the start
    /// first (once every `rows` scrolls).
    func rotateSlotWindow(by k: Int) {
        if slotWindow + rows + k > 2 * rows {
            (slotMap).update(from: slotMap + slotWindow, count: rows)
            slotWindow = 0
        }
        (slotMap + slotWindow + rows).update(from: slotMap + slotWindow, count: k)
        slotWindow += k
    }

    deinit {
        cells.deallocate()
        plainText.deallocate()
        info.deallocate()
        slotMap.deallocate()
        mirrors.deallocate()
        mirrorBytes.deallocate()
        heldInPlainText.deallocate()
    }
}
