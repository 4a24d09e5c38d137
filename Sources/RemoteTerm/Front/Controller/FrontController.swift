import RemoteTermCore
import RemoteTermEngine

/// The interactive front's decisions, pure: bytes typed into the local terminal, the clock
/// and the session's events come in; what to send to the session, what to copy or open, and
/// what rterm shows over the remote screen (`overlays`) come out. The ncurses front only
/// reads its input, composes and draws frames, and carries out the actions, so everything a
/// user would notice here is tested in-process with tables and a manual clock.
///
/// - Keys and pastes are decoded (`LocalInputDecoder`); a lone Esc is the Esc key after
///   `escapeWait` without a following byte; a paste whose end marker never comes ends after
///   `pasteTimeout` without input, so later keys are never swallowed.
/// - The key bar's one-shot modifiers apply to the next real key; clicks on the bar row are
///   rterm's own and never reach the remote; hold-to-repeat runs on the clock.
/// - What rterm shows owns its rows: a click under a panel, the menu, a notice or the history
///   line acts on that or does nothing, never on a hidden button; the key that closes the
///   menu, a panel or a sticky notice, or leaves the history, does only that.
/// - The mouse goes to the remote when it asked for it (Shift keeps it for rterm, as in
///   xterm); otherwise drag selects, double-click a word, triple-click a line, a single click
///   on a link opens it once the double-click interval has passed, and the wheel scrolls the
///   history (or sends ↑/↓ on the alternate screen, xterm's alternate-scroll mode).
/// - While the connection asks a question, keys type the answer on the bar row.
public struct FrontController: Sendable {
    /// The key bar (buttons, page, modifiers, visibility).
    public internal(set) var bar: KeyBar
    /// Whether rterm's menu replaces the buttons on the bar row.
    public internal(set) var isMenuOpen = false
    /// The menu's page when it does not fit on the row.
    var menuPage = 0
    /// A line on the bar row: a transient status (what was copied) or a sticky problem.
    public internal(set) var notice: Notice?
    /// The panel over the bottom of the remote screen (help), if open.
    public internal(set) var panel: Panel?
    /// The stable number of the line on the top row while the history is shown; nil live.
    public internal(set) var historyTop: Int?
    /// The selection, by stable line numbers (it holds while lines arrive).
    public internal(set) var selection: Selection?
    /// The connection's question being answered (or `~c`'s destination), if any.
    public internal(set) var prompt: PromptEditor?
    /// Whether `prompt` asks for a new session's destination (`~c`) rather than answering
    /// the connection.
    var promptOpensSession = false
    /// The workspace's sessions as their tabs read (none with a single session): the menu
    /// lists them.
    public internal(set) var sessionLabels: [String] = []
    /// The shown session ended while others run: this line (its name and how it ended)
    /// stays on the bar row until a key or a click closes the session.
    public internal(set) var endedSession: String?
    /// Presses of the left button, for double and triple clicks and drags.
    var pointer = PointerState()
    /// A link clicked once, opened at `deadline` unless a second click comes first.
    var pendingLink: (url: String, deadline: UInt64)?
    private var decoder = LocalInputDecoder()
    private var paste: [UInt8]?
    private var lastInput: UInt64 = 0

    /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
    public static let escapeWait: UInt64 = 10_000_000
    /// How long a paste may go without a byte before it counts as ended.
    public static let pasteTimeout: UInt64 = 2_000_000_000
    /// How close presses must follow each other to count as a double or triple click (and
    /// how long a single click on a link waits before it acts).
    public static let multiClickInterval: UInt64 = 400_000_000
    /// How long a transient notice stays on the bar row.
    public static let noticeDuration: UInt64 = 3_000_000_000
    /// Lines one wheel step scrolls the history (and arrows it sends on the alternate screen).
    static let wheelStep = 3

    /// The escape character as the help shows it (`~`, `^]`), nil when escapes are off.
    public var escapeCharacter: String? = "~"

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
    /// a held bar button, a link waiting out the double-click interval, a notice expiring),
    /// or nil.
    public func nextDeadline() -> UInt64? {
        var deadlines = [bar.nextRepeatDeadline(), pendingLink?.deadline, notice?.expiry]
        if decoder.isInPaste {
            deadlines.append(lastInput &+ Self.pasteTimeout)
        } else if decoder.hasPending {
            deadlines.append(lastInput &+ Self.escapeWait)
        }
        return deadlines.compactMap { $0 }.min()
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
        if case .send(let keys) = bar.repeatsDue(at: now) { actions.append(.send(.keys(keys))) }
        if let link = pendingLink, now >= link.deadline {
            pendingLink = nil
            actions.append(.openLink(link.url))
        }
        if let expiry = notice?.expiry, now >= expiry {
            notice = nil
            actions.append(.redraw)
        }
        return actions
    }

    /// Nanoseconds from `start` to `end`, 0 when `end` is earlier (the loop's `now` for a turn
    /// is taken before its sources run, so input read during the turn is "later").
    static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 {
        end > start ? end - start : 0
    }

    private mutating func handle(
        _ event: LocalInputDecoder.Event, now: UInt64, view: FrontView, into actions: inout [FrontAction]
    ) {
        switch event {
        case .key(let typed):
            key(typed, view: view, into: &actions)
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
                leaveHistory(into: &actions)
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

    private mutating func key(_ typed: KeyEvent, view: FrontView, into actions: inout [FrontAction]) {
        if var editor = prompt {
            // With several sessions, Ctrl+N and Ctrl+P leave a connection's question waiting
            // (it is asked again when its session is shown) instead of answering it.
            if !promptOpensSession, sessionLabels.count > 1, typed.modifiers == .control,
                case .character(let scalar) = typed.key, scalar == "n" || scalar == "p"
            {
                actions.append(scalar == "n" ? .nextSession : .previousSession)
                return
            }
            let outcome = editor.type(typed)
            prompt = editor
            switch outcome {
            case .editing: actions.append(.redraw)
            case .answered(let answer): finishPrompt(answer, into: &actions)
            case .cancelled: finishPrompt(nil, into: &actions)
            }
            return
        }
        if endedSession != nil {
            // The session has ended: the key only closes it (and is sent nowhere).
            endedSession = nil
            actions.append(contentsOf: [.dismissSession, .redraw])
            return
        }
        // A key that closes what rterm shows, or leaves the history, does only that, like a
        // pager's. A transient notice (what was copied) lets keys through.
        if notice?.isSticky == true || isMenuOpen || panel != nil || historyTop != nil {
            if notice?.isSticky == true { notice = nil }
            isMenuOpen = false
            panel = nil
            historyTop = nil
            actions.append(.redraw)
            return
        }
        if selection != nil {
            selection = nil
            actions.append(.redraw)
        }
        let latch = bar.latch
        let key = bar.apply(to: typed)
        if bar.latch != latch { actions.append(.redraw) }
        actions.append(.send(.key(key)))
    }

    private mutating func finishPrompt(_ answer: String?, into actions: inout [FrontAction]) {
        prompt = nil
        if promptOpensSession {
            promptOpensSession = false
            if let answer, !answer.allSatisfy({ $0 == " " }) { actions.append(.openSession(answer)) }
        } else {
            actions.append(.answerPrompt(answer))
        }
        actions.append(.redraw)
    }

    /// Back to the live screen (a paste or a key sent from the history).
    mutating func leaveHistory(into actions: inout [FrontAction]) {
        guard historyTop != nil else { return }
        historyTop = nil
        actions.append(.redraw)
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
        case .escape(.newSession):
            askForDestination()
            return [.redraw]
        case .escape(.nextSession):
            return [.nextSession]
        case .escape(.previousSession):
            return [.previousSession]
        case .escape(.showSession(let number)):
            return [.showSession(number - 1)]
        case .prompt(let request):
            promptOpensSession = false
            prompt = PromptEditor(request)
            isMenuOpen = false
            panel = nil
            return [.redraw]
        case .ended:
            if !promptOpensSession { prompt = nil }
            return []
        case .linkLost:
            // The user must see why nothing answers, and have the buttons: a hidden bar
            // comes back. What was open over the screen is closed.
            isMenuOpen = false
            panel = nil
            guard !bar.isVisible else { return [.redraw] }
            setBarVisible(true)
            return [.barVisibilityChanged, .redraw]
        case .reconnected, .linkStatusChanged:
            // An attempt started or failed: a question of the one before is gone with it.
            if !promptOpensSession { prompt = nil }
            return [.redraw]
        default:
            return []
        }
    }

    /// Hides or shows the bar; the front then resizes the remote screen.
    mutating func setBarVisible(_ visible: Bool) {
        bar.setVisible(visible)
        isMenuOpen = false
    }

    /// Opens the help panel.
    public mutating func showHelp() {
        isMenuOpen = false
        panel = FrontHelp.panel(escape: escapeCharacter)
    }

    /// Shows `text` on the bar row: for `noticeDuration` from `now`, or until dismissed
    /// (a key or a click on the bar row) when `sticky` (problems the user must see).
    public mutating func showNotice(_ text: String, sticky: Bool = false, now: UInt64) {
        notice = Notice(text: text, isSticky: sticky, expiry: sticky ? nil : now &+ Self.noticeDuration)
    }

    // MARK: - What is drawn

    /// The overlays for the frame composer: links, the selection, the panel, the bar row.
    public mutating func overlays(view: FrontView, links: [DetectedLink] = []) -> FrameComposer.Overlays {
        var overlays = FrameComposer.Overlays()
        overlays.links = links
        if let selection {
            let bounds = selection.bounds(lines: { view.terminal.line(number: $0) })
            overlays.selection = bounds.start...bounds.end
        }
        overlays.panel = panel
        let distance = historyTop.map { max(0, view.terminal.screenTopLineNumber - $0) } ?? 0
        overlays.isStale = view.reconnection != nil
        overlays.bar = barLabels(
            width: view.columns, historyDistance: distance, reconnection: view.reconnection, now: view.now)
        overlays.barCursor = barCursorColumn
        if view.isPredicting, prompt == nil, endedSession == nil, view.reconnection == nil, overlays.bar != nil {
            // Column 0 is always a blank (every button has one either side).
            overlays.bar?.insert(BarLabel(column: 0, text: Self.predictionMark, emphasis: .armed), at: 0)
        }
        return overlays
    }
}

/// A line rterm shows on the bar row.
public struct Notice: Equatable, Sendable {
    /// The text.
    public var text: String
    /// Whether it stays until dismissed (a problem) rather than for a few seconds.
    public var isSticky: Bool
    /// When a transient notice goes away.
    public var expiry: UInt64?
}
