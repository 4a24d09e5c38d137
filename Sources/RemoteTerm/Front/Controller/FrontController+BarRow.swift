import RemoteTermCore
import RemoteTermEngine

/// What the bar row shows (a question, a notice, the menu, the history line, or the
/// buttons), rterm's menu on it, and clicks on it: rterm's own, never the remote's.
extension FrontController {
    /// The items of rterm's menu, in order.
    package static let menuItems = ["Hide bar", "Help", "Copy screen", "Copy all", "New session", "Disconnect", "Close"]

    /// The menu as shown: rterm's items, then the sessions (by their tab labels) when the
    /// workspace holds several, then a `Cancel …` for each file transfer under way.
    var menuEntries: [String] { Self.menuItems + sessionLabels + transferLabels.map { "Cancel " + $0 } }

    /// What the bar row shows, in order of precedence: nothing (the bar is hidden), the
    /// question being answered, the session that ended, the lost link, a notice, the menu, the
    /// history line, the connection being set up, or the buttons. Drawing and clicks both
    /// start from it, so a click acts on what is shown.
    package enum BarRow: Equatable, Sendable {
        case hidden
        case prompt(PromptEditor)
        case ended(String)
        case reconnect(Reconnection)
        case notice(Notice)
        case menu(page: Int)
        case history(distance: Int)
        case connecting(String)
        case picking(String)
        case buttons
    }

    /// What the bar row shows for `view`.
    package func barRow(view: FrontView) -> BarRow {
        guard bar.isVisible else { return .hidden }
        switch mode {
        case .prompt(let editor, _): return .prompt(editor)
        case .ended(let line): return .ended(line)
        default: break
        }
        if let reconnection = view.reconnection { return .reconnect(reconnection) }
        if case .pickingKey(let digits, let choices) = mode {
            // Before a passing notice (the list, said): the digits typed are echoed here.
            return .picking(Self.pickingLine(digits: digits, choices: choices).text)
        }
        if let notice { return .notice(notice) }
        switch mode {
        case .menu(let page):
            return .menu(page: page)
        case .history(let top), .selecting(_, historyTop: .some(let top)):
            return .history(distance: max(0, view.terminal.screenTopLineNumber - top))
        case .live, .panel, .prompt, .ended, .notice, .popup, .pickingKey, .selecting(_, historyTop: nil):
            // With several sessions the tabs are pages of their own: they stay reachable.
            if let name = view.connectingTo, bar.sessionTabs.isEmpty || bar.page == 0 { return .connecting(name) }
            return .buttons
        }
    }

    /// The labels of the bar row for `view`, nil when the bar is hidden.
    package func barLabels(view: FrontView) -> [BarLabel]? {
        let row = barRow(view: view)
        var labels: [BarLabel]
        switch row {
        case .hidden:
            return nil
        case .prompt(let editor):
            return wordsIfAsked([BarLabel(column: 0, text: " " + editor.display, emphasis: .normal)])
        case .ended:
            return wordsIfAsked([BarLabel(column: 0, text: " " + (barMessage(view: view)?.last ?? ""), emphasis: .armed)])
        case .reconnect(let reconnection):
            return wordsIfAsked(
                Self.reconnectLayout(width: view.columns, reconnection: reconnection, now: view.now, notice: notice).labels)
        case .notice(let notice):
            labels = [BarLabel(column: 0, text: " " + (barMessage(view: view)?.last ?? ""), emphasis: notice.isSticky ? .armed : .normal)]
        case .menu(let page):
            labels = Self.menuLayout(width: view.columns, page: page, items: menuEntries).labels
        case .history(let distance):
            // With prompts marked, `[` and `]` jump between them and do not return.
            let keys = view.terminal.shellPrompts.lines.isEmpty ? "any key" : "[ ] prompts, any other key"
            let text = " [history -\(distance)] wheel scrolls, \(keys) or click returns"
            labels = [BarLabel(column: 0, text: text, emphasis: .armed)]
        case .connecting(let name):
            let cancel = escapeCharacter.map { "  (\($0). cancels)" } ?? ""
            labels = [BarLabel(column: 0, text: " connecting to \(name)…" + cancel, emphasis: .normal)]
        case .picking(let text):
            labels = [BarLabel(column: 0, text: text, emphasis: .armed)]
        case .buttons:
            let layout = bar.width == view.columns ? bar.layout : bar.layout(width: view.columns)
            labels = layout.slots.map { slot in
                let label = bar.appearance(of: slot)
                return BarLabel(
                    column: slot.column(of: label.text), text: label.text, emphasis: label.emphasis, cap: slot.cap)
            }
        }
        if view.isPredicting {
            // Column 0 is always a blank (the gap before the first button's cap).
            labels.insert(BarLabel(column: 0, text: Self.predictionMark, emphasis: .armed), at: 0)
        }
        return wordsIfAsked(labels)
    }

    /// A message on the bar row (a notice, an ended session's line) with what to do about it,
    /// wrapped to the row: the last line is the bar row's, the others go on the rows just
    /// above it (`messageAbove`), so that nothing of it is cut off; nil for other bar rows.
    func barMessage(view: FrontView) -> [String]? {
        let text: String
        switch barRow(view: view) {
        case .ended(let line): text = line + "  (keys go on to the next session; Esc closes it)"
        case .notice(let notice): text = notice.text + (notice.isSticky ? "  (Esc or a click dismisses it)" : "")
        default: return nil
        }
        let lines = Panel(title: "", paragraphs: [text]).wrappedLines(width: max(1, view.columns - 1))
        // At most half the remote area above the bar: the rest of a longer message is cut.
        return Array(lines.suffix(max(1, view.remoteRows / 2 + 1)))
    }

    /// The lines of a bar-row message that go above the bar row (see `barMessage`).
    package func messageAbove(view: FrontView) -> [String] {
        guard bar.isVisible else { return [] }
        if case .prompt(let editor) = barRow(view: view), !editor.choices.isEmpty {
            return wordsIfAsked(Self.choiceRows(editor.choices, view: view).map { BarLabel(column: 0, text: $0, emphasis: .normal) })
                .map(\.text)
        }
        guard let lines = barMessage(view: view) else { return [] }
        return wordsIfAsked(lines.dropLast().map { BarLabel(column: 0, text: " " + $0, emphasis: .normal) }).map(\.text)
    }

    /// A Tab's matches in columns, as a shell lists them, on at most half the remote area:
    /// a longer list ends with how many more match (type more to narrow it).
    static func choiceRows(_ choices: [String], view: FrontView) -> [String] {
        let inert = choices.map { InertText.make($0) }
        let width = max(1, view.columns - 2)
        let rows = table(inert, width: width).map { " " + $0 }
        let room = max(2, view.remoteRows / 2)
        guard rows.count > room else { return rows }
        // As `table` fills its rows.
        let perRow = max(1, (width + 2) / max(1, (inert.map(terminalColumns).max() ?? 0) + 2))
        let more = choices.count - (room - 1) * perRow
        return Array(rows.prefix(room - 1)) + [" … \(more) more: type more of the name"]
    }

    /// In words style, everything on the bar row in ASCII, whoever wrote it (a notice, a
    /// session's name, the menu's page arrows).
    func wordsIfAsked(_ labels: [BarLabel]) -> [BarLabel] {
        guard bar.style == .words else { return labels }
        return labels.map { label in
            var ascii = label
            ascii.text = KeyBarLabelStyle.ascii(label.text)
            return ascii
        }
    }

    /// Where the cursor goes on the bar row while a question is answered (after the shown
    /// text), nil otherwise.
    package var barCursorColumn: Int? {
        if case .pickingKey(let digits, let choices) = mode {
            return Self.pickingLine(digits: digits, choices: choices).cursor
        }
        guard let prompt else { return nil }
        return 1 + prompt.display.unicodeScalars.count
    }

    /// One page of the menu at `width` columns: `[Item]` labels two columns apart from column
    /// 1; when they do not all fit, pages between a `‹` at the left edge and a `›` at the
    /// right edge, like the bar's. Returns the labels and what each column range does.
    static func menuLayout(
        width: Int, page: Int, items: [String] = menuItems
    ) -> (labels: [BarLabel], targets: [(Range<Int>, MenuTarget)], pages: Int) {
        let texts = items.map { "[\($0)]" }
        let total = texts.reduce(0) { $0 + $1.count + 2 } - 1
        let paged = total > width
        let start = paged ? 2 : 1
        let end = paged ? width - 2 : width
        var pages: [[Int]] = [[]]
        var column = start
        for (index, text) in texts.enumerated() {
            if column + text.count > end && !pages[pages.count - 1].isEmpty {
                pages.append([])
                column = start
            }
            pages[pages.count - 1].append(index)
            column += text.count + 2
        }
        let shown = min(max(page, 0), pages.count - 1)
        var labels: [BarLabel] = []
        var targets: [(Range<Int>, MenuTarget)] = []
        column = start
        for index in pages[shown] {
            labels.append(BarLabel(column: column, text: texts[index]))
            targets.append((column..<column + texts[index].count, .item(index)))
            column += texts[index].count + 2
        }
        if paged {
            labels.insert(BarLabel(column: 0, text: "‹"), at: 0)
            labels.append(BarLabel(column: width - 1, text: "›"))
            targets.append((0..<1, .previousPage))
            targets.append(((width - 1)..<width, .nextPage))
        }
        return (labels, targets, pages.count)
    }

    /// What a column of the menu row does.
    enum MenuTarget: Equatable {
        case item(Int)
        case previousPage
        case nextPage
    }

    /// The bar row: clicks are rterm's own and never reach the remote, and act on what the
    /// row shows.
    mutating func barRowMouse(_ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]) {
        switch barRow(view: view) {
        case .hidden, .prompt:
            return
        case .ended:
            guard mouse.action == .press else { return }
            mode = .live
            actions.append(contentsOf: [.dismissSession(then: nil), .redraw])
        case .reconnect(let reconnection):
            reconnectRowMouse(mouse, reconnection: reconnection, now: now, view: view, into: &actions)
        case .menu(let page):
            menuMouse(mouse, page: page, view: view, into: &actions)
        case .picking:
            // A press closes the list, as Esc does.
            guard mouse.action == .press else { return }
            closeKeyList(into: &actions)
        case .notice, .history:
            // The row's press only closes what it shows (and the history or a panel with it).
            guard mouse.action == .press else { return }
            dismissNotice()
            switch mode {
            case .history, .panel, .selecting(_, historyTop: .some): mode = .live
            default: break
            }
            actions.append(.redraw)
        case .connecting:
            if mouse.action == .wheelUp || mouse.action == .wheelDown { buttonsMouse(mouse, now: now, view: view, into: &actions) }
        case .buttons:
            if case .panel = mode {
                // The panel owns the screen: a press closes it and does nothing else.
                guard mouse.action == .press else { return }
                mode = .live
                actions.append(.redraw)
                return
            }
            buttonsMouse(mouse, now: now, view: view, into: &actions)
        }
    }

    /// The notice on the bar row goes: the problem's mode ends, the passing status is dropped.
    mutating func dismissNotice() {
        if case .notice = mode { mode = .live }
        status = nil
    }

    /// The buttons: a press sends, arms, pages or opens the menu; the wheel turns pages. The
    /// bar is laid out at the width shown (`KeyBar.layout`), so a press hits what was drawn.
    private mutating func buttonsMouse(
        _ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]
    ) {
        bar.setWidth(view.columns)
        switch mouse.action {
        case .press where mouse.button == 2:
            actions += bar.rightClick(column: mouse.column)
        case .press:
            actions += bar.click(column: mouse.column, at: now)
        case .release:
            actions += bar.release(at: now)
        case .wheelUp:
            actions += bar.turnPage(.previous)
        case .wheelDown:
            actions += bar.turnPage(.next)
        case .motion:
            break
        }
    }

    /// ☰: the menu on the bar row, from its first page.
    package mutating func showMenu() {
        mode = .menu(page: 0)
    }

    /// A press (or the wheel) on the menu row.
    private mutating func menuMouse(
        _ mouse: LocalMouseEvent, page: Int, view: FrontView, into actions: inout [FrontAction]
    ) {
        let layout = Self.menuLayout(width: view.columns, page: page, items: menuEntries)
        func turn(by step: Int) {
            mode = .menu(page: ((page + step) % layout.pages + layout.pages) % layout.pages)
            actions.append(.redraw)
        }
        switch mouse.action {
        case .wheelUp, .wheelDown:
            turn(by: mouse.action == .wheelUp ? -1 : 1)
        case .press:
            guard let target = layout.targets.first(where: { $0.0.contains(mouse.column) })?.1 else { return }
            switch target {
            case .previousPage: turn(by: -1)
            case .nextPage: turn(by: 1)
            case .item(let index): chooseMenuItem(index, view: view, into: &actions)
            }
        default:
            break
        }
    }

    /// The menu's item `index` was chosen.
    mutating func chooseMenuItem(_ index: Int, view: FrontView, into actions: inout [FrontAction]) {
        mode = .live
        guard index < Self.menuItems.count else {
            let session = index - Self.menuItems.count
            if session < sessionLabels.count {
                actions.append(contentsOf: [.showSession(session), .redraw])
            } else {
                actions.append(contentsOf: [.cancelTransfer(session - sessionLabels.count), .redraw])
            }
            return
        }
        switch Self.menuItems[index] {
        case "Hide bar":
            setBarVisible(false)
            actions.append(.barVisibilityChanged)
        case "Help":
            showHelp()
        case "Copy screen":
            let first = view.terminal.screenTopLineNumber
            copyLines(first..<(first + view.remoteRows), view: view, into: &actions)
        case "Copy all":
            copyLines(view.terminal.oldestLineNumber..<view.terminal.endLineNumber, view: view, into: &actions)
        case "New session":
            askForDestination()
        case "Disconnect":
            actions.append(.disconnect)
        default:
            break
        }
        actions.append(.redraw)
    }

    /// Copies whole lines as text (wrapped lines joined, trailing blanks dropped).
    private func copyLines(_ lines: Range<Int>, view: FrontView, into actions: inout [FrontAction]) {
        guard !lines.isEmpty else { return }
        var text = SelectionText.text(
            from: TextPosition(line: lines.lowerBound, column: 0),
            to: TextPosition(line: lines.upperBound - 1, column: view.terminal.columns - 1),
            lines: { view.terminal.line(number: $0) })
        while text.hasSuffix("\n") { text.removeLast() }
        actions.append(.copy(text))
    }
}
