import RemoteTerm

/// The key bar's side of the front: what a click asks for, rterm's menu on the bar row, and
/// hiding or showing the bar (which changes the remote size).
extension InteractiveFront {
    /// Hides or shows the bar; the remote size changes with it, and window-change goes out at once.
    func setBarVisible(_ visible: Bool) {
        bar.setVisible(visible)
        isMenuOpen = false
        applyLocalSize(localSize, force: true)
    }

    /// rterm's menu on the bar row: its items and where they are drawn.
    static let menuItems = ["Hide bar", "Help", "Disconnect", "Close"]
    static func menuLabels() -> [(column: Int, text: String)] {
        var column = 1
        return menuItems.map { item in
            defer { column += item.count + 4 }
            return (column, "[\(item)]")
        }
    }

    func chooseMenuItem(at column: Int) {
        guard let choice = Self.menuLabels().firstIndex(where: { ($0.column..<$0.column + $0.text.count).contains(column) })
        else { return }
        isMenuOpen = false
        switch Self.menuItems[choice] {
        case "Hide bar": setBarVisible(false)
        case "Help": perform(.help, options: KeyEncodingOptions.matching(terminal.modes))
        case "Disconnect": ending = .disconnected
        default: break
        }
        pacer.requestDraw()
    }

    /// What a bar click asks for.
    func perform(_ action: KeyBarAction, options: KeyEncodingOptions) {
        switch action {
        case .none, .changedPage:
            break
        case .send(let keys):
            for key in keys { outbox += KeyEncoder.encode(key, options: options) }
        case .sendBytes(let bytes):
            outbox += bytes
        case .showMenu:
            isMenuOpen = true
            pacer.requestDraw()
        }
    }
}
