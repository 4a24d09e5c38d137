import RemoteTermCore
import RemoteTermEngine

/// What the sessions reported: the shown session's events drive the screen and the bar;
/// another session's only mark its tab (and what the connection says goes on its own
/// screen, read when it is shown).
extension Workspace {
    /// Whether a session has events the front has not taken.
    package var hasSessionEvents: Bool { entries.contains { $0.session.hasEvents } }

    /// Drains every session's events (after each loop turn) and returns what to do.
    package func sessionEvents(now: UInt64) -> [WorkspaceEffect] {
        var tabsChanged = false
        for index in entries.indices { tabsChanged = drainEvents(of: index, now: now) || tabsChanged }
        if tabsChanged { updateTabs() }
        showKeySet()
        return takeEffects()
    }

    /// Takes the events of the session at `index`; returns whether its tab changed.
    @discardableResult
    func drainEvents(of index: Int, now: UInt64) -> Bool {
        var tabChanged = false
        for event in entries[index].session.takeEvents() {
            if index == shownIndex {
                shownEvent(event, index: index, now: now)
            } else {
                tabChanged = backgroundEvent(event, index: index) || tabChanged
            }
            if case .ended(let ending) = event {
                ended(ending, index: index)
                tabChanged = true
            }
            if event == .connected { entries[index].wasConnected = true }
        }
        return tabChanged
    }

    /// An event of the shown session.
    private func shownEvent(_ event: SessionEvent, index: Int, now: UInt64) {
        let session = entries[index].session
        switch event {
        case .screenChanged:
            effects.append(.outputArrived)
        case .bell:
            effects.append(.bell)
        case .titleChanged(let title):
            entries[index].title = title
            effects.append(.setTitle(title))
        case .clipboardRequest(let selection, let data):
            effects.append(.remoteClipboard(selection: selection, data: data))
        case .notice(let text):
            if session.reconnection != nil {
                // The screen is the remote's last one, kept: rterm's words go on the bar.
                notify(text.split(separator: "\n").last.map(String.init) ?? text, now: now)
            } else {
                connectionSaid(text, index: index)
            }
        case .prompt(let request):
            if !request.explanation.isEmpty {
                if session.reconnection != nil {
                    notify(request.explanation.joined(separator: " "), now: now)
                } else {
                    session.showLocally(request.explanation.joined(separator: "\n") + "\n")
                }
            }
            perform(controller.sessionEvent(event), now: now)
        case .linkLost:
            // The bar row counts the seconds since the loss from now on.
            reconnectTick = now
            perform(controller.sessionEvent(event), now: now)
            effects.append(.redraw)
        case .reconnected:
            perform(controller.sessionEvent(event), now: now)
            let name = entries[index].tab.name
            if let resumeName = entries[index].resumeName {
                notify("reconnected to \(name), tmux session \(resumeName)", now: now)
            } else {
                notify("reconnected to \(name): a new shell (--resume NAME keeps the old one)", now: now)
            }
        case .inputDropped:
            notify("link down: keys are not sent", now: now)
        case .connected:
            effects.append(.redraw)
        case .transfersChanged:
            transfersChanged(session, now: now)
        case .notification(let notification):
            passOn(notification, now: now)
        case .progressChanged(let progress):
            entries[index].tab.progress = progress
            effects.append(.passOn(PassedOnSequence.progress(progress)))
            showTransferProgress()
        case .commandFinished(let status):
            entries[index].tab.commandFinished(status: status)
            updateTabs()
        case .linkStatusChanged, .ended:
            perform(controller.sessionEvent(event), now: now)
        }
    }

    /// An event of a session that is not shown; returns whether its tab changed.
    private func backgroundEvent(_ event: SessionEvent, index: Int) -> Bool {
        let before = entries[index].tab
        switch event {
        case .screenChanged:
            entries[index].tab.hasActivity = true
        case .bell:
            entries[index].tab.hasBell = true
        case .titleChanged(let title):
            entries[index].title = title
        case .notice(let text):
            if entries[index].session.reconnection == nil { connectionSaid(text, index: index) }
        case .prompt(let request):
            // The question waits for the session to be shown (`show` asks it then).
            if !request.explanation.isEmpty, entries[index].session.reconnection == nil {
                entries[index].session.showLocally(request.explanation.joined(separator: "\n") + "\n")
            }
            entries[index].tab.isWaitingForAnswer = true
        case .reconnected, .linkStatusChanged:
            entries[index].tab.isWaitingForAnswer = entries[index].session.pendingPrompt != nil
        case .transfersChanged:
            transfersChanged(entries[index].session, now: nil)
        case .notification(let notification):
            entries[index].tab.hasNotification = true
            passOn(notification, now: entries[index].session.clock.now())
        case .progressChanged(let progress):
            entries[index].tab.progress = progress
        case .commandFinished(let status):
            entries[index].tab.commandFinished(status: status)
        case .clipboardRequest, .linkLost, .inputDropped, .connected, .ended:
            // The clipboard belongs to the session the user sees; a background session's
            // request is dropped, as a hidden terminal does not own the keyboard either.
            break
        }
        return entries[index].tab != before
    }

    /// A remote program's notification, passed on to the user's terminal at the pace
    /// `NotificationPacing` allows.
    private func passOn(_ notification: TerminalNotification, now: UInt64) {
        guard notificationPacing.allows(now: now) else { return }
        effects.append(.passOn(PassedOnSequence.notification(notification)))
    }

    /// What the connection says: on the session's own screen while it connects, else
    /// printed when rterm exits.
    private func connectionSaid(_ text: String, index: Int) {
        let session = entries[index].session
        if session.state == .connecting {
            session.showLocally(text + "\n")
        } else {
            laterMessages.append(entries.count > 1 ? "\(entries[index].tab.name): \(text)" : text)
        }
    }

    /// A session ended: its tab says how; shown (with others still running), the bar row
    /// says it until a key closes the session.
    private func ended(_ ending: SessionEnding, index: Int) {
        entries[index].tab.ending = ending
        entries[index].tab.isWaitingForAnswer = false
        var neverConnected = false
        if case .connectFailed = ending { neverConnected = !entries[index].wasConnected }
        ended.append((ObjectIdentifier(entries[index].session), ending, neverConnected))
        if neverConnected {
            // The bar row has room for one line: the session's own screen keeps all of it.
            if let message = ending.message { entries[index].session.showLocally(message + "\n") }
        }
        if index == shownIndex, !isFinished {
            controller.showEnded(endedLine(entries[index].tab.name, ending))
            effects.append(.redraw)
        }
    }
}
