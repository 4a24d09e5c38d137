import CNcurses
import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive session: the remote's screen emulated by `Terminal` and drawn with
/// ncurses above a bar row, keys read from the local terminal and encoded for the remote's
/// modes. One thread, one `poll` over standard input, a signalfd and the transport.
///
/// Output is parsed as soon as it arrives, but drawn at most about 60 times a second
/// (`FramePacer`), so a flood of output runs at transport speed; the last frame is drawn as
/// soon as output stops. Terminal replies (DA, CPR…) leave through the same outbox as keys.
final class InteractiveFront {
    /// How the session ended.
    enum Ending {
        /// The remote side finished (its exit status, signal or unknown).
        case remote(TransportExit)
        /// The user typed `~.`.
        case disconnected
        /// rterm received a termination signal (its name, e.g. TERM).
        case signal(String)
        /// The connection or the local terminal failed.
        case failed(String)
    }

    private let transport: Transport
    private let screen: NcursesScreen
    private var renderer: NcursesRenderer
    var terminal: Terminal
    private var decoder = LocalInputDecoder()
    private var escapes = EscapeCharacterFilter()
    var bar: KeyBar
    var pacer = FramePacer()
    var outbox: [UInt8] = []
    private var paste: [UInt8]?
    private var signals: Int32 = -1
    private var previousMask = sigset_t()
    var localSize: (rows: Int, columns: Int)
    private let label: String
    var message: String?
    /// The bar row shows rterm's menu instead of the keys.
    var isMenuOpen = false
    /// Lines scrolled back into the history with the wheel; 0 is the live screen.
    private var historyOffset = 0
    private var lastInput: UInt64 = 0
    var ending: Ending?

    /// Rows the bar takes at the bottom of the local terminal when it is shown.
    static let barRows = 1
    /// How long a lone Esc waits for the rest of a sequence before it is the Esc key.
    static let escapeWait: UInt64 = 10_000_000

    /// The remote size for a local size: the rows above the bar.
    static func remoteSize(local: (rows: Int, columns: Int), barRows: Int = barRows) -> (rows: Int, columns: Int) {
        (max(1, local.rows - barRows), max(1, local.columns))
    }

    init(
        transport: Transport, screen: NcursesScreen, label: String, bar: KeyBar = KeyBar(),
        scrollbackLimit: Int = Terminal.defaultScrollbackLimit
    ) {
        self.transport = transport
        self.bar = bar
        self.screen = screen
        self.label = label
        localSize = NcursesScreen.size()
        let remote = Self.remoteSize(local: localSize)
        terminal = Terminal(rows: remote.rows, columns: remote.columns, scrollbackLimit: scrollbackLimit)
        renderer = NcursesRenderer(colorCount: screen.colorCount, pairCount: screen.pairCount)
    }

    /// Runs until the remote ends, the user disconnects, or a signal or failure ends it.
    /// The caller restores the local terminal afterwards (`NcursesScreen.restore`).
    func run() -> Ending {
        signals = rterm_signalfd_open(&previousMask)
        defer { rterm_signal_mask_restore(&previousMask); if signals >= 0 { close(signals) } }
        // The remote may have been given another size before ncurses knew the real one.
        applyLocalSize(NcursesScreen.size(), force: true)
        pacer.requestDraw()
        var buffered = false
        while ending == nil {
            let now = MonotonicClock.now()
            draw(now: now)
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            for interest in transport.pollInterests {
                var events = interest.events
                if !outbox.isEmpty { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: interest.descriptor, events: events, revents: 0))
            }
            var timeout = buffered ? 0 : transport.pollTimeout
            timeout = Self.earliest(timeout, pacer.isDirty ? pacer.timeoutMilliseconds(now: now) : -1)
            if decoder.hasPending { timeout = Self.earliest(timeout, 10) }
            if let deadline = bar.nextRepeatDeadline() {
                timeout = Self.earliest(timeout, Int32(clamping: (deadline &- min(deadline, now)) / 1_000_000 + 1))
            }
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                ending = .failed("poll failed: \(String(cString: strerror(errno)))")
                break
            }
            if fds[0].revents != 0 { readSignals() }
            if fds[1].revents & Int16(POLLIN) != 0 {
                readLocalInput()
            } else if fds[1].revents & Int16(POLLHUP | POLLERR) != 0 {
                ending = .signal("HUP")  // the local terminal went away
            }
            if decoder.hasPending && MonotonicClock.now() &- lastInput >= Self.escapeWait {
                handle(decoder.flushPending())
            }
            perform(bar.repeatsDue(at: MonotonicClock.now()), options: KeyEncodingOptions.matching(terminal.modes))
            do {
                buffered = try transport.service()
                try readRemote()
                try flushOutbox()
            } catch {
                ending = .failed(error.description)
            }
        }
        draw(now: MonotonicClock.now(), force: true)
        return ending ?? .disconnected
    }

    // MARK: - Input

    private func readLocalInput() {
        var bytes = [UInt8](repeating: 0, count: 65536)
        let n = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        guard n > 0 else {
            if n == 0 { ending = .signal("HUP") }
            return
        }
        lastInput = MonotonicClock.now()
        handle(decoder.feed(bytes[0..<n]))
    }

    private func handle(_ events: [LocalInputDecoder.Event]) {
        for event in events { handle(event) }
    }

    private func handle(_ event: LocalInputDecoder.Event) {
        let options = KeyEncodingOptions.matching(terminal.modes)
        switch event {
        case .key(let typed):
            if message != nil || isMenuOpen {
                message = nil
                isMenuOpen = false
                pacer.requestDraw()
            }
            if historyOffset > 0 {
                // Any key returns to the live screen (and does only that, like a pager).
                historyOffset = 0
                pacer.requestDraw()
                return
            }
            // A modifier armed on the bar applies to the next real key too.
            let latch = bar.latch
            let key = bar.apply(to: typed)
            if bar.latch != latch { pacer.requestDraw() }
            for action in escapes.filter(key) { perform(action, options: options) }
        case .pasteStart:
            paste = []
        case .pasteData(let data):
            if paste == nil { paste = [] }
            paste?.append(contentsOf: data)
        case .pasteEnd:
            let text = paste ?? []
            paste = nil
            for action in escapes.passThrough(endsWithNewline: text.last == 0x0D || text.last == 0x0A) {
                perform(action, options: options)
            }
            outbox += PasteEncoder.encode(text, options: options)
        case .mouse(let mouse) where mouse.row == terminal.rows && bar.isVisible && isMenuOpen:
            if mouse.action == .press { chooseMenuItem(at: mouse.column) }
        case .mouse(let mouse) where mouse.row == terminal.rows && bar.isVisible:
            // The bar row: clicks are rterm's own and never reach the remote.
            switch mouse.action {
            case .press:
                let response = bar.click(column: mouse.column, at: MonotonicClock.now())
                if response.redrawBar { pacer.requestDraw() }
                perform(response.action, options: options)
            case .release:
                bar.release()
            case .wheelUp:
                if bar.turnPage(.previous).redrawBar { pacer.requestDraw() }
            case .wheelDown:
                if bar.turnPage(.next).redrawBar { pacer.requestDraw() }
            case .motion:
                break
            }
        case .mouse(let mouse):
            guard mouse.row < terminal.rows, let event = Self.remoteMouseEvent(mouse) else { return }
            if let bytes = MouseEncoder.encode(event, options: options) {
                outbox += bytes
            } else if mouse.action == .wheelUp || mouse.action == .wheelDown {
                // The remote does not want the mouse: the wheel scrolls rterm's own history.
                let step = mouse.action == .wheelUp ? 3 : -3
                historyOffset = min(max(historyOffset + step, 0), terminal.scrollbackCount)
                pacer.requestDraw()
            }
        case .focus(let focused):
            if let bytes = FocusEncoder.encode(focused: focused, options: options) { outbox += bytes }
        case .passthrough(let bytes):
            outbox += bytes
        }
    }

    func perform(_ action: EscapeCharacterFilter.Action, options: KeyEncodingOptions) {
        switch action {
        case .send(let key):
            outbox += KeyEncoder.encode(key, options: options)
        case .disconnect:
            ending = .disconnected
        case .help:
            message = EscapeCharacterFilter.helpText.dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }.joined(separator: "   ")
            pacer.requestDraw()
        case .suspend:
            suspend()
        case .toggleBar:
            setBarVisible(!bar.isVisible)
        }
    }

    private static func remoteMouseEvent(_ mouse: LocalMouseEvent) -> MouseEvent? {
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

    /// `~^Z`: the terminal restored, rterm stopped; on resume, modes back and a full redraw.
    private func suspend() {
        screen.suspend()
        rterm_signal_mask_restore(&previousMask)
        kill(getpid(), SIGTSTP)
        var unused = sigset_t()
        close(signals)
        signals = rterm_signalfd_open(&unused)
        screen.resume()
        renderer.invalidate()
        applyLocalSize(NcursesScreen.size(), force: false)
        pacer.requestDraw()
    }

    // MARK: - Signals and size

    private func readSignals() {
        while true {
            let signal = rterm_signalfd_read(signals)
            if signal == 0 { return }
            switch signal {
            case SIGWINCH: applyLocalSize(NcursesScreen.size(), force: false)
            case SIGTERM: ending = .signal("TERM")
            case SIGHUP: ending = .signal("HUP")
            case SIGINT: ending = .signal("INT")
            default: ending = .signal("QUIT")
            }
        }
    }

    func applyLocalSize(_ size: (rows: Int, columns: Int), force: Bool) {
        guard force || size != localSize else { return }
        localSize = size
        let remote = Self.remoteSize(local: size, barRows: bar.reservedRows)
        screen.resize(rows: size.rows, columns: size.columns)
        terminal.resize(rows: remote.rows, columns: remote.columns)
        do {
            try transport.resize(rows: remote.rows, columns: remote.columns)
        } catch {
            ending = .failed(error.description)
        }
        renderer.invalidate()
        pacer.requestDraw()
    }

    // MARK: - Remote

    /// Where remote output is read into (allocated once: this runs for every read).
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 18)

    private func readRemote() throws(TransportError) {
        var budget = 1 << 20  // then let the loop look at input and the clock again
        for stream in [TransportStream.output, .errorOutput] {
            reading: while budget > 0 {
                switch try transport.read(into: &readBuffer, from: stream) {
                case .transferred(let n):
                    budget -= n
                    let effects = readBuffer.withUnsafeBufferPointer {
                        terminal.feed(UnsafeBufferPointer(rebasing: $0[0..<n]))
                    }
                    pacer.outputArrived(at: MonotonicClock.now())
                    apply(effects)
                case .wouldBlock:
                    break reading
                case .endOfStream:
                    if stream == .output {
                        ending = .remote(try transport.awaitExit())
                        return
                    }
                    break reading
                }
            }
        }
    }

    private func apply(_ effects: [TerminalEffect]) {
        for effect in effects {
            switch effect {
            case .reply(let bytes): outbox += bytes
            case .bell: beep()
            case .titleChanged(let title): screen.setTitle(title)
            case .iconNameChanged, .clipboardRequest: break  // clipboard: no policy yet, so never
            }
        }
    }

    private func flushOutbox() throws(TransportError) {
        while !outbox.isEmpty {
            guard case .transferred = try transport.write(draining: &outbox) else { return }
        }
    }

    // MARK: - Drawing

    private func draw(now: UInt64, force: Bool = false) {
        guard force || pacer.shouldDraw(now: now) else { return }
        var labels: [BarLabel]
        if !bar.isVisible {
            labels = []
        } else if let message {
            labels = [BarLabel(column: 0, text: " " + message, emphasis: .normal)]
        } else if isMenuOpen {
            labels = Self.menuLabels().map { BarLabel(column: $0.column, text: $0.text, emphasis: .normal) }
        } else if historyOffset > 0 {
            labels = [BarLabel(column: 0, text: " [history -\(historyOffset)] wheel to scroll, any key returns", emphasis: .armed)]
        } else {
            let layout = bar.layout(width: terminal.columns)
            labels = layout.slots.map { slot in
                let label = bar.appearance(of: slot)
                let width = label.text.unicodeScalars.count
                let column = slot.columns.lowerBound + max(0, (slot.columns.count - width) / 2)
                return BarLabel(column: column, text: label.text, emphasis: label.emphasis)
            }
        }
        renderer.draw(terminal, bar: bar.isVisible ? labels : nil, historyOffset: historyOffset)
        pacer.didDraw(at: now)
    }


    private static func earliest(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return min(a, b)
    }
}
