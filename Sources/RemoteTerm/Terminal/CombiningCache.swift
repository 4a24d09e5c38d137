/// Remembers which extras entry a cell gets when a given mark joins a given entry, so text
/// full of accents or emoji sequences does not intern (hash an array) on every mark.
///
/// Direct-mapped and small; cleared whenever the extras table is compacted, since indices
/// change then.
struct CombiningCache: Sendable {
    private static let size = 256
    private var keys = [UInt64](repeating: 0, count: size)
    private var values = [UInt16](repeating: 0, count: size)
    /// Nothing stored since it was made or last emptied.
    private(set) var isEmpty = true

    private static func key(_ extra: UInt16, _ codePoint: UInt32) -> UInt64 {
        (UInt64(extra) << 32 | UInt64(codePoint)) &+ 1
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// The entry for `codePoint` added to entry `extra`, if remembered.
    func lookup(extra: UInt16, codePoint: UInt32) -> UInt16? {
        let key = Self.key(extra, codePoint)
        let slot = Self.slot(key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Remembers a result.
    mutating func store(extra: UInt16, codePoint: UInt32, result: UInt16) {
        let key = Self.key(extra, codePoint)
        let slot = Self.slot(key)
        keys[slot] = key
        values[slot] = result
        isEmpty = false
    }

    /// Forgets everything (after a compaction).
    mutating func removeAll() {
        isEmpty = true
        for i in keys.indices {
            keys[i] = 0
            values[i] = 0
        }
    }
}
