/// What the bar row shows, and rterm's menu on it.
extension FrontController {
    /// The items of rterm's menu, in order.
    public static let menuItems = ["Hide bar", "Help", "Disconnect", "Close"]

    /// The labels of the bar row for a row `width` columns wide, nil when the bar is hidden:
    /// the question being answered, a message, the menu, the history line, or the buttons.
    public mutating func barLabels(width: Int) -> [BarLabel]? {
        guard bar.isVisible else { return nil }
        if let prompt {
            return [BarLabel(column: 0, text: " " + prompt.display, emphasis: .normal)]
        }
        if let message {
            return [BarLabel(column: 0, text: " " + message)]
        }
        if isMenuOpen {
            return Self.menuLabels()
        }
        if historyOffset > 0 {
            return [
                BarLabel(
                    column: 0, text: " [history -\(historyOffset)] wheel to scroll, any key returns", emphasis: .armed)
            ]
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

    /// The menu's labels, `[Item]`, one blank column, then four between items.
    static func menuLabels() -> [BarLabel] {
        var column = 1
        return menuItems.map { item in
            defer { column += item.count + 4 }
            return BarLabel(column: column, text: "[\(item)]")
        }
    }

    /// A press on the menu at `column`.
    mutating func chooseMenuItem(at column: Int, width: Int, into actions: inout [FrontAction]) {
        guard
            let choice = Self.menuLabels().firstIndex(where: {
                ($0.column..<$0.column + $0.text.unicodeScalars.count).contains(column)
            })
        else { return }
        closeMenu()
        switch Self.menuItems[choice] {
        case "Hide bar":
            setBarVisible(false)
            actions.append(.barVisibilityChanged)
        case "Help":
            showHelp()
        case "Disconnect":
            actions.append(.disconnect)
        default:
            break
        }
        actions.append(.redraw)
    }
}
