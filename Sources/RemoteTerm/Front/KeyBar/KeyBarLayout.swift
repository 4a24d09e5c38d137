import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// One button placed on the bar row: which item (or page button), where, and its label.
public struct KeyBarSlot: Equatable, Sendable {
    /// The index into the bar's items, or nil for a ‹ › page button.
    public var itemIndex: Int?
    /// What a click on the slot does (for items, the item's action).
    public var action: KeyBarItem.Action
    /// The columns the slot covers (0-based, half-open); a click anywhere in them hits it.
    public var columns: Range<Int>
    /// Whether the slot shows the item's short label.
    public var usesShortLabel: Bool
    /// The label in the off state, as placed; `KeyBar.appearance(of:)` gives the text for
    /// the current modifier state.
    public var label: String
}

/// Where the key bar's buttons go on a row of a given width, and which page is shown.
///
/// Rules:
/// - Every item gets at least its label plus one blank column either side, measured in
///   terminal columns (`characterWidth`). A modifier item reserves room for its widest
///   state (`^CTRL`) so arming it never moves the other buttons.
/// - When everything fits on one row with full labels, that is the layout. Otherwise short
///   labels are used where they are unambiguous; if that still does not fit (or the items
///   ask for page breaks), the items are split into pages in order, each shown between a
///   ‹ button at column 0 and a › button at the right edge, which wrap around so no page
///   is ever unreachable. Every item is on exactly one page.
/// - Each page fills the whole width: spare columns are shared out between its buttons.
/// - A label wider than the room between the page buttons (possible only through the API;
///   the config caps labels at `KeyBarItem.maximumLabelWidth`) is clipped, never dropped.
public struct KeyBarLayout: Equatable, Sendable {
    /// The row width laid out.
    public let width: Int
    /// The page shown (clamped to `0..<pageCount`).
    public let page: Int
    /// How many pages the items need at this width (1 when they fit).
    public let pageCount: Int
    /// The page each item is on, by item index.
    public let pageOfItem: [Int]
    /// The buttons of the shown page, left to right, without gaps or overlap.
    public internal(set) var slots: [KeyBarSlot]

    /// Columns of a ‹ or › page button: the arrow with a blank either side.
    public static let pageButtonWidth = 3

    /// Lays out `items` on a row `width` columns wide, showing `page`.
    public static func layout(items: [KeyBarItem], width: Int, page: Int) -> KeyBarLayout {
        let usableShort = unambiguousShortLabels(items)
        let full = items.map { minimumWidth($0, short: false) }
        let short = items.indices.map { minimumWidth(items[$0], short: usableShort[$0]) }
        let hasBreaks = items.dropFirst().contains { $0.startsPage }

        if !hasBreaks, full.reduce(0, +) <= width {
            return singlePage(items: items, widths: full, short: Array(repeating: false, count: items.count), width: width)
        }
        if !hasBreaks, short.reduce(0, +) <= width {
            return singlePage(items: items, widths: short, short: usableShort, width: width)
        }
        return paged(items: items, widths: short, short: usableShort, width: width, page: page)
    }

    /// The slot under `column`, or nil between the bar's ends (only on an empty bar).
    public func hitTest(column: Int) -> KeyBarSlot? {
        slots.first { $0.columns.contains(column) }
    }

    /// For each item, whether its short label may be shown: it has one, and no item with a
    /// different action shows or shortens to the same text.
    static func unambiguousShortLabels(_ items: [KeyBarItem]) -> [Bool] {
        items.indices.map { index in
            guard let short = items[index].shortLabel, !short.isEmpty else { return false }
            return !items.indices.contains { other in
                other != index && items[other].action != items[index].action
                    && (items[other].label == short || items[other].shortLabel == short)
            }
        }
    }

    /// Label columns plus a blank either side, for the widest state of the item.
    static func minimumWidth(_ item: KeyBarItem, short: Bool) -> Int {
        let widest = item.label(short: short, state: .locked)
        return terminalColumns(widest) + 2
    }

    private static func singlePage(items: [KeyBarItem], widths: [Int], short: [Bool], width: Int) -> KeyBarLayout {
        let slots = fill(items.indices.map { $0 }, items: items, widths: widths, short: short, from: 0, columns: width)
        return KeyBarLayout(
            width: width, page: 0, pageCount: 1, pageOfItem: Array(repeating: 0, count: items.count), slots: slots)
    }

    private static func paged(items: [KeyBarItem], widths: [Int], short: [Bool], width: Int, page: Int) -> KeyBarLayout {
        let button = pageButtonWidth
        let room = max(0, width - 2 * button)
        // Greedy split in order: a page takes items until the next would not fit, or the
        // next asks for a page break. A page always takes at least one item, so every item
        // lands somewhere even when it has to be clipped.
        var pages: [[Int]] = []
        var current: [Int] = []
        var used = 0
        for index in items.indices {
            let needed = min(widths[index], room)
            if !current.isEmpty, items[index].startsPage || used + needed > room {
                pages.append(current)
                current = []
                used = 0
            }
            current.append(index)
            used += needed
        }
        if !current.isEmpty || pages.isEmpty { pages.append(current) }

        var pageOfItem = Array(repeating: 0, count: items.count)
        for (number, members) in pages.enumerated() {
            for index in members { pageOfItem[index] = number }
        }
        let shown = min(max(page, 0), pages.count - 1)
        // On a row too narrow even for the two page buttons, show the buttons clipped to
        // what there is rather than nothing.
        let leftWidth = min(button, width)
        let rightWidth = min(button, width - leftWidth)
        var slots: [KeyBarSlot] = []
        if leftWidth > 0 {
            slots.append(pageButton(.previous, "‹", 0..<leftWidth))
        }
        // A page whose buttons fit with their full labels shows them (the tabs' page break
        // must not shorten a bar that would fit on its own).
        var pageWidths = widths
        var pageShort = short
        let fullWidths = pages[shown].map { minimumWidth(items[$0], short: false) }
        if fullWidths.reduce(0, +) <= room {
            for (position, index) in pages[shown].enumerated() {
                pageWidths[index] = fullWidths[position]
                pageShort[index] = false
            }
        }
        slots += fill(pages[shown], items: items, widths: pageWidths, short: pageShort, from: leftWidth, columns: room)
        if rightWidth > 0 {
            slots.append(pageButton(.next, "›", (width - rightWidth)..<width))
        }
        return KeyBarLayout(width: width, page: shown, pageCount: pages.count, pageOfItem: pageOfItem, slots: slots)
    }

    private static func pageButton(_ direction: KeyBarItem.PageDirection, _ label: String, _ columns: Range<Int>)
        -> KeyBarSlot
    {
        KeyBarSlot(itemIndex: nil, action: .page(direction), columns: columns, usesShortLabel: false, label: label)
    }

    /// Places `members` side by side from column `start` over `columns` columns, sharing the
    /// spare columns out (the leftmost buttons get the remainder) so the row is filled.
    private static func fill(
        _ members: [Int], items: [KeyBarItem], widths: [Int], short: [Bool], from start: Int, columns: Int
    ) -> [KeyBarSlot] {
        guard !members.isEmpty, columns > 0 else { return [] }
        let needed = members.map { min(widths[$0], columns) }
        let spare = max(0, columns - needed.reduce(0, +))
        var slots: [KeyBarSlot] = []
        var column = start
        for (position, index) in members.enumerated() {
            let extra = spare / members.count + (position < spare % members.count ? 1 : 0)
            let slotWidth = needed[position] + extra
            guard slotWidth > 0, column + slotWidth <= start + columns else { break }
            let item = items[index]
            let text = item.label(short: short[index], state: .off)
            slots.append(
                KeyBarSlot(
                    itemIndex: index, action: item.action, columns: column..<(column + slotWidth),
                    usesShortLabel: short[index], label: clipped(text, toColumns: max(0, slotWidth - 2))))
            column += slotWidth
        }
        return slots
    }
}
