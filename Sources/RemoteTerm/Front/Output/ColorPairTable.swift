/// A foreground and background colour as local terminal colour numbers (what
/// `ColorPalette.colorNumber` returns: -1 for the default colour, 0–255 for palette entries,
/// 0xRRGGBB in direct colour).
package struct ColorPair: Hashable, Sendable {
    /// Foreground colour number, -1 for the default.
    package var foreground: Int32
    /// Background colour number, -1 for the default.
    package var background: Int32

    /// A pair of colour numbers.
    package init(foreground: Int32, background: Int32) {
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's default colours, always pair 0.
    package static let defaults = ColorPair(foreground: -1, background: -1)
}

/// Assigns ncurses colour-pair numbers to (foreground, background) pairs within the
/// terminal's budget (`COLOR_PAIRS`), reusing the least recently used pair when full.
///
/// Pair 0 is ncurses' own default/default pair (with `use_default_colors`) and is never
/// handed out for anything else. `pair(for:)` says whether the pair must be (re)defined
/// with `init_extended_pair` before use, so the adapter defines each pair only when it is
/// new or reassigned — never once per cell.
///
/// Reassigning a pair recolours every cell on the screen still drawn with it (ncurses
/// repaints them), so a frame that needed an eviction should be followed by a full redraw;
/// `evictions` counts them so the adapter can notice. With extended pairs (32767 or more)
/// that only happens on screens with more distinct colour pairs than that.
package struct ColorPairTable: Sendable {
    /// The number of pairs the terminal has (`COLOR_PAIRS`), pair 0 included; ids handed
    /// out are `1 ..< capacity`.
    package let capacity: Int
    /// How many times a pair was taken from one colour combination and given to another.
    package private(set) var evictions = 0

    private var idByPair: [ColorPair: Int32] = [:]
    /// The colours held by each id; index 0 is the reserved default pair.
    private var pairByID: [ColorPair] = [.defaults]
    // Recency as a doubly linked list over ids, most recent first; 0 means "none", which
    // is safe because pair 0 is never in the list.
    private var newerID: [Int32] = [0]
    private var olderID: [Int32] = [0]
    private var newestID: Int32 = 0
    private var oldestID: Int32 = 0

    /// An empty table for a terminal with `capacity` colour pairs (`COLOR_PAIRS`; use at most
    /// 32767 if the adapter calls `init_pair` rather than `init_extended_pair`).
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Pairs in use besides pair 0.
    package var count: Int { pairByID.count - 1 }

    /// The pair number for `colors`, and whether it must be (re)initialised before use.
    /// Marks the pair as the most recently used. The default pair is always `(0, false)`;
    /// so is every pair when the terminal has no pairs to give.
    package mutating func pair(for colors: ColorPair) -> (id: Int32, needsInit: Bool) {
        if colors == .defaults || capacity < 2 { return (0, false) }
        if let id = idByPair[colors] {
            markUsed(id)
            return (id, false)
        }
        let id: Int32
        if pairByID.count < capacity {
            id = Int32(pairByID.count)
            pairByID.append(colors)
            newerID.append(0)
            olderID.append(0)
        } else {
            id = oldestID
            unlink(id)
            idByPair[pairByID[Int(id)]] = nil
            pairByID[Int(id)] = colors
            evictions += 1
        }
        idByPair[colors] = id
        linkAsNewest(id)
        return (id, true)
    }

    /// The pair number for a foreground and background, as `pair(for:)`.
    package mutating func pair(foreground: Int32, background: Int32) -> (id: Int32, needsInit: Bool) {
        pair(for: ColorPair(foreground: foreground, background: background))
    }

    /// The colours a pair number holds, nil for a number not handed out.
    package func colors(ofPair id: Int32) -> ColorPair? {
        guard id >= 0, Int(id) < pairByID.count else { return nil }
        return pairByID[Int(id)]
    }

    /// Forgets every assignment (after the terminal's colours were reset), so each pair is
    /// initialised again on first use.
    package mutating func removeAll() {
        self = ColorPairTable(capacity: capacity)
    }

    /// The ids from most to least recently used (for tests and debugging).
    var idsByRecency: [Int32] {
        var ids: [Int32] = []
        var id = newestID
        while id != 0 {
            ids.append(id)
            id = olderID[Int(id)]
        }
        return ids
    }

    // MARK: - Recency list

    private mutating func markUsed(_ id: Int32) {
        guard id != newestID else { return }
        unlink(id)
        linkAsNewest(id)
    }

    private mutating func unlink(_ id: Int32) {
        let newer = newerID[Int(id)]
        let older = olderID[Int(id)]
        if newer != 0 { olderID[Int(newer)] = older } else { newestID = older }
        if older != 0 { newerID[Int(older)] = newer } else { oldestID = newer }
        newerID[Int(id)] = 0
        olderID[Int(id)] = 0
    }

    private mutating func linkAsNewest(_ id: Int32) {
        newerID[Int(id)] = 0
        olderID[Int(id)] = newestID
        if newestID != 0 { newerID[Int(newestID)] = id } else { oldestID = id }
        newestID = id
    }
}
