import CNcurses
import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive session's ncurses adapter: the local terminal's input, signals and drawing
/// around a `Session`, on the one `EventLoop`. The decisions (bar, menu, history, mouse
/// routing, pastes, prompts) are the `FrontController`'s; this file only reads, draws and
/// carries out what the controller and the session say.
///
/// The screen comes up at once: the connection is set up off the loop, its messages appear
/// on the screen and its questions on the bar row. Output is parsed as it arrives and drawn
/// at frame pace (`FramePacer`): a flood runs at transport speed and the last frame is drawn
/// as soon as output stops.
final class InteractiveFront: EventSource {
    private let screen: NcursesScreen
    private var renderer: NcursesRenderer
    private let session: Session
    private let loop: EventLoop
    private var controller: FrontController
    private var pacer = FramePacer()
    private let label: String
    /// The tmux session a reconnect lands in (`--resume`), for what the bar says.
    private let resumeName: String?
    /// When the reconnect row's clock was last drawn (it counts seconds).
    private var reconnectTick: UInt64 = 0
    private var localSize: (rows: Int, columns: Int)
    private let input = InputSource()
    private let signals: SignalSource
    /// The local network coming back ends the wait for the next reconnect attempt.
    private let network = NetworkChangeSource()
    /// Lines to print after the terminal is restored (messages that came while live).
    private(set) var laterMessages: [String] = []
    private let inputIsTerminal = isatty(0) == 1

    /// Unsent input the session may hold before the front stops reading its own input.
    static let inputLimit = 1 << 20

    /// The remote size for a local size: the rows above the bar.
    static func remoteSize(local: (rows: Int, columns: Int), barRows: Int = 1) -> (rows: Int, columns: Int) {
        (max(1, local.rows - barRows), max(1, local.columns))
    }

    init(
        screen: NcursesScreen, session: Session, loop: EventLoop, signals: SignalSource, bar: KeyBar, label: String,
        resumeName: String? = nil, problems: [String] = []
    ) {
        self.resumeName = resumeName
        self.screen = screen
        self.signals = signals
        self.session = session
        self.loop = loop
        self.label = label
        controller = FrontController(bar: bar)
        controller.escapeCharacter =
            session.options.escapes ? SSHEscapeCharacter.byte(session.options.escapeCharacter).description : nil
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            controller.showNotice("key bar config: " + first + more, sticky: true, now: loop.clock.now())
        }
        localSize = NcursesScreen.size()
        renderer = NcursesRenderer(
            colorCount: screen.colorCount, pairCount: screen.pairCount, styles: screen.styleCapabilities,
            write: { [unowned screen] in screen.writeOwn($0) })
    }

    /// Runs until the session ends; returns how. The caller restores the local terminal.
    func run() -> SessionEnding {
        signals.onSignal = { [unowned self] signal in
            if signal == SIGWINCH {
                applyLocalSize(NcursesScreen.size(), force: false)
            } else {
                session.end(.signal(SignalSource.name(signal)))
            }
        }
        defer { signals.pause() }
        input.isPaused = { [unowned self] in session.pendingInputCount >= Self.inputLimit }
        input.onBytes = { [unowned self] bytes in perform(controller.input(bytes, now: loop.clock.now(), view: view)) }
        input.onEnd = { [unowned self] in
            // The terminal went away; a pipe on standard input just has nothing more to say.
            if inputIsTerminal { session.end(.signal("HUP")) }
        }
        network?.onChange = { [unowned self] in session.networkChanged() }
        let sources = [session, input, signals, self] + (network.map { [$0] } ?? []) as [EventSource]
        for source in sources { loop.add(source) }
        defer { for source in sources { loop.remove(source) } }
        // The remote may have been asked for another size before ncurses knew the real one.
        applyLocalSize(NcursesScreen.size(), force: true)
        do {
            try loop.run(until: { self.session.ending != nil })
        } catch {
            session.end(.failed(error.description))
        }
        handleSessionEvents()
        draw(now: loop.clock.now(), force: true)
        return session.ending ?? .failed("rterm: the session ended without a reason")
    }

    private var view: FrontView {
        let area = Self.remoteSize(local: localSize, barRows: controller.bar.reservedRows)
        return FrontView(
            terminal: session.terminal, remoteRows: area.rows, columns: localSize.columns,
            isInputPaused: input.isPaused(), reconnection: session.reconnection, now: loop.clock.now())
    }

    // MARK: - EventSource: after everything else each turn, events, timers and drawing

    var pollInterests: [PollInterest] { [] }

    var deadline: UInt64? {
        var deadline = controller.nextDeadline()
        if let draw = pacer.nextDeadline() { deadline = min(deadline ?? draw, draw) }
        // While the link is down the bar counts seconds: drawn again each second.
        if session.reconnection != nil {
            let tick = reconnectTick &+ 1_000_000_000
            deadline = min(deadline ?? tick, tick)
        }
        return deadline
    }

    var isReady: Bool { false }

    func handle(readiness: [Int16], now: UInt64) {
        handleSessionEvents()
        perform(controller.timersDue(now: now, view: view))
        if session.reconnection != nil, now >= reconnectTick &+ 1_000_000_000 {
            reconnectTick = now
            pacer.requestDraw()
        }
        draw(now: now)
    }

    private func handleSessionEvents() {
        for event in session.takeEvents() {
            switch event {
            case .screenChanged:
                pacer.outputArrived(at: loop.clock.now())
            case .bell:
                beep()
            case .titleChanged(let title):
                screen.setTitle(title)
            case .clipboardRequest(let selection, let data):
                remoteClipboardWrite(selection: selection, data: data)
            case .notice(let text):
                if session.state == .connecting {
                    session.showLocally(text + "\n")
                } else if session.reconnection != nil {
                    // The screen is the remote's last one, kept: rterm's words go on the bar.
                    notify(text.split(separator: "\n").last.map(String.init) ?? text)
                } else {
                    laterMessages.append(text)
                }
            case .prompt(let request):
                if !request.explanation.isEmpty {
                    if session.reconnection != nil {
                        notify(request.explanation.joined(separator: " "))
                    } else {
                        session.showLocally(request.explanation.joined(separator: "\n") + "\n")
                    }
                }
                perform(controller.sessionEvent(event))
            case .linkLost:
                reconnectTick = loop.clock.now()
                perform(controller.sessionEvent(event))
                pacer.requestDraw()
            case .linkStatusChanged:
                perform(controller.sessionEvent(event))
            case .reconnected:
                perform(controller.sessionEvent(event))
                if let resumeName {
                    notify("reconnected to \(label), tmux session \(resumeName)")
                } else {
                    notify("reconnected to \(label): a new shell (--resume NAME keeps the old one)")
                }
            case .inputDropped:
                notify("link down: keys are not sent")
            case .connected:
                pacer.requestDraw()
            case .escape, .ended:
                perform(controller.sessionEvent(event))
            }
        }
    }

    // MARK: - Actions

    private func perform(_ actions: [FrontAction]) {
        for action in actions {
            switch action {
            case .send(let input): session.send(input)
            case .answerPrompt(let answer): session.answerPrompt(answer)
            case .disconnect: session.end(.disconnected(label: label))
            case .suspend: suspend()
            case .barVisibilityChanged: applyLocalSize(localSize, force: true)
            case .redraw: pacer.requestDraw()
            case .copy(let text): copy(text, what: text.count == 1 ? "1 character" : "\(text.count) characters")
            case .openLink(let url): open(url)
            case .reconnectNow: session.reconnectNow()
            case .quit: session.end(.failed(session.reconnection?.summary ?? "rterm: the link was lost"))
            }
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
        controller.showNotice(text, now: loop.clock.now())
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

    private func applyLocalSize(_ size: (rows: Int, columns: Int), force: Bool) {
        guard force || size != localSize else { return }
        localSize = size
        let remote = Self.remoteSize(local: size, barRows: controller.bar.reservedRows)
        screen.resize(rows: size.rows, columns: size.columns)
        session.resize(rows: remote.rows, columns: remote.columns)
        renderer.invalidate()
        pacer.requestDraw()
    }

    // MARK: - Drawing

    /// Composes the frame (links found again on what is shown, after every burst of output)
    /// and draws it.
    private func draw(now: UInt64, force: Bool = false) {
        guard force || pacer.shouldDraw(now: now) else { return }
        let view = self.view
        let links = FrontController.visibleLinks(session.terminal, topLine: controller.historyTop, rows: view.remoteRows)
        var overlays = controller.overlays(view: view, links: links)
        if session.state == .connecting, controller.prompt == nil, controller.notice == nil, overlays.bar != nil {
            overlays.bar = [BarLabel(column: 0, text: " connecting to \(label)…" + (controller.escapeCharacter.map { "  (\($0). cancels)" } ?? ""), emphasis: .normal)]
        }
        let frame = FrameComposer.compose(
            session.terminal, topLine: controller.historyTop, area: (view.remoteRows, view.columns), overlays: overlays)
        renderer.draw(frame, colors: session.terminal.colorTable)
        pacer.didDraw(at: now)
    }
}
