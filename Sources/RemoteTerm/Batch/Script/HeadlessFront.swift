import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// The interactive front's own decisions for what a script sends, with no screen: `key`,
/// `paste`, `click` (and `type` after a modifier was clicked) reach a `FrontController` as
/// the events a person's terminal would give it (a key, a bracketed paste, a press and a
/// release on the bar row, the wheel over the bar), and what the controller decides to send
/// is what the script sends. So a script's one-shot Ctrl, a button's alternatives and the
/// bar's pages are the front's, not a copy of them.
struct HeadlessFront {
    private(set) var controller: FrontController

    /// A front with `bar`, its buttons named by their glyph labels: a script reads the same
    /// in any locale (`click ⏎` and `click Enter` both find the button).
    init(bar: KeyBar) {
        var bar = bar
        bar.style = .glyphs
        controller = FrontController(bar: bar)
    }

    var bar: KeyBar { controller.bar }

    /// `key NAME`, with the modifiers clicked on the bar.
    mutating func key(_ event: KeyEvent, now: UInt64, view: FrontView) -> [SessionInput] {
        carryOut(controller.handle(.key(event), now: now, view: view))
    }

    /// `type "…"`: the bytes as they are (a script's `\e[A` is those three bytes, not an
    /// arrow to encode again); while a modifier clicked on the bar is armed, each character
    /// is a key with it, as the front types it (`click Ctrl` then `type "c"` sends 0x03).
    mutating func type(_ bytes: [UInt8], now: UInt64, view: FrontView) -> [SessionInput] {
        guard !controller.bar.latch.active.isEmpty else { return [.bytes(bytes)] }
        var inputs: [SessionInput] = []
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if controller.bar.latch.active.isEmpty {
                inputs.append(.bytes(Array(String(scalar).utf8)))
            } else {
                inputs += key(LocalInputDecoder.keyEvent(forTyped: scalar), now: now, view: view)
            }
        }
        return inputs
    }

    /// `paste "…"`: a paste as the user's terminal brackets one (the session brackets it
    /// again for the remote when the remote asked).
    mutating func paste(_ bytes: [UInt8], now: UInt64, view: FrontView) -> [SessionInput] {
        guard !bytes.isEmpty else { return [.paste([])] }
        return carryOut([.pasteStart, .pasteData(bytes), .pasteEnd].flatMap { controller.handle($0, now: now, view: view) })
    }

    /// `click LABEL`: a press and a release on the button, looked for on the shown set
    /// first, then on the others, turning the bar's pages as the wheel over it does; nil when
    /// no set has it, the bar then as it was (its set and page).
    mutating func click(_ label: String, now: UInt64, view: FrontView) -> [SessionInput]? {
        let before = controller
        guard let sent = find(label, now: now, view: view) else {
            controller = before
            return nil
        }
        return sent
    }

    private mutating func find(_ label: String, now: UInt64, view: FrontView) -> [SessionInput]? {
        let others = controller.bar.sets.map(\.name).filter { $0 != controller.bar.setName }
        for set in [nil] + others.map(Optional.some) {
            if let set { _ = controller.showKeySet(set) }
            for _ in 0..<max(1, layout(view).pageCount) {
                if let column = column(of: label, view: view) {
                    let row = view.remoteRows
                    let press = LocalMouseEvent(action: .press, button: 0, column: column, row: row)
                    let release = LocalMouseEvent(action: .release, button: 0, column: column, row: row)
                    return carryOut(
                        controller.handle(.mouse(press), now: now, view: view)
                            + controller.handle(.mouse(release), now: now, view: view))
                }
                let wheel = LocalMouseEvent(action: .wheelDown, button: 0, column: 0, row: view.remoteRows)
                _ = controller.handle(.mouse(wheel), now: now, view: view)
            }
        }
        return nil
    }

    /// The bar as the controller lays it out on `view`'s bar row.
    private func layout(_ view: FrontView) -> KeyBarLayout {
        var bar = controller.bar
        bar.setWidth(view.columns)
        return bar.layout
    }

    /// The first column of the shown button called `label` (by any of its labels: a narrow
    /// bar shows the short one), if the shown page has it.
    private func column(of label: String, view: FrontView) -> Int? {
        let shown = controller.bar.shownItems
        return layout(view).slots.first { slot in
            guard let index = slot.itemIndex, shown.indices.contains(index) else { return false }
            let item = shown[index]
            return slot.label == label || item.label == label || item.shortLabel == label || item.wordLabel == label
        }?.columns.lowerBound
    }

    /// What the front does with the controller's decisions, headless: inputs are sent, a
    /// click on the set's name shows the next set; the rest (menus, popups, redraws) has
    /// nothing to draw on.
    private mutating func carryOut(_ actions: [FrontAction]) -> [SessionInput] {
        var inputs: [SessionInput] = []
        for action in actions {
            switch action {
            case .send(let input): inputs.append(input)
            case .cycleKeySet: if let next = controller.bar.nextSetName { _ = controller.showKeySet(next) }
            default: break
            }
        }
        return inputs
    }
}
