/// Rare per-cell data kept out of line: combining marks, an OSC 8 hyperlink, an underline
/// colour. A cell refers to its entry by a 16-bit index; 0 means "none".
public struct CellExtra: Hashable, Sendable {
    /// Combining marks, variation selectors and ZWJ sequence parts after the base character.
    public var combining: [UInt32] = []
    /// Index into `CellExtras.hyperlinks` (0: none).
    public var hyperlink: UInt16 = 0
    /// Underline colour (SGR 58) in `TerminalColor.packed` form; 0 is the default.
    public var underlineColor: UInt32 = 0

    /// Most marks kept per cell; later ones are dropped (a remote cannot grow a cell forever).
    public static let combiningLimit = 16

    /// An empty extra.
    public init(combining: [UInt32] = [], hyperlink: UInt16 = 0, underlineColor: UInt32 = 0) {
        self.combining = combining
        self.hyperlink = hyperlink
        self.underlineColor = underlineColor
    }

    /// True when the entry carries nothing.
    public var isEmpty: Bool { combining.isEmpty && hyperlink == 0 && underlineColor == 0 }
}

/// The interning table behind `Cell.extra`, plus the hyperlink URIs.
///
/// Entries are shared between cells that carry the same data, so a hyperlink spanning a
/// thousand cells costs one entry. The table is bounded: when it fills up, the terminal
/// compacts it, keeping only entries (and hyperlinks) still referenced from a screen or a pen.
public struct CellExtras: Sendable {
    /// Largest index a cell can hold.
    static let capacity = Int(UInt16.max)
    /// Most distinct hyperlinks kept.
    static let hyperlinkCapacity = Int(UInt16.max)

    /// Entries by index; entry 0 is the empty extra.
    var entries: [CellExtra] = [CellExtra()]
    private var indexByEntry: [CellExtra: UInt16] = [CellExtra(): 0]
    /// Hyperlink URIs by index (index 0 unused).
    var hyperlinks: [String] = [""]
    private var indexByHyperlink: [String: UInt16] = [:]
    /// Values to drop before the next compaction is tried (`Terminal.compactExtrasIfWorthwhile`).
    var compactionsDeferred = 0
    /// Compactions so far (kept across them; tests bound the work with it).
    private(set) var compactionCount = 0

    /// An empty table.
    init() {}

    /// Nothing was ever put in this table (it is as `init` made it).
    var isEmpty: Bool { entries.count == 1 && hyperlinks.count == 1 && compactionCount == 0 && compactionsDeferred == 0 }

    /// The entry of a cell.
    public func entry(_ index: UInt16) -> CellExtra {
        Int(index) < entries.count ? entries[Int(index)] : CellExtra()
    }

    /// The index of `extra`, adding it if new; nil when the table is full (compact, then retry).
    mutating func intern(_ extra: CellExtra) -> UInt16? {
        if let index = indexByEntry[extra] { return index }
        guard entries.count < Self.capacity else { return nil }
        let index = UInt16(entries.count)
        entries.append(extra)
        indexByEntry[extra] = index
        return index
    }

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

    /// Rebuilds the table keeping only `live` entries and the hyperlinks they use; returns
    /// old index → new index. (The scrollback stores hyperlinks by value, so nothing else
    /// refers to them.)
    mutating func compact(keeping live: Set<UInt16>) -> [UInt16: UInt16] {
        var fresh = CellExtras()
        var remap: [UInt16: UInt16] = [0: 0]
        for index in live.sorted() where index != 0 && Int(index) < entries.count {
            var extra = entries[Int(index)]
            if extra.hyperlink != 0 {
                extra.hyperlink = fresh.internHyperlink(storedHyperlink(extra.hyperlink) ?? "") ?? 0
            }
            remap[index] = fresh.intern(extra) ?? 0
        }
        fresh.compactionCount = compactionCount + 1
        self = fresh
        return remap
    }

    /// The hyperlink as stored (`id NUL uri` when it has an id), for copying it elsewhere.
    func storedHyperlink(_ index: UInt16) -> String? {
        guard index != 0 && Int(index) < hyperlinks.count else { return nil }
        return hyperlinks[Int(index)]
    }
}
