import RemoteTermCore
import RemoteTermEngine

/// What the bar row shows (a question, a notice, the menu, the history line, or the
/// buttons), rterm's menu on it, and clicks on it: rterm's own, never the remote's.
extension FrontController {
    /// The items of rterm's menu, in order.
    public static let menuItems = ["Hide bar", "Help", "Copy screen", "Copy all", "New session", "Disconnect", "Close"]

    /// The menu as shown: rterm's items, then the sessions (by their tab labels) when the
    /// workspace holds several.
    var menuEntries: [String] { Self.menuItems + sessionLabels }

    /// The labels of the bar row for a row `width` columns wide, nil when the bar is hidden:
    /// the question being answered, a notice, the menu, the history line, or the buttons.
    /// `historyDistance` is how far the history view is from the live screen, in lines.
    public mutating func barLabels(
        width: Int, historyDistance: Int = 0, reconnection: Reconnection? = nil, now: UInt64 = 0
    ) -> [BarLabel]? {
        guard bar.isVisible else { return nil }
        if let prompt {
            return [BarLabel(column: 0, text: " " + prompt.display, emphasis: .normal)]
        }
        if let endedSession {
            return [BarLabel(column: 0, text: " " + endedSession + "  (any key or click closes it)", emphasis: .armed)]
        }
        if let reconnection {
            return Self.reconnectLayout(width: width, reconnection: reconnection, now: now, notice: notice).labels
        }
        if let notice {
            let hint = notice.isSticky ? "  (any key or click dismisses)" : ""
            return [BarLabel(column: 0, text: " " + notice.text + hint, emphasis: notice.isSticky ? .armed : .normal)]
        }
        if isMenuOpen {
            return Self.menuLayout(width: width, page: menuPage, items: menuEntries).labels
        }
        if historyTop != nil {
            let text = " [history -\(historyDistance)] wheel scrolls, any key or click returns"
            return [BarLabel(column: 0, text: text, emphasis: .armed)]
        }
        let layout = bar.layout(width: width)
        return layout.slots.map { slot in
            let label = bar.appearance(of: slot)
            let textWidth = label.text.unicodeScalars.count
            let column = slot.columns.lowerBound + max(0, (slot.columns.count - textWidth) / 2)
            return BarLabel(column: column, text: label.text, emphasis: label.emphasis)
        }
    }

    /// Where the cursor goes on the bar row while a question is answered (after the shown
    /// text), nil otherwise.
    public var barCursorColumn: Int? {
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

    /// The bar row: clicks are rterm's own and never reach the remote. While the row shows a
    /// notice, the menu, the history line or a question, its buttons are not there to hit.
    mutating func barRowMouse(_ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]) {
        if prompt != nil { return }
        if endedSession != nil {
            if mouse.action == .press {
                endedSession = nil
                actions.append(contentsOf: [.dismissSession, .redraw])
            }
            return
        }
        if let reconnection = view.reconnection {
            reconnectRowMouse(mouse, reconnection: reconnection, now: now, view: view, into: &actions)
            return
        }
        if isMenuOpen {
            menuMouse(mouse, view: view, into: &actions)
            return
        }
        // While a panel, a notice or the history is shown, the row's press only closes it.
        if notice != nil || historyTop != nil || panel != nil {
            if mouse.action == .press {
                notice = nil
                historyTop = nil
                panel = nil
                actions.append(.redraw)
            }
            return
        }
        _ = bar.layout(width: view.columns)
        switch mouse.action {
        case .press:
            let response = bar.click(column: mouse.column, at: now)
            if response.redrawBar { actions.append(.redraw) }
            switch response.action {
            case .send(let keys): actions.append(.send(.keys(keys)))
            case .sendBytes(let bytes): actions.append(.send(.bytes(bytes)))
            case .showMenu:
                isMenuOpen = true
                menuPage = 0
                panel = nil
                actions.append(.redraw)
            case .showSession(let index): actions.append(.showSession(index))
            case .none, .changedPage: break
            }
        case .release:
            bar.release()
        case .wheelUp:
            if bar.turnPage(.previous).redrawBar { actions.append(.redraw) }
        case .wheelDown:
            if bar.turnPage(.next).redrawBar { actions.append(.redraw) }
        case .motion:
            break
        }
    }

    /// A press (or the wheel) on the menu row.
    private mutating func menuMouse(_ mouse: LocalMouseEvent, view: FrontView, into actions: inout [FrontAction]) {
        let layout = Self.menuLayout(width: view.columns, page: menuPage, items: menuEntries)
        switch mouse.action {
        case .wheelUp, .wheelDown:
            turnMenuPage(by: mouse.action == .wheelUp ? -1 : 1, pages: layout.pages, into: &actions)
        case .press:
            guard let target = layout.targets.first(where: { $0.0.contains(mouse.column) })?.1 else { return }
            switch target {
            case .previousPage: turnMenuPage(by: -1, pages: layout.pages, into: &actions)
            case .nextPage: turnMenuPage(by: 1, pages: layout.pages, into: &actions)
            case .item(let index): chooseMenuItem(index, view: view, into: &actions)
            }
        default:
            break
        }
    }

    private mutating func turnMenuPage(by step: Int, pages: Int, into actions: inout [FrontAction]) {
        menuPage = ((menuPage + step) % pages + pages) % pages
        actions.append(.redraw)
    }

    /// The menu's item `index` was chosen.
    private mutating func chooseMenuItem(_ index: Int, view: FrontView, into actions: inout [FrontAction]) {
        isMenuOpen = false
        guard index < Self.menuItems.count else {
            actions.append(contentsOf: [.showSession(index - Self.menuItems.count), .redraw])
            return
        }
        switch Self.menuItems[index] {
        case "Hide bar":
            setBarVisible(false)
            actions.append(.barVisibilityChanged)
        case "Help":
            showHelp()
        case "Copy screen":
            let first = FrameComposer.firstLine(of: view.terminal, topLine: historyTop)
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
