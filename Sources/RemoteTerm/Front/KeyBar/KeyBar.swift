import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// The key bar: its configuration (`KeyBarConfiguration`, set up once) and its state
/// (`KeyBarState`), with what follows from both kept beside them — the items shown and their
/// layout at the bar's width, worked out again (by the pure `KeyBarLayout.layout`) only when
/// something it depends on changes, and read by drawing and clicks alike, so a click hits
/// what was drawn. Clicks and times come in, actions go out, in the front's one vocabulary
/// (`FrontAction`: keys to send, the menu, a popup, a session, a redraw).
///
/// The front sets the width with `setWidth(_:)`, draws `layout`'s slots with
/// `appearance(of:)`, turns mouse presses on the bar row into `click(column:at:)` and
/// releases into `release(at:)`, polls with `nextRepeatDeadline()` and sends
/// `repeatsDue(at:)`, and passes every keyboard key through `apply(to:)`.
package struct KeyBar: Equatable, Sendable {
    /// What the bar is made of.
    package private(set) var configuration = KeyBarConfiguration()
    /// What using it changed.
    package private(set) var state: KeyBarState
    /// The set's name, the buttons, then the session tabs, labelled in the bar's style: what
    /// is laid out and clicked.
    package private(set) var shownItems: [KeyBarItem] = []
    /// The shown items laid out on the bar's width, on the page asked for (clamped).
    package private(set) var layout = KeyBarLayout.layout(items: [], width: 0, page: 0)
    /// The last button pressed that sends something or arms a modifier, and how many such
    /// presses there have been: how an observer of the front (`rterm record`) tells a click
    /// from the keys it sent. Nothing the bar does depends on it.
    package private(set) var lastPress: KeyBarPress?

    /// A bar with the given buttons (the defaults unless given), shown, on its first page.
    package init(
        items: [KeyBarItem] = KeyBarItem.defaultItems(), latch: ModifierLatch = ModifierLatch(),
        holdRepeat: HoldRepeat = HoldRepeat()
    ) {
        state = KeyBarState(items: items, latch: latch, holdRepeat: holdRepeat)
        rebuild()
    }

    /// A bar of key sets, showing `shown` (the first set when there is no such set), with
    /// `rules` for choosing a set by program.
    package init(sets: [KeyBarSet], rules: [KeyBarRule] = [], shown: String? = nil) {
        self.init(items: [])
        configuration.sets = sets
        configuration.rules = rules
        showSet(shown ?? KeyBarSet.defaultName)
    }

    /// A bar made as `configuration` says, showing the set `shown` (the first set when there
    /// is no such set).
    package init(configuration: KeyBarConfiguration, shown: String? = nil) {
        self.init(sets: configuration.sets, rules: configuration.rules, shown: shown)
        self.configuration = configuration
        rebuild()
    }

    // MARK: - Configuration and state, read (and set up)

    /// The buttons, in order (the shown set's). Setting them shows the first page.
    package var items: [KeyBarItem] {
        get { state.items }
        set {
            state.items = newValue
            state.page = 0
            rebuild()
        }
    }
    /// The key sets the bar can show.
    package var sets: [KeyBarSet] { configuration.sets }
    /// The rules that choose a set for the program running.
    package var rules: [KeyBarRule] { configuration.rules }
    /// The shown set's name.
    package var setName: String? { state.setName }
    /// How the buttons are labelled.
    package var style: KeyBarLabelStyle {
        get { configuration.style }
        set {
            configuration.style = newValue
            rebuild()
        }
    }
    /// The key that reads the buttons out in reader mode.
    package var readerKey: KeyEvent? {
        get { configuration.readerKey }
        set { configuration.readerKey = newValue }
    }
    /// Rows the bar takes when shown (1 to 3).
    package var rows: Int {
        get { configuration.rows }
        set { configuration.rows = newValue }
    }
    /// The session tabs (on a page of their own).
    package var sessionTabs: [KeyBarItem] { state.sessionTabs }
    /// The page shown.
    package var page: Int { layout.page }
    /// The one-shot modifiers.
    package var latch: ModifierLatch { state.latch }
    /// Hold-to-repeat for the button being held.
    package var holdRepeat: HoldRepeat { state.holdRepeat }
    /// The key repeated while a button is held.
    package var heldEvent: KeyEvent? { state.heldEvent }
    /// Whether the bar is shown.
    package var isVisible: Bool { state.isVisible }
    /// The width the bar is laid out for.
    package var width: Int { state.width }

    /// Rows the bar takes from the bottom of the screen: `rows` when shown, 0 when hidden.
    /// The front recomputes the remote's size from this and sends window-change at once.
    package var reservedRows: Int { isVisible ? rows : 0 }

    // MARK: - What follows from them

    /// Works out the shown items again after a change to what they are made of, and their
    /// layout.
    private mutating func rebuild() {
        var all: [KeyBarItem] = state.transferProgress.map { [$0] } ?? []
        if let setName = state.setName, sets.count > 1 {
            all.append(KeyBarItem(label: setName, shortLabel: String(setName.prefix(2)), action: .cycleSet, repeats: false))
        }
        all += state.items
        all += state.sessionTabs
        shownItems = style == .words ? all.map(style.styled) : all
        relayout()
    }

    /// Lays the shown items out again (the width or the page changed).
    private mutating func relayout() {
        layout = layout(width: state.width)
    }

    /// The shown items laid out on a row `width` columns wide, on the page asked for
    /// (clamped). Pure: the bar's own layout is this at its width.
    package func layout(width: Int) -> KeyBarLayout {
        var result = KeyBarLayout.layout(items: shownItems, width: width, page: state.page)
        if style == .words {
            // The page buttons too: `<` and `>`.
            for index in result.slots.indices where result.slots[index].itemIndex == nil {
                result.slots[index].label = KeyBarLabelStyle.ascii(result.slots[index].label)
            }
        }
        return result
    }

    /// The bar is laid out on a row `width` columns wide from now on (the local terminal's
    /// width changed).
    package mutating func setWidth(_ width: Int) {
        guard width != state.width else { return }
        state.width = width
        relayout()
    }

    // MARK: - Using it

    /// Shows the set named `name` (the first set when there is none by that name); returns
    /// whether the bar changed. A set switch changes the bar row only.
    @discardableResult
    package mutating func showSet(_ name: String) -> Bool {
        guard let set = sets.first(where: { $0.name == name }) ?? sets.first, set.name != setName else { return false }
        state.setName = set.name
        release()
        items = set.items
        return true
    }

    /// The set after the shown one, wrapping: what a click on the set's name shows.
    package var nextSetName: String? {
        guard let setName, let index = sets.firstIndex(where: { $0.name == setName }), sets.count > 1 else { return nil }
        return sets[(index + 1) % sets.count].name
    }

    /// Shows or hides the bar. Hiding drops the modifiers and any held button, since they
    /// could no longer be seen or released on the bar.
    package mutating func setVisible(_ visible: Bool) {
        state.isVisible = visible
        if !visible {
            state.latch.reset()
            release()
        }
    }

    /// A mouse press on the bar at `column`, at `now` (monotonic nanoseconds). Presses on
    /// the bar never reach the remote; this is their whole effect. A press on a repeating
    /// button also starts hold-to-repeat until `release()`.
    package mutating func click(column: Int, at now: UInt64) -> [FrontAction] {
        guard isVisible, let slot = layout.hitTest(column: column) else {
            return []
        }
        release()
        if let index = slot.itemIndex, !shownItems[index].alternatives.isEmpty, !shownItems[index].repeats,
            shownItems[index].action != .popup
        {
            // Its key goes at the release, or its popup opens if it is held.
            state.pendingPress = KeyBarState.PendingPress(itemIndex: index, columns: slot.columns, at: now)
            return []
        }
        return perform(slot, at: now)
    }

    /// What a click on `slot` does.
    mutating func perform(_ slot: KeyBarSlot, at now: UInt64) -> [FrontAction] {
        if let index = slot.itemIndex, slot.action.sendsOrArms {
            lastPress = KeyBarPress(label: shownItems[index].label, count: (lastPress?.count ?? 0) + 1)
        }
        switch slot.action {
        case .key(let event):
            let hadModifiers = latch.active
            let sent = state.latch.apply(to: event)
            if let index = slot.itemIndex, shownItems[index].repeats {
                state.heldEvent = sent
                state.holdRepeat.press(at: now)
            }
            return [.send(.keys([sent]))] + (hadModifiers != latch.active ? [.redraw] : [])
        case .text(let bytes):
            // Literal text and macros are sent as written; the latch waits for a real key.
            return [.send(.bytes(bytes))]
        case .macro(let events):
            return [.send(.keys(events))]
        case .modifier(let modifier):
            state.latch.click(modifier, at: now)
            return [.redraw]
        case .menu:
            return [.showMenu]
        case .page(let direction):
            return turnPage(direction)
        case .session(let index):
            return [.showSession(index)]
        case .popup:
            guard let index = slot.itemIndex, let popup = popup(itemIndex: index, columns: slot.columns) else { return [] }
            return [.showPopup(popup)]
        case .cycleSet:
            return [.cycleKeySet, .redraw]
        }
    }

    /// The mouse button went up at `now`: stops any repeat, and sends the key of a button
    /// with alternatives that was tapped rather than held.
    package mutating func release(at now: UInt64) -> [FrontAction] {
        defer { release() }
        guard let pending = state.pendingPress else { return [] }
        state.pendingPress = nil
        let item = shownItems[pending.itemIndex]
        let slot = KeyBarSlot(
            itemIndex: pending.itemIndex, action: item.action, columns: pending.columns, usesShortLabel: false,
            label: item.label)
        return perform(slot, at: now)
    }

    /// Shows how far the file transfers are (`↑45%`) as the bar's first button, which opens
    /// the menu (where each can be cancelled); nil takes it away. The buttons stay usable.
    package mutating func setTransferProgress(_ label: String?) {
        let item = label.map { KeyBarItem(label: $0, action: .menu, repeats: false) }
        guard item != state.transferProgress else { return }
        state.transferProgress = item
        rebuild()
    }

    /// Sets the session tabs (labels already marked for activity, bell, a waiting question
    /// or an ending). The tabs start a page of their own. Replacing them keeps the page
    /// shown, so a mark appearing on a tab does not turn the bar away from the tabs.
    package mutating func setSessionTabs(_ labels: [String]) {
        state.sessionTabs = labels.enumerated().map { index, label in
            KeyBarItem(label: label, action: .session(index), repeats: false, startsPage: index == 0)
        }
        rebuild()
    }

    /// Drops armed (one-shot) modifiers and any held button; locked ones stay. The visible
    /// session changed: a modifier armed for one session must not land on another's key.
    package mutating func releaseArmedModifiers() {
        state.latch.releaseArmed()
        release()
    }

    /// Stops any repeat and forgets a pending press; sends nothing.
    package mutating func release() {
        state.holdRepeat.release()
        state.heldEvent = nil
        state.pendingPress = nil
    }

    /// When the held button next repeats, or a held button's popup opens, for the front's
    /// poll timeout; nil when nothing is held.
    package func nextRepeatDeadline() -> UInt64? {
        if let pendingPress = state.pendingPress { return pendingPress.at &+ Self.popupDelay }
        return heldEvent == nil ? nil : holdRepeat.nextDeadline()
    }

    /// The repeats of the held button due at `now`, as keys to send (none when none).
    package mutating func repeatsDue(at now: UInt64) -> [FrontAction] {
        guard let heldEvent else { return [] }
        let count = state.holdRepeat.fire(now: now)
        return count == 0 ? [] : [.send(.keys(Array(repeating: heldEvent, count: count)))]
    }

    /// The mouse wheel over the bar, or a page button: the next or previous page, wrapping.
    package mutating func turnPage(_ direction: KeyBarItem.PageDirection) -> [FrontAction] {
        let count = layout.pageCount
        guard count > 1 else { return [] }
        switch direction {
        case .previous: state.page = (layout.page + count - 1) % count
        case .next: state.page = (layout.page + 1) % count
        }
        relayout()
        return [.redraw]
    }

    /// A key from the real keyboard: adds the latched modifiers, using up armed ones. The
    /// key itself is never changed or duplicated; compare `latch` before and after to know
    /// whether the bar needs a redraw.
    package mutating func apply(to event: KeyEvent) -> KeyEvent {
        state.latch.apply(to: event)
    }

    /// The text and emphasis for drawing `slot` in the modifiers' current state.
    package func appearance(of slot: KeyBarSlot) -> KeyBarLabel {
        let all = shownItems
        guard let index = slot.itemIndex, all.indices.contains(index),
            case .modifier(let modifier) = all[index].action
        else { return KeyBarLabel(text: slot.label, emphasis: .normal) }
        let state = latch.state(of: modifier)
        let text = all[index].label(short: slot.usesShortLabel, state: state)
        // The armed `^` may take the blank before the label, never the gap before the cap.
        let columns = slot.cap.count
        switch state {
        case .off: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .normal)
        case .armed: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .armed)
        case .locked: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .locked)
        }
    }
}

/// How to draw one slot's label.
package struct KeyBarLabel: Equatable, Sendable {
    /// How the label is emphasised. On the bar row's text (a notice, the history line)
    /// armed and locked are reverse video; on a button, whose cap is reverse video, they are
    /// the other way round (`FrameComposer.capAttributes`).
    package enum Emphasis: Equatable, Sendable {
        /// An ordinary button.
        case normal
        /// A one-shot modifier that applies to the next key (`^Ctrl`).
        case armed
        /// A modifier locked on until clicked again (`^CTRL`).
        case locked
    }

    /// The text, already marked for the state so it reads without colour.
    package var text: String
    /// The emphasis.
    package var emphasis: Emphasis
}

/// A press on a button that sends something or arms a modifier (`KeyBar.lastPress`).
package struct KeyBarPress: Equatable, Sendable {
    /// The button's label (its long one, which `click LABEL` in a script takes).
    package let label: String
    /// How many such presses there have been, this one included.
    package let count: Int
}

extension KeyBarItem.Action {
    /// Whether a press on a button of this action reaches the session, now or with the next
    /// key (a modifier): not the menu, a page, a session tab, a popup or the set's name.
    fileprivate var sendsOrArms: Bool {
        switch self {
        case .key, .text, .macro, .modifier: return true
        case .menu, .page, .session, .popup, .cycleSet: return false
        }
    }
}
