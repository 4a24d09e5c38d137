import RemoteTermEngine

/// The bar's buttons read out and taken by number (`~k`, or the reader key): for reader mode,
/// where the bar is not drawn, and for anyone who would rather type than point. In full
/// screen the numbered list stands in a panel above the bar, on as many rows as it needs,
/// and the bar row echoes the digits typed.
extension FrontController {
    /// Reads the shown set's buttons out (`say`), numbered from 1, and waits for a number.
    package mutating func readKeys() -> [FrontAction] {
        let choices = bar.items.filter { item in
            switch item.action {
            case .page, .session, .cycleSet: return false
            default: return true
            }
        }
        return listChoices(choices.map(KeyChoice.button), title: "keys of the \(bar.setName ?? "bar") set")
    }

    /// Says `choices` with their numbers and waits for one.
    private mutating func listChoices(_ choices: [KeyChoice], title: String) -> [FrontAction] {
        guard !choices.isEmpty else { return [.say("no keys to take")] }
        mode = .pickingKey(digits: "", choices: choices)
        let list = numberedChoices(choices)
        return [.say(title + ": " + list.joined(separator: ", ") + ". Type a number and Enter; Esc cancels."), .redraw]
    }

    /// Each choice with its number, in words (`3 Ctrl`), then `0 next set (vim)` when there
    /// are other sets: what is said, and what the panel lists.
    func numberedChoices(_ choices: [KeyChoice]) -> [String] {
        var list = choices.enumerated().map { "\($0.offset + 1) \(Self.name(of: $0.element))" }
        if case .button = choices.first, let next = bar.nextSetName { list.append("0 next set (\(next))") }
        return list
    }

    /// A choice as the list says it: a button in words (`Ctrl`, `Menu`), a menu entry by name.
    static func name(of choice: KeyChoice) -> String {
        switch choice {
        case .button(let item): return KeyBarLabelStyle.words.styled(item).label
        case .menuEntry(_, let name): return name
        }
    }

    /// The bar row while a number is typed: the digits so far first, so they show on the
    /// narrowest row, then how to answer; and the column after the digits, for the cursor.
    static func pickingLine(digits: String, choices: [KeyChoice]) -> (text: String, cursor: Int) {
        let typed = " key number: " + digits
        return (typed + "   (1 to \(choices.count), Enter takes it, Esc cancels)", typed.unicodeScalars.count)
    }

    /// The panel listing the choices being picked from, `width` columns wide (nil when none
    /// are): a table of `number label` entries in reading order, as many to a row as fit.
    func keyListPanel(width: Int) -> Panel? {
        guard case .pickingKey(_, let choices) = mode else { return nil }
        let rows = Self.table(numberedChoices(choices), width: width - 2)
        var panel = Panel(title: "Keys by number", hint: "type one and Enter, Esc cancels", paragraphs: rows)
        panel.wraps = false
        return panel
    }

    /// `entries` in columns two blanks apart, as many to a row as fit in `width`, in
    /// reading order; an entry wider than the row has a row of its own (the panel cuts it).
    static func table(_ entries: [String], width: Int) -> [String] {
        let cell = (entries.map(terminalColumns).max() ?? 0) + 2
        let perRow = max(1, (width + 2) / max(1, cell))
        return stride(from: 0, to: entries.count, by: perRow).map { start in
            let row = entries[start..<min(entries.count, start + perRow)]
            var line = row.map { $0 + String(repeating: " ", count: cell - terminalColumns($0)) }.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The list closes without taking a key (a press anywhere): the list said in full screen
    /// (a passing notice) goes with it.
    mutating func closeKeyList(into actions: inout [FrontAction]) {
        dismissNotice()
        mode = .live
        actions.append(.redraw)
    }

    /// A key while a number is typed.
    mutating func pickKey(
        _ typed: KeyEvent, digits: String, choices: [KeyChoice], view: FrontView, into actions: inout [FrontAction]
    ) {
        switch typed.key {
        case .character(let scalar) where typed.modifiers.isEmpty && ("0"..."9").contains(scalar):
            // Echoed on the bar row in full screen.
            mode = .pickingKey(digits: digits + String(scalar), choices: choices)
            actions.append(.redraw)
        case .backspace:
            mode = .pickingKey(digits: String(digits.dropLast()), choices: choices)
            actions.append(.redraw)
        case .escape:
            mode = .live
            actions += [.say("cancelled"), .redraw]
        case .enter:
            mode = .live
            guard let number = Int(digits) else {
                actions += [.say("no number: cancelled"), .redraw]
                return
            }
            if number == 0, case .button = choices.first, let next = bar.nextSetName {
                actions += [.cycleKeySet, .say("set \(next)"), .redraw]
                return
            }
            guard (1...choices.count).contains(number) else {
                actions += [.say("no key \(number): 1 to \(choices.count)"), .redraw]
                return
            }
            switch choices[number - 1] {
            case .button(let item): take(item, now: view.now, into: &actions)
            case .menuEntry(let index, _): chooseMenuItem(index, view: view, into: &actions)
            }
        default:
            break
        }
    }

    /// Does what a click on `item` does: sends its key (with the armed modifiers), arms a
    /// modifier, or reads out its alternatives.
    private mutating func take(_ item: KeyBarItem, now: UInt64, into actions: inout [FrontAction]) {
        let name = KeyBarLabelStyle.words.styled(item).label
        if item.action == .popup {
            actions += listChoices(item.alternatives.map(KeyChoice.button), title: "\(name) keys")
            return
        }
        if item.action == .menu {
            // The menu read out too: a keyboard reaches every entry the mouse does.
            let entries = menuEntries.enumerated().map { KeyChoice.menuEntry($0.offset, $0.element) }
            actions += listChoices(entries, title: "menu")
            return
        }
        let slot = KeyBarSlot(itemIndex: nil, action: item.action, columns: 0..<0, usesShortLabel: false, label: name)
        // At the clock's time, so the latch's double-click rule sees the real interval.
        let response = bar.perform(slot, at: now)
        switch item.action {
        case .modifier: actions.append(.say("\(name) \(bar.latch.state(of: item.modifier ?? []) == .off ? "off" : "armed")"))
        default: actions.append(.say("sent \(name)"))
        }
        actions += response
        actions.append(.redraw)
    }
}

extension KeyBarItem {
    /// The modifier a modifier button arms.
    var modifier: KeyModifiers? {
        if case .modifier(let modifier) = action { return modifier }
        return nil
    }
}
