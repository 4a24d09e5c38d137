// The bar at every width from 20 to 300 columns (issue 45): Esc, Tab, Ctrl and Alt are
// never abbreviated; from 80 columns on the first page holds `Esc Tab Ctrl Alt ← ↑ ↓ →` in
// full; every button is reachable on some page, and every alternative in its popup; labels,
// in every modifier state, stay inside their button's cap and never run past the row.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The bars a user meets: the default buttons alone, in symbols and in words, and rterm's
/// sets (the set's name first), in both styles.
private func bars() -> [(name: String, bar: KeyBar)] {
    var words = KeyBar(sets: KeyBarSet.builtIn)
    words.style = .words
    var plainWords = KeyBar()
    plainWords.style = .words
    return [("default", KeyBar()), ("words", plainWords), ("sets", KeyBar(sets: KeyBarSet.builtIn)), ("sets in words", words)]
}

/// Every page of `bar`'s layout at `width`.
private func pages(_ bar: KeyBar, width: Int) -> [KeyBarLayout] {
    let first = KeyBarLayout.layout(items: bar.shownItems, width: width, page: 0)
    return (0..<first.pageCount).map { KeyBarLayout.layout(items: bar.shownItems, width: width, page: $0) }
}

@Suite struct KeyBarWidthTableTests {
    @Test func escTabCtrlAndAltAreNeverAbbreviated() {
        for (name, bar) in bars() {
            for width in 20...300 {
                for layout in pages(bar, width: width) {
                    for slot in layout.slots {
                        guard let index = slot.itemIndex, bar.shownItems[index].keepsFullLabel else { continue }
                        let item = bar.shownItems[index]
                        // They fit between the page buttons of the narrowest bar, so in full.
                        #expect(!slot.usesShortLabel && slot.label == item.label, "\(name) at \(width): '\(slot.label)'")
                        #expect(["Esc", "Tab", "Ctrl", "Alt"].contains(slot.label), "\(name) at \(width): '\(slot.label)'")
                    }
                }
            }
        }
    }

    @Test func fromEightyColumnsTheFirstPageHoldsEscTabCtrlAltAndTheArrowsInFull() {
        for (name, bar) in bars() {
            let words = bar.style == .words
            for width in 80...300 {
                let labels = KeyBarLayout.layout(items: bar.shownItems, width: width, page: 0).slots.map(\.label)
                let essentials = labels.drop { $0 != "Esc" }.prefix(8)
                #expect(Array(essentials.prefix(4)) == ["Esc", "Tab", "Ctrl", "Alt"], "\(name) at \(width): \(labels)")
                // In words an arrow may be shortened (`Lt`) on a row that has room for them all.
                let arrows = words ? [["Left", "Lt"], ["Up"], ["Down", "Dn"], ["Right", "Rt"]] : [["←"], ["↑"], ["↓"], ["→"]]
                for (label, allowed) in zip(essentials.dropFirst(4), arrows) {
                    #expect(allowed.contains(label), "\(name) at \(width): \(labels)")
                }
                #expect(essentials.count == 8, "\(name) at \(width): \(labels)")
            }
        }
    }

    @Test func everyButtonIsOnExactlyOnePageAndEveryAlternativeInItsPopup() {
        for (name, bar) in bars() {
            for width in 20...300 {
                var seen = Array(repeating: 0, count: bar.shownItems.count)
                for layout in pages(bar, width: width) {
                    for slot in layout.slots {
                        guard let index = slot.itemIndex else { continue }
                        seen[index] += 1
                        let alternatives = bar.shownItems[index].alternatives
                        guard !alternatives.isEmpty else { continue }
                        var popup = KeyBarPopup(itemIndex: index, anchor: slot.columns, items: alternatives)
                        var reached = Set<Int>()
                        for page in 0..<alternatives.count {
                            popup.page = page
                            for alternative in popup.layout(width: width) {
                                guard let picked = alternative.itemIndex else { continue }
                                #expect(alternative.columns.upperBound <= width, "\(name) at \(width): popup past the edge")
                                #expect(alternative.label == alternatives[picked].label, "\(name) at \(width): '\(alternative.label)' cut")
                                reached.insert(picked)
                            }
                        }
                        #expect(reached == Set(alternatives.indices), "\(name) at \(width): \(bar.shownItems[index].label)'s popup")
                    }
                }
                #expect(seen.allSatisfy { $0 == 1 }, "\(name) at \(width): \(seen)")
            }
        }
    }

    @Test func labelsInEveryStateStayInsideTheirCapsAndTheRow() {
        for (name, bar) in bars() {
            for width in 20...300 {
                for layout in pages(bar, width: width) {
                    var end = 0
                    for slot in layout.slots {
                        #expect(slot.columns.lowerBound == end && slot.cap.upperBound == slot.columns.upperBound)
                        #expect(slot.cap.count == slot.columns.count - 1, "\(name) at \(width): no gap before \(slot.label)")
                        end = slot.columns.upperBound
                        let item = slot.itemIndex.map { bar.shownItems[$0] }
                        let states: [ModifierLatch.State] = [.off, .armed, .locked]
                        for state in states {
                            let text = item?.label(short: slot.usesShortLabel, state: state) ?? slot.label
                            let column = slot.column(of: text)
                            #expect(
                                slot.cap.contains(column) && column + terminalColumns(text) <= slot.cap.upperBound,
                                "\(name) at \(width): '\(text)' at \(column) outside \(slot.cap)")
                            if state == .off {
                                // A blank between the label and the gap before it.
                                #expect(column > slot.cap.lowerBound || slot.itemIndex == nil, "\(name) at \(width)")
                            }
                        }
                        if case .modifier = item?.action {
                            // Arming moves the label's own letters nowhere.
                            let off = slot.column(of: slot.label)
                            #expect(slot.column(of: "^" + slot.label) == off - 1, "\(name) at \(width)")
                        }
                    }
                    #expect(end == width, "\(name) at \(width): the row is not filled")
                }
            }
        }
    }
}
