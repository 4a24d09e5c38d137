import RemoteTermCore
import RemoteTermEngine
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive front on the one `EventLoop`: the local terminal's input, signals and
/// network changes in, a `Workspace` of sessions deciding, frames out to a `LocalScreen`.
/// The decisions (which session is shown, the bar and its tabs, menu, history, mouse
/// routing, pastes, prompts, escapes) and the frame are the workspace's; this type reads,
/// carries out the `WorkspaceEffect`s and draws.
///
/// The screen comes up at once: connections are set up off the loop, their messages appear
/// on their screens and their questions on the bar row (a hidden session's wait until it is
/// shown). Output is parsed as it arrives and drawn at frame pace (`FramePacer`), at the end
/// of a loop turn (`TurnEndHandler`): a flood runs at transport speed and the last frame is
/// drawn as soon as output stops.
package final class InteractiveFront: EventSource, TurnEndHandler {
    private let screen: LocalScreen
    private let workspace: Workspace
    private let factory: SessionFactory?
    private let loop: EventLoop
    private let system: FrontSystem
    /// Whether the user's terminal shows a progress report rterm passed on (cleared on exit).
    private var passedOnProgress = false
    private var pacer = FramePacer()
    /// The shown session and its screen's top line number at the last frame: how far the
    /// screen scrolled between frames.
    private var lastTop: (ObjectIdentifier, Int)?
    private let input: InputSource
    private let inputIsTerminal: Bool
    private let signals: SignalSource?
    /// The local network coming back ends the wait for the next reconnect attempt.
    private let network: NetworkChangeSource?

    /// Unsent input the shown session may hold before the front stops reading its input.
    package static let inputLimit = 1 << 20

    /// A front for `sessions` (the first is shown) drawing on `screen`, reading keys from
    /// `input` (a terminal when `inputIsTerminal`), opening more sessions (`~c`) with
    /// `factory`. `problems` (of the key bar's config) stay on the bar row until dismissed.
    /// Reader mode is a screen of its own (`TranscriptScreen`).
    package init(
        screen: LocalScreen, sessions: [SessionFactory.Opened], factory: SessionFactory?, loop: EventLoop,
        bar: KeyBar, problems: [String] = [], input: Int32 = 0, inputIsTerminal: Bool,
        signals: SignalSource?, network: NetworkChangeSource?, system: FrontSystem
    ) {
        self.screen = screen
        self.factory = factory
        self.loop = loop
        self.system = system
        self.signals = signals
        self.network = network
        self.input = InputSource(descriptor: input)
        self.inputIsTerminal = inputIsTerminal
        var controller = FrontController(bar: bar)
        // `~c` offers the first session's connection options (its -F, -p, -o…), on the prompt.
        controller.newSessionOptions = ShellWords.joined(sessions.first?.reusableOptions ?? [])
        // A screen without a bar lists the buttons in words on the bar's reader key.
        if screen.listsButtons { controller.readerKey = bar.readerKey }
        if let problem = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            controller.showNotice("key bar config: " + problem + more, sticky: true, now: loop.clock.now())
        }
        workspace = Workspace(controller: controller, localSize: screen.currentSize(), loop: loop)
        workspace.barTakesRows = !screen.listsButtons
        for opened in sessions { workspace.add(opened) }
    }

    /// Lines to print after the terminal is restored (messages that came while live).
    package var laterMessages: [String] { workspace.laterMessages }

    /// The sessions and what is shown (for tests and the caller's last look).
    package var shownWorkspace: Workspace { workspace }

    /// Runs until every session has ended (or `done` holds); returns how each ended, in
    /// order, and the exit status (the last session's, or 255 if any failed to connect).
    /// The caller restores the local terminal.
    @discardableResult
    package func run(until done: @escaping () -> Bool = { false }) -> (endings: [SessionEnding], exitStatus: Int32) {
        start()
        defer { stop() }
        do {
            try loop.run(until: { self.workspace.isFinished || done() })
        } catch {
            workspace.endAll(.failed(error.description))
        }
        carryOut(workspace.sessionEvents(now: loop.clock.now()))
        draw(now: loop.clock.now(), force: true)
        // A progress report rterm passed on would stay on the user's tab after rterm.
        if passedOnProgress { screen.writeOwn(PassedOnSequence.progress(nil)) }
        workspace.inputObserver?.frontEnded(exitStatus: workspace.exitStatus, screen: workspace.shown.terminal)
        return (workspace.endings, workspace.exitStatus)
    }

    /// Joins the loop: the input, the signals, the network and the front's turn end.
    package func start() {
        signals?.onSignal = { [unowned self] signal in
            if signal == SIGWINCH {
                localSizeChanged()
            } else {
                workspace.endAll(.signal(SignalSource.name(signal)))
            }
        }
        input.isPaused = { [unowned self] in workspace.shown.pendingInputCount >= Self.inputLimit }
        input.onBytes = { [unowned self] bytes in
            carryOut(workspace.input(bytes, now: loop.clock.now(), isInputPaused: input.isPaused()))
        }
        input.onEnd = { [unowned self] in
            // The terminal went away; a pipe on standard input just has nothing more to say.
            if inputIsTerminal { workspace.endAll(.signal("HUP")) }
        }
        network?.onChange = { [unowned self] in for entry in workspace.entries { entry.session.networkChanged() } }
        for source in sources { loop.add(source) }
        loop.addTurnEnd(self)
        // The remote may have been asked for another size before the screen knew the real one.
        applyLocalSize(screen.currentSize(), force: true)
    }

    /// Leaves the loop (the sessions too).
    package func stop() {
        signals?.pause()
        for source in sources { loop.remove(source) }
        loop.removeTurnEnd(self)
        for entry in workspace.entries { loop.remove(entry.session) }
    }

    private var sources: [EventSource] {
        [input, self] + (signals.map { [$0] } ?? []) + (network.map { [$0] } ?? [])
    }

    // MARK: - The loop

    package var pollInterests: [PollInterest] { [] }

    package var deadline: UInt64? {
        // While a synchronized frame is held, the draw it owes waits for the frame's end (new
        // output wakes the loop) or for the hold to run out, not for the pacer.
        let held = workspace.entries.isEmpty ? nil : workspace.shown.frameHoldDeadline
        let drawDue = held != nil && workspace.shown.holdsFrame(now: loop.clock.now()) ? held : pacer.nextDeadline()
        let deadlines = [workspace.nextDeadline(), drawDue, screen.deadline]
        return deadlines.compactMap { $0 }.min()
    }

    /// Events taken at the end of a turn may cause more (an escape ending a session): the
    /// loop does not sleep on them.
    package var isReady: Bool { workspace.hasSessionEvents }

    package func handle(readiness: [Int16], now: UInt64) {}

    /// After every source: the sessions' events, the timers, then the frame.
    package func turnEnded(now: UInt64) {
        carryOut(workspace.sessionEvents(now: now))
        carryOut(workspace.timersDue(now: now, isInputPaused: input.isPaused()))
        if workspace.hasSessionEvents { carryOut(workspace.sessionEvents(now: now)) }
        if !workspace.entries.isEmpty { workspace.inputObserver?.frontShowed(workspace.shown.terminal) }
        draw(now: now)
    }

    // MARK: - Effects

    private func carryOut(_ effects: [WorkspaceEffect]) {
        for effect in effects {
            switch effect {
            case .redraw: pacer.requestDraw()
            case .outputArrived: pacer.outputArrived(at: loop.clock.now())
            case .sessionShown(let title):
                screen.setTitle(title)
                screen.invalidate()
                pacer.requestDraw()
                screen.sessionShown(
                    number: workspace.shownIndex + 1, name: workspace.entries[workspace.shownIndex].tab.name)
            case .barVisibilityChanged: applyLocalSize(workspace.localSize, force: true)
            case .suspend: suspend()
            case .bell: screen.bell()
            case .setTitle(let title): screen.setTitle(title)
            case .remoteClipboard(let selection, let data): remoteClipboardWrite(selection: selection, data: data)
            case .copy(let text): copy(text, what: text.count == 1 ? "1 character" : "\(text.count) characters")
            case .openLink(let url): open(url)
            case .openSession(let destination): openSession(destination)
            case .say(let text):
                if !screen.say(text) { notify(text) }
            case .passOn(let sequence):
                guard screen.takesOwnSequences else { break }
                // Removing a report never passed on says nothing new to the user's terminal.
                let isRemoval = sequence == PassedOnSequence.progress(nil)
                if isRemoval && !passedOnProgress { break }
                if PassedOnSequence.isProgress(sequence) { passedOnProgress = !isRemoval }
                screen.writeOwn(sequence)
            }
        }
    }

    /// `~c`: the destination as typed, in ssh's syntax (words split at blanks, quotes kept
    /// together); the new session is shown at once, or the bar says why it cannot be.
    private func openSession(_ destination: String) {
        guard let factory else { return notify("no new sessions here") }
        switch factory.open(ShellWords.split(destination), as: .interactive, size: workspace.remoteSize) {
        case .success(let opened):
            workspace.add(opened, show: true)
        case .failure(let problem):
            notify(problem.message.split(separator: "\n").first.map(String.init) ?? problem.message)
        }
    }

    /// Puts `text` on the user's clipboard through their terminal, and says so on the bar.
    private func copy(_ text: String, what: String) {
        guard screen.takesOwnSequences else {
            return notify("not copied: this terminal is not in terminfo, so rterm sends it no clipboard sequence")
        }
        guard let sequence = LocalClipboard.sequence(copying: text) else {
            return notify("not copied: \(text.utf8.count) bytes is over the \(LocalClipboard.limit >> 20) MiB limit")
        }
        screen.writeOwn(sequence)
        notify("copied \(what) to the clipboard")
    }

    /// The remote's OSC 52, under the policy (`RTERM_REMOTE_CLIPBOARD=off` refuses writes).
    private func remoteClipboardWrite(selection: String, data: String) {
        let allowed = system.environment["RTERM_REMOTE_CLIPBOARD"] != "off" && screen.takesOwnSequences
        switch LocalClipboard.remoteRequest(selection: selection, data: data, allowed: allowed) {
        case .write(let sequence, let bytes):
            screen.writeOwn(sequence)
            notify("the remote copied \(bytes) bytes to the clipboard")
        case .query:
            break
        case .refused(let reason):
            notify(reason)
        }
    }

    /// A click on a link, once the double-click interval passed.
    private func open(_ url: String) {
        let runsHere = workspace.shown.options.runsHere
        switch LinkOpener.plan(url: url, environment: system.environment, hasXdgOpen: system.hasXdgOpen, runsHere: runsHere) {
        case .run(let command):
            if system.run(command + [url]) {
                notify("opening " + InertText.make(url))
            } else {
                notify("could not run the open command; copying instead")
                copy(url, what: "the link")
            }
        case .copy:
            copy(url, what: "the link")
        case .copyElsewhereFile:
            copy(url, what: "the link to a file on the remote (~d fetches it)")
        }
    }

    private func notify(_ text: String) {
        workspace.notify(text, now: loop.clock.now())
        pacer.requestDraw()
    }

    /// `~^Z`: the terminal restored, rterm stopped; on resume, modes back and a full redraw.
    private func suspend() {
        screen.suspend()
        signals?.pause()
        system.stop()
        signals?.resume()
        screen.resume()
        screen.invalidate()
        applyLocalSize(screen.currentSize(), force: false)
        pacer.requestDraw()
    }

    /// The local terminal changed size (SIGWINCH): every session follows.
    package func localSizeChanged() {
        applyLocalSize(screen.currentSize(), force: false)
    }

    /// Every session's remote size follows the local size, shown or not.
    private func applyLocalSize(_ size: (rows: Int, columns: Int), force: Bool) {
        guard force || size != workspace.localSize else { return }
        screen.resize(rows: size.rows, columns: size.columns)
        workspace.resize(local: size)
        screen.invalidate()
        pacer.requestDraw()
    }

    // MARK: - Drawing

    /// Draws the workspace's frame when the pacer (or the screen) says it is time, or now
    /// with `force`.
    private func draw(now: UInt64, force: Bool = false) {
        let screenDue = screen.deadline.map { now >= $0 } ?? false
        guard force || screenDue || pacer.shouldDraw(now: now) else { return }
        // The remote is drawing a synchronized frame (?2026): the picture stays as it is until
        // the frame ends or its second runs out (the pacer keeps the draw owed).
        if !force, !workspace.entries.isEmpty, workspace.shown.holdsFrame(now: now) { return }
        let entry = workspace.entries[workspace.shownIndex]
        let paused = input.isPaused()
        let shown = ShownScreen(
            frame: { [workspace] in workspace.frame(now: now, isInputPaused: paused) },
            terminal: entry.session.terminal, programName: entry.keySets.programSet,
            message: { [workspace] frame in
                // What the bar row says, unless it shows the buttons (or the history, or nothing).
                switch workspace.controller.barRow(view: workspace.view(now: now)) {
                case .buttons, .hidden, .history: return nil
                default: return frame().lines.last?.text
                }
            })
        screen.show(shown, now: now)
        pacer.didDraw(at: now)
        // Lines scrolling by faster than the frames: the next frame is drawn at a fixed time,
        // and the shown session's output is read then, in one piece, not on every burst (the
        // session lets go of a hold itself when the output comes too fast for it). Only for
        // lines scrolling by, a quarter of the screen a frame or more: a program that draws
        // in place (vim starting after a flood) may ask the terminal something, and its
        // question is answered at once, not a frame later after the keys typed meanwhile.
        let terminal = entry.session.terminal
        let top = (ObjectIdentifier(entry.session), terminal.screenTopLineNumber)
        let scrolled = lastTop?.0 == top.0 ? top.1 - (lastTop?.1 ?? top.1) : 0
        lastTop = top
        if let next = pacer.nextFloodFrame, scrolled >= max(1, terminal.rows / 4), !terminal.isAlternateScreenActive {
            entry.session.holdOutput(until: next)
        }
    }
}
