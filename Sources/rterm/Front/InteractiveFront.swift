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
    private var localSize: (rows: Int, columns: Int)
    private let input = InputSource()
    private let signals: SignalSource
    /// Lines to print after the terminal is restored (messages that came while live).
    private(set) var laterMessages: [String] = []
    private let inputIsTerminal = isatty(0) == 1

    /// Unsent input the session may hold before the front stops reading its own input.
    static let inputLimit = 1 << 20

    /// The remote size for a local size: the rows above the bar.
    static func remoteSize(local: (rows: Int, columns: Int), barRows: Int = 1) -> (rows: Int, columns: Int) {
        (max(1, local.rows - barRows), max(1, local.columns))
    }

    init(screen: NcursesScreen, session: Session, loop: EventLoop, signals: SignalSource, bar: KeyBar, label: String) {
        self.screen = screen
        self.signals = signals
        self.session = session
        self.loop = loop
        self.label = label
        controller = FrontController(bar: bar)
        localSize = NcursesScreen.size()
        renderer = NcursesRenderer(colorCount: screen.colorCount, pairCount: screen.pairCount)
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
        for source in [session, input, signals, self] as [EventSource] { loop.add(source) }
        defer { for source in [session, input, signals, self] as [EventSource] { loop.remove(source) } }
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
        FrontView(
            remoteRows: session.terminal.rows, columns: localSize.columns,
            encoding: KeyEncodingOptions.matching(session.terminal.modes),
            scrollbackCount: session.terminal.scrollbackCount, isInputPaused: input.isPaused())
    }

    // MARK: - EventSource: after everything else each turn, events, timers and drawing

    var pollInterests: [PollInterest] { [] }

    var deadline: UInt64? {
        var deadline = controller.nextDeadline()
        if let draw = pacer.nextDeadline() { deadline = min(deadline ?? draw, draw) }
        return deadline
    }

    var isReady: Bool { false }

    func handle(readiness: [Int16], now: UInt64) {
        handleSessionEvents()
        perform(controller.timersDue(now: now, view: view))
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
            case .clipboardRequest:
                break  // no clipboard policy yet, so never
            case .notice(let text):
                if session.state == .connecting {
                    session.showLocally(text + "\n")
                } else {
                    laterMessages.append(text)
                }
            case .prompt(let request):
                if !request.explanation.isEmpty {
                    session.showLocally(request.explanation.joined(separator: "\n") + "\n")
                }
                perform(controller.sessionEvent(event))
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
            }
        }
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

    private func draw(now: UInt64, force: Bool = false) {
        guard force || pacer.shouldDraw(now: now) else { return }
        var labels = controller.barLabels(width: localSize.columns)
        if session.state == .connecting, controller.prompt == nil, controller.message == nil, labels != nil {
            labels = [BarLabel(column: 0, text: " connecting to \(label)…  (~. cancels)", emphasis: .normal)]
        }
        let area = Self.remoteSize(local: localSize, barRows: controller.bar.reservedRows)
        renderer.draw(
            session.terminal, area: area, bar: labels, historyOffset: controller.historyOffset,
            barCursor: controller.barCursorColumn)
        pacer.didDraw(at: now)
    }
}
