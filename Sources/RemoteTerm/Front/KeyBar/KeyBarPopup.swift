import RemoteTermCore
/// A button's alternatives, shown in a strip just above the bar (Termux's extra-keys popups):
/// opened by holding the button for `KeyBar.popupDelay` or by a right click (at once for a
/// button with no key of its own, such as `Fn`). A click on an alternative sends it and
/// closes the strip; a click anywhere else, or Esc, closes it and sends nothing. A strip
/// wider than the row (`Fn`'s twelve keys on a phone) pages between ‹ and ›, as the bar does,
/// so every alternative is reachable at every width.
package struct KeyBarPopup: Equatable, Sendable {
    /// The button whose alternatives these are (an index into the bar's shown items).
    package var itemIndex: Int
    /// The columns of that button, so the strip starts above it.
    package var anchor: Range<Int>
    /// The alternatives, in order, labelled in the bar's style.
    package var items: [KeyBarItem]
    /// The page shown when the strip pages (clamped).
    package var page = 0

    /// A popup of `items` above the button at `anchor`, on its first page.
    package init(itemIndex: Int, anchor: Range<Int>, items: [KeyBarItem]) {
        self.itemIndex = itemIndex
        self.anchor = anchor
        self.items = items
    }

    /// The alternatives placed on a row `width` columns wide: each its label with a blank
    /// either side, from the button's first column, moved left as far as needed to fit; when
    /// even the whole row is too narrow, a page of them between ‹ and › across the row
    /// (`KeyBarLayout`, whose page buttons carry `.page`).
    package func layout(width: Int) -> [KeyBarSlot] {
        let widths = items.map { terminalColumns($0.label) + 2 }
        let total = widths.reduce(0, +)
        guard total <= width else { return KeyBarLayout.layout(items: items, width: width, page: page).slots }
        var column = max(0, min(anchor.lowerBound, width - total))
        var slots: [KeyBarSlot] = []
        for (index, item) in items.enumerated() where column < width {
            let end = min(width, column + widths[index])
            slots.append(
                KeyBarSlot(
                    itemIndex: index, action: item.action, columns: column..<end, usesShortLabel: false,
                    label: clipped(item.label, toColumns: max(0, end - column - 2))))
            column = end
        }
        return slots
    }
}

extension KeyBar {
    /// How long a button with alternatives is held before its popup opens, 400 ms: the same
    /// gesture as the arrows' hold-to-repeat.
    package static let popupDelay: UInt64 = 400_000_000

    /// The alternatives of the shown item `itemIndex`, above `columns` (nil when it has none).
    /// Opening a popup ends what was held.
    mutating func popup(itemIndex: Int, columns: Range<Int>) -> KeyBarPopup? {
        guard shownItems.indices.contains(itemIndex), !shownItems[itemIndex].alternatives.isEmpty else { return nil }
        release()
        return KeyBarPopup(itemIndex: itemIndex, anchor: columns, items: shownItems[itemIndex].alternatives)
    }

    /// A button held until `now`: its popup, once `popupDelay` has passed (the front shows it);
    /// nil before, or when nothing is held.
    package mutating func popupDue(at now: UInt64) -> KeyBarPopup? {
        guard let pending = state.pendingPress, now &- pending.at >= Self.popupDelay, now >= pending.at else {
            return nil
        }
        return popup(itemIndex: pending.itemIndex, columns: pending.columns)
    }

    /// A right click on the bar at `column`: shows that button's alternatives, if it has any.
    package mutating func rightClick(column: Int) -> [FrontAction] {
        guard isVisible, let slot = layout.hitTest(column: column), let index = slot.itemIndex,
            let popup = popup(itemIndex: index, columns: slot.columns)
        else { return [] }
        return [.showPopup(popup)]
    }

    /// A press at `column` on `popup`'s strip (nil: elsewhere): the alternative there is sent
    /// (through the one-shot modifiers, as a button's key is); anywhere else nothing is. The
    /// front closes the popup either way.
    package mutating func pick(from popup: KeyBarPopup, column: Int?, at now: UInt64) -> [FrontAction] {
        guard let column, let slot = popup.layout(width: width).first(where: { $0.columns.contains(column) }) else {
            return [.redraw]
        }
        if case .page(let direction) = slot.action {
            // A page button turns the strip, which stays open.
            let count = KeyBarLayout.layout(items: popup.items, width: width, page: popup.page).pageCount
            var turned = popup
            turned.page = (popup.page + (direction == .next ? 1 : count - 1)) % max(1, count)
            return [.showPopup(turned), .redraw]
        }
        let actions = perform(KeyBarSlot(itemIndex: nil, action: slot.action, columns: slot.columns,
            usesShortLabel: false, label: slot.label), at: now)
        return actions.contains(.redraw) ? actions : actions + [.redraw]
    }

    /// `popup`'s labels, placed for the bar's width.
    package func labels(of popup: KeyBarPopup) -> [BarLabel] {
        // Each alternative fills its box in reverse video, so the strip reads as buttons.
        popup.layout(width: width).map { slot in
            let text = " " + slot.label
            let pad = max(0, slot.columns.count - terminalColumns(text))
            return BarLabel(column: slot.columns.lowerBound, text: text + String(repeating: " ", count: pad), emphasis: .armed)
        }
    }
}
