import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// One button placed on the bar row: which item (or page button), where, and its label.
package struct KeyBarSlot: Equatable, Sendable {
    /// The index into the bar's items, or nil for a ‹ › page button.
    package var itemIndex: Int?
    /// What a click on the slot does (for items, the item's action).
    package var action: KeyBarItem.Action
    /// The columns the slot covers (0-based, half-open); a click anywhere in them hits it.
    package var columns: Range<Int>
    /// Whether the slot shows the item's short label.
    package var usesShortLabel: Bool
    /// The label in the off state, as placed; `KeyBar.appearance(of:)` gives the text for
    /// the current modifier state.
    package var label: String

    /// The columns drawn as the button's cap: all but the first, which is the gap that sets
    /// it apart from the button before it (so column 0 of the row is always a gap).
    package var cap: Range<Int> {
        columns.count > 1 ? (columns.lowerBound + 1)..<columns.upperBound : columns
    }

    /// Where `text` (the label in some modifier state, `KeyBar.appearance(of:)`) starts: the
    /// off label centred on the cap, an odd blank going before it; a wider state's text
    /// (`^Ctrl`) starts as many columns earlier, so the label itself does not move; always
    /// inside the cap.
    package func column(of text: String) -> Int {
        let offWidth = terminalColumns(label)
        let textWidth = terminalColumns(text)
        let centred = cap.lowerBound + max(0, (cap.count - offWidth + 1) / 2) - max(0, textWidth - offWidth)
        return max(cap.lowerBound, min(centred, cap.upperBound - textWidth))
    }
}

/// Where the key bar's buttons go on a row of a given width, and which page is shown.
///
/// Rules:
/// - Every item gets at least its label plus two columns, measured in terminal columns
///   (`characterWidth`): a gap before its cap, then the cap with a blank before the label
///   (`KeyBarSlot.cap`). A modifier's widest state (`^CTRL`) takes that blank, so arming
///   it never moves a button and the default bar's `Esc Tab Ctrl Alt ← ↑ ↓ →` and all the
///   rest fit 80 columns on one row.
/// - Esc, Tab, Ctrl and Alt are never shortened (`KeyBarItem.keepsFullLabel`).
/// - When everything fits on one row with full labels, that is the layout. Otherwise short
///   labels are used where they are unambiguous, as few as it takes (those that save the
///   most first); if even all of them do not fit (or the items ask for page breaks), the
///   items are split into pages in order, with their full labels, each page shown between a
///   ‹ button at column 0 and a › button at the right edge, which wrap around so no page
///   is ever unreachable. Every item is on exactly one page.
/// - Each page fills the whole width: spare columns are shared out between its buttons.
/// - A label wider than the room between the page buttons (possible only through the API;
///   the config caps labels at `KeyBarItem.maximumLabelWidth`) is clipped, never dropped.
package struct KeyBarLayout: Equatable, Sendable {
    /// The row width laid out.
    package let width: Int
    /// The page shown (clamped to `0..<pageCount`).
    package let page: Int
    /// How many pages the items need at this width (1 when they fit).
    package let pageCount: Int
    /// The page each item is on, by item index.
    package let pageOfItem: [Int]
    /// The buttons of the shown page, left to right, without gaps or overlap.
    package internal(set) var slots: [KeyBarSlot]

    /// Columns of a ‹ or › page button: the arrow with a blank either side.
    package static let pageButtonWidth = 3

    /// Lays out `items` on a row `width` columns wide, showing `page`.
    package static func layout(items: [KeyBarItem], width: Int, page: Int) -> KeyBarLayout {
        let usableShort = unambiguousShortLabels(items)
        let full = items.map { minimumWidth($0, short: false) }
        let short = items.indices.map { minimumWidth(items[$0], short: usableShort[$0]) }
        let hasBreaks = items.dropFirst().contains { $0.startsPage }

        var widths = full
        var shortened = Array(repeating: false, count: items.count)
        if !hasBreaks, fit(Array(items.indices), in: width, full: full, short: short, usableShort: usableShort,
            widths: &widths, shortened: &shortened)
        {
            return singlePage(items: items, widths: widths, short: shortened, width: width)
        }
        // Pages: each run of items between page breaks is laid out the same way on the room
        // between the page buttons; a run that does not fit even with short labels is split
        // into pages with full labels (a short one only where the full one is wider than a
        // page): paging already makes the room that short labels would.
        let room = max(0, width - 2 * pageButtonWidth)
        var pages: [[Int]] = []
        var run: [Int] = []
        func layOut(_ run: [Int]) {
            guard !run.isEmpty else { return }
            if fit(run, in: room, full: full, short: short, usableShort: usableShort, widths: &widths, shortened: &shortened) {
                pages.append(run)
                return
            }
            var current: [Int] = []
            var used = 0
            for index in run {
                shortened[index] = full[index] > room && usableShort[index]
                widths[index] = shortened[index] ? short[index] : full[index]
                // A page always takes at least one item, so every item lands somewhere even
                // when it has to be clipped.
                let needed = min(widths[index], room)
                if !current.isEmpty, used + needed > room {
                    pages.append(current)
                    current = []
                    used = 0
                }
                current.append(index)
                used += needed
            }
            pages.append(current)
        }
        for index in items.indices {
            if items[index].startsPage, !run.isEmpty {
                layOut(run)
                run = []
            }
            run.append(index)
        }
        layOut(run)
        if pages.isEmpty { pages.append([]) }
        return paged(items: items, pages: pages, widths: widths, short: shortened, width: width, page: page)
    }

    /// Lays `members` out on one row of `room` columns if they fit: with full labels, else
    /// with as few short labels as it takes (those that save the most first). Returns
    /// whether they fit; `widths` and `shortened` then hold their layout.
    private static func fit(
        _ members: [Int], in room: Int, full: [Int], short: [Int], usableShort: [Bool], widths: inout [Int],
        shortened: inout [Bool]
    ) -> Bool {
        guard members.reduce(0, { $0 + short[$1] }) <= room else { return false }
        var total = members.reduce(0) { $0 + full[$1] }
        for index in members {
            widths[index] = full[index]
            shortened[index] = false
        }
        let savings = members.filter { usableShort[$0] && short[$0] < full[$0] }
            .sorted { full[$0] - short[$0] > full[$1] - short[$1] }
        for index in savings where total > room {
            total -= full[index] - short[index]
            widths[index] = short[index]
            shortened[index] = true
        }
        return total <= room
    }

    /// The slot under `column`, or nil between the bar's ends (only on an empty bar).
    package func hitTest(column: Int) -> KeyBarSlot? {
        slots.first { $0.columns.contains(column) }
    }

    /// For each item, whether its short label may be shown: it has one, it is not one of the
    /// keys that keep their full label, and no item with a different action shows or
    /// shortens to the same text.
    static func unambiguousShortLabels(_ items: [KeyBarItem]) -> [Bool] {
        items.indices.map { index in
            guard let short = items[index].shortLabel, !short.isEmpty, !items[index].keepsFullLabel else {
                return false
            }
            return !items.indices.contains { other in
                other != index && items[other].action != items[index].action
                    && (items[other].label == short || items[other].shortLabel == short)
            }
        }
    }

    /// The label's columns plus the gap and the blank before it; a modifier's widest state
    /// (`^CTRL`, `[^M]`) may take that blank but not the gap.
    static func minimumWidth(_ item: KeyBarItem, short: Bool) -> Int {
        let off = terminalColumns(item.label(short: short, state: .off))
        let widest = terminalColumns(item.label(short: short, state: .locked))
        return max(off + 2, widest + 1)
    }

    private static func singlePage(items: [KeyBarItem], widths: [Int], short: [Bool], width: Int) -> KeyBarLayout {
        let slots = fill(items.indices.map { $0 }, items: items, widths: widths, short: short, from: 0, columns: width)
        return KeyBarLayout(
            width: width, page: 0, pageCount: 1, pageOfItem: Array(repeating: 0, count: items.count), slots: slots)
    }

    private static func paged(
        items: [KeyBarItem], pages: [[Int]], widths: [Int], short: [Bool], width: Int, page: Int
    ) -> KeyBarLayout {
        let button = pageButtonWidth
        let room = max(0, width - 2 * button)
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
        slots += fill(pages[shown], items: items, widths: widths, short: short, from: leftWidth, columns: room)
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
