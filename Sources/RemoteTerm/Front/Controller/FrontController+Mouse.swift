import RemoteTermEngine

/// The mouse over the remote area: to the remote when it asked for it, else rterm's own
/// selection, links, history and alternate scroll; over a panel, the panel's.
extension FrontController {
    /// Routes a mouse event: by mode first (a popup or the keys by number take every press, a
    /// question keeps the remote area from the mouse, a panel takes its rows), then by where
    /// it is: the bar row (`barRowMouse`, by what the row shows), the remote area.
    mutating func mouse(_ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]) {
        let onBarRow = mouse.row >= view.remoteRows && bar.isVisible
        switch mode {
        case .popup(let popup):
            // The popup owns the mouse: a press on an alternative sends it, a press anywhere
            // else only closes the strip; nothing else reaches the remote meanwhile.
            guard mouse.action == .press else { return }
            mode = .live
            let strip = (view.remoteRows - bar.rows)..<view.remoteRows
            actions += bar.pick(from: popup, column: strip.contains(mouse.row) ? mouse.column : nil, at: now)
        case .prompt:
            // The question keeps the screen: only its row answers.
            if onBarRow { barRowMouse(mouse, now: now, view: view, into: &actions) }
        case .panel(let panel):
            if onBarRow {
                barRowMouse(mouse, now: now, view: view, into: &actions)
            } else if mouse.row < view.remoteRows,
                mouse.row >= view.remoteRows - panel.height(rows: view.remoteRows, columns: view.columns)
            {
                panelMouse(mouse, view: view, into: &actions)
            } else if mouse.row < view.remoteRows {
                remoteAreaMouse(mouse, now: now, view: view, into: &actions)
            }
        case .pickingKey:
            // The list covers the rows above the bar: a press anywhere closes it, as Esc
            // does, and nothing reaches the remote meanwhile.
            guard mouse.action == .press else { return }
            closeKeyList(into: &actions)
        case .live, .history, .selecting, .ended, .notice, .menu:
            if onBarRow {
                barRowMouse(mouse, now: now, view: view, into: &actions)
            } else if mouse.row < view.remoteRows {
                remoteAreaMouse(mouse, now: now, view: view, into: &actions)
            }
        }
    }

    /// The mouse over the remote screen: the remote's when it asked for it (and the live
    /// screen is shown; Shift keeps it for rterm), else the wheel, selection and links.
    private mutating func remoteAreaMouse(
        _ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]
    ) {
        let event = Self.remoteMouseEvent(mouse)
        if !mouse.modifiers.contains(.shift), historyTop == nil, MouseEncoder.encode(event, options: view.encoding) != nil {
            actions.append(.send(.mouse(event)))
            return
        }
        switch mouse.action {
        case .wheelUp, .wheelDown:
            wheel(up: mouse.action == .wheelUp, view: view, into: &actions)
        case .press where mouse.button == 0:
            press(at: position(of: mouse, view: view), now: now, view: view, into: &actions)
        case .motion where mouse.button == 0:
            drag(to: position(of: mouse, view: view), into: &actions)
        case .release:
            release(at: position(of: mouse, view: view), view: view, into: &actions)
        default:
            break
        }
    }

    /// The text position under a cell of the remote area.
    private func position(of mouse: LocalMouseEvent, view: FrontView) -> TextPosition {
        let first = FrameComposer.firstLine(of: view.terminal, topLine: historyTop)
        return TextPosition(line: first + mouse.row, column: min(mouse.column, view.terminal.columns - 1))
    }

    /// The wheel: ↑/↓ to the remote on the alternate screen (alternate-scroll mode, 1007),
    /// else through the history, which is left at its bottom.
    private mutating func wheel(up: Bool, view: FrontView, into actions: inout [FrontAction]) {
        let terminal = view.terminal
        if terminal.isAlternateScreenActive && terminal.modes.alternateScroll && historyTop == nil {
            let key = KeyEvent(up ? .up : .down)
            actions.append(.send(.keys(Array(repeating: key, count: Self.wheelStep))))
            return
        }
        let live = terminal.screenTopLineNumber
        let current = FrameComposer.firstLine(of: terminal, topLine: historyTop)
        let target = min(max(current + (up ? -Self.wheelStep : Self.wheelStep), terminal.oldestLineNumber), live)
        let next: Int? = target >= live ? nil : target
        if next != historyTop {
            // Into the history (or back to the live screen): what was open over it closes; a
            // selection stays, on its lines.
            if let selection {
                mode = .selecting(selection, historyTop: next)
            } else {
                mode = next.map { FrontMode.history(top: $0) } ?? .live
            }
            actions.append(.redraw)
        }
    }

    /// A left press: the first of a click, a double click (word) or a triple click (line).
    private mutating func press(at position: TextPosition, now: UInt64, view: FrontView, into actions: inout [FrontAction]) {
        let count = pointer.press(at: position, now: now)
        pendingLink = nil
        switch count {
        case 1:
            if selection != nil { actions.append(.redraw) }
            select(nil)
        case 2:
            select(Selection(anchor: position, head: position, granularity: .word))
            actions.append(.redraw)
        default:
            select(Selection(anchor: position, head: position, granularity: .line))
            actions.append(.redraw)
        }
    }

    /// Selects (or, nil, clears the selection) where the screen is: live or in the history.
    /// A panel open over the screen stays open while nothing is selected.
    private mutating func select(_ selection: Selection?) {
        let top = historyTop
        if let selection {
            mode = .selecting(selection, historyTop: top)
        } else if case .selecting = mode {
            mode = top.map { FrontMode.history(top: $0) } ?? .live
        }
    }

    /// Motion with the left button held: the selection follows.
    private mutating func drag(to position: TextPosition, into actions: inout [FrontAction]) {
        guard let anchor = pointer.dragTo(position) else { return }
        if var current = selection {
            guard current.head != position else { return }
            current.head = position
            select(current)
        } else {
            select(Selection(anchor: anchor, head: position, granularity: .character))
        }
        actions.append(.redraw)
    }

    /// The release: a selection made is copied; a single click on a link waits for the
    /// double-click interval before it acts.
    private mutating func release(at position: TextPosition, view: FrontView, into actions: inout [FrontAction]) {
        let click = pointer.release()
        if let selection {
            let bounds = selection.bounds(lines: { view.terminal.line(number: $0) })
            let text = SelectionText.text(from: bounds.start, to: bounds.end, lines: { view.terminal.line(number: $0) })
            if !text.isEmpty { actions.append(.copy(text)) }
            return
        }
        guard let click, click.count == 1 else { return }
        if let link = links(in: view).first(where: { $0.contains(click.position) }) {
            pendingLink = (link.url, click.time &+ Self.multiClickInterval)
        }
    }

    /// The links on the lines shown.
    func links(in view: FrontView) -> [DetectedLink] {
        Self.visibleLinks(view.terminal, topLine: historyTop, rows: view.remoteRows)
    }

    /// The links (OSC 8 and URLs in the text) on the `rows` lines shown from `topLine` (nil:
    /// the live screen). A URL wrapped from the line above the top row is found too.
    package static func visibleLinks(_ terminal: Terminal, topLine: Int?, rows: Int) -> [DetectedLink] {
        var first = FrameComposer.firstLine(of: terminal, topLine: topLine)
        // Take in the lines that wrap into the top row, so a URL cut by the top edge is whole.
        var lookBack = 0
        while lookBack < 8, let above = terminal.line(number: first - 1), above.isWrapped {
            first -= 1
            lookBack += 1
        }
        let end = FrameComposer.firstLine(of: terminal, topLine: topLine) + rows
        let lines = (first..<end).compactMap { terminal.line(number: $0) }
        return LinkDetector.links(in: lines, firstLineNumber: first)
    }

    /// Over a panel: the wheel scrolls it; clicks do nothing (they never reach what is under it).
    private mutating func panelMouse(_ mouse: LocalMouseEvent, view: FrontView, into actions: inout [FrontAction]) {
        guard var panel, mouse.action == .wheelUp || mouse.action == .wheelDown else { return }
        let before = panel.scroll
        panel.scroll(by: mouse.action == .wheelUp ? -Self.wheelStep : Self.wheelStep, rows: view.remoteRows, columns: view.columns)
        mode = .panel(panel)
        if panel.scroll != before { actions.append(.redraw) }
    }

    static func remoteMouseEvent(_ mouse: LocalMouseEvent) -> MouseEvent {
        let button = MouseButton(rawValue: mouse.button) ?? .left
        let action: MouseAction
        switch mouse.action {
        case .press: action = .press(button)
        case .release: action = .release(button)
        case .motion: action = .motion(held: mouse.button == 3 ? nil : button)
        case .wheelUp: action = .wheelUp
        case .wheelDown: action = .wheelDown
        }
        return MouseEvent(action, column: mouse.column, row: mouse.row, modifiers: mouse.modifiers)
    }
}

/// The left button's recent presses: how many clicks in a row (within the multi-click
/// interval, on the same cell), and where a drag started.
struct PointerState: Sendable {
    /// The latest press: where, when, and how many clicks it counts as.
    private(set) var last: (position: TextPosition, time: UInt64, count: Int)?
    /// Whether the button is down.
    private(set) var isDown = false
    /// Whether the pointer moved off the pressed cell while down.
    private(set) var dragged = false

    /// A press at `now`; returns its click count (1, 2 or 3; a fourth starts again at 1).
    mutating func press(at position: TextPosition, now: UInt64) -> Int {
        var count = 1
        if let last, last.position == position, FrontController.elapsed(from: last.time, to: now) <= FrontController.multiClickInterval {
            count = last.count % 3 + 1
        }
        last = (position, now, count)
        isDown = true
        dragged = false
        return count
    }

    /// Motion while down: the press position when this is a drag off it, else nil.
    mutating func dragTo(_ position: TextPosition) -> TextPosition? {
        guard isDown, let last else { return nil }
        if position != last.position { dragged = true }
        return dragged ? last.position : nil
    }

    /// The release: the press it ends (nil when it was a drag or no press was seen).
    mutating func release() -> (position: TextPosition, time: UInt64, count: Int)? {
        defer { isDown = false }
        guard isDown, !dragged else { return nil }
        return last
    }
}
