import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// How to draw one slot's label.
public struct KeyBarLabel: Equatable, Sendable {
    /// How the label is emphasised; armed and locked are drawn in reverse video.
    public enum Emphasis: Equatable, Sendable {
        /// An ordinary button.
        case normal
        /// A one-shot modifier that applies to the next key (`^Ctrl`).
        case armed
        /// A modifier locked on until clicked again (`^CTRL`).
        case locked
    }

    /// The text, already marked for the state so it reads without colour.
    public var text: String
    /// The emphasis.
    public var emphasis: Emphasis
}

/// The key bar's state: its buttons, the page shown, the one-shot modifiers, a held
/// button, and whether the bar is shown. Pure: clicks and times come in, actions go out, in
/// the front's one vocabulary (`FrontAction`: keys to send, the menu, a session, a redraw).
///
/// The front lays the bar out with `layout(width:)`, draws each slot with
/// `appearance(of:)`, turns mouse presses on the bar row into `click(column:at:)` and
/// releases into `release()`, polls with `nextRepeatDeadline()` and sends
/// `repeatsDue(at:)`, and passes every keyboard key through `apply(to:)`.
public struct KeyBar: Equatable, Sendable {
    /// The buttons, in order (the shown set's).
    public var items: [KeyBarItem] {
        didSet {
            page = 0
            rebuild()
        }
    }
    /// The key sets the bar can show (`KeyBarSet`), empty for a bar of plain items.
    public private(set) var sets: [KeyBarSet] = []
    /// The rules that choose a set for the program running (`KeyBarSetChoice` applies them).
    public private(set) var rules: [KeyBarRule] = []
    /// The shown set's name, first on the bar when there are several sets to cycle.
    public private(set) var setName: String?
    /// How the buttons are labelled (symbols or words).
    public var style = KeyBarLabelStyle.glyphs {
        didSet { rebuild() }
    }
    /// The key that reads the buttons out in reader mode (`reader-key` in the config).
    public var readerKey: KeyEvent? = KeyEvent(.function(12))
    /// Rows the bar takes when shown (1 to 3): every row of a button's box acts.
    public var rows = 1 {
        didSet { rows = min(max(rows, 1), FrontPreferences.maximumBarRows) }
    }
    /// The workspace's session tabs, on a page of their own after the buttons (none with a
    /// single session). Replacing them keeps the page shown, so a mark appearing on a tab
    /// does not turn the bar away from the tabs.
    public private(set) var sessionTabs: [KeyBarItem] = [] {
        didSet { rebuild() }
    }
    /// The set's name, the buttons, then the session tabs, labelled in the bar's style: what
    /// is laid out and clicked.
    public private(set) var shownItems: [KeyBarItem] = []
    /// The alternatives shown above a button (a long press, a right click), if any.
    public internal(set) var popup: KeyBarPopup?
    /// A press on a button that has alternatives: its key goes at the release, unless it is
    /// held for `popupDelay` (the popup opens instead).
    var pendingPress: PendingPress?
    /// The last layout (`layout(width:)`).
    private var layoutMemo = LayoutMemo()

    /// A press waiting to be a tap or a hold.
    struct PendingPress: Equatable, Sendable {
        var itemIndex: Int
        var columns: Range<Int>
        var at: UInt64
    }
    /// The page shown; kept in range by `layout(width:)`.
    public private(set) var page = 0
    /// The one-shot modifiers (Ctrl, Alt) shared by the bar and the keyboard.
    public private(set) var latch: ModifierLatch
    /// Hold-to-repeat for the button being held.
    public private(set) var holdRepeat: HoldRepeat
    /// The key repeated while a button is held (with the modifiers it was sent with).
    public private(set) var heldEvent: KeyEvent?
    /// Whether the bar is shown; a hidden bar frees its row for the remote.
    public private(set) var isVisible = true
    /// The width of the last layout, so clicks hit what was drawn.
    var width = 0

    /// A bar with the given buttons (the defaults unless given), shown, on its first page.
    public init(
        items: [KeyBarItem] = KeyBarItem.defaultItems(), latch: ModifierLatch = ModifierLatch(),
        holdRepeat: HoldRepeat = HoldRepeat()
    ) {
        self.items = items
        self.latch = latch
        self.holdRepeat = holdRepeat
        rebuild()
    }

    /// A bar of key sets, showing `shown` (the first set when there is no such set), with
    /// `rules` for choosing a set by program.
    public init(sets: [KeyBarSet], rules: [KeyBarRule] = [], shown: String? = nil) {
        self.init(items: [])
        self.sets = sets
        self.rules = rules
        showSet(shown ?? KeyBarSet.defaultName)
    }

    /// Rows the bar takes from the bottom of the screen: `rows` when shown, 0 when hidden.
    /// The front recomputes the remote's size from this and sends window-change at once.
    public var reservedRows: Int { isVisible ? rows : 0 }

    /// Shows the set named `name` (the first set when there is none by that name); returns
    /// whether the bar changed. A set switch changes the bar row only.
    @discardableResult
    public mutating func showSet(_ name: String) -> Bool {
        guard let set = sets.first(where: { $0.name == name }) ?? sets.first, set.name != setName else { return false }
        setName = set.name
        closePopup()
        items = set.items
        return true
    }

    /// The set after the shown one, wrapping: what a click on the set's name shows.
    public var nextSetName: String? {
        guard let setName, let index = sets.firstIndex(where: { $0.name == setName }), sets.count > 1 else { return nil }
        return sets[(index + 1) % sets.count].name
    }

    /// Recomputes `shownItems` after a change to what they are made of.
    private mutating func rebuild() {
        var all: [KeyBarItem] = []
        if let setName, sets.count > 1 {
            all.append(KeyBarItem(label: setName, shortLabel: String(setName.prefix(2)), action: .cycleSet, repeats: false))
        }
        all += items
        all += sessionTabs
        shownItems = style == .words ? all.map(style.styled) : all
        layoutMemo = LayoutMemo()
    }

    /// Shows or hides the bar. Hiding drops the modifiers and any held button, since they
    /// could no longer be seen or released on the bar.
    public mutating func setVisible(_ visible: Bool) {
        isVisible = visible
        if !visible {
            latch.reset()
            release()
            closePopup()
        }
    }

    /// Lays the bar out for a row `width` columns wide, on the current page (clamped).
    public mutating func layout(width: Int) -> KeyBarLayout {
        // Drawn on every frame (a flood draws sixty a second): laid out again only when the
        // buttons, the width or the page changed.
        if let known = layoutMemo.layout, known.width == width, layoutMemo.page == page, layoutMemo.style == style {
            self.width = width
            page = known.page
            return known
        }
        let asked = page
        var result = KeyBarLayout.layout(items: shownItems, width: width, page: page)
        self.width = width
        page = result.page
        if style == .words {
            // The page buttons too: `<` and `>`.
            for index in result.slots.indices where result.slots[index].itemIndex == nil {
                result.slots[index].label = KeyBarLabelStyle.ascii(result.slots[index].label)
            }
        }
        layoutMemo = LayoutMemo(layout: result, page: asked, style: style)
        return result
    }

    /// The layout made last, for the items shown then (`rebuild` forgets it), the page asked
    /// for and the style. Not part of what a bar is: two bars are equal whatever they remember.
    struct LayoutMemo: Equatable, Sendable {
        var layout: KeyBarLayout?
        var page = 0
        var style: KeyBarLabelStyle?

        static func == (_: LayoutMemo, _: LayoutMemo) -> Bool { true }
    }

    /// A mouse press on the bar at `column`, at `now` (monotonic nanoseconds). Presses on
    /// the bar never reach the remote; this is their whole effect. A press on a repeating
    /// button also starts hold-to-repeat until `release()`.
    public mutating func click(column: Int, at now: UInt64) -> [FrontAction] {
        let current = layout(width: width)
        guard isVisible, let slot = current.hitTest(column: column) else {
            return []
        }
        release()
        if let index = slot.itemIndex, !shownItems[index].alternatives.isEmpty, !shownItems[index].repeats,
            shownItems[index].action != .popup
        {
            // Its key goes at the release, or its popup opens if it is held.
            pendingPress = PendingPress(itemIndex: index, columns: slot.columns, at: now)
            return []
        }
        return perform(slot, at: now)
    }

    /// What a click on `slot` does.
    mutating func perform(_ slot: KeyBarSlot, at now: UInt64) -> [FrontAction] {
        switch slot.action {
        case .key(let event):
            let hadModifiers = latch.active
            let sent = latch.apply(to: event)
            if let index = slot.itemIndex, shownItems[index].repeats {
                heldEvent = sent
                holdRepeat.press(at: now)
            }
            return [.send(.keys([sent]))] + (hadModifiers != latch.active ? [.redraw] : [])
        case .text(let bytes):
            // Literal text and macros are sent as written; the latch waits for a real key.
            return [.send(.bytes(bytes))]
        case .macro(let events):
            return [.send(.keys(events))]
        case .modifier(let modifier):
            latch.click(modifier, at: now)
            return [.redraw]
        case .menu:
            return [.showMenu]
        case .page(let direction):
            return turnPage(direction)
        case .session(let index):
            return [.showSession(index)]
        case .popup:
            guard let index = slot.itemIndex else { return [] }
            openPopup(itemIndex: index, columns: slot.columns)
            return [.redraw]
        case .cycleSet:
            return [.cycleKeySet, .redraw]
        }
    }

    /// The mouse button went up at `now`: stops any repeat, and sends the key of a button
    /// with alternatives that was tapped rather than held.
    public mutating func release(at now: UInt64) -> [FrontAction] {
        defer { release() }
        guard let pending = pendingPress, popup == nil else { return [] }
        pendingPress = nil
        let item = shownItems[pending.itemIndex]
        let slot = KeyBarSlot(
            itemIndex: pending.itemIndex, action: item.action, columns: pending.columns, usesShortLabel: false,
            label: item.label)
        return perform(slot, at: now)
    }

    /// Sets the session tabs (labels already marked for activity, bell, a waiting question
    /// or an ending). The tabs start a page of their own.
    public mutating func setSessionTabs(_ labels: [String]) {
        sessionTabs = labels.enumerated().map { index, label in
            KeyBarItem(label: label, action: .session(index), repeats: false, startsPage: index == 0)
        }
    }

    /// Drops armed (one-shot) modifiers and any held button; locked ones stay. The visible
    /// session changed: a modifier armed for one session must not land on another's key.
    public mutating func releaseArmedModifiers() {
        latch.releaseArmed()
        release()
    }

    /// Stops any repeat and forgets a pending press; sends nothing.
    public mutating func release() {
        holdRepeat.release()
        heldEvent = nil
        pendingPress = nil
    }

    /// When the held button next repeats, or a held button's popup opens, for the front's
    /// poll timeout; nil when nothing is held.
    public func nextRepeatDeadline() -> UInt64? {
        if let pendingPress { return pendingPress.at &+ Self.popupDelay }
        return heldEvent == nil ? nil : holdRepeat.nextDeadline()
    }

    /// The repeats of the held button due at `now`, as keys to send (none when none).
    public mutating func repeatsDue(at now: UInt64) -> [FrontAction] {
        guard let heldEvent else { return [] }
        let count = holdRepeat.fire(now: now)
        return count == 0 ? [] : [.send(.keys(Array(repeating: heldEvent, count: count)))]
    }

    /// The mouse wheel over the bar, or a page button: the next or previous page, wrapping.
    public mutating func turnPage(_ direction: KeyBarItem.PageDirection) -> [FrontAction] {
        let count = KeyBarLayout.layout(items: shownItems, width: width, page: page).pageCount
        guard count > 1 else { return [] }
        switch direction {
        case .previous: page = (page + count - 1) % count
        case .next: page = (page + 1) % count
        }
        return [.redraw]
    }

    /// A key from the real keyboard: adds the latched modifiers, using up armed ones. The
    /// key itself is never changed or duplicated; compare `latch` before and after to know
    /// whether the bar needs a redraw.
    public mutating func apply(to event: KeyEvent) -> KeyEvent {
        latch.apply(to: event)
    }

    /// The text and emphasis for drawing `slot` in the modifiers' current state.
    public func appearance(of slot: KeyBarSlot) -> KeyBarLabel {
        let all = shownItems
        guard let index = slot.itemIndex, all.indices.contains(index),
            case .modifier(let modifier) = all[index].action
        else { return KeyBarLabel(text: slot.label, emphasis: .normal) }
        let state = latch.state(of: modifier)
        let text = all[index].label(short: slot.usesShortLabel, state: state)
        let columns = max(0, slot.columns.count - 2)
        switch state {
        case .off: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .normal)
        case .armed: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .armed)
        case .locked: return KeyBarLabel(text: clipped(text, toColumns: columns), emphasis: .locked)
        }
    }
}
