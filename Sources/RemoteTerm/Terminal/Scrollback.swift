/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit`.
///
/// Lines are encoded (`CompactLine`) straight into one byte arena, in order, with a small
/// record per line. The oldest lines are forgotten from the front; when the arena's end is
/// reached, the live bytes move back to its start (or the arena grows, while fewer than
/// `limit` lines are held). So a steady stream of output allocates nothing per line, and
/// a line costs its encoded bytes plus a 16-byte record.
public struct Scrollback: Sendable {
    /// Most lines kept; 0 keeps none.
    public private(set) var limit: Int
    /// Encoded lines, from `records[first].offset` to `writeOffset`.
    private var arena: [UInt8] = []
    /// Per line, oldest first from index `first` (a ring once `limit` lines are held).
    private var records: [LineRecord] = []
    private var first = 0
    /// Where the next line is encoded.
    private var writeOffset = 0
    /// The hyperlinks the lines refer to, each held once.
    private var links = ScrollbackLinks()

    private struct LineRecord: Sendable {
        var offset: Int
        var length: Int32
        var isWrapped: Bool
    }

    /// An empty scrollback of at most `limit` lines.
    init(limit: Int) { self.limit = max(0, limit) }

    /// Number of lines held.
    public var count: Int { records.count }

    /// Lines that have entered the scrollback since it was made, less those a taller screen
    /// took back: the absolute number of the screen's top row (a view's stable line numbers,
    /// `Terminal.firstLineNumber`). Lines forgotten at the limit or cleared still count.
    public private(set) var linesEntered = 0

    private func record(_ index: Int) -> LineRecord { records[(first + index) % records.count] }

    /// Line `index`, 0 being the oldest (a copy of its bytes).
    subscript(index: Int) -> CompactLine {
        let r = record(index)
        return CompactLine(bytes: Array(arena[r.offset..<r.offset + Int(r.length)]), isWrapped: r.isWrapped, links: links)
    }

    /// Encodes `cells` as the newest line, forgetting the oldest when `limit` are held.
    mutating func append(_ cells: UnsafeBufferPointer<Cell>, isWrapped: Bool, extras: borrowing CellExtras) {
        linesEntered += 1
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
        let length = arena.withUnsafeMutableBufferPointer { arena in
            CompactLine.encode(cells, extras: extras, into: arena.baseAddress! + offset, capacity: need) { stored in
                lineLinks.number(for: stored, line: line, oldestLine: oldestLine, sweepSpacing: spacing)
            }
        }
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

    /// An offset with `need` free bytes after it: after the newest line, or at the start
    /// after moving the live bytes back, growing the arena when they would not leave room.
    private mutating func reserve(_ need: Int) -> Int {
        if writeOffset + need <= arena.count { return writeOffset }
        let liveStart = records.isEmpty ? writeOffset : liveStartOffset()
        let live = writeOffset - liveStart
        // Grow when the live bytes fill more than half the arena, so moves stay rare. Without
        // growth the live bytes move back within the same arena: a fresh one each time cost
        // page faults on every page of it (half the time of a scrolling flood at 300x1000).
        let size = max(arena.count, 1 << 16)
        let newSize = live + need > size / 2 ? max(size * 2, live + need) : size
        if newSize == arena.count {
            if live > 0 && liveStart > 0 {
                arena.withUnsafeMutableBytes { bytes in
                    (bytes.baseAddress!).copyMemory(from: bytes.baseAddress! + liveStart, byteCount: live)
                }
            }
        } else {
            var fresh = [UInt8](unsafeUninitializedCapacity: newSize) { buffer, initialized in
                initialized = newSize
            }
            fresh.withUnsafeMutableBufferPointer { to in
                arena.withUnsafeBufferPointer { from in
                    if live > 0 { (to.baseAddress!).update(from: from.baseAddress! + liveStart, count: live) }
                }
            }
            arena = fresh
        }
        for i in records.indices where records[i].offset >= liveStart {
            records[i].offset -= liveStart
        }
        writeOffset = live
        return writeOffset
    }

    /// Offset of the oldest live line (the one being replaced, when the ring is full, is
    /// already dropped: `first` points past it).
    private func liveStartOffset() -> Int {
        let dropped = records.count == limit ? (first + records.count - 1) % records.count : -1
        if dropped == first { return writeOffset }  // a one-line scrollback: nothing else is live
        return records[first].offset
    }

    /// Removes and returns the newest line (a taller screen takes lines back).
    mutating func removeNewest() -> CompactLine? {
        guard !records.isEmpty else { return nil }
        let line = self[records.count - 1]
        if first != 0 {
            records = Array(records[first...] + records[..<first])
            first = 0
        }
        let removed = records.removeLast()
        // Copies share their line's bytes: the next line goes after the newest one left.
        writeOffset = records.last.map { $0.offset + Int($0.length) } ?? removed.offset
        linesEntered -= 1
        return line
    }

    /// Forgets every line (ED 3, RIS).
    mutating func removeAll() {
        arena = []
        records = []
        links = ScrollbackLinks()
        first = 0
        writeOffset = 0
    }
}
