import RemoteTermCore
import RemoteTermEngine

/// What the user does, decided on the shown session's screen and carried out on it alone:
/// the controller says what a key or click means, the shown session's escape filter reads
/// the keys (`~.`, `~?`, `~c`, `~n`…) right where the escapes are carried out, and the rest
/// is sent.
extension Workspace {
    /// What the controller needs of the shown session.
    package func view(now: UInt64, isInputPaused: Bool = false) -> FrontView {
        let area = remoteSize
        var view = FrontView(
            terminal: shown.terminal, remoteRows: area.rows, columns: localSize.columns,
            isInputPaused: isInputPaused, reconnection: shown.reconnection, now: now)
        view.isPredicting = shown.predictor.isShowing
        if shown.state == .connecting { view.connectingTo = entries[shownIndex].tab.name }
        return view
    }

    /// Bytes typed, pasted or clicked into the local terminal: each key (paste, click) is
    /// decided on the screen shown at that moment and carried out before the next, so keys
    /// typed right after `~n` or `~c` in one read reach the session shown or the question.
    package func input(_ bytes: some Sequence<UInt8>, now: UInt64, isInputPaused: Bool = false) -> [WorkspaceEffect] {
        for event in controller.decode(bytes, now: now) {
            let presses = controller.bar.lastPress?.count
            let actions = controller.handle(event, now: now, view: view(now: now, isInputPaused: isInputPaused))
            guard let inputObserver, let press = controller.bar.lastPress, press.count != presses else {
                perform(actions, now: now)
                continue
            }
            // A press on the bar is told as the button, not as the keys it sends.
            inputObserver.frontSent(.click(label: press.label), screen: shown.terminal)
            isCarryingOutBarPress = true
            perform(actions, now: now)
            isCarryingOutBarPress = false
        }
        return takeEffects()
    }

    /// What the clock decides at `now`: a lone Esc, a held button, a link, a notice, and the
    /// bar row's count of seconds while the shown session's link is down.
    package func timersDue(now: UInt64, isInputPaused: Bool = false) -> [WorkspaceEffect] {
        // The view (a copy of the terminal) only when a key is decided: this runs on every turn.
        var actions: [FrontAction] = []
        if controller.keysAreDue(now: now) {
            actions = controller.keysDue(now: now, view: view(now: now, isInputPaused: isInputPaused))
        }
        actions += controller.clockDue(now: now)
        perform(actions, now: now)
        if shown.reconnection != nil, now >= reconnectTick &+ Self.tick {
            reconnectTick = now
            effects.append(.redraw)
        }
        return takeEffects()
    }

    /// The next time `timersDue` has something to do, or nil.
    package func nextDeadline() -> UInt64? {
        let deadline = controller.nextDeadline()
        guard shown.reconnection != nil else { return deadline }
        let tick = reconnectTick &+ Self.tick
        return min(deadline ?? tick, tick)
    }

    /// How often the bar row counts while the link is down.
    static let tick: UInt64 = 1_000_000_000

    /// Carries out the controller's actions: on the shown session, or on the workspace.
    func perform(_ actions: [FrontAction], now: UInt64) {
        for action in actions {
            let session = shown
            switch action {
            case .send(let input): send(input, now: now)
            case .answerPrompt(let answer): session.answerPrompt(answer)
            case .disconnect: session.end(.disconnected(label: session.options.label))
            case .reconnectNow: session.reconnectNow()
            case .quit: session.end(.failed(session.reconnection?.summary ?? "rterm: the link was lost"))
            case .front(let effect):
                if effect == .barVisibilityChanged { resize(local: localSize) }
                effects.append(effect)
            case .cycleKeySet: cycleKeySet()
            case .showSession(let index):
                if entries.indices.contains(index) {
                    show(index)
                } else {
                    notify("no session \(index + 1): there are \(entries.count)", now: now)
                }
            case .nextSession, .previousSession:
                if entries.count == 1 {
                    notify("only one session: ~c opens another", now: now)
                } else {
                    showNeighbour(action == .nextSession ? 1 : -1)
                }
            case .dismissSession(let key):
                dismissShown()
                // The key that closed it is decided on the session shown now (a question it
                // waits on takes it); not when that one ended too: its ending is read first.
                if let key, shown.ending == nil {
                    perform(controller.handle(.key(key), now: now, view: view(now: now)), now: now)
                }
            case .showHelp:
                controller.showHelp()
                effects.append(.redraw)
            case .toggleBar:
                controller.setBarVisible(!controller.bar.isVisible)
                perform([.barVisibilityChanged, .redraw], now: now)
            case .readKeys: perform(controller.readKeys(), now: now)
            case .askForSession:
                controller.askForDestination()
                effects.append(.redraw)
            case .askForTransfer(let direction):
                controller.askForTransfer(direction)
                effects.append(.redraw)
            case .transfer(let direction, let path):
                startTransfer(direction, path: path, now: now)
            case .cancelTransfer(let index):
                cancelTransfer(index, now: now)
            case .completeRemotePath(let typed):
                completeRemotePath(typed, now: now)
            case .previousPrompt, .nextPrompt:
                let jump = controller.jumpToPrompt(previous: action == .previousPrompt, view: view(now: now), now: now)
                perform(jump, now: now)
            case .showMenu:
                controller.showMenu()
                effects.append(.redraw)
            case .showPopup(let popup):
                controller.showPopup(popup)
                effects.append(.redraw)
            case .colorSchemeChanged(let scheme):
                for entry in entries { entry.session.setColorScheme(scheme) }
            }
        }
    }

    /// Sends `input` to the shown session through its escape filter: keys one by one (an
    /// escape such as `~n` takes effect before the keys after it, which then reach the
    /// session it shows); a paste or raw bytes end a pending escape first.
    private func send(_ input: SessionInput, now: UInt64) {
        let before = (changes: shown.predictor.changes, isShowing: shown.predictor.isShowing)
        switch input {
        case .key(let key):
            filter([key], now: now)
        case .keys(let keys):
            filter(keys, now: now)
        case .paste(let bytes), .bytes(let bytes):
            let held = entries[shownIndex].escapes?.passThrough(endsWithNewline: bytes.last == 0x0D || bytes.last == 0x0A)
            for case .send(let key) in held ?? [] { deliver(.key(key)) }
            deliver(input)
        case .mouse, .focus:
            shown.send(input)
        }
        // A guess shows at once, not when the echo comes (the overlay itself is composed
        // once, with the frame).
        if shown.predictor.changes != before.changes, shown.predictor.isShowing || before.isShowing {
            effects.append(.redraw)
        }
    }

    /// Keys through the shown session's escape filter; the keys it lets through are sent
    /// together.
    private func filter(_ keys: [KeyEvent], now: UInt64) {
        var passed: [KeyEvent] = []
        func flush() {
            if !passed.isEmpty { deliver(passed.count == 1 ? .key(passed[0]) : .keys(passed)) }
            passed.removeAll()
        }
        for key in keys {
            guard entries[shownIndex].escapes != nil else {
                passed.append(key)
                continue
            }
            for action in entries[shownIndex].escapes!.filter(key) {
                switch action {
                case .send(let key): passed.append(key)
                case .escape(let escape):
                    flush()
                    perform([FrontAction(escape)], now: now)
                }
            }
        }
        flush()
    }

    /// Sends `input` to the shown session, telling the observer what was sent (keys one by
    /// one) unless it is a bar press's, already told as the click.
    private func deliver(_ input: SessionInput) {
        if let inputObserver, !isCarryingOutBarPress {
            let screen = shown.terminal
            switch input {
            case .key(let key): inputObserver.frontSent(.key(key), screen: screen)
            case .keys(let keys): for key in keys { inputObserver.frontSent(.key(key), screen: screen) }
            case .paste(let bytes): inputObserver.frontSent(.paste(bytes), screen: screen)
            case .bytes(let bytes): inputObserver.frontSent(.bytes(bytes), screen: screen)
            case .mouse, .focus: break
            }
        }
        shown.send(input)
    }
}
