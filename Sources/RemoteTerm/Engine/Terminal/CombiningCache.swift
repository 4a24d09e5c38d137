/// Remembers which extras entry a cell got when a given mark joined a given entry, so that
/// repeated text shares entries: marks are never looked up in the extras table itself
/// (`CellExtras`), and a mark that misses here makes a new entry.
///
/// Direct-mapped, 4,096 slots of 8 bytes (32 KiB, so it stays in the processor's cache): the
/// first mark of any cell (parent 0) always finds its slot, and a flood of repeated accented
/// text shares its entries instead of filling the table; 1,024 slots made such a flood 40 %
/// slower through conflicts, 16,384 bought nothing more. A slot packs the whole key and the
/// result: parent entry (16 bits), mark + 1 (21 bits), result (16 bits). Allocated at the
/// first store, so a terminal that never sees a mark pays nothing; cleared whenever the
/// extras table is compacted, since indices change then.
struct CombiningCache: Sendable {
    private static let bits = 12
    private static let size = 1 << bits
    private var slots: [UInt64] = []
    /// Nothing stored since it was made or last emptied.
    private(set) var isEmpty = true

    @inline(__always)
    private static func key(_ extra: UInt16, _ codePoint: UInt32) -> UInt64 {
        UInt64(extra) << 37 | UInt64(codePoint &+ 1) << 16
    }

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
    }

    /// The entry for `codePoint` added to entry `extra`, if remembered.
    @inline(__always)
    func lookup(extra: UInt16, codePoint: UInt32) -> UInt16? {
        guard !isEmpty, codePoint <= 0x10_FFFF else { return nil }
        let key = Self.key(extra, codePoint)
        let stored = slots[Self.slot(key)]
        return stored & ~0xFFFF == key ? UInt16(truncatingIfNeeded: stored) : nil
    }

    /// Remembers a result.
    mutating func store(extra: UInt16, codePoint: UInt32, result: UInt16) {
        guard codePoint <= 0x10_FFFF else { return }
        if slots.isEmpty { slots = [UInt64](repeating: 0, count: Self.size) }
        let key = Self.key(extra, codePoint)
        slots[Self.slot(key)] = key | UInt64(result)
        isEmpty = false
    }

    /// Forgets everything (after a compaction).
    mutating func removeAll() {
        guard !isEmpty else { return }
        isEmpty = true
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
