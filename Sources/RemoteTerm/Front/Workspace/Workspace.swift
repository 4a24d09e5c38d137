import RemoteTermCore
import RemoteTermLoop
import RemoteTermSSH

/// Several sessions in one front, one of them shown. Only the shown session owns the
/// keyboard: keys, pastes, bar clicks and mouse reports reach it alone (the one
/// `FrontController` decides on its screen, and the shown session's escape filter reads them
/// first), while every session keeps reading and parsing its output, keeping its link alive
/// and reconnecting on the one loop. What happens in a session that is not shown marks its
/// tab (output, a bell, a question waiting, an ending).
///
/// Pure of I/O: the front that draws it passes its input, the loop's time and the local size
/// in, draws `frame(now:)` and carries out the `WorkspaceEffect`s that come back (the bell,
/// the title, the clipboard, opening a session it parsed). Tested in-process with memory
/// transports and a manual clock.
package final class Workspace {
    /// One session and its tab.
    package struct Entry {
        /// The session.
        package let session: Session
        /// What its tab says.
        package var tab: SessionTab
        /// The tmux session a reconnect lands in (`--resume`), for what the bar says.
        package var resumeName: String?
        /// OpenSSH's escapes in the keys typed into it (nil: escapes are off, `-e none`).
        var escapes: EscapeCharacterFilter?
        /// The escape character as the help shows it (`~`, `^]`).
        var escapeName: String?
        /// The remote's last title, put on the window when the session is shown.
        package var title = ""
        /// Whether it was ever connected (a session that never was failed to connect).
        package var wasConnected = false
        /// Which key set its bar shows: the host's, the running program's, or the user's pick.
        package var keySets = KeyBarSetChoice(hostSet: nil)
    }

    /// The sessions, in the order of their tabs.
    package internal(set) var entries: [Entry] = []
    /// The index of the shown session.
    package internal(set) var shownIndex = 0
    /// The front's decisions, for the shown session's screen.
    package var controller: FrontController
    /// The local terminal's size; the remote size of every session follows it.
    package private(set) var localSize: (rows: Int, columns: Int)
    /// Whether the bar takes rows of the local terminal: not in reader mode, which draws no
    /// bar, so the remote gets every row (`remoteSize`).
    package var barTakesRows = true
    /// Lines to print after the terminal is restored (messages that came while live).
    package internal(set) var laterMessages: [String] = []
    /// The sessions that have ended, in the order they ended: how, and whether they never
    /// connected (a connection attempt that failed).
    var ended: [(session: ObjectIdentifier, ending: SessionEnding, neverConnected: Bool)] = []
    /// How each session that has ended ended, in the order they ended (but an attempt to
    /// connect the user dismissed: it does not count).
    package var endings: [SessionEnding] { ended.map(\.ending) }
    /// Whether some session could never connect, and is still there (rterm then exits 255).
    package var someFailedToConnect: Bool { ended.contains { $0.neverConnected } }
    /// When the bar row's "last contact 12s ago" was last brought up to date (it counts
    /// seconds while the shown session's link is down).
    var reconnectTick: UInt64 = 0
    /// The loop the sessions are polled on (added and removed with them), if any.
    private let loop: EventLoop?
    var effects: [WorkspaceEffect] = []
    /// The files `~u` and `~d` started, not ended yet (Workspace+Files.swift).
    var transfers: [WorkspaceTransfer] = []
    /// Tab on `~d`'s question: the listing asked for, and the answer it completes.
    var remoteCompletion: (session: ObjectIdentifier, number: Int, typed: String)?
    /// How often notifications reach the user's desktop.
    var notificationPacing = NotificationPacing()
    /// The frame composed last (its unchanged rows are reused) and the links found on it, for
    /// the session it showed (another session's rows are never taken for this one's).
    var lastFrame: (session: Session, frame: Frame)?
    var visibleLinks = VisibleLinks()
    /// What composing frames has cost so far.
    package internal(set) var frameWork = FrameWork()
    /// Told what the user sends to the shown session (`rterm record`), if anyone is.
    package weak var inputObserver: (any FrontInputObserver)?
    /// While a key-bar press is carried out: what it sends is not told again.
    var isCarryingOutBarPress = false

    /// An empty workspace for a local terminal of `localSize`, deciding with `controller`.
    package init(controller: FrontController, localSize: (rows: Int, columns: Int), loop: EventLoop? = nil) {
        self.controller = controller
        self.localSize = localSize
        self.loop = loop
        self.controller.bar.setWidth(localSize.columns)
    }

    /// The shown session.
    package var shown: Session { entries[shownIndex].session }

    /// Whether every session has ended: rterm then exits.
    package var isFinished: Bool { !entries.isEmpty && entries.allSatisfy { $0.session.ending != nil } }

    /// rterm's exit status once finished: the last session's, or 255 if another failed to
    /// connect (a last one that failed to connect keeps its own: 127 for a local command
    /// that cannot start).
    package var exitStatus: Int32 {
        guard let last = endings.last else { return 255 }
        if case .connectFailed = last { return last.exitStatus }
        return someFailedToConnect ? 255 : last.exitStatus
    }

    /// The remote size for the local size: the rows above the bar.
    package var remoteSize: (rows: Int, columns: Int) {
        Self.remoteSize(local: localSize, barRows: barTakesRows ? controller.bar.reservedRows : 0)
    }

    /// The remote size for a local size: the rows above the bar (`barRows`, 1 when shown).
    package static func remoteSize(local: (rows: Int, columns: Int), barRows: Int = 1) -> (rows: Int, columns: Int) {
        (max(1, local.rows - barRows), max(1, local.columns))
    }

    // MARK: - Sessions

    /// Adds a session the factory made; `show` makes it the shown one.
    @discardableResult
    package func add(_ opened: SessionFactory.Opened, show: Bool = false) -> Int {
        add(
            opened.session, name: opened.label, resumeName: opened.resumeName, escape: opened.escapeCharacter,
            keySet: opened.front.keyBarSet, show: show)
    }

    /// Adds `session` under `name` (resized to the remote size), reading `escape` (nil:
    /// none) in the keys typed into it, and returns its index; `show` makes it the shown
    /// one (the first session is always shown).
    @discardableResult
    package func add(
        _ session: Session, name: String, resumeName: String? = nil, escape: UInt8? = 0x7E, keySet: String? = nil,
        show: Bool = false
    ) -> Int {
        var entry = Entry(session: session, tab: SessionTab(name: name), resumeName: resumeName)
        entry.keySets = KeyBarSetChoice(hostSet: keySet)
        if let keySet, !controller.bar.sets.isEmpty, !controller.bar.sets.contains(where: { $0.name == keySet }) {
            // On the bar row until a key dismisses it, and again when rterm exits.
            let names = controller.bar.sets.map(\.name).joined(separator: ", ")
            let problem = "no key set '\(keySet)' (the sets are \(names))"
            controller.showNotice(problem, sticky: true, now: 0)
            laterMessages.append("rterm: " + problem)
        }
        if let escape {
            entry.escapes = EscapeCharacterFilter(escape: escape, sessionEscapes: true)
            entry.escapeName = SSHEscapeCharacter.byte(escape).description
        }
        entries.append(entry)
        loop?.add(session)
        let size = remoteSize
        session.resize(rows: size.rows, columns: size.columns)
        let index = entries.count - 1
        if index == 0 {
            controller.escapeCharacter = entry.escapeName
            controller.escapeKey = entry.escapes?.escapeKey
            showKeySet()
        }
        if index > 0, show {
            self.show(index)
        } else {
            updateTabs()
        }
        return index
    }

    /// Shows the session at `index` (nothing when it is shown already or there is none).
    /// What belonged to the one before stands down (`FrontController.sessionShown`); its
    /// marks are read; a question it waits on is asked now; if it ended, how stays on the
    /// bar row until a key closes it.
    package func show(_ index: Int) {
        guard entries.indices.contains(index), index != shownIndex else { return }
        // A question left unanswered waits on the tab of the session it belongs to.
        if entries.indices.contains(shownIndex), entries[shownIndex].session.pendingPrompt != nil {
            entries[shownIndex].tab.isWaitingForAnswer = true
        }
        shownIndex = index
        controller.sessionShown()
        // Each session has its own escape character (`-e`): the help shows the shown one's.
        controller.escapeCharacter = entries[index].escapeName
        controller.escapeKey = entries[index].escapes?.escapeKey
        entries[index].tab.hasActivity = false
        entries[index].tab.hasBell = false
        entries[index].tab.isWaitingForAnswer = false
        entries[index].tab.hasNotification = false
        let session = entries[index].session
        // The user's terminal shows the shown session's progress (or none).
        effects.append(.passOn(PassedOnSequence.progress(session.progress)))
        showTransferProgress()
        if let ending = session.ending {
            controller.showEnded(endedLine(entries[index].tab.name, ending))
        } else if let request = session.pendingPrompt {
            _ = controller.sessionEvent(.prompt(request))
        }
        updateTabs()
        showKeySet()
        effects.append(.sessionShown(title: entries[index].title))
    }

    /// Puts the shown session's key set on the bar (after its screen changed, or it was
    /// shown): a redraw of the bar row only.
    func showKeySet() {
        guard entries.indices.contains(shownIndex) else { return }
        // Read in place: a copy of the terminal retains all of its storage.
        let session = shown
        entries[shownIndex].keySets.observe(
            title: session.terminal.title, alternateScreen: session.terminal.isAlternateScreenActive,
            promptMarks: session.terminal.promptMarks, rules: controller.bar.rules)
        if controller.showKeySet(entries[shownIndex].keySets.active) { effects.append(.redraw) }
    }

    /// A click on the set's name: the next set, held until the program changes.
    func cycleKeySet() {
        guard let next = controller.bar.nextSetName else { return }
        entries[shownIndex].keySets.pick(next)
        if controller.showKeySet(next) { effects.append(.redraw) }
    }

    /// Shows the next session (`step` 1) or the previous one (−1), wrapping.
    package func showNeighbour(_ step: Int) {
        guard entries.count > 1 else { return }
        show(((shownIndex + step) % entries.count + entries.count) % entries.count)
    }

    /// Closes the shown session, which has ended, and shows its neighbour. An attempt to
    /// connect that failed (`~c` to a host that refused) is forgotten with it: rterm's status
    /// is then the status of the sessions that ran.
    func dismissShown() {
        guard entries[shownIndex].session.ending != nil, entries.count > 1 else { return }
        let removed = entries.remove(at: shownIndex)
        ended.removeAll { $0.session == ObjectIdentifier(removed.session) && $0.neverConnected }
        loop?.remove(removed.session)
        shownIndex = min(shownIndex, entries.count - 1)
        let next = shownIndex
        shownIndex = -1
        show(next)
    }

    /// The local terminal changed size (or the bar was hidden or shown): every session's
    /// remote size follows, shown or not.
    package func resize(local size: (rows: Int, columns: Int)) {
        localSize = size
        controller.bar.setWidth(size.columns)
        let remote = remoteSize
        for entry in entries { entry.session.resize(rows: remote.rows, columns: remote.columns) }
    }

    /// Ends every session (a termination signal, the terminal gone, a loop failure).
    package func endAll(_ ending: SessionEnding) {
        for entry in entries { entry.session.end(ending) }
    }

    /// The tab labels, as the bar and menu show them.
    package var tabLabels: [String] {
        entries.indices.map { entries[$0].tab.label(number: $0 + 1, isShown: $0 == shownIndex) }
    }

    func updateTabs() {
        if controller.setSessionLabels(tabLabels) { effects.append(.redraw) }
    }

    /// The line the bar row shows for an ended session that is shown.
    func endedLine(_ name: String, _ ending: SessionEnding) -> String {
        let how = ending.message.map { $0.hasPrefix("rterm: ") ? String($0.dropFirst(7)) : $0 }
            ?? "exited with status \(ending.exitStatus)"
        return "\(name): \(how)"
    }

    /// Shows `text` on the bar row for a few seconds, or (`sticky`) until dismissed.
    package func notify(_ text: String, sticky: Bool = false, now: UInt64) {
        controller.showNotice(text, sticky: sticky, now: now)
        effects.append(.redraw)
    }

    func takeEffects() -> [WorkspaceEffect] {
        defer { effects.removeAll() }
        return effects
    }
}
