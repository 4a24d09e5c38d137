// Key-bar layout: at every width from 20 to 300 every item is on exactly one page and
// reachable by a click, slots never overlap or leave the row, and each page fills it.

import Testing

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

    /// At 80 columns the default bar fits on one page with its short labels, the set's name
    /// first.
    @Test func eightyColumnsFitWithShortLabels() {
        var bar = KeyBar(sets: KeyBarSet.builtIn)
        let layout = bar.layout(width: 80)
        #expect(layout.pageCount == 1)
        #expect(layout.slots.map(\.label).joined(separator: " ")
            == "sh Esc Tab Ct Al ← ↑ ↓ → ⌫ ⏎ P↑ P↓ Hm End | ~ / - Fn ☰")
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
                    let locked = defaults[index].label(short: slot.usesShortLabel, state: .locked)
                    #expect(terminalColumns(locked) + 2 <= slot.columns.count)
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
