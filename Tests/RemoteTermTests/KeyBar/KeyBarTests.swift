// The bar as the front drives it: clicks become key events (checked through KeyEncoder),
// the one-shot modifiers via the bar's Ctrl and Alt buttons, paging, hold-to-repeat and
// hiding.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let ms: UInt64 = 1_000_000

/// A bar laid out 100 columns wide (everything on one page, full labels).
private func wideBar() -> KeyBar {
    var bar = KeyBar()
    _ = bar.laidOut(100)
    return bar
}

/// The first column of the button labelled `label` on the current page.
private func column(of label: String, in bar: inout KeyBar) -> Int {
    let layout = bar.laidOut(100)
    guard let slot = layout.slots.first(where: { $0.label == label }) else {
        Issue.record("no button '\(label)'")
        return -1
    }
    return slot.columns.lowerBound
}

/// Clicks the button labelled `label` and returns the bytes the front would send.
private func clickBytes(_ label: String, _ bar: inout KeyBar, at now: UInt64 = 0) -> String {
    // A press and its release: a button with alternatives sends at the release.
    let actions = bar.click(column: column(of: label, in: &bar), at: now) + bar.release(at: now)
    var bytes: [UInt8] = []
    for case .send(let input) in actions {
        switch input {
        case .keys(let events): bytes += events.flatMap { KeyEncoder.encode($0, options: KeyEncodingOptions()) }
        case .bytes(let sent): bytes += sent
        default: break
        }
    }
    return hexString(bytes)
}

/// A keyboard key through the bar's latch, encoded.
private func typed(_ event: KeyEvent, _ bar: inout KeyBar) -> String {
    hexString(KeyEncoder.encode(bar.apply(to: event), options: KeyEncodingOptions()))
}

@Suite struct KeyBarTests {
    @Test func clicksSendExactlyOneKey() {
        var bar = wideBar()
        #expect(clickBytes("Esc", &bar) == "1b")
        #expect(clickBytes("Tab", &bar) == "09")
        #expect(clickBytes("⌫", &bar) == "7f")
        #expect(clickBytes("⏎", &bar) == "0d")
        #expect(clickBytes("↑", &bar) == "1b 5b 41")
        #expect(clickBytes("PgUp", &bar) == "1b 5b 35 7e")
        #expect(clickBytes("|", &bar) == "7c")
        #expect(clickBytes("~", &bar) == "7e")
    }

    @Test func arrowsFollowCursorKeyMode() {
        var bar = wideBar()
        let response = bar.click(column: column(of: "↑", in: &bar), at: 0)
        guard case .send(.keys(let events)) = response.first else { Issue.record("no key"); return }
        var options = KeyEncodingOptions()
        options.cursorKeysApplication = true
        #expect(hexString(KeyEncoder.encode(events[0], options: options)) == "1b 4f 41")
    }

    @Test func ctrlThenKeyboardCSends03AndTheArmedStateIsShownThenGone() {
        var bar = wideBar()
        let ctrl = column(of: "Ctrl", in: &bar)
        let response = bar.click(column: ctrl, at: 0)
        #expect(response == [.redraw])
        #expect(bar.latch.state(of: .control) == .armed)
        let slot = bar.laidOut(100).hitTest(column: ctrl)!
        #expect(bar.appearance(of: slot) == KeyBarLabel(text: "^Ctrl", emphasis: .armed))
        #expect(typed(.character("c"), &bar) == "03")
        #expect(bar.appearance(of: slot) == KeyBarLabel(text: "Ctrl", emphasis: .normal))
        #expect(typed(.character("c"), &bar) == "63")
    }

    @Test func ctrlIsConsumedByTheNextBarKeyToo() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        #expect(clickBytes("↑", &bar, at: 2_000 * ms) == "1b 5b 31 3b 35 41")
        #expect(clickBytes("↑", &bar, at: 3_000 * ms) == "1b 5b 41")
    }

    @Test func secondClickCancelsAndSendsNothing() {
        var bar = wideBar()
        #expect(clickBytes("Ctrl", &bar, at: 0) == "")
        #expect(clickBytes("Ctrl", &bar, at: 1_000 * ms) == "")
        #expect(bar.latch.state(of: .control) == .off)
        #expect(typed(.character("c"), &bar) == "63")
    }

    @Test func doubleClickLocksUntilTheNextClick() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        _ = clickBytes("Ctrl", &bar, at: 200 * ms)
        #expect(bar.latch.state(of: .control) == .locked)
        let slot = bar.laidOut(100).hitTest(column: column(of: "Ctrl", in: &bar))!
        #expect(bar.appearance(of: slot) == KeyBarLabel(text: "^CTRL", emphasis: .locked))
        #expect(typed(.character("c"), &bar) == "03")
        #expect(typed(.character("c"), &bar) == "03")
        _ = clickBytes("Ctrl", &bar, at: 5_000 * ms)
        #expect(typed(.character("c"), &bar) == "63")
    }

    @Test func ctrlAndAltCombine() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        _ = clickBytes("Alt", &bar, at: 10 * ms)
        #expect(typed(.character("c"), &bar) == "1b 03")
        #expect(typed(.character("x"), &bar) == "78")
    }

    @Test func armedModifiersOnKeyboardKeys() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        #expect(typed(.character("["), &bar) == "1b")
        _ = clickBytes("Ctrl", &bar, at: 1_000 * ms)
        #expect(typed(.character(" "), &bar) == "00")
        _ = clickBytes("Alt", &bar, at: 2_000 * ms)
        #expect(typed(.character("x"), &bar) == "1b 78")
    }

    @Test func lockedFormStaysDistinctForLabelsWithoutLowerCase() {
        let item = KeyBarItem(label: "M", action: .modifier(.alt))
        #expect(item.label(short: false, state: .off) == "M")
        #expect(item.label(short: false, state: .armed) == "^M")
        #expect(item.label(short: false, state: .locked) == "[^M]")
        let esc = KeyBarItem(label: "Esc", action: .key(KeyEvent(.escape)))
        #expect(esc.label(short: false, state: .locked) == "Esc")
    }

    @Test func keyboardKeysPassUnchangedWithoutTheLatch() {
        var bar = wideBar()
        #expect(bar.apply(to: .character("x")) == .character("x"))
        #expect(bar.apply(to: KeyEvent(.up, modifiers: .shift)) == KeyEvent(.up, modifiers: .shift))
    }

    @Test func menuButtonAsksForTheMenu() {
        var bar = wideBar()
        let response = bar.click(column: column(of: "☰", in: &bar), at: 0)
        #expect(response == [.showMenu])
    }

    @Test func pageButtonsTurnAndWrap() {
        var bar = KeyBar()
        let first = bar.laidOut(20)
        let count = first.pageCount
        #expect(count > 1)
        let next = bar.click(column: 19, at: 0)
        #expect(next == [.redraw])
        #expect(bar.laidOut(20).page == 1)
        #expect(bar.click(column: 0, at: 0) == [.redraw])
        #expect(bar.page == 0)
        #expect(bar.click(column: 0, at: 0) == [.redraw])
        #expect(bar.page == count - 1)
        #expect(bar.turnPage(.next) == [.redraw])
        #expect(bar.page == 0)
    }

    @Test func everyDefaultButtonCanBeClickedAtWidth20() {
        var bar = KeyBar()
        var reached = Set<Int>()
        for _ in 0..<bar.laidOut(20).pageCount {
            for slot in bar.laidOut(20).slots { if let index = slot.itemIndex { reached.insert(index) } }
            _ = bar.turnPage(.next)
        }
        #expect(reached == Set(bar.items.indices))
    }

    @Test func textAndMacroButtonsSendLiterally() {
        var bar = KeyBar(items: [
            KeyBarItem(label: "gs", action: .text(Array("git status\r".utf8))),
            KeyBarItem(label: "detach", action: .macro([.character("a", modifiers: .control), .character("d")])),
        ])
        #expect(clickBytes("gs", &bar) == hexString(Array("git status\r".utf8)))
        #expect(clickBytes("detach", &bar) == "01 64")
    }

    @Test func holdingAnArrowRepeatsUntilRelease() {
        var bar = wideBar()
        let response = bar.click(column: column(of: "←", in: &bar), at: 0)
        #expect(response == [.send(.keys([KeyEvent(.left)]))])
        #expect(bar.nextRepeatDeadline() == 400 * ms)
        #expect(bar.repeatsDue(at: 399 * ms) == [])
        #expect(bar.repeatsDue(at: 400 * ms) == [.send(.keys([KeyEvent(.left)]))])
        #expect(bar.repeatsDue(at: 560 * ms) == [.send(.keys([KeyEvent(.left), KeyEvent(.left)]))])
        bar.release()
        #expect(bar.nextRepeatDeadline() == nil)
        #expect(bar.repeatsDue(at: 10_000 * ms) == [])
    }

    @Test func holdingEscDoesNotRepeat() {
        var bar = wideBar()
        _ = bar.click(column: column(of: "Esc", in: &bar), at: 0)
        #expect(bar.nextRepeatDeadline() == nil)
        #expect(bar.repeatsDue(at: 1_000 * ms) == [])
    }

    @Test func heldKeyRepeatsWithTheModifiersItWasSentWith() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        _ = bar.click(column: column(of: "→", in: &bar), at: 1_000 * ms)
        let controlRight = KeyEvent(.right, modifiers: .control)
        #expect(bar.repeatsDue(at: 1_400 * ms) == [.send(.keys([controlRight]))])
    }

    @Test func hidingFreesTheRowAndDropsTheLatch() {
        var bar = wideBar()
        _ = clickBytes("Ctrl", &bar, at: 0)
        #expect(bar.reservedRows == 1)
        bar.setVisible(false)
        #expect(bar.reservedRows == 0)
        #expect(bar.latch.active == [])
        #expect(bar.click(column: 1, at: 0) == [])
        bar.setVisible(true)
        #expect(bar.reservedRows == 1)
    }
}

extension KeyBar {
    /// Lays the bar out `width` columns wide, as the front does when the terminal's width
    /// changes, and returns the layout that drawing and clicks then share.
    mutating func laidOut(_ width: Int) -> KeyBarLayout {
        setWidth(width)
        return layout
    }
}
