// Key-bar layout: at every width from 20 to 300 every item is on exactly one page and
// reachable by a click, slots never overlap or leave the row, and each page fills it.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let defaults = KeyBarItem.defaultItems()
private let namedWidths = [20, 21, 40, 80, 120, 200, 300]

/// Every page of a layout, turned to in order.
private func allPages(_ items: [KeyBarItem], width: Int) -> [KeyBarLayout] {
    let first = KeyBarLayout.layout(items: items, width: width, page: 0)
    return (0..<first.pageCount).map { KeyBarLayout.layout(items: items, width: width, page: $0) }
}

/// Checks the layout invariants at one width and returns the pages.
@discardableResult
private func checkInvariants(_ items: [KeyBarItem], width: Int) -> [KeyBarLayout] {
    let pages = allPages(items, width: width)
    var seen: [Int: Int] = [:]
    for layout in pages {
        var nextColumn = 0
        for slot in layout.slots {
            #expect(slot.columns.lowerBound == nextColumn, "width \(width): gap or overlap at \(slot.columns)")
            #expect(slot.columns.upperBound <= width, "width \(width): slot past the edge")
            #expect(terminalColumns(slot.label) <= slot.columns.count - 2 || slot.itemIndex == nil)
            nextColumn = slot.columns.upperBound
            if let index = slot.itemIndex {
                seen[index, default: 0] += 1
                // A click in any column of the slot hits that slot.
                for column in slot.columns { #expect(layout.hitTest(column: column)?.itemIndex == index) }
            }
        }
        #expect(nextColumn == width, "width \(width): page \(layout.page) does not fill the row")
        if layout.pageCount > 1 {
            #expect(layout.slots.first?.action == .page(.previous))
            #expect(layout.slots.last?.action == .page(.next))
        }
    }
    for index in items.indices {
        #expect(seen[index] == 1, "width \(width): item \(index) (\(items[index].label)) shown \(seen[index] ?? 0) times")
    }
    return pages
}

@Suite struct KeyBarLayoutTests {
    @Test(arguments: namedWidths)
    func everyItemReachableExactlyOnce(width: Int) {
        checkInvariants(defaults, width: width)
        checkInvariants(KeyBarItem.defaultItems(asciiOnly: true), width: width)
    }

    @Test func everyWidthFrom20To300() {
        for width in 20...300 {
            checkInvariants(defaults, width: width)
        }
    }

    @Test func wideTerminalsShowOnePageWithFullLabels() {
        for width in [90, 120, 200, 300] {
            let layout = KeyBarLayout.layout(items: defaults, width: width, page: 0)
            #expect(layout.pageCount == 1)
            #expect(layout.slots.count == defaults.count)
            #expect(layout.slots.allSatisfy { !$0.usesShortLabel })
            #expect(layout.slots.map(\.label) == defaults.map(\.label))
        }
    }

    /// At 80 columns the default bar fits on one page, the set's name first, with as few
    /// short labels as it takes (those that save the most), and never Ctrl's or Alt's
    /// (issue 45: it read `Ct`).
    @Test func eightyColumnsShowEscTabCtrlAltAndTheArrowsInFull() {
        var bar = KeyBar(sets: KeyBarSet.builtIn)
        let layout = bar.laidOut(80)
        #expect(layout.pageCount == 1)
        #expect(layout.slots.map(\.label).joined(separator: " ")
            == "sh Esc Tab Ctrl Alt ← ↑ ↓ → ⌫ ⏎ P↑ P↓ Hm End | ~ / - Fn ☰")
    }

    /// The bar row as drawn at the widths people use, phones to wide monitors: full labels
    /// whenever the row has room for them, short ones only where one row needs them (never
    /// Esc's, Tab's, Ctrl's or Alt's), and pages of full labels once even the short ones do
    /// not fit. Each button is a gap, then its cap with a blank before the label.
    @Test(arguments: [
        (20, "  ‹   Esc    Tab   ›"),
        (30, "  ‹  Esc  Tab  Ctrl  Alt  ←  ›"),
        (40, "  ‹  Esc   Tab  Ctrl  Alt  ←  ↑  ↓  →  ›"),
        (60, "  ‹  Esc   Tab   Ctrl   Alt  ←  ↑  ↓  →  ⌫  ⏎  PgUp  PgDn  ›"),
        (70, "  ‹  Esc   Tab   Ctrl  Alt  ←  ↑  ↓  →  ⌫  ⏎  PgUp  PgDn  Home  End  ›"),
        (80, "  Esc   Tab  Ctrl  Alt  ←  ↑  ↓  →  ⌫  ⏎  P↑  PgDn  Home  End  |  ~  /  -  Fn  ☰"),
        (100, "  Esc   Tab   Ctrl   Alt   ←   ↑   ↓   →   ⌫   ⏎   PgUp   PgDn   Home   End   |   ~   /   -   Fn   ☰"),
    ])
    func theBarRowAtEachWidth(width: Int, row: String) {
        let rig = WorkspaceRig(columns: width)
        #expect(rig.barRow == row)
    }

    /// From 20 to 300 columns: no short label on a bar whose full labels fit; on one row,
    /// every short label needed (turning any one back to its full label would overflow); on
    /// pages, only full labels (unless one is wider than a page).
    @Test func theLongestLabelsThatFitAtEveryWidth() {
        for items in [defaults, KeyBar(sets: KeyBarSet.builtIn).shownItems] {
            let full = items.map { KeyBarLayout.minimumWidth($0, short: false) }
            let short = items.indices.map { KeyBarLayout.minimumWidth(items[$0], short: true) }
            for width in 20...300 {
                let layout = KeyBarLayout.layout(items: items, width: width, page: 0)
                if full.reduce(0, +) <= width {
                    #expect(layout.slots.allSatisfy { !$0.usesShortLabel }, "width \(width)")
                } else if layout.pageCount == 1 {
                    var used = 0
                    for slot in layout.slots {
                        guard let index = slot.itemIndex else { continue }
                        used += slot.usesShortLabel ? short[index] : full[index]
                    }
                    for slot in layout.slots where slot.usesShortLabel {
                        let index = slot.itemIndex!
                        #expect(used - short[index] + full[index] > width, "width \(width): \(items[index].label) need not be short")
                    }
                } else {
                    for page in 0..<layout.pageCount {
                        let shown = KeyBarLayout.layout(items: items, width: width, page: page)
                        for slot in shown.slots where slot.usesShortLabel {
                            #expect(full[slot.itemIndex!] > width - 6, "width \(width): a short label on a page")
                        }
                    }
                }
            }
        }
    }

    @Test func narrowTerminalsPage() {
        let at20 = KeyBarLayout.layout(items: defaults, width: 20, page: 0)
        #expect(at20.pageCount > 1)
        #expect(at20.hitTest(column: 0)?.action == .page(.previous))
        #expect(at20.hitTest(column: 19)?.action == .page(.next))
        let at40 = KeyBarLayout.layout(items: defaults, width: 40, page: 0)
        #expect(at40.pageCount > 1)
        #expect(at40.pageCount < at20.pageCount)
    }

    @Test func itemsKeepTheirOrderAcrossPages() {
        for width in namedWidths {
            let order = allPages(defaults, width: width).flatMap { $0.slots.compactMap(\.itemIndex) }
            #expect(order == Array(defaults.indices))
        }
    }

    @Test func pageIsClamped() {
        let layout = KeyBarLayout.layout(items: defaults, width: 20, page: 99)
        #expect(layout.page == layout.pageCount - 1)
        #expect(KeyBarLayout.layout(items: defaults, width: 20, page: -3).page == 0)
    }

    @Test func labelsShortenOnlyToTheirDeclaredShortForms() {
        for width in 20...300 {
            for layout in allPages(defaults, width: width) {
                for slot in layout.slots {
                    guard let index = slot.itemIndex else { continue }
                    let item = defaults[index]
                    let allowed = [item.label, item.shortLabel].compactMap { $0 }
                    #expect(allowed.contains(slot.label), "width \(width): '\(slot.label)' for \(item.label)")
                }
            }
        }
    }

    @Test func ambiguousShortFormsAreNotUsed() {
        // "Hm" would read as the other button's label, so Home keeps its full label.
        let items = [
            KeyBarItem(label: "Home", shortLabel: "Hm", action: .key(KeyEvent(.home))),
            KeyBarItem(label: "Hm", action: .text(Array("hm".utf8))),
        ]
        #expect(KeyBarLayout.unambiguousShortLabels(items) == [false, false])
        #expect(KeyBarLayout.unambiguousShortLabels(defaults).contains(true))
    }

    @Test func modifierSlotsHaveRoomForTheLockedForm() {
        for width in namedWidths {
            for layout in allPages(defaults, width: width) {
                for slot in layout.slots {
                    guard let index = slot.itemIndex, case .modifier = defaults[index].action else { continue }
                    // The `^` takes the blank before the label, inside the cap.
                    let locked = defaults[index].label(short: slot.usesShortLabel, state: .locked)
                    #expect(terminalColumns(locked) <= slot.cap.count)
                }
            }
        }
    }

    @Test func pageBreaksStartNewPages() {
        var items = Array(defaults.prefix(4))
        items[2].startsPage = true
        let pages = checkInvariants(items, width: 120)
        #expect(pages.count == 2)
        #expect(pages[1].slots.compactMap(\.itemIndex) == [2, 3])
        #expect(pages[0].pageOfItem == [0, 0, 1, 1])
    }

    @Test func overlongLabelsAreClippedNotDropped() {
        let items = [KeyBarItem(label: String(repeating: "x", count: 40), action: .menu)] + defaults
        for width in namedWidths { checkInvariants(items, width: width) }
    }

    @Test func labelsAreMeasuredInTerminalColumns() {
        #expect(terminalColumns("←") == 1)
        #expect(terminalColumns("PgUp") == 4)
        #expect(terminalColumns("漢字") == 4)
        #expect(clipped("漢字", toColumns: 3) == "漢")
    }

    @Test func missesBetweenNothingReturnNil() {
        let layout = KeyBarLayout.layout(items: defaults, width: 80, page: 0)
        #expect(layout.hitTest(column: 80) == nil)
        #expect(layout.hitTest(column: -1) == nil)
    }
}
