/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit`.
///
/// Lines are encoded (`CompactLine`) straight into one byte arena, used as a ring, with a
/// small record per line. The oldest lines are forgotten from the front; when the arena's
/// end is reached, lines go on from its start (or the arena grows, while fewer than `limit`
/// lines are held). So a steady stream of output allocates and copies nothing per line,
/// and a line costs its encoded bytes plus a 16-byte record.
package struct Scrollback: Sendable {
    /// Most lines kept; 0 keeps none.
    package private(set) var limit: Int
    /// Encoded lines, from `records[first].offset` to `writeOffset`, wrapping at the end.
    private var arena: [UInt8] = []
    /// Per line, oldest first from index `first` (a ring once `limit` lines are held).
    private var records: [LineRecord] = []
    private var first = 0
    /// Where the next line is encoded.
    private var writeOffset = 0
    /// Lines may be written from `writeOffset` up to here without looking further (the
    /// arena's end, or the oldest live line once the ring has wrapped; lines dropped since
    /// only leave more room). 0 makes the next `reserve` look.
    private var writeLimit = 0
    /// The hyperlinks the lines refer to, each held once.
    private var links = ScrollbackLinks()
    /// The links the newest line uses (`appendCopiesOfNewest` keeps them live).
    private var linksOfNewest: [UInt16] = []
    /// What the newest line was stored from, when it was a row known to hold one fill (REP's
    /// rows): a row with the same key is stored as a copy of it. Forgotten by every other
    /// store and whenever cells' extras are renumbered.
    var newestFill: RowFillKey?

    private struct LineRecord: Sendable {
        var offset: Int
        var length: Int32
        var isWrapped: Bool
    }

    /// An empty scrollback of at most `limit` lines.
    init(limit: Int) { self.limit = max(0, limit) }

    /// Number of lines held.
    package var count: Int { records.count }

    /// Lines that have entered the scrollback since it was made, less those a taller screen
    /// took back: the absolute number of the screen's top row (a view's stable line numbers,
    /// `Terminal.firstLineNumber`). Lines forgotten at the limit or cleared still count.
    package private(set) var linesEntered = 0

    private func record(_ index: Int) -> LineRecord { records[(first + index) % records.count] }

    /// Line `index`, 0 being the oldest (a copy of its bytes).
    subscript(index: Int) -> CompactLine {
        let r = record(index)
        return CompactLine(bytes: Array(arena[r.offset..<r.offset + Int(r.length)]), isWrapped: r.isWrapped, links: links)
    }

    /// Encodes `cells` as the newest line, forgetting the oldest when `limit` are held.
    mutating func append(_ cells: UnsafeBufferPointer<Cell>, isWrapped: Bool, extras: borrowing CellExtras) {
        linesEntered += 1
        newestFill = nil
        guard limit > 0 else { return }
        if records.count == limit { dropOldest() }
        let need = CompactLine.worstCaseSize(columns: cells.count)
        let offset = reserve(need)
        // The table is moved out while the arena is written, so the two are not accessed at once.
        var lineLinks = ScrollbackLinks()
        swap(&lineLinks, &links)
        let line = linesEntered - 1
        let oldestLine = linesEntered - records.count
        let spacing = limit / 4
        var used: [UInt16] = []
        let length = arena.withUnsafeMutableBufferPointer { arena in
            CompactLine.encode(cells, extras: extras, into: arena.baseAddress! + offset, capacity: need) { stored in
                let number = lineLinks.number(for: stored, line: line, oldestLine: oldestLine, sweepSpacing: spacing)
                if number != 0 { used.append(number) }
                return number
            }
        }
        linksOfNewest = used
        swap(&lineLinks, &links)
        store(LineRecord(offset: offset, length: Int32(length), isWrapped: isWrapped))
    }

    /// Number of distinct hyperlinks held for the lines, and their bytes.
    var hyperlinkUsage: (count: Int, bytes: Int) { (links.count, links.byteCount) }

    /// Stores a plain row (default-style ASCII, 0 for empty cells) given as its bytes: the
    /// encoding of such a row is the bytes themselves, trailing empty cells dropped.
    mutating func appendPlain(_ text: UnsafeBufferPointer<UInt8>, isWrapped: Bool) {
        var length = text.count
        while length > 0 && text[length - 1] == 0 { length -= 1 }
        appendEncoded(UnsafeBufferPointer(rebasing: text[0..<length]), isWrapped: isWrapped)
    }

    /// Stores a line given as its `CompactLine` encoding (a row's mirror), with no hyperlinks.
    mutating func appendEncoded(_ encoding: UnsafeBufferPointer<UInt8>, isWrapped: Bool) {
        linesEntered += 1
        linksOfNewest = []
        newestFill = nil
        guard limit > 0 else { return }
        if records.count == limit { dropOldest() }
        let length = encoding.count
        let offset = reserve(length)
        if length > 0 {
            arena.withUnsafeMutableBufferPointer { arena in
                (arena.baseAddress! + offset).update(from: encoding.baseAddress!, count: length)
            }
        }
        store(LineRecord(offset: offset, length: Int32(length), isWrapped: isWrapped))
    }

    /// Stores `count` more copies of the newest line (REP filling rows with one character):
    /// their records share its bytes, so a copy costs its 16-byte record and nothing else.
    /// Copies beyond `limit` would be forgotten at once, so at most `limit` are made.
    mutating func appendCopiesOfNewest(_ count: Int, isWrapped: Bool) {
        guard count > 0 else { return }
        linesEntered += count
        guard limit > 0, !records.isEmpty else { return }
        // The copies use the newest line's links: they stay live until the last copy goes.
        for number in linksOfNewest { links.noteUse(of: number, line: linesEntered - 1) }
        let newest = record(records.count - 1)
        let copy = LineRecord(offset: newest.offset, length: newest.length, isWrapped: isWrapped)
        var left = min(count, limit)
        if records.count < limit && first == 0 {
            let grown = min(left, limit - records.count)
            records.append(contentsOf: repeatElement(copy, count: grown))
            left -= grown
        }
        // A full ring: each copy takes the oldest line's slot, from `first` on.
        while left > 0 {
            let run = min(left, records.count - first)
            records.withUnsafeMutableBufferPointer { ring in
                UnsafeMutableBufferPointer(rebasing: ring[first..<(first + run)]).update(repeating: copy)
            }
            first = (first + run) % records.count
            left -= run
        }
    }

    private mutating func store(_ line: LineRecord) {
        if records.count < limit && first == 0 {
            records.append(line)
        } else {
            records[(first + records.count - 1) % records.count] = line
        }
        writeOffset = line.offset + Int(line.length)
    }

    /// Forgets the oldest line; its record slot becomes the newest one's (ring full).
    private mutating func dropOldest() {
        first = (first + 1) % records.count
    }

    /// An offset with `need` free bytes after it. The arena is a ring: a line goes after the
    /// newest one, or back at the start when it does not fit before the arena's end and the
    /// oldest live line leaves room there; only when neither has room are the live bytes
    /// copied, in order, into a new arena (twice as big once they fill more than half).
    /// Moving them back to the start whenever the end was reached copied as many bytes as
    /// the lines themselves took: a tenth of the time of a flood of plain text.
    private mutating func reserve(_ need: Int) -> Int {
        if writeOffset + need <= writeLimit { return writeOffset }
        guard let (start, end, wrapped) = liveBounds() else {
            if need > arena.count { _ = rebuild(size: max(1 << 16, 2 * need), start: 0, end: 0, wrapped: false) }
            writeLimit = arena.count
            return 0
        }
        if wrapped {
            // Live: from `start` to the arena's end, then from 0 to `end`.
            writeLimit = start
            if end + need <= start { return end }
        } else {
            writeLimit = arena.count
            if end + need <= arena.count { return end }
            if need <= start {
                writeLimit = start
                return 0
            }
        }
        let live = wrapped ? arena.count - start + end : end - start
        let size = max(arena.count, 1 << 16)
        let offset = rebuild(
            size: live + need > size / 2 ? max(size * 2, live + need) : size, start: start, end: end, wrapped: wrapped)
        writeLimit = arena.count
        return offset
    }

    /// The oldest live line's offset, the end of the newest, and whether the newest lies
    /// before the oldest (the ring wrapped); nil when no line is live. (In `append` at the
    /// limit, the line being replaced is already dropped: `first` points past it.)
    private func liveBounds() -> (start: Int, end: Int, wrapped: Bool)? {
        let live = records.count == limit ? records.count - 1 : records.count
        guard live > 0 else { return nil }
        let oldest = records[first]
        let newest = records[(first + live - 1) % records.count]
        return (oldest.offset, newest.offset + Int(newest.length), newest.offset < oldest.offset)
    }

    /// Copies the live bytes, in order, to the start of a new arena of `size` bytes; returns
    /// the offset after them.
    private mutating func rebuild(size: Int, start: Int, end: Int, wrapped: Bool) -> Int {
        let tail = wrapped ? arena.count - start : end - start  // bytes from `start` on
        let head = wrapped ? end : 0  // bytes from 0, after the wrap
        var fresh = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        fresh.withUnsafeMutableBufferPointer { to in
            arena.withUnsafeBufferPointer { from in
                if tail > 0 { to.baseAddress!.update(from: from.baseAddress! + start, count: tail) }
                if head > 0 { (to.baseAddress! + tail).update(from: from.baseAddress!, count: head) }
            }
        }
        arena = fresh
        for i in records.indices {
            records[i].offset = records[i].offset >= start ? records[i].offset - start : records[i].offset + tail
        }
        writeOffset = tail + head
        return writeOffset
    }

    /// Removes and returns the newest line (a taller screen takes lines back).
    mutating func removeNewest() -> CompactLine? {
        guard !records.isEmpty else { return nil }
        newestFill = nil
        let line = self[records.count - 1]
        if first != 0 {
            records = Array(records[first...] + records[..<first])
            first = 0
        }
        let removed = records.removeLast()
        // Copies share their line's bytes: the next line goes after the newest one left.
        writeOffset = records.last.map { $0.offset + Int($0.length) } ?? removed.offset
        writeLimit = 0
        linesEntered -= 1
        return line
    }

    /// Forgets every line (ED 3, RIS).
    mutating func removeAll() {
        newestFill = nil
        arena = []
        records = []
        links = ScrollbackLinks()
        first = 0
        writeOffset = 0
        writeLimit = 0
    }
}
