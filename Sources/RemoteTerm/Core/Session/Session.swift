import RemoteTermEngine
import RemoteTermLoop
import RemoteTermSSH

/// One session with a remote side: its screen (`Terminal`), its transport, the bytes waiting
/// to go out, its state, and OpenSSH's escape character. Every front drives one the same
/// way: the interactive front, the script runner, the non-interactive pump (a session whose
/// output goes to a sink instead of a screen).
///
/// - Input (keys, pastes, mouse, focus, bar actions) comes in as `SessionInput` values and
///   is encoded here, once, for the remote's current modes.
/// - Output is read on the event loop, at most `Options.readBudget` bytes and `workBudget`
///   row changes a turn, then the loop looks at everything else again. Whether more is
///   already buffered is asked *after* the reads (`isReady`), so a read cut short by the
///   budget can never leave data sitting in libssh2 while the loop sleeps.
/// - What the front must know comes out as `SessionEvent` values (`takeEvents()`).
/// - Nothing here waits: connecting runs on a thread (`ConnectionAttempt`), window changes
///   are queued by the transport, and the exit status is polled, for at most
///   `Options.exitWait`.
public final class Session: EventSource {
    /// How a session behaves.
    public struct Options: Sendable {
        /// Bytes read per loop turn at most, before input, timers and drawing get a turn.
        public var readBudget = 256 * 1024
        /// Row visits a turn at most (the terminal's revision clock: a row written, cleared,
        /// scrolled, or looked at and left as it was), however few bytes caused them: `ESC [ 2 J` is 4 bytes and a whole
        /// screen. Past it the turn ends, so keys and `~.` wait for no flood.
        public var workBudget = 20_000
        /// How long to wait for the exit status once the output ended, in nanoseconds.
        public var exitWait: UInt64 = 5_000_000_000
        /// Whether OpenSSH's `~` escapes are recognised in typed keys.
        public var escapes = false
        /// The escape character (`-e`, EscapeChar): `~` unless set.
        public var escapeCharacter: UInt8 = 0x7E
        /// Whether the session escapes (`~c`, `~n`, `~p`, `~1`…`~9`) are recognised: the
        /// interactive front, which can hold several sessions, reports them as events.
        public var sessionEscapes = false
        /// How many lines the screen's scrollback keeps.
        public var scrollbackLimit = Terminal.defaultScrollbackLimit
        /// The connection's name, for "Connection to … closed.".
        public var label = ""
        /// Whether a lost link is reconnected (the screen kept) rather than the end: nil
        /// ends the session, as ssh does. Needs `reconnector`.
        public var reconnect: ReconnectPolicy?
        /// When typed keys are shown before their echo (`--predict`): never, unless the
        /// interactive front asks.
        public var predict = PredictionSettings.never

        /// The defaults: no escapes (scripts and pumps type what they mean).
        public init() {}
    }

    /// The session's options.
    public let options: Options
    /// Predictive local echo: what the keys typed will look like before the remote echoes
    /// them. An overlay for the frame; `terminal` is only ever what the remote sent.
    public private(set) var predictor: PredictionEngine
    /// Where its time comes from (the loop's clock).
    public let clock: LoopClock
    /// Where it is in its life.
    public private(set) var state: SessionState = .connecting
    /// The remote screen, emulated.
    public private(set) var terminal: Terminal
    /// When set, output goes here as raw bytes instead of into `terminal` (a command without
    /// a pseudo-terminal, passed through to standard output and error).
    public var outputSink: SessionOutputSink?
    /// Sees every byte in and out, and every resize (`--record`).
    public var recorder: SessionRecorder?
    /// Starts a new connection attempt like the first (same plan, a new mailbox): what a
    /// reconnect runs. Without it a lost link ends the session.
    public var reconnector: (() -> ConnectionAttempt)?

    private var transport: Transport?
    private var attempt: ConnectionAttempt?
    /// The attempt's mailbox, kept after connecting: the connection may still have
    /// something to say (a warning, a debug line under -v).
    private var mailbox: PromptMailbox?
    private var announcedPrompt: PromptRequest?
    private var outbox = ByteQueue()
    private var escapes: EscapeCharacterFilter?
    private var events: [SessionEvent] = []
    private var outputEnded = false
    private var errorEnded = false
    private var inputEndRequested = false
    private var inputEnded = false
    private var exitDeadline: UInt64?
    private var nextExitPoll: UInt64?
    private var exitPollInterval: UInt64 = 1_000_000
    private var budgetUsedUp = false
    private var wantsTurn = false
    private var sizeSentAtConnect: (rows: Int, columns: Int)?
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// How much one read may take now: small after bytes that cost much, so one piece cannot
    /// overrun the work budget by much; it grows back over cheap output.
    private var chunkLimit = 4096
    /// When the remote last sent anything (for "last contact 12 s ago").
    private var lastContact: UInt64 = 0

    /// The most bytes the outbox may hold for a reply to be added: the remote reads far less
    /// than this between two of its queries unless it does not read at all.
    public static let replyBacklogLimit = 64 * 1024
    /// Replies dropped because the remote did not read its input (`replyBacklogLimit`).
    public private(set) var droppedReplies = 0

    /// A session with a `rows` x `columns` screen, not connected yet.
    public init(rows: Int, columns: Int, clock: LoopClock, options: Options = Options()) {
        self.options = options
        self.clock = clock
        terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: options.scrollbackLimit)
        predictor = PredictionEngine(options.predict)
        escapes = options.escapes ? EscapeCharacterFilter(escape: options.escapeCharacter, sessionEscapes: options.sessionEscapes) : nil
        sizeSentAtConnect = (terminal.rows, terminal.columns)
    }

    // MARK: - Life

    /// Starts connecting through `attempt` (running on its own thread); the session goes
    /// live when it succeeds.
    public func connect(_ attempt: ConnectionAttempt) {
        guard case .connecting = state else { return }
        self.attempt = attempt
        mailbox = attempt.prompts
        wantsTurn = true
    }

    /// Goes live on `transport` (already connected with the current size).
    public func attach(_ transport: Transport) {
        let isReconnect: Bool
        switch state {
        case .connecting: isReconnect = false
        case .reconnecting: isReconnect = true
        case .live, .ended:
            transport.close()
            return
        }
        self.transport = transport
        attempt = nil
        state = .live
        lastContact = clock.now()
        if isReconnect {
            // A new remote program: nothing the old one set may change what keys send now.
            terminal.prepareForNewConnection()
            post(.screenChanged)
            events.append(.reconnected)
            // The size may have changed any number of times while the link was down.
            try? transport.resize(rows: terminal.rows, columns: terminal.columns)
        } else {
            events.append(.connected)
            // The screen may have been resized while the connection was being set up.
            if let sent = sizeSentAtConnect, sent != (terminal.rows, terminal.columns) {
                try? transport.resize(rows: terminal.rows, columns: terminal.columns)
            }
        }
        sizeSentAtConnect = nil
        wantsTurn = true
    }

    /// The link is gone. With a reconnect policy (and a way to reconnect) the session keeps
    /// its screen and waits for the next attempt; otherwise it ends, as ssh does.
    private func lose(_ error: TransportError) {
        guard let policy = options.reconnect, reconnector != nil, outputSink == nil, error.isWorthRetrying,
            case .live = state
        else {
            end(.failed(error.description))
            return
        }
        // A keepalive's answer is contact too, though it delivers no data.
        if let received = transport?.lastReceived { lastContact = max(lastContact, min(received, clock.now())) }
        transport?.close()
        transport = nil
        // What was queued was for the old shell; it is not typed into a new one.
        outbox.removeAll()
        outputEnded = false
        errorEnded = false
        inputEnded = false
        exitDeadline = nil
        nextExitPoll = nil
        exitPollInterval = 1_000_000
        budgetUsedUp = false
        let now = clock.now()
        var reconnection = Reconnection(reason: error.description, lostAt: now, lastContact: lastContact)
        if policy.isAutomatic {
            reconnection.nextAttempt = now &+ policy.schedule.delay(beforeAttempt: 1, random: policy.random())
        }
        state = .reconnecting(reconnection)
        events.append(.linkLost(error.description))
        wantsTurn = true
    }

    /// While the link is down: the next attempt starts now (the user asked, or the network
    /// looks back), unless one is already running.
    public func reconnectNow() {
        guard case .reconnecting(let reconnection) = state, !reconnection.isAttempting else { return }
        startReconnect(reconnection)
    }

    /// The local network changed (an address or interface came up): while the link is down
    /// and retrying is automatic, the next attempt starts now rather than after the backoff.
    /// Not after a refusal, which waits for the user whatever the network does.
    public func networkChanged() {
        guard case .reconnecting(let reconnection) = state, reconnection.refusal == nil,
            options.reconnect?.isAutomatic == true
        else { return }
        reconnectNow()
    }

    private func startReconnect(_ previous: Reconnection) {
        guard let reconnector else { return }
        var reconnection = previous
        reconnection.attempts += 1
        reconnection.isAttempting = true
        reconnection.nextAttempt = nil
        reconnection.refusal = nil
        state = .reconnecting(reconnection)
        let attempt = reconnector()
        self.attempt = attempt
        mailbox = attempt.prompts
        events.append(.linkStatusChanged)
        wantsTurn = true
    }

    /// The last attempt failed: schedule the next, or wait for the user after a refusal.
    private func reconnectFailed(_ ending: SessionEnding, retryable: Bool) {
        guard case .reconnecting(var reconnection) = state else { return }
        reconnection.isAttempting = false
        reconnection.lastFailure = ending.message
        if !retryable {
            reconnection.refusal = ending.message ?? "rterm: the reconnection was refused"
        } else if let policy = options.reconnect, policy.isAutomatic {
            let delay = policy.schedule.delay(beforeAttempt: reconnection.attempts + 1, random: policy.random())
            reconnection.nextAttempt = clock.now() &+ delay
        }
        state = .reconnecting(reconnection)
        events.append(.linkStatusChanged)
    }

    /// Ends the session now (`~.`, a signal, a failure found by the front).
    public func end(_ ending: SessionEnding) {
        if case .ended = state { return }
        state = .ended(ending)
        events.append(.ended(ending))
        attempt?.cancel()
        attempt = nil
        transport?.close()
        transport = nil
    }

    /// Whether the session has ended, and how.
    public var ending: SessionEnding? {
        if case .ended(let ending) = state { return ending }
        return nil
    }

    /// The question the connection waits on, if any.
    public var pendingPrompt: PromptRequest? { announcedPrompt }

    /// Answers the connection's question (nil: cancel it).
    public func answerPrompt(_ answer: String?) {
        announcedPrompt = nil
        attempt?.prompts.reply(answer)
    }

    /// The lost link, while the session waits to reconnect.
    public var reconnection: Reconnection? {
        if case .reconnecting(let reconnection) = state { return reconnection }
        return nil
    }

    /// Writes rterm's own text on the screen (made inert, lines ended with CR LF): what the
    /// connection says while it is set up, before the remote side draws anything.
    public func showLocally(_ text: String) {
        let lines = InertText.make(text, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false)
        let bytes = Array(lines.joined(separator: "\r\n").utf8)
        _ = bytes.withUnsafeBufferPointer { terminal.feed($0) }
        post(.screenChanged)
    }

    /// Queues `event` for the front. What the front acts on only once per look (the screen
    /// changed, the bell) is queued once, and a title or clipboard request replaces the one
    /// still waiting: a flood of bells or titles costs no memory, whether or not the driver
    /// ever takes its events (the pump and the script runner do not).
    private func post(_ event: SessionEvent) {
        switch event {
        case .screenChanged, .bell, .inputDropped, .linkStatusChanged:
            if events.contains(event) { return }
        case .titleChanged:
            events.removeAll { if case .titleChanged = $0 { return true } else { return false } }
        case .clipboardRequest:
            events.removeAll { if case .clipboardRequest = $0 { return true } else { return false } }
        default:
            break
        }
        events.append(event)
    }

    /// Whether events wait to be taken.
    public var hasEvents: Bool { !events.isEmpty }

    /// The events since the last call.
    public func takeEvents() -> [SessionEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Bytes waiting to be sent (the front stops reading its input while this is large).
    public var pendingInputCount: Int { outbox.count }

    // MARK: - Input

    /// Encodes `input` for the remote's current modes and queues it; it goes out at once if
    /// the connection takes it. Input typed while connecting waits, as ssh's typeahead does.
    public func send(_ input: SessionInput) {
        if case .ended = state { return }
        let before = outbox.count
        let modes = KeyEncodingOptions.matching(terminal.modes)
        switch input {
        case .key(let key):
            enqueue(key, options: modes)
        case .keys(let keys):
            for key in keys { enqueue(key, options: modes) }
        case .paste(let text):
            predictor.inputNotPredicted()
            passThrough(endsWithNewline: text.last == 0x0D || text.last == 0x0A, options: modes)
            outbox.append(contentsOf: PasteEncoder.encode(text, options: modes))
        case .mouse(let event):
            if let bytes = MouseEncoder.encode(event, options: modes) { outbox.append(contentsOf: bytes) }
        case .focus(let focused):
            if let bytes = FocusEncoder.encode(focused: focused, options: modes) { outbox.append(contentsOf: bytes) }
        case .bytes(let bytes):
            predictor.inputNotPredicted()
            passThrough(endsWithNewline: bytes.last == 0x0D || bytes.last == 0x0A, options: modes)
            outbox.append(contentsOf: bytes)
        }
        if case .reconnecting = state {
            // Keys typed while the link is down are not kept for a new shell to receive by
            // surprise: dropped, and the front says so. (`~.` was seen by the filter above.)
            if outbox.count > before { post(.inputDropped) }
            outbox.removeAll()
            return
        }
        if let recorder, outbox.count > before {
            recorder.sessionSent(Array(outbox.bytes[before...]))
        }
        if let transport, outbox.count > before { flushQuietly(transport) }
    }

    /// After everything queued has been sent, tells the remote side that input ended (EOF).
    public func finishInput() {
        inputEndRequested = true
        wantsTurn = true
    }

    private func enqueue(_ key: KeyEvent, options: KeyEncodingOptions) {
        guard var filter = escapes else {
            predictor.keyTyped(key, terminal: terminal, now: clock.now())
            outbox.append(contentsOf: KeyEncoder.encode(key, options: options))
            return
        }
        let actions = filter.filter(key)
        escapes = filter
        for action in actions { perform(action, options: options) }
    }

    private func passThrough(endsWithNewline: Bool, options: KeyEncodingOptions) {
        guard var filter = escapes else { return }
        let actions = filter.passThrough(endsWithNewline: endsWithNewline)
        escapes = filter
        for action in actions { perform(action, options: options) }
    }

    private func perform(_ action: EscapeCharacterFilter.Action, options: KeyEncodingOptions) {
        switch action {
        case .send(let key):
            predictor.keyTyped(key, terminal: terminal, now: clock.now())
            outbox.append(contentsOf: KeyEncoder.encode(key, options: options))
        case .disconnect: end(.disconnected(label: self.options.label))
        case .help, .suspend, .toggleBar, .newSession, .nextSession, .previousSession, .showSession:
            events.append(.escape(action))
        }
    }

    // MARK: - Size

    /// Resizes the screen and tells the remote side (queued by the transport if it cannot
    /// go now; sent on connecting if the connection is still being set up).
    /// The colours the terminal answers colour queries with until the remote changes them
    /// (the local terminal's, when the front could ask it).
    public func setColorDefaults(_ defaults: TerminalColors.Defaults) {
        terminal.colorDefaults = defaults
    }

    public func resize(rows: Int, columns: Int) {
        predictor.screenResized()
        terminal.resize(rows: rows, columns: columns)
        tellTransportTheSize()
    }

    /// Sends the terminal's size to the remote's pty (and to the recording).
    private func tellTransportTheSize() {
        recorder?.sessionResized(rows: terminal.rows, columns: terminal.columns)
        guard let transport else { return }
        do {
            try transport.resize(rows: terminal.rows, columns: terminal.columns)
        } catch {
            lose(error)
        }
    }

    // MARK: - EventSource

    public var pollInterests: [PollInterest] {
        guard case .live = state, let transport else { return [] }
        // The sink is full: wait for it, not for more output.
        return transport.pollInterests(outputPaused: isReadingPaused)
    }

    public var deadline: UInt64? {
        if case .reconnecting(let reconnection) = state { return reconnection.nextAttempt }
        guard case .live = state, let transport else { return nil }
        var deadline = nextExitPoll
        if let expiry = predictor.nextDeadline { deadline = min(deadline ?? expiry, expiry) }
        let timeout = transport.pollTimeout
        if timeout >= 0 {
            let due = clock.now() &+ UInt64(timeout) * 1_000_000
            deadline = min(deadline ?? due, due)
        }
        return deadline
    }

    public var isReady: Bool { wantsTurn }

    public func handle(readiness: [Int16], now: UInt64) {
        wantsTurn = false
        takeNotices()
        switch state {
        case .connecting:
            pollAttempt()
        case .reconnecting(let reconnection):
            if reconnection.isAttempting {
                pollAttempt()
            } else if let next = reconnection.nextAttempt, now >= next {
                startReconnect(reconnection)
            }
        case .live, .ended:
            break
        }
        guard case .live = state, let transport else { return }
        if let expiry = predictor.nextDeadline, now >= expiry {
            // A guess the remote never confirmed is taken back: the frame changes.
            predictor.expire(now: now)
            post(.screenChanged)
        }
        do {
            try transport.service()
            try flush(transport)
            let readingDone = outputEnded && (outputSink == nil || errorEnded)
            if !readingDone {
                try readOutput(transport)
                try flush(transport)  // replies to what was just read
            }
            if inputEndRequested, !inputEnded, outbox.isEmpty {
                inputEnded = try transport.finishWriting()
                if !inputEnded { wantsTurn = true }
            }
            wantsTurn = wantsTurn || transport.hasOtherWork
            if outputEnded && (outputSink == nil || errorEnded) {
                try pollExit(transport, now: now)
            } else if !isReadingPaused {
                // Asked after the reads: a read cut short by the budget, or data libssh2
                // took off the socket meanwhile, means another turn without sleeping.
                wantsTurn = wantsTurn || budgetUsedUp || transport.hasBufferedInput
            }
        } catch {
            lose(error)
        }
    }

    private var isReadingPaused: Bool { outputSink.map { !$0.wantsMore } ?? false }

    // MARK: - Connecting

    /// What the connection said since the last look, as events.
    private func takeNotices() {
        guard let mailbox else { return }
        for notice in mailbox.takeNotices() { events.append(.notice(notice)) }
    }

    private func pollAttempt() {
        guard let attempt else { return }
        if let outcome = attempt.take() {
            self.attempt = nil
            announcedPrompt = nil
            switch outcome {
            case .connected(let transport):
                attach(transport)
            case .failed(let ending, let retryable):
                if case .reconnecting = state {
                    reconnectFailed(ending, retryable: retryable)
                } else {
                    end(ending)
                }
            }
            return
        }
        let pending = attempt.prompts.pending
        // What the connection said before asking comes first: the front shows it above the
        // question ("Permission denied, please try again." before the next Password:).
        takeNotices()
        if pending != announcedPrompt {
            announcedPrompt = pending
            if let pending { events.append(.prompt(pending)) }
        }
    }

    // MARK: - Moving bytes

    private func flush(_ transport: Transport) throws(TransportError) {
        while !outbox.isEmpty {
            var result = TransportIO.wouldBlock
            try outbox.drain { (bytes) throws(TransportError) -> Int in
                result = try transport.write(bytes)
                if case .transferred(let count) = result { return count }
                return 0
            }
            switch result {
            case .transferred: continue
            case .wouldBlock: return
            case .endOfStream:
                // The remote side stopped reading: what it will never read is dropped.
                outbox.removeAll()
                return
            }
        }
    }

    /// A flush from `send`, where a failure ends the session instead of being thrown.
    private func flushQuietly(_ transport: Transport) {
        do { try flush(transport) } catch { lose(error) }
    }

    private func readOutput(_ transport: Transport) throws(TransportError) {
        var budget = options.readBudget
        var work = options.workBudget
        budgetUsedUp = false
        for stream in [TransportStream.output, .errorOutput] {
            reading: while budget > 0, work > 0, !(stream == .output ? outputEnded : errorEnded), !isReadingPaused {
                let room = min(budget, readBuffer.count, chunkLimit)
                let result = try readBuffer.withUnsafeMutableBytes { raw in
                    Result { () throws(TransportError) in
                        try transport.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<room]), from: stream)
                    }
                }.get()
                switch result {
                case .transferred(let count):
                    budget -= count
                    lastContact = clock.now()
                    let before = terminal.clock
                    deliver(count, from: stream)
                    let cost = Int(clamping: terminal.clock &- before)
                    work -= cost
                    // A piece may cost an eighth of the turn's work at most: four times smaller
                    // past that, twice larger while twice the piece would still fit.
                    let pieceWork = options.workBudget / 8
                    if cost > pieceWork {
                        chunkLimit = max(64, chunkLimit / 4)
                    } else if cost * 2 <= pieceWork {
                        chunkLimit = min(readBuffer.count, chunkLimit * 2)
                    }
                case .wouldBlock:
                    break reading
                case .endOfStream:
                    if stream == .output { outputEnded = true } else { errorEnded = true }
                    break reading
                }
            }
        }
        budgetUsedUp = budget <= 0 || work <= 0
    }

    private func deliver(_ count: Int, from stream: TransportStream) {
        readBuffer.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[0..<count])
            recorder?.sessionReceived(UnsafeRawBufferPointer(bytes))
            if let outputSink {
                outputSink.write(UnsafeRawBufferPointer(bytes), stream: stream)
                return
            }
            let effects = terminal.feed(bytes)
            predictor.judge(terminal: terminal, now: clock.now())
            post(.screenChanged)
            for effect in effects {
                switch effect {
                // Replies leave through the input path and are never drawn.
                case .reply(let reply):
                    // A remote that asks and never reads its input must not grow the outbox
                    // without bound: beyond the limit, answers are dropped (keys are not).
                    if outbox.count + reply.count <= Self.replyBacklogLimit {
                        outbox.append(contentsOf: reply)
                    } else {
                        droppedReplies += 1
                    }
                case .bell: post(.bell)
                case .titleChanged(let title): post(.titleChanged(title))
                case .clipboardRequest(let selection, let data): post(.clipboardRequest(selection: selection, data: data))
                case .iconNameChanged: break
                // The remote resized the screen (XTWINOPS, DECCOLM): its pty follows.
                case .resized: tellTransportTheSize()
                }
            }
        }
    }

    /// The remote side ended. Without an exit status (sshd killed or restarted, the server
    /// going down) that is a lost link to a session that reconnects: with `--resume` the
    /// shell is still there, in tmux.
    private func finish(_ exit: TransportExit) {
        if exit == .unknown, options.reconnect != nil, reconnector != nil {
            lose(.closedWithoutStatus)
        } else {
            end(.remoteExited(exit))
        }
    }

    private func pollExit(_ transport: Transport, now: UInt64) throws(TransportError) {
        if exitDeadline == nil { exitDeadline = now &+ options.exitWait }
        if let exit = try transport.exitStatus() {
            finish(exit)
            return
        }
        if let exitDeadline, now >= exitDeadline {
            finish(.unknown)
            return
        }
        // Polled with a growing interval: quick for the usual prompt close, cheap otherwise.
        nextExitPoll = now &+ exitPollInterval
        exitPollInterval = min(exitPollInterval * 2, 100_000_000)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
