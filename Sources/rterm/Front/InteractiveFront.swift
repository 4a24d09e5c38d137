import CNcurses
import Foundation
import RemoteTerm
import RemoteTermNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive front's ncurses adapter: the local terminal's input, signals and drawing
/// around a `Workspace` of sessions, on the one `EventLoop`. The decisions (which session is
/// shown, the bar and its tabs, menu, history, mouse routing, pastes, prompts) are the
/// workspace's and its `FrontController`'s; this file only reads, draws and carries out the
/// `WorkspaceEffect`s.
///
/// The screen comes up at once: connections are set up off the loop, their messages appear
/// on their screens and their questions on the bar row (a hidden session's wait until it is
/// shown). Output is parsed as it arrives and drawn at frame pace (`FramePacer`): a flood
/// runs at transport speed and the last frame is drawn as soon as output stops.
final class InteractiveFront: EventSource {
    private let screen: NcursesScreen
    private var renderer: NcursesRenderer
    private let workspace: Workspace
    private let opener: SessionOpener
    private let loop: EventLoop
    private var pacer = FramePacer()
    /// When the reconnect row's clock was last drawn (it counts seconds).
    private var reconnectTick: UInt64 = 0
    private let input = InputSource()
    private let signals: SignalSource
    /// The local network coming back ends the wait for the next reconnect attempt.
    private let network = NetworkChangeSource()
    private let inputIsTerminal = isatty(0) == 1

    /// Unsent input the shown session may hold before the front stops reading its input.
    static let inputLimit = 1 << 20

    /// A front for `sessions` (the first is shown), opening more with `opener`.
    init(
        screen: NcursesScreen, sessions: [SessionOpener.Opened], opener: SessionOpener, loop: EventLoop,
        signals: SignalSource, bar: KeyBar, problems: [String] = []
    ) {
        self.screen = screen
        self.signals = signals
        self.loop = loop
        self.opener = opener
        var controller = FrontController(bar: bar)
        let first = sessions[0].session.options
        controller.escapeCharacter = first.escapes ? SSHEscapeCharacter.byte(first.escapeCharacter).description : nil
        if let problem = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            controller.showNotice("key bar config: " + problem + more, sticky: true, now: loop.clock.now())
        }
        workspace = Workspace(controller: controller, localSize: NcursesScreen.size(), loop: loop)
        for opened in sessions {
            workspace.add(opened.session, name: opened.label, resumeName: opened.resumeName)
        }
        renderer = NcursesRenderer(
            colorCount: screen.colorCount, pairCount: screen.pairCount, styles: screen.styleCapabilities,
            write: { [unowned screen] in screen.writeOwn($0) })
    }

    /// Lines to print after the terminal is restored (messages that came while live).
    var laterMessages: [String] { workspace.laterMessages }

    /// Runs until every session has ended; returns how each ended, in order, and the exit
    /// status (the last session's, or 255 if any failed to connect). The caller restores the
    /// local terminal.
    func run() -> (endings: [SessionEnding], exitStatus: Int32) {
        signals.onSignal = { [unowned self] signal in
            if signal == SIGWINCH {
                applyLocalSize(NcursesScreen.size(), force: false)
            } else {
                for entry in workspace.entries { entry.session.end(.signal(SignalSource.name(signal))) }
            }
        }
        defer { signals.pause() }
        input.isPaused = { [unowned self] in workspace.shown.pendingInputCount >= Self.inputLimit }
        input.onBytes = { [unowned self] bytes in
            carryOut(workspace.input(bytes, now: loop.clock.now(), isInputPaused: input.isPaused()))
        }
        input.onEnd = { [unowned self] in
            // The terminal went away; a pipe on standard input just has nothing more to say.
            if inputIsTerminal { for entry in workspace.entries { entry.session.end(.signal("HUP")) } }
        }
        network?.onChange = { [unowned self] in for entry in workspace.entries { entry.session.networkChanged() } }
        let sources = [input, signals, self] + (network.map { [$0] } ?? []) as [EventSource]
        for source in sources { loop.add(source) }
        defer { for source in sources { loop.remove(source) } }
        // The remote may have been asked for another size before ncurses knew the real one.
        applyLocalSize(NcursesScreen.size(), force: true)
        do {
            try loop.run(until: { self.workspace.isFinished })
        } catch {
            for entry in workspace.entries { entry.session.end(.failed(error.description)) }
        }
        carryOut(workspace.sessionEvents(now: loop.clock.now()))
        draw(now: loop.clock.now(), force: true)
        for entry in workspace.entries { loop.remove(entry.session) }
        return (workspace.endings, workspace.exitStatus)
    }

    // MARK: - EventSource: after everything else each turn, events, timers and drawing

    var pollInterests: [PollInterest] { [] }

    var deadline: UInt64? {
        var deadline = workspace.controller.nextDeadline()
        if let draw = pacer.nextDeadline() { deadline = min(deadline ?? draw, draw) }
        // While the link is down the bar counts seconds: drawn again each second.
        if workspace.shown.reconnection != nil {
            let tick = reconnectTick &+ 1_000_000_000
            deadline = min(deadline ?? tick, tick)
        }
        return deadline
    }

    var isReady: Bool { workspace.hasSessionEvents }

    func handle(readiness: [Int16], now: UInt64) {
        carryOut(workspace.sessionEvents(now: now))
        carryOut(workspace.timersDue(now: now, isInputPaused: input.isPaused()))
        if workspace.shown.reconnection != nil, now >= reconnectTick &+ 1_000_000_000 {
            reconnectTick = now
            pacer.requestDraw()
        }
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
                renderer.invalidate()
                pacer.requestDraw()
            case .barVisibilityChanged: applyLocalSize(workspace.localSize, force: true)
            case .suspend: suspend()
            case .bell: beep()
            case .setTitle(let title): screen.setTitle(title)
            case .remoteClipboard(let selection, let data): remoteClipboardWrite(selection: selection, data: data)
            case .copy(let text): copy(text, what: text.count == 1 ? "1 character" : "\(text.count) characters")
            case .openLink(let url): open(url)
            case .openSession(let destination): openSession(destination)
            case .linkLost:
                reconnectTick = loop.clock.now()
                pacer.requestDraw()
            }
        }
    }

    /// `~c`: the destination as typed, in ssh's syntax (words split at blanks, quotes kept
    /// together); the new session is shown at once, or the bar says why it cannot be.
    private func openSession(_ destination: String) {
        let words = ShellWords.split(destination)
        switch opener.open(words, size: workspace.remoteSize) {
        case .success(let opened):
            workspace.add(opened.session, name: opened.label, resumeName: opened.resumeName, show: true)
            carryOut(workspace.sessionEvents(now: loop.clock.now()))
        case .failure(let problem):
            notify(problem.message.split(separator: "\n").first.map(String.init) ?? problem.message)
        }
    }

    // MARK: - Clipboard and links

    /// Puts `text` on the user's clipboard through their terminal, and says so on the bar.
    private func copy(_ text: String, what: String) {
        guard screen.takesOwnSequences else {
            notify("not copied: this terminal is not in terminfo, so rterm sends it no clipboard sequence")
            return
        }
        guard let sequence = LocalClipboard.sequence(copying: text) else {
            notify("not copied: \(text.utf8.count) bytes is over the \(LocalClipboard.limit >> 20) MiB limit")
            return
        }
        screen.writeOwn(sequence)
        notify("copied \(what) to the clipboard")
    }

    /// The remote's OSC 52, under the policy (`RTERM_REMOTE_CLIPBOARD=off` refuses writes).
    private func remoteClipboardWrite(selection: String, data: String) {
        let allowed =
            ProcessInfo.processInfo.environment["RTERM_REMOTE_CLIPBOARD"] != "off" && screen.takesOwnSequences
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
        let environment = ProcessInfo.processInfo.environment
        switch LinkOpener.plan(url: url, environment: environment, hasXdgOpen: Self.hasXdgOpen(environment)) {
        case .run(let command):
            if Self.spawnAndWait(command + [url]) {
                notify("opening " + InertText.make(url))
            } else {
                notify("could not run the open command; copying instead")
                copy(url, what: "the link")
            }
        case .copy:
            copy(url, what: "the link")
        }
    }

    private func notify(_ text: String) {
        workspace.notify(text, now: loop.clock.now())
        pacer.requestDraw()
    }

    private static func hasXdgOpen(_ environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            access("\($0)/xdg-open", X_OK) == 0
        }
    }

    /// Runs `argv` (a shell that puts the real command in the background) and waits for it.
    private static func spawnAndWait(_ argv: [String]) -> Bool {
        var pid: pid_t = 0
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        guard posix_spawn(&pid, argv[0], nil, nil, &cArgs, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0
    }

    /// `~^Z`: the terminal restored, rterm stopped; on resume, modes back and a full redraw.
    private func suspend() {
        screen.suspend()
        signals.pause()
        kill(getpid(), SIGTSTP)
        signals.resume()
        screen.resume()
        renderer.invalidate()
        applyLocalSize(NcursesScreen.size(), force: false)
        pacer.requestDraw()
    }

    /// Every session's remote size follows the local size, shown or not.
    private func applyLocalSize(_ size: (rows: Int, columns: Int), force: Bool) {
        guard force || size != workspace.localSize else { return }
        screen.resize(rows: size.rows, columns: size.columns)
        workspace.resize(local: size)
        renderer.invalidate()
        pacer.requestDraw()
    }

    // MARK: - Drawing

    /// Composes the frame (links found again on what is shown, after every burst of output)
    /// and draws it.
    private func draw(now: UInt64, force: Bool = false) {
        guard force || pacer.shouldDraw(now: now) else { return }
        let session = workspace.shown
        let view = workspace.view(now: now, isInputPaused: input.isPaused())
        let top = workspace.controller.historyTop
        let links = FrontController.visibleLinks(session.terminal, topLine: top, rows: view.remoteRows)
        var overlays = workspace.controller.overlays(view: view, links: links)
        if top == nil { overlays.predictions = session.predictor.overlay(terminal: session.terminal) }
        let controller = workspace.controller
        if session.state == .connecting, controller.prompt == nil, controller.notice == nil, overlays.bar != nil,
            controller.bar.sessionTabs.isEmpty || controller.bar.page == 0
        {
            let label = workspace.entries[workspace.shownIndex].tab.name
            let cancel = controller.escapeCharacter.map { "  (\($0). cancels)" } ?? ""
            overlays.bar = [BarLabel(column: 0, text: " connecting to \(label)…" + cancel, emphasis: .normal)]
        }
        let frame = FrameComposer.compose(
            session.terminal, topLine: top, area: (view.remoteRows, view.columns), overlays: overlays)
        renderer.draw(frame, colors: session.terminal.colorTable)
        pacer.didDraw(at: now)
    }
}
