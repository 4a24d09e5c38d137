/// Remembers which extras entry a cell gets when a given mark joins a given entry, so text
/// full of accents or emoji sequences does not intern (hash an array) on every mark.
///
/// Direct-mapped, 16,384 entries: text with random accents (a letter and one to three of
/// 112 marks) has some 12,500 two-mark combinations, which a 256-entry cache missed nearly
/// every time, each miss hashing the marks into the extras table. The tables are allocated
/// at the first store, so a terminal that never sees a mark pays nothing. Cleared whenever
/// the extras table is compacted, since indices change then.
struct CombiningCache: Sendable {
    private static let bits = 14
    private static let size = 1 << bits
    private var keys: [UInt64] = []
    private var values: [UInt16] = []
    /// Nothing stored since it was made or last emptied.
    private(set) var isEmpty = true

    private static func key(_ extra: UInt16, _ codePoint: UInt32) -> UInt64 {
        (UInt64(extra) << 32 | UInt64(codePoint)) &+ 1
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
    }

    /// The entry for `codePoint` added to entry `extra`, if remembered.
    func lookup(extra: UInt16, codePoint: UInt32) -> UInt16? {
        guard !isEmpty else { return nil }
        let key = Self.key(extra, codePoint)
        let slot = Self.slot(key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Remembers a result.
    mutating func store(extra: UInt16, codePoint: UInt32, result: UInt16) {
        if keys.isEmpty {
            keys = [UInt64](repeating: 0, count: Self.size)
            values = [UInt16](repeating: 0, count: Self.size)
        }
        let key = Self.key(extra, codePoint)
        let slot = Self.slot(key)
        keys[slot] = key
        values[slot] = result
        isEmpty = false
    }

    /// Forgets everything (after a compaction).
    mutating func removeAll() {
        guard !isEmpty else { return }
        isEmpty = true
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        values.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
