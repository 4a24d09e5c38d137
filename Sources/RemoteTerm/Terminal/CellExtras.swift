/// The interning table behind `Cell.extra`, plus the hyperlink URIs.
///
/// Entries are shared between cells that carry the same data, so a hyperlink spanning a
/// thousand cells costs one entry. Text full of accents and emoji sequences interns on
/// nearly every mark, so the table is flat, with nothing reference counted and no `Hasher`:
/// an entry is a 16-byte record, its marks live in one shared pool, and the index is an
/// open-addressed array of entry numbers keyed by a cheap hash that extends mark by mark
/// (so "this entry plus one mark" is found without building the new entry first).
///
/// The table is bounded: when it fills up, the terminal compacts it, keeping only entries
/// (and hyperlinks) still referenced from a screen or a pen.
public struct CellExtras: Sendable {
    /// Largest index a cell can hold.
    static let capacity = Int(UInt16.max)
    /// Most distinct hyperlinks kept.
    static let hyperlinkCapacity = Int(UInt16.max)

    /// One entry, flat. `markHash` hashes the marks alone; `hash` the whole entry.
    struct Record: Sendable {
        var markStart: UInt32 = 0
        var underlineColor: UInt32 = 0
        var markHash: UInt32 = CellExtras.emptyMarkHash
        var hyperlink: UInt16 = 0
        var markCount: UInt8 = 0

        var hash: UInt32 { CellExtras.hash(markHash: markHash, hyperlink: hyperlink, underlineColor: underlineColor) }
    }

    /// Entries by index; entry 0 is the empty extra and is never in `slots`.
    private var records: [Record] = [Record()]
    /// Every entry's marks, each entry's contiguous from its `markStart`.
    private var marks: [UInt32] = []
    /// Open addressing: entry numbers by hash, 0 for a free slot; allocated at the first
    /// entry and kept at most half full.
    private var slots: [UInt16] = []
    /// Hyperlink URIs by index (index 0 unused).
    var hyperlinks: [String] = [""]
    private var indexByHyperlink: [String: UInt16] = [:]
    /// Values to drop before the next compaction is tried (`Terminal.compactExtrasIfWorthwhile`).
    var compactionsDeferred = 0
    /// Compactions so far (kept across them; tests bound the work with it).
    private(set) var compactionCount = 0

    /// An empty table.
    init() {}

    /// Entries held, the empty one included.
    var count: Int { records.count }

    /// Nothing was ever put in this table (it is as `init` made it).
    var isEmpty: Bool { records.count == 1 && hyperlinks.count == 1 && compactionCount == 0 && compactionsDeferred == 0 }

    // MARK: Reading

    /// The entry of a cell, as a value (its marks copied out: for readers off the hot paths).
    public func entry(_ index: UInt16) -> CellExtra {
        guard index != 0 && Int(index) < records.count else { return CellExtra() }
        let r = records[Int(index)]
        let start = Int(r.markStart)
        return CellExtra(
            combining: Array(marks[start..<start + Int(r.markCount)]), hyperlink: r.hyperlink,
            underlineColor: r.underlineColor)
    }

    /// The entry's combining marks, without copying them.
    func marks(_ index: UInt16) -> ArraySlice<UInt32> {
        guard index != 0 && Int(index) < records.count else { return [] }
        let r = records[Int(index)]
        return marks[Int(r.markStart)..<Int(r.markStart) + Int(r.markCount)]
    }

    /// The entry has combining marks.
    func hasMarks(_ index: UInt16) -> Bool {
        index != 0 && Int(index) < records.count && records[Int(index)].markCount != 0
    }

    /// The entry's underline colour (0: the default).
    func underlineColor(_ index: UInt16) -> UInt32 {
        index != 0 && Int(index) < records.count ? records[Int(index)].underlineColor : 0
    }

    /// The entry's hyperlink (0: none).
    func hyperlink(_ index: UInt16) -> UInt16 {
        index != 0 && Int(index) < records.count ? records[Int(index)].hyperlink : 0
    }

    /// Runs `body` with the records and the mark pool as raw buffers (for encoding a row).
    func withStorage<R>(_ body: (UnsafeBufferPointer<Record>, UnsafeBufferPointer<UInt32>) -> R) -> R {
        records.withUnsafeBufferPointer { r in marks.withUnsafeBufferPointer { m in body(r, m) } }
    }

    // MARK: Interning

    /// The index of `extra`, adding it if new; nil when the table is full (compact, then retry).
    mutating func intern(_ extra: CellExtra) -> UInt16? {
        if extra.isEmpty { return 0 }
        let marks = extra.combining.prefix(CellExtra.combiningLimit)
        var markHash = Self.emptyMarkHash
        for mark in marks { markHash = Self.extend(markHash, mark) }
        let hash = Self.hash(markHash: markHash, hyperlink: extra.hyperlink, underlineColor: extra.underlineColor)
        if let found = find(hash: hash, { r, pool in
            r.markHash == markHash && r.hyperlink == extra.hyperlink && r.underlineColor == extra.underlineColor
                && Int(r.markCount) == marks.count
                && pool[Int(r.markStart)..<Int(r.markStart) + marks.count].elementsEqual(marks)
        }) {
            return found
        }
        guard records.count < Self.capacity else { return nil }
        let start = UInt32(self.marks.count)
        self.marks.append(contentsOf: marks)
        return insert(Record(
            markStart: start, underlineColor: extra.underlineColor, markHash: markHash,
            hyperlink: extra.hyperlink, markCount: UInt8(marks.count)), hash: hash)
    }

    /// The index of entry `parent` with `mark` added to its marks, if that entry exists.
    func find(adding mark: UInt32, to parent: UInt16) -> UInt16? {
        guard Int(parent) < records.count else { return nil }
        let p = records[Int(parent)]
        let markHash = Self.extend(p.markHash, mark)
        let hash = Self.hash(markHash: markHash, hyperlink: p.hyperlink, underlineColor: p.underlineColor)
        return find(hash: hash) { r, pool in
            r.markHash == markHash && r.hyperlink == p.hyperlink && r.underlineColor == p.underlineColor
                && r.markCount == p.markCount + 1 && pool[Int(r.markStart) + Int(p.markCount)] == mark
                && pool[Int(r.markStart)..<Int(r.markStart) + Int(p.markCount)]
                    .elementsEqual(pool[Int(p.markStart)..<Int(p.markStart) + Int(p.markCount)])
        }
    }

    /// The index of entry `parent` with `mark` added, adding it if new; nil when the table is
    /// full or the parent already holds `CellExtra.combiningLimit` marks.
    mutating func intern(adding mark: UInt32, to parent: UInt16) -> UInt16? {
        if let found = find(adding: mark, to: parent) { return found }
        guard Int(parent) < records.count, records.count < Self.capacity else { return nil }
        let p = records[Int(parent)]
        guard Int(p.markCount) < CellExtra.combiningLimit else { return nil }
        let start = UInt32(marks.count)
        // One element at a time: appending a slice of the pool to itself would copy the pool.
        for k in Int(p.markStart)..<Int(p.markStart) + Int(p.markCount) { marks.append(marks[k]) }
        marks.append(mark)
        let record = Record(
            markStart: start, underlineColor: p.underlineColor, markHash: Self.extend(p.markHash, mark),
            hyperlink: p.hyperlink, markCount: p.markCount + 1)
        return insert(record, hash: record.hash)
    }

    private func find(hash: UInt32, _ matches: (Record, [UInt32]) -> Bool) -> UInt16? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let index = slots[slot]
            if index == 0 { return nil }
            if matches(records[Int(index)], marks) { return index }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insert(_ record: Record, hash: UInt32) -> UInt16 {
        let index = UInt16(records.count)
        records.append(record)
        if records.count * 2 > slots.count {
            rebuildSlots(size: max(1024, slots.count * 2))
        } else {
            place(index, hash: hash)
        }
        return index
    }

    private mutating func place(_ index: UInt16, hash: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private mutating func rebuildSlots(size: Int) {
        slots = [UInt16](repeating: 0, count: size)
        for index in 1..<records.count { place(UInt16(index), hash: records[index].hash) }
    }

    // MARK: Hashing (cheap: multiply and shift, a few instructions per mark)

    static let emptyMarkHash: UInt32 = 0x811C_9DC5

    @inline(__always)
    static func extend(_ markHash: UInt32, _ mark: UInt32) -> UInt32 {
        var h = (markHash ^ mark) &* 0x9E37_79B1
        h ^= h >> 15
        return h
    }

    @inline(__always)
    static func hash(markHash: UInt32, hyperlink: UInt16, underlineColor: UInt32) -> UInt32 {
        var h = markHash &+ underlineColor &* 0x85EB_CA6B &+ UInt32(hyperlink) &* 0xC2B2_AE35
        h ^= h >> 16
        h = h &* 0x7FEB_352D
        h ^= h >> 15
        return h
    }

    // MARK: Hyperlinks

    /// The index of a hyperlink URI (with its OSC 8 `id`), adding it if new; nil when full.
    mutating func internHyperlink(_ uri: String) -> UInt16? {
        if let index = indexByHyperlink[uri] { return index }
        guard hyperlinks.count < Self.hyperlinkCapacity else { return nil }
        let index = UInt16(hyperlinks.count)
        hyperlinks.append(uri)
        indexByHyperlink[uri] = index
        return index
    }

    /// The URI of a hyperlink index.
    /// (A link with an OSC 8 `id` is stored as `id NUL uri`, so equal ids share an entry.)
    func hyperlinkURI(_ index: UInt16) -> String? {
        guard index != 0 && Int(index) < hyperlinks.count else { return nil }
        let stored = hyperlinks[Int(index)]
        guard let split = stored.firstIndex(of: "\u{0}") else { return stored }
        return String(stored[stored.index(after: split)...])
    }

    /// The hyperlink as stored (`id NUL uri` when it has an id), for copying it elsewhere.
    func storedHyperlink(_ index: UInt16) -> String? {
        guard index != 0 && Int(index) < hyperlinks.count else { return nil }
        return hyperlinks[Int(index)]
    }

    // MARK: Compaction

    /// Rebuilds the table keeping only the entries marked in `live` (a bit per index, as
    /// `LiveExtras` collects them) and the hyperlinks they use; returns old index → new index
    /// (0 for an entry dropped). (The scrollback stores hyperlinks by value, so nothing else
    /// refers to them.)
    mutating func compact(keeping live: LiveExtras) -> [UInt16] {
        var fresh = CellExtras()
        var remap = [UInt16](repeating: 0, count: records.count)
        fresh.records.reserveCapacity(live.count + 1)
        for index in 1..<records.count where live.contains(UInt16(index)) {
            var r = records[index]
            if r.hyperlink != 0 {
                r.hyperlink = fresh.internHyperlink(storedHyperlink(r.hyperlink) ?? "") ?? 0
            }
            let start = Int(r.markStart)
            r.markStart = UInt32(fresh.marks.count)
            fresh.marks.append(contentsOf: marks[start..<start + Int(r.markCount)])
            remap[index] = UInt16(fresh.records.count)
            fresh.records.append(r)
        }
        if fresh.records.count > 1 { fresh.rebuildSlots(size: max(1024, (fresh.records.count * 2).nextPowerOfTwo)) }
        fresh.compactionCount = compactionCount + 1
        self = fresh
        return remap
    }
}

/// The extras indices still referenced (a bit per possible index), gathered before a
/// compaction.
struct LiveExtras {
    private var words = [UInt64](repeating: 0, count: (CellExtras.capacity + 64) / 64)
    /// Number of distinct indices marked.
    private(set) var count = 0

    mutating func insert(_ index: UInt16) {
        let bit = UInt64(1) << (index & 63)
        let w = Int(index >> 6)
        if words[w] & bit == 0 {
            words[w] |= bit
            count += 1
        }
    }

    func contains(_ index: UInt16) -> Bool { words[Int(index >> 6)] & (UInt64(1) << (index & 63)) != 0 }
}

extension Int {
    /// The smallest power of two at least this large (1 for 0).
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
