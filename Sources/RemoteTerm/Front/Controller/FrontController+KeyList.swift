import RemoteTermEngine

/// The bar's buttons read out and taken by number (`~k`, or the reader key): for reader mode,
/// where the bar is not drawn, and for anyone who would rather type than point.
extension FrontController {
    /// Reads the shown set's buttons out (`say`), numbered from 1, and waits for a number.
    public mutating func readKeys() -> [FrontAction] {
        let choices = bar.items.filter { item in
            switch item.action {
            case .menu, .page, .session, .cycleSet: return false
            default: return true
            }
        }
        return listChoices(choices, title: "keys of the \(bar.setName ?? "bar") set")
    }

    /// Says `choices` with their numbers and waits for one.
    private mutating func listChoices(_ choices: [KeyBarItem], title: String) -> [FrontAction] {
        guard !choices.isEmpty else { return [.say("no keys to take")] }
        mode = .pickingKey(digits: "", choices: choices)
        var list = choices.enumerated().map { "\($0.offset + 1) \(KeyBarLabelStyle.words.styled($0.element).label)" }
        if let next = bar.nextSetName { list.append("0 next set (\(next))") }
        return [.say(title + ": " + list.joined(separator: ", ") + ". Type a number and Enter; Esc cancels."), .redraw]
    }

    /// A key while a number is typed.
    mutating func pickKey(
        _ typed: KeyEvent, digits: String, choices: [KeyBarItem], now: UInt64, into actions: inout [FrontAction]
    ) {
        switch typed.key {
        case .character(let scalar) where typed.modifiers.isEmpty && ("0"..."9").contains(scalar):
            mode = .pickingKey(digits: digits + String(scalar), choices: choices)
        case .backspace:
            mode = .pickingKey(digits: String(digits.dropLast()), choices: choices)
        case .escape:
            mode = .live
            actions += [.say("cancelled"), .redraw]
        case .enter:
            mode = .live
            guard let number = Int(digits) else {
                actions += [.say("no number: cancelled"), .redraw]
                return
            }
            if number == 0, let next = bar.nextSetName {
                actions += [.cycleKeySet, .say("set \(next)"), .redraw]
                return
            }
            guard (1...choices.count).contains(number) else {
                actions += [.say("no key \(number): 1 to \(choices.count)"), .redraw]
                return
            }
            take(choices[number - 1], now: now, into: &actions)
        default:
            break
        }
    }

    /// Does what a click on `item` does: sends its key (with the armed modifiers), arms a
    /// modifier, or reads out its alternatives.
    private mutating func take(_ item: KeyBarItem, now: UInt64, into actions: inout [FrontAction]) {
        let name = KeyBarLabelStyle.words.styled(item).label
        if item.action == .popup {
            actions += listChoices(item.alternatives, title: "\(name) keys")
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
