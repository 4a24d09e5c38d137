import RemoteTermCore
import RemoteTermEngine

/// The interactive front's decisions, pure: bytes typed into the local terminal, the clock
/// and the session's events come in; what to send to the session, what to copy or open, and
/// what rterm shows over the remote screen (`overlays`) come out. The front only reads its
/// input, draws the workspace's frames and carries out the actions, so everything a user
/// would notice here is tested in-process with tables and a manual clock.
///
/// What the front is doing is one value, `mode` (`FrontMode`): live, a selection, the
/// history, a popup, a problem notice, the menu, a panel, a question, an ended session,
/// picking a key by number. A key means what the mode says (`key(_:view:into:)`, one
/// `switch`); so does a click (`mouse`), and on the bar row it acts on what the row shows
/// (`barRow(view:)`), never on a hidden button. A passing status (what was copied) is drawn
/// on the bar row above all but a question, an ended session and a lost link.
///
/// - Keys and pastes are decoded (`LocalInputDecoder`); a lone Esc is the Esc key after
///   `escapeWait` without a following byte; a paste whose end marker never comes ends after
///   `pasteTimeout` without input, so later keys are never swallowed.
/// - The key bar's one-shot modifiers apply to the next real key; clicks on the bar row are
///   rterm's own and never reach the remote; hold-to-repeat runs on the clock.
/// - The mouse goes to the remote when it asked for it (Shift keeps it for rterm, as in
///   xterm); otherwise drag selects, double-click a word, triple-click a line, a single click
///   on a link opens it once the double-click interval has passed, and the wheel scrolls the
///   history (or sends ↑/↓ on the alternate screen, xterm's alternate-scroll mode).
package struct FrontController: Sendable {
    /// The key bar (buttons, page, modifiers, visibility).
    package internal(set) var bar: KeyBar
    /// What the front is doing over the remote screen.
    package internal(set) var mode = FrontMode.live
    /// A passing line on the bar row (what was copied), gone after `noticeDuration`; keys go
    /// on meanwhile. A problem the user must see is a mode instead (`FrontMode.notice`).
    package internal(set) var status: Notice?
    /// A problem notice that a connection's question came in front of: shown again once the
    /// question is answered.
    var noticeBehindPrompt: Notice?
    /// The workspace's sessions as their tabs read (none with a single session): the menu
    /// lists them.
    package internal(set) var sessionLabels: [String] = []
    /// The file transfers under way (`↑ name`), each with a `Cancel …` entry in ☰.
    package internal(set) var transferLabels: [String] = []
    /// Presses of the left button, for double and triple clicks and drags.
    var pointer = PointerState()
    /// A link clicked once, opened at `deadline` unless a second click comes first.
    var pendingLink: (url: String, deadline: UInt64)?
    private var decoder = LocalInputDecoder()
    private var paste: [UInt8]?
    private var lastInput: UInt64 = 0

    /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
    package static let escapeWait: UInt64 = 10_000_000
    /// How long a paste may go without a byte before it counts as ended.
    package static let pasteTimeout: UInt64 = 2_000_000_000
    /// How close presses must follow each other to count as a double or triple click (and
    /// how long a single click on a link waits before it acts).
    package static let multiClickInterval: UInt64 = 400_000_000
    /// How long a transient notice stays on the bar row.
    package static let noticeDuration: UInt64 = 3_000_000_000
    /// Lines one wheel step scrolls the history (and arrows it sends on the alternate screen).
    static let wheelStep = 3

    /// The escape character as the help shows it (`~`, `^]`), nil when escapes are off.
    package var escapeCharacter: String? = "~"
    /// The key that types the escape character (nil: escapes are off): in the history, typed
    /// before `[` or `]` out of habit, it does not return to the live screen.
    package var escapeKey: KeyEvent?
    /// The key that reads the bar's buttons out (`~k` does too), nil for none; reader mode
    /// sets it (F12 unless the key-bar file says `reader-key NAME`).
    package var readerKey: KeyEvent?
    /// What `~c`'s question starts with: the first session's connection options (`-F cfg -p
    /// 2222`), so a new session reaches its host as the first did.
    package var newSessionOptions = ""

    /// A controller with this bar.
    package init(bar: KeyBar = KeyBar()) {
        self.bar = bar
    }

    // MARK: - The mode, read

    /// The stable number of the line on the top row while the history is shown; nil live.
    package var historyTop: Int? {
        switch mode {
        case .history(let top): return top
        case .selecting(_, let top): return top
        default: return nil
        }
    }

    /// The selection, if text is selected.
    package var selection: Selection? {
        if case .selecting(let selection, _) = mode { return selection }
        return nil
    }

    /// The line on the bar row: a problem to dismiss, or a passing status.
    package var notice: Notice? {
        if case .notice(let notice) = mode { return notice }
        return status
    }

    /// The alternatives shown above the bar, if any.
    package var popup: KeyBarPopup? {
        if case .popup(let popup) = mode { return popup }
        return nil
    }

    /// The question being answered on the bar row, if any.
    package var prompt: PromptEditor? {
        if case .prompt(let editor, _) = mode { return editor }
        return nil
    }

    /// The panel over the bottom of the remote screen, if open.
    package var panel: Panel? {
        if case .panel(let panel) = mode { return panel }
        return nil
    }

    /// Whether rterm's menu replaces the buttons on the bar row.
    package var isMenuOpen: Bool {
        if case .menu = mode { return true }
        return false
    }

    // MARK: - Input

    /// The keys, pastes, mouse and focus reports in bytes read from the local terminal at
    /// `now`, each to be decided in turn with `handle(_:now:view:)` (the workspace carries out
    /// each one's actions before it decides the next: `~n` then a key reaches the session
    /// `~n` showed).
    package mutating func decode(_ bytes: some Sequence<UInt8>, now: UInt64) -> [LocalInputDecoder.Event] {
        lastInput = now
        return decoder.feed(bytes)
    }

    /// What one decoded event means at `now` on `view`.
    package mutating func handle(_ event: LocalInputDecoder.Event, now: UInt64, view: FrontView) -> [FrontAction] {
        var actions: [FrontAction] = []
        handle(event, now: now, view: view, into: &actions)
        return actions
    }

    /// The next time `timersDue` has something to do (a lone Esc, a paste without its end,
    /// a held bar button, a link waiting out the double-click interval, a notice expiring),
    /// or nil.
    package func nextDeadline() -> UInt64? {
        var deadlines = [bar.nextRepeatDeadline(), pendingLink?.deadline, status?.expiry]
        if decoder.isInPaste {
            deadlines.append(lastInput &+ Self.pasteTimeout)
        } else if decoder.hasPending {
            deadlines.append(lastInput &+ Self.escapeWait)
        }
        return deadlines.compactMap { $0 }.min()
    }

    /// What the clock decides at `now`.
    package mutating func timersDue(now: UInt64, view: FrontView) -> [FrontAction] {
        (keysAreDue(now: now) ? keysDue(now: now, view: view) : []) + clockDue(now: now)
    }

    /// Whether the clock decides keys at `now` (a lone Esc, a paste without its end): only
    /// then does `timersDue` need a view, which copies the terminal; the loop asks on every turn.
    package func keysAreDue(now: UInt64) -> Bool {
        decoder.isInPaste || (decoder.hasPending && Self.elapsed(from: lastInput, to: now) >= Self.escapeWait)
    }

    /// The keys the clock decides at `now`: the end of a paste that never came, a lone Esc.
    package mutating func keysDue(now: UInt64, view: FrontView) -> [FrontAction] {
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
        return actions
    }

    /// What the clock decides at `now` besides keys: a held button's repeats, a long press's
    /// popup, a link waiting out the double-click interval, a notice expiring.
    package mutating func clockDue(now: UInt64) -> [FrontAction] {
        var actions: [FrontAction] = []
        actions += bar.repeatsDue(at: now)
        if let popup = bar.popupDue(at: now), mode == .live {
            mode = .popup(popup)
            actions.append(.redraw)
        }
        if let link = pendingLink, now >= link.deadline {
            pendingLink = nil
            actions.append(.openLink(link.url))
        }
        if let expiry = status?.expiry, now >= expiry {
            status = nil
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
            if case .prompt(var editor, let purpose) = mode {
                editor.paste(text)
                mode = .prompt(editor, purpose: purpose)
                actions.append(.redraw)
            } else if !text.isEmpty {
                leaveHistory(into: &actions)
                actions.append(.send(.paste(text)))
            }
        case .mouse(let mouse):
            self.mouse(mouse, now: now, view: view, into: &actions)
        case .focus(let focused):
            actions.append(.send(.focus(focused)))
        case .colorScheme(let scheme):
            actions.append(.colorSchemeChanged(scheme))
        case .passthrough(let bytes):
            if prompt == nil { actions.append(.send(.bytes(bytes))) }
        }
    }

    /// What a key means, by mode: the question's; the key that closes what rterm shows over
    /// the screen (and does only that, like a pager's); the key that closes a line on the bar
    /// row (a problem notice, a popup, an ended session) and then goes where it would have
    /// gone without it, Esc excepted; or the remote's.
    private mutating func key(_ typed: KeyEvent, view: FrontView, into actions: inout [FrontAction]) {
        switch mode {
        case .prompt(var editor, let purpose):
            // With several sessions, Ctrl+N and Ctrl+P leave a connection's question waiting
            // (it is asked again when its session is shown) instead of answering it.
            if purpose == .connection, sessionLabels.count > 1, typed.modifiers == .control,
                case .character(let scalar) = typed.key, scalar == "n" || scalar == "p"
            {
                actions.append(scalar == "n" ? .nextSession : .previousSession)
                return
            }
            if typed.key == .tab, purpose == .upload {
                editor.complete(LocalPathCompletion.complete)
                mode = .prompt(editor, purpose: purpose)
                actions.append(.redraw)
                return
            }
            if typed.key == .tab, purpose == .download {
                // The names come over the connection; the answer is completed then.
                actions.append(.completeRemotePath(editor.answer))
                return
            }
            let outcome = editor.type(typed)
            mode = .prompt(editor, purpose: purpose)
            switch outcome {
            case .editing: actions.append(.redraw)
            case .answered(let answer): finishPrompt(answer, purpose: purpose, into: &actions)
            case .cancelled: finishPrompt(nil, purpose: purpose, into: &actions)
            }
        case .ended:
            // The shown session has ended: the key closes it, and then goes to the session
            // shown next, as the keys typed after ssh exits reach the shell it returns to and
            // tmux's reach the pane shown once a dead one closed: the first key of a word is
            // never lost. Esc only closes it (it would begin a sequence in the next shell).
            mode = .live
            actions.append(contentsOf: [.dismissSession(then: typed == KeyEvent(.escape) ? nil : typed), .redraw])
        case .pickingKey(let digits, let choices):
            pickKey(typed, digits: digits, choices: choices, view: view, into: &actions)
        case .history where Self.isPromptJump(typed, view: view):
            // `[` and `]` keep jumping between the shell's prompts without leaving the history.
            actions += jumpToPrompt(previous: typed.key == .character("["), view: view, now: view.now)
        case .history where typed == escapeKey && !view.terminal.shellPrompts.lines.isEmpty:
            // `~]` typed out of habit: the `]` jumps, and is not typed into the shell.
            break
        case .panel(var panel) where typed.modifiers.isEmpty && Self.panelScroll(typed.key, panel, view: view) != nil:
            // A panel longer than its rows scrolls by keys as by the wheel (a phone has no
            // wheel); any other key closes it.
            let before = panel.scroll
            panel.scroll(by: Self.panelScroll(typed.key, panel, view: view) ?? 0, rows: view.remoteRows, columns: view.columns)
            mode = .panel(panel)
            if panel.scroll != before { actions.append(.redraw) }
        case .history, .menu, .panel, .selecting(_, historyTop: .some):
            mode = .live
            actions.append(.redraw)
        case .popup, .notice:
            // Esc closes a popup or a problem notice and does only that; another key closes
            // it and goes on, so a key typed while a notice shows is never lost (`exit` typed
            // then runs `exit`, not `xit`).
            mode = .live
            actions.append(.redraw)
            if typed != KeyEvent(.escape) { liveKey(typed, into: &actions) }
        case .selecting(_, historyTop: nil):
            // The key clears the selection and goes on.
            mode = .live
            actions.append(.redraw)
            liveKey(typed, into: &actions)
        case .live:
            liveKey(typed, into: &actions)
        }
    }

    /// How far `key` scrolls `panel` (↑ ↓ a line, PageUp PageDown a panel's rows, Home End
    /// to its ends), nil for a key that closes it: every key when it fits.
    static func panelScroll(_ key: Key, _ panel: Panel, view: FrontView) -> Int? {
        let most = panel.maximumScroll(rows: view.remoteRows, columns: view.columns)
        guard most > 0 else { return nil }
        let page = max(1, panel.height(rows: view.remoteRows, columns: view.columns) - 2)
        switch key {
        case .up: return -1
        case .down: return 1
        case .pageUp: return -page
        case .pageDown: return page
        case .home: return -most
        case .end: return most
        default: return nil
        }
    }

    /// A key on the live screen: the reader key reads the buttons out; any other goes to the
    /// remote with the bar's latched modifiers.
    private mutating func liveKey(_ typed: KeyEvent, into actions: inout [FrontAction]) {
        if let readerKey, typed == readerKey {
            actions += readKeys()
            return
        }
        let latch = bar.latch
        let key = bar.apply(to: typed)
        if bar.latch != latch { actions.append(.redraw) }
        actions.append(.send(.key(key)))
    }

    private mutating func finishPrompt(_ answer: String?, purpose: PromptPurpose, into actions: inout [FrontAction]) {
        mode = noticeBehindPrompt.map(FrontMode.notice) ?? .live
        noticeBehindPrompt = nil
        let given = answer.flatMap { $0.allSatisfy({ $0 == " " }) ? nil : $0 }
        switch purpose {
        case .connection: actions.append(.answerPrompt(answer))
        case .openSession: if let given { actions.append(.openSession(given)) }
        case .upload: if let given { actions.append(.transfer(.upload, path: given)) }
        case .download: if let given { actions.append(.transfer(.download, path: given)) }
        }
        actions.append(.redraw)
    }

    /// Back to the live screen (a paste sent from the history, or over a selection).
    mutating func leaveHistory(into actions: inout [FrontAction]) {
        switch mode {
        case .history, .selecting:
            mode = .live
            actions.append(.redraw)
        default:
            break
        }
    }

    // MARK: - Session events

    /// What the session reported; returns what to do about it.
    package mutating func sessionEvent(_ event: SessionEvent) -> [FrontAction] {
        switch event {
        case .prompt(let request):
            if case .notice(let notice) = mode { noticeBehindPrompt = notice }
            mode = .prompt(PromptEditor(request), purpose: .connection)
            return [.redraw]
        case .ended:
            dropConnectionQuestion()
            return []
        case .linkLost:
            // The user must see why nothing answers, and have the buttons: a hidden bar
            // comes back. What was open over the screen is closed.
            closeMenuOrPanel()
            guard !bar.isVisible else { return [.redraw] }
            setBarVisible(true)
            return [.barVisibilityChanged, .redraw]
        case .reconnected, .linkStatusChanged:
            // An attempt started or failed: a question of the one before is gone with it.
            dropConnectionQuestion()
            return [.redraw]
        default:
            return []
        }
    }

    /// The connection's question is gone (its attempt is over); `~c`'s stays.
    private mutating func dropConnectionQuestion() {
        if case .prompt(_, purpose: .connection) = mode {
            mode = noticeBehindPrompt.map(FrontMode.notice) ?? .live
            noticeBehindPrompt = nil
        }
    }

    private mutating func closeMenuOrPanel() {
        switch mode {
        case .menu, .panel, .popup: mode = .live
        default: break
        }
    }

    /// Hides or shows the bar; the front then resizes the remote screen. What was open on
    /// the bar row (the menu, a popup) closes with it.
    package mutating func setBarVisible(_ visible: Bool) {
        bar.setVisible(visible)
        switch mode {
        case .menu, .popup: mode = .live
        default: break
        }
    }

    /// Shows a button's alternatives above the bar (from the buttons on the live screen only).
    package mutating func showPopup(_ popup: KeyBarPopup) {
        guard mode == .live || selection != nil && historyTop == nil else { return }
        mode = .popup(popup)
    }

    /// Opens the help panel.
    package mutating func showHelp() {
        var panel = FrontHelp.panel(escape: escapeCharacter)
        if bar.style == .words {
            // In words, the help is ASCII too.
            panel.title = KeyBarLabelStyle.ascii(panel.title)
            panel.hint = KeyBarLabelStyle.ascii(panel.hint)
            panel.shortHint = KeyBarLabelStyle.ascii(panel.shortHint)
            panel.paragraphs = panel.paragraphs.map { KeyBarLabelStyle.ascii($0) }
        }
        mode = .panel(panel)
    }

    /// Shows `text` on the bar row: for `noticeDuration` from `now`, or until dismissed
    /// (a key or a click on the bar row) when `sticky` (problems the user must see).
    package mutating func showNotice(_ text: String, sticky: Bool = false, now: UInt64) {
        // A notice may carry a server's text (a path, a reason): shown with its controls
        // made visible, never acted on or blanked (InertText leaves rterm's own text as it is).
        let inert = InertText.make(text)
        let text = bar.style == .words ? KeyBarLabelStyle.ascii(inert) : inert
        let notice = Notice(text: text, isSticky: sticky, expiry: sticky ? nil : now &+ Self.noticeDuration)
        guard sticky else {
            status = notice
            return
        }
        switch mode {
        case .prompt: noticeBehindPrompt = notice
        default: mode = .notice(notice)
        }
    }
}
