/// The interactive front's decisions, pure: bytes typed into the local terminal, the clock
/// and the session's events come in; what to send to the session, and what the bar row
/// shows, come out. The ncurses front only reads its input, draws, and carries out the
/// actions, so everything a user would notice here is tested in-process with tables.
///
/// - Keys and pastes are decoded (`LocalInputDecoder`); a lone Esc is the Esc key after
///   `escapeWait` without a following byte; a paste whose end marker never comes ends after
///   `pasteTimeout` without input, so later keys are never swallowed.
/// - The key bar's one-shot modifiers apply to the next real key; clicks on the bar row are
///   rterm's own and never reach the remote; hold-to-repeat runs on the clock.
/// - The key that closes the menu or a message, or leaves the history view, does only that.
/// - The wheel goes to the remote when it asked for the mouse, else it scrolls the history.
/// - While the connection asks a question, keys type the answer on the bar row.
public struct FrontController: Sendable {
    /// The key bar (buttons, page, modifiers, visibility).
    public internal(set) var bar: KeyBar
    /// Whether rterm's menu replaces the buttons on the bar row.
    public private(set) var isMenuOpen = false
    /// A message shown on the bar row until the next key (`~?` help).
    public private(set) var message: String?
    /// Lines scrolled back into the history with the wheel; 0 is the live screen.
    public private(set) var historyOffset = 0
    /// The connection's question being answered, if any.
    public private(set) var prompt: PromptEditor?
    private var decoder = LocalInputDecoder()
    private var paste: [UInt8]?
    private var lastInput: UInt64 = 0

    /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
    public static let escapeWait: UInt64 = 10_000_000
    /// How long a paste may go without a byte before it counts as ended.
    public static let pasteTimeout: UInt64 = 2_000_000_000
    /// Lines one wheel step scrolls the history.
    static let wheelStep = 3

    /// A controller with this bar.
    public init(bar: KeyBar = KeyBar()) {
        self.bar = bar
    }

    // MARK: - Input

    /// Bytes typed (or pasted, or clicked) into the local terminal at `now`.
    public mutating func input(_ bytes: some Sequence<UInt8>, now: UInt64, view: FrontView) -> [FrontAction] {
        lastInput = now
        var actions: [FrontAction] = []
        for event in decoder.feed(bytes) { handle(event, now: now, view: view, into: &actions) }
        return actions
    }

    /// The next time `timersDue` has something to do (a lone Esc, a paste without its end,
    /// a held bar button), or nil.
    public func nextDeadline() -> UInt64? {
        var deadline = bar.nextRepeatDeadline()
        if decoder.isInPaste {
            deadline = min(deadline ?? .max, lastInput &+ Self.pasteTimeout)
        } else if decoder.hasPending {
            deadline = min(deadline ?? .max, lastInput &+ Self.escapeWait)
        }
        return deadline
    }

    /// What the clock decides at `now`.
    public mutating func timersDue(now: UInt64, view: FrontView) -> [FrontAction] {
        var actions: [FrontAction] = []
        if decoder.isInPaste {
            // Time spent not reading (the session holds too much) does not count.
            if view.isInputPaused {
                lastInput = now
            } else if Self.elapsed(from: lastInput, to: now) >= Self.pasteTimeout {
                for event in decoder.endPaste() { handle(event, now: now, view: view, into: &actions) }
            }
        } else if decoder.hasPending, Self.elapsed(from: lastInput, to: now) >= Self.escapeWait {
            for event in decoder.flushPending() { handle(event, now: now, view: view, into: &actions) }
        }
        switch bar.repeatsDue(at: now) {
        case .send(let keys): actions.append(.send(.keys(keys)))
        default: break
        }
        return actions
    }

    /// Nanoseconds from `start` to `end`, 0 when `end` is earlier (the loop's `now` for a turn
    /// is taken before its sources run, so input read during the turn is "later").
    private static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 {
        end > start ? end - start : 0
    }

    private mutating func handle(
        _ event: LocalInputDecoder.Event, now: UInt64, view: FrontView, into actions: inout [FrontAction]
    ) {
        switch event {
        case .key(let typed):
            key(typed, into: &actions)
        case .pasteStart:
            paste = []
        case .pasteData(let data):
            paste = (paste ?? []) + data
        case .pasteEnd:
            let text = paste ?? []
            paste = nil
            if prompt != nil {
                prompt?.paste(text)
                actions.append(.redraw)
            } else if !text.isEmpty {
                actions.append(.send(.paste(text)))
            }
        case .mouse(let mouse):
            self.mouse(mouse, now: now, view: view, into: &actions)
        case .focus(let focused):
            actions.append(.send(.focus(focused)))
        case .passthrough(let bytes):
            if prompt == nil { actions.append(.send(.bytes(bytes))) }
        }
    }

    private mutating func key(_ typed: KeyEvent, into actions: inout [FrontAction]) {
        if var editor = prompt {
            let outcome = editor.type(typed)
            prompt = editor
            switch outcome {
            case .editing: actions.append(.redraw)
            case .answered(let answer): finishPrompt(answer, into: &actions)
            case .cancelled: finishPrompt(nil, into: &actions)
            }
            return
        }
        // A key that closes what rterm shows on the bar row, or leaves the history, does
        // only that, like a pager's.
        if message != nil || isMenuOpen || historyOffset > 0 {
            message = nil
            isMenuOpen = false
            historyOffset = 0
            actions.append(.redraw)
            return
        }
        let latch = bar.latch
        let key = bar.apply(to: typed)
        if bar.latch != latch { actions.append(.redraw) }
        actions.append(.send(.key(key)))
    }

    private mutating func finishPrompt(_ answer: String?, into actions: inout [FrontAction]) {
        prompt = nil
        actions.append(.answerPrompt(answer))
        actions.append(.redraw)
    }

    private mutating func mouse(_ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]) {
        if mouse.row == view.remoteRows && bar.isVisible {
            barRowMouse(mouse, now: now, view: view, into: &actions)
            return
        }
        guard mouse.row < view.remoteRows, prompt == nil else { return }
        let event = Self.remoteMouseEvent(mouse)
        if MouseEncoder.encode(event, options: view.encoding) != nil {
            actions.append(.send(.mouse(event)))
        } else if mouse.action == .wheelUp || mouse.action == .wheelDown {
            // The remote does not want the mouse: the wheel scrolls rterm's own history.
            let step = mouse.action == .wheelUp ? Self.wheelStep : -Self.wheelStep
            let offset = min(max(historyOffset + step, 0), view.scrollbackCount)
            if offset != historyOffset {
                historyOffset = offset
                actions.append(.redraw)
            }
        }
    }

    /// The bar row: clicks are rterm's own and never reach the remote. While the row shows a
    /// message, the menu, the history line or a question, its buttons are not there to hit.
    private mutating func barRowMouse(
        _ mouse: LocalMouseEvent, now: UInt64, view: FrontView, into actions: inout [FrontAction]
    ) {
        if prompt != nil { return }
        if isMenuOpen {
            if mouse.action == .press { chooseMenuItem(at: mouse.column, width: view.columns, into: &actions) }
            return
        }
        if message != nil || historyOffset > 0 {
            if mouse.action == .press {
                message = nil
                historyOffset = 0
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
                actions.append(.redraw)
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

    private static func remoteMouseEvent(_ mouse: LocalMouseEvent) -> MouseEvent {
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

    // MARK: - Session events

    /// What the session reported; returns what to do about it.
    public mutating func sessionEvent(_ event: SessionEvent) -> [FrontAction] {
        switch event {
        case .escape(.help):
            showHelp()
            return [.redraw]
        case .escape(.toggleBar):
            setBarVisible(!bar.isVisible)
            return [.barVisibilityChanged, .redraw]
        case .escape(.suspend):
            return [.suspend]
        case .prompt(let request):
            prompt = PromptEditor(request)
            isMenuOpen = false
            message = nil
            return [.redraw]
        case .ended:
            prompt = nil
            return []
        default:
            return []
        }
    }

    /// Hides or shows the bar; the front then resizes the remote screen.
    mutating func setBarVisible(_ visible: Bool) {
        bar.setVisible(visible)
        isMenuOpen = false
    }

    mutating func showHelp() {
        message = EscapeCharacterFilter.helpText.dropFirst().dropLast().map {
            $0.trimmingWhitespace
        }.joined(separator: "   ")
    }

    mutating func closeMenu() {
        isMenuOpen = false
    }
}
