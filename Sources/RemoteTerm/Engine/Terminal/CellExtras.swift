/// The table behind `Cell.extra`, plus the hyperlink URIs.
///
/// Two kinds of entry, kept differently because they are met differently:
///
/// - **Pens** (a hyperlink, an underline colour, no marks) are interned: every cell printed
///   with the pen shares its entry, so a link spanning a thousand cells costs one. They
///   change only with SGR 58 or OSC 8, so an open-addressed index keyed by a cheap hash
///   finds them.
/// - **Marks** (combining marks, variation selectors, ZWJ) arrive on nearly every other
///   character of accented or emoji-heavy text, in combinations too many to index without a
///   miss to memory on every lookup. An entry with marks is never looked up: a mark joining
///   a cell appends a new entry (its parent's data plus the mark), and the terminal's
///   `CombiningCache`, small enough to stay in the processor's cache, hands out the entry
///   made last time for the same parent and mark. Repeated text therefore shares entries;
///   an entry nothing refers to any more is dropped by the next compaction.
///
/// An entry is a 12-byte record. Marks are stored as their UTF-8 bytes in one pool (the form
/// the scrollback stores), which always has `slack` bytes beyond its last entry so that a
/// reader can copy a fixed 16 bytes from any entry's start.
///
/// The table is bounded: at most `capacity` entries, `combiningLimit` marks each, so the pool
/// holds at most 4 MiB; when it fills up, the terminal compacts it, keeping only entries (and
/// hyperlinks) still referenced from a screen or a pen.
package struct CellExtras: Sendable {
    /// Largest index a cell can hold.
    static let capacity = Int(UInt16.max)
    /// Most distinct hyperlinks kept.
    static let hyperlinkCapacity = Int(UInt16.max)
    /// Bytes the pool keeps beyond its last entry: a fixed-size copy of an entry's marks
    /// may read this far.
    static let slack = 16

    /// One entry, flat: its marks are `byteCount` bytes of UTF-8 from `byteStart` in the pool.
    struct Record: Sendable {
        var byteStart: UInt32 = 0
        var underlineColor: UInt32 = 0
        var hyperlink: UInt16 = 0
        var byteCount: UInt8 = 0
        var markCount: UInt8 = 0
    }

    /// The table's state, in one object shared by copies until one of them changes
    /// (copy-on-write): every frame line and copy of the terminal carries the table, and one
    /// reference costs one retain where the five arrays and the dictionary cost six.
    private final class Storage: @unchecked Sendable {
        // @unchecked: a Storage is changed only by the one CellExtras holding it (`unique`).
        var records: [Record] = [Record()]
        var markBytes = [UInt8](repeating: 0, count: CellExtras.slack)
        var usedBytes = 0
        var slots: [UInt16] = []
        var indexedCount = 0
        var hyperlinks: [String] = [""]
        var indexByHyperlink: [String: UInt16] = [:]
        var compactionsDeferred = 0
        var compactionPoint = 4096
        var compactionCount = 0

        init() {}

        func copy() -> Storage {
            let copy = Storage()
            copy.records = records
            copy.markBytes = markBytes
            copy.usedBytes = usedBytes
            copy.slots = slots
            copy.indexedCount = indexedCount
            copy.hyperlinks = hyperlinks
            copy.indexByHyperlink = indexByHyperlink
            copy.compactionsDeferred = compactionsDeferred
            copy.compactionPoint = compactionPoint
            copy.compactionCount = compactionCount
            return copy
        }
    }

    private var storage = Storage()

    /// The storage, made this table's own before it changes.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// Entries by index; entry 0 is the empty extra.
    private var records: [Record] {
        get { storage.records }
        _modify { yield &unique.records }
    }
    /// Every entry's marks as UTF-8, `usedBytes` of them, then at least `slack` more.
    private var markBytes: [UInt8] {
        get { storage.markBytes }
        _modify { yield &unique.markBytes }
    }
    private var usedBytes: Int {
        get { storage.usedBytes }
        _modify { yield &unique.usedBytes }
    }
    /// Open addressing over the entries without marks: entry numbers by hash, 0 for a free
    /// slot; allocated at the first such entry and kept at most half full.
    private var slots: [UInt16] {
        get { storage.slots }
        _modify { yield &unique.slots }
    }
    private var indexedCount: Int {
        get { storage.indexedCount }
        _modify { yield &unique.indexedCount }
    }
    /// Hyperlink URIs by index (index 0 unused).
    private(set) var hyperlinks: [String] {
        get { storage.hyperlinks }
        _modify { yield &unique.hyperlinks }
    }
    private var indexByHyperlink: [String: UInt16] {
        get { storage.indexByHyperlink }
        _modify { yield &unique.indexByHyperlink }
    }
    /// Values to drop before the next compaction is tried (`Terminal.compactExtrasIfWorthwhile`).
    var compactionsDeferred: Int {
        get { storage.compactionsDeferred }
        _modify { yield &unique.compactionsDeferred }
    }
    /// Entries past which the terminal compacts before adding one with marks, long before
    /// the table is full (`Terminal.appendExtra`): entries with marks are never shared by
    /// lookup, so most soon refer to nothing, and a table that stays small stays in the
    /// processor's cache, where the scrollback's encoder and the combining cache read it.
    var compactionPoint: Int {
        get { storage.compactionPoint }
        _modify { yield &unique.compactionPoint }
    }
    /// Compactions so far (kept across them; tests bound the work with it).
    private(set) var compactionCount: Int {
        get { storage.compactionCount }
        _modify { yield &unique.compactionCount }
    }

    /// An empty table.
    package init() {}

    /// Entries held, the empty one included.
    var count: Int { records.count }

    /// Nothing was ever put in this table (it is as `init` made it).
    var isEmpty: Bool { records.count == 1 && hyperlinks.count == 1 && compactionCount == 0 && compactionsDeferred == 0 }

    // MARK: Reading

    /// The entry of a cell, as a value (its marks decoded: for readers off the hot paths).
    package func entry(_ index: UInt16) -> CellExtra {
        guard index != 0 && Int(index) < records.count else { return CellExtra() }
        let r = records[Int(index)]
        return CellExtra(combining: marks(of: r), hyperlink: r.hyperlink, underlineColor: r.underlineColor)
    }

    /// The number of marks of an entry.
    func markCount(_ index: UInt16) -> Int {
        index != 0 && Int(index) < records.count ? Int(records[Int(index)].markCount) : 0
    }

    /// The entry's underline colour (0: the default).
    func underlineColor(_ index: UInt16) -> UInt32 {
        index != 0 && Int(index) < records.count ? records[Int(index)].underlineColor : 0
    }

    /// The entry's hyperlink (0: none).
    func hyperlink(_ index: UInt16) -> UInt16 {
        index != 0 && Int(index) < records.count ? records[Int(index)].hyperlink : 0
    }

    /// Runs `body` with the records and the mark pool as raw buffers (for encoding a row);
    /// the pool buffer includes the slack.
    func withStorage<R>(_ body: (UnsafeBufferPointer<Record>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        records.withUnsafeBufferPointer { r in markBytes.withUnsafeBufferPointer { m in body(r, m) } }
    }

    private func marks(of r: Record) -> [UInt32] {
        guard r.markCount != 0 else { return [] }
        var result: [UInt32] = []
        result.reserveCapacity(Int(r.markCount))
        var i = Int(r.byteStart)
        let end = i + Int(r.byteCount)
        while i < end {
            let (mark, length) = UTF8Encoding.decode(markBytes, at: i)
            result.append(mark)
            i += length
        }
        return result
    }

    // MARK: Adding

    /// The index of `extra`: an entry without marks is shared with an equal one already
    /// held; one with marks is always new. Nil when the table is full (compact, then retry).
    mutating func intern(_ extra: CellExtra) -> UInt16? {
        if extra.isEmpty { return 0 }
        if extra.combining.isEmpty {
            if let found = findPen(hyperlink: extra.hyperlink, underlineColor: extra.underlineColor) { return found }
            guard records.count < Self.capacity else { return nil }
            let index = append(Record(underlineColor: extra.underlineColor, hyperlink: extra.hyperlink))
            addToIndex(index)
            return index
        }
        guard records.count < Self.capacity else { return nil }
        var record = Record(
            byteStart: UInt32(usedBytes), underlineColor: extra.underlineColor, hyperlink: extra.hyperlink)
        for mark in extra.combining.prefix(CellExtra.combiningLimit) {
            record.byteCount += UInt8(appendBytes(of: mark))
            record.markCount += 1
        }
        return append(record)
    }

    /// A new entry: entry `parent` with `mark` added to its marks. Nil when the table is
    /// full (compact, then retry) or the parent already holds `CellExtra.combiningLimit`
    /// marks (the mark is dropped).
    mutating func appending(_ mark: UInt32, to parent: UInt16) -> UInt16? {
        guard records.count < Self.capacity else { return nil }
        let p = Int(parent) < records.count ? records[Int(parent)] : Record()
        guard Int(p.markCount) < CellExtra.combiningLimit else { return nil }
        let start = usedBytes
        reserveBytes(Int(p.byteCount) + 4)
        markBytes.withUnsafeMutableBufferPointer { pool in
            let base = pool.baseAddress!
            (base + start).update(from: base + Int(p.byteStart), count: Int(p.byteCount))
        }
        usedBytes += Int(p.byteCount)
        let added = appendBytes(of: mark)
        return append(
            Record(
                byteStart: UInt32(start), underlineColor: p.underlineColor, hyperlink: p.hyperlink,
                byteCount: p.byteCount + UInt8(added), markCount: p.markCount + 1))
    }

    private mutating func append(_ record: Record) -> UInt16 {
        records.append(record)
        return UInt16(records.count - 1)
    }

    /// Makes room for `count` more bytes in the pool, keeping the slack after them.
    private mutating func reserveBytes(_ count: Int) {
        let needed = usedBytes + count + Self.slack
        if needed > markBytes.count {
            markBytes.append(contentsOf: repeatElement(0, count: max(needed - markBytes.count, markBytes.count)))
        }
    }

    /// Appends the UTF-8 form of `mark` to the pool; returns its length. (Values past
    /// U+10FFFF never come from the parser; they are kept as U+FFFD.)
    private mutating func appendBytes(of mark: UInt32) -> Int {
        reserveBytes(4)
        let used = usedBytes
        let length = markBytes.withUnsafeMutableBufferPointer { pool in
            UTF8Encoding.store(mark <= 0x10_FFFF ? mark : 0xFFFD, pool.baseAddress! + used)
        }
        usedBytes += length
        return length
    }

    // MARK: The index of pens

    private func findPen(hyperlink: UInt16, underlineColor: UInt32) -> UInt16? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(Self.hash(hyperlink: hyperlink, underlineColor: underlineColor)) & mask
        while true {
            let index = slots[slot]
            if index == 0 { return nil }
            let r = records[Int(index)]
            if r.hyperlink == hyperlink && r.underlineColor == underlineColor { return index }
            slot = (slot + 1) & mask
        }
    }

    private mutating func addToIndex(_ index: UInt16) {
        indexedCount += 1
        if indexedCount * 2 > slots.count {
            rebuildSlots(size: max(256, slots.count * 2))
        } else {
            place(index)
        }
    }

    private mutating func place(_ index: UInt16) {
        let r = records[Int(index)]
        let mask = slots.count - 1
        var slot = Int(Self.hash(hyperlink: r.hyperlink, underlineColor: r.underlineColor)) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private mutating func rebuildSlots(size: Int) {
        slots = [UInt16](repeating: 0, count: size)
        for index in 1..<records.count where records[index].markCount == 0 { place(UInt16(index)) }
    }

    @inline(__always)
    private static func hash(hyperlink: UInt16, underlineColor: UInt32) -> UInt32 {
        var h = underlineColor &* 0x85EB_CA6B &+ UInt32(hyperlink) &* 0xC2B2_AE35
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
    package func hyperlinkURI(_ index: UInt16) -> String? {
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
            let start = Int(r.byteStart)
            r.byteStart = UInt32(fresh.usedBytes)
            fresh.reserveBytes(Int(r.byteCount))
            fresh.markBytes.replaceSubrange(
                fresh.usedBytes..<fresh.usedBytes + Int(r.byteCount), with: markBytes[start..<start + Int(r.byteCount)])
            fresh.usedBytes += Int(r.byteCount)
            remap[index] = UInt16(fresh.records.count)
            fresh.records.append(r)
            if r.markCount == 0 { fresh.indexedCount += 1 }
        }
        if fresh.indexedCount > 0 { fresh.rebuildSlots(size: max(256, (fresh.indexedCount * 2).nextPowerOfTwo)) }
        fresh.compactionCount = compactionCount + 1
        self = fresh
        return remap
    }
}

/// The extras indices still referenced (a bit per possible index), gathered before a
/// compaction: every cell of both screens is visited, so marking costs no branch.
struct LiveExtras {
    private var words = [UInt64](repeating: 0, count: (CellExtras.capacity + 64) / 64)

    /// Marks `index` (0, "none", is marked too and never read).
    @inline(__always)
    mutating func insert(_ index: UInt16) { words[Int(index >> 6)] |= UInt64(1) << (index & 63) }

    func contains(_ index: UInt16) -> Bool { words[Int(index >> 6)] & (UInt64(1) << (index & 63)) != 0 }

    /// Number of distinct indices marked, 0 aside.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } - Int(words[0] & 1) }
}

extension Int {
    /// The smallest power of two at least this large (1 for 0).
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
