import RemoteTermEngine
import RemoteTermLoop
import RemoteTermSSH

/// One session with a remote side, as every front drives it (the interactive front, the
/// script runner, the pump of a command without a screen), made in parts that each own one
/// thing:
///
/// - its life: `SessionLifecycle`, a pure machine (connecting, live, reconnecting, ended);
/// - its connection: a `SessionLink` (transport, outbox, ends, exit), replaced whole on a
///   reconnect; while one is set up, a `ConnectionAttempt` on its own thread, whose
///   questions and notices come through its mailbox;
/// - where its output goes: a `SessionOutput` given when it is made, its `RemoteScreen` or a
///   sink (Session+Output.swift: the budgeted reading);
/// - what it tells the front: `SessionEvent` values (`takeEvents()`);
/// - its input: `SessionInput` values, encoded once, for the remote's current modes
///   (Session+Input.swift).
///
/// Nothing here waits, and all of its time is the loop's clock.
package final class Session: EventSource {
    /// The session's options.
    package let options: Options
    /// Where its time comes from (the loop's clock).
    package let clock: LoopClock
    /// The remote screen and the guesses drawn over it. A session whose output goes to a
    /// sink keeps one too (for the key encoding's modes), which nothing writes.
    package let screen: RemoteScreen
    /// Sees every byte in and out, and every resize (`--record`).
    package var recorder: SessionRecorder?
    /// Starts a new connection attempt like the first (same plan, a new mailbox): what a
    /// reconnect runs. Without it a lost link ends the session.
    package var reconnector: (() -> ConnectionAttempt)?

    /// Where the output goes: `screen`, or a sink.
    let output: SessionOutput
    var lifecycle: SessionLifecycle
    /// The live connection, if any.
    var link: SessionLink?
    /// Bytes typed before the first link came up (ssh's typeahead).
    var typeahead = ByteQueue()
    /// The end of input was asked for (it goes once everything queued has).
    var inputEndRequested = false
    /// The connection being set up, if any.
    var attempt: ConnectionAttempt?
    /// The attempt's mailbox, kept after connecting: the connection may still have
    /// something to say (a warning, a debug line under -v).
    var mailbox: PromptMailbox?
    /// The question last announced as an event.
    var announcedPrompt: PromptRequest?
    var events = SessionEvents()
    /// Whether the session has work it can do without waiting.
    var wantsTurn = false
    /// The file transfers started on this session and not ended yet (Session+Files.swift).
    var transfersUnderWay: Set<Int> = []
    /// When `transfersChanged` was last posted.
    var transfersToldAt: UInt64 = 0
    /// The size the first connection was asked for (its pty is told when that changed).
    let requestedSize: (rows: Int, columns: Int)
    var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// How much one read may take now: small after bytes that cost much, so one piece cannot
    /// overrun the work budget by much; it grows back over cheap output.
    var chunkLimit = 4096
    /// Output is left unread until this time (`holdOutput(until:)`), nil when it is read as it
    /// comes.
    var outputHeldUntil: UInt64?
    /// Bytes read since the front last asked to hold the output (`holdOutput`).
    var readSinceHoldAsked = 0
    /// When the remote last sent anything (for "last contact 12 s ago").
    var lastContact: UInt64 = 0
    /// When the remote began a synchronized frame (?2026 set), nil while none is open.
    var synchronizedSince: UInt64?
    /// The progress the remote last reported (OSC 9 ; 4), nil when it reports none.
    package internal(set) var progress: TerminalProgress?

    /// The most bytes the outbox may hold for a reply to be added: the remote reads far less
    /// than this between two of its queries unless it does not read at all.
    package static let replyBacklogLimit = 64 * 1024
    /// Replies dropped because the remote did not read its input (`replyBacklogLimit`).
    package internal(set) var droppedReplies = 0

    /// A session with a `rows` x `columns` screen, not connected yet, whose output goes to
    /// `output` (nil: its screen).
    package init(
        rows: Int, columns: Int, clock: LoopClock, options: Options = Options(), output: SessionOutput? = nil
    ) {
        self.options = options
        self.clock = clock
        screen = RemoteScreen(
            rows: rows, columns: columns, scrollbackLimit: options.scrollbackLimit, predict: options.predict)
        self.output = output ?? screen
        lifecycle = SessionLifecycle(policy: options.reconnect)
        requestedSize = (screen.terminal.rows, screen.terminal.columns)
    }

    /// The remote screen, emulated.
    /// (Lent, not copied: a copy of the terminal retains every buffer it holds, and the front
    /// reads it several times a frame.)
    package var terminal: Terminal { _read { yield screen.terminal } }
    /// Predictive local echo: an overlay for the frame.
    package var predictor: PredictionEngine { _read { yield screen.predictor } }
    /// Where it is in its life.
    package var state: SessionState { lifecycle.state }
    /// How it ended, once it has.
    package var ending: SessionEnding? { lifecycle.ending }
    /// The lost link, while the session waits to reconnect.
    package var reconnection: Reconnection? { lifecycle.reconnection }
    /// The question the connection waits on, if any.
    package var pendingPrompt: PromptRequest? { announcedPrompt }
    /// Bytes waiting to be sent (the front stops reading its input while this is large).
    package var pendingInputCount: Int { link?.outbox.count ?? typeahead.count }

    /// Whether events wait to be taken.
    package var hasEvents: Bool { !events.isEmpty }

    /// The events since the last call.
    package func takeEvents() -> [SessionEvent] { events.take() }

    // MARK: - Life

    /// Starts connecting through `attempt` (running on its own thread); the session goes
    /// live when it succeeds.
    package func connect(_ attempt: ConnectionAttempt) {
        guard case .connecting = state else { return }
        self.attempt = attempt
        mailbox = attempt.prompts
        wantsTurn = true
    }

    /// Goes live on `transport` (already connected with the size first asked for).
    package func attach(_ transport: Transport) {
        let arrival = lifecycle.linkArrived()
        guard arrival != .unwanted else {
            transport.close()
            return
        }
        attempt = nil
        lastContact = clock.now()
        if arrival == .reconnected {
            // A new remote program: nothing the old one set may change what keys send now.
            screen.prepareForNewConnection()
            events.post(.screenChanged)
            events.post(.reconnected)
            link = SessionLink(transport: transport)
        } else {
            events.post(.connected)
            link = SessionLink(transport: transport, typeahead: typeahead)
            typeahead = ByteQueue()
        }
        // The size may have changed while the connection was set up (or the link was down).
        if arrival == .reconnected || requestedSize != (terminal.rows, terminal.columns) {
            try? transport.resize(rows: terminal.rows, columns: terminal.columns)
        }
        wantsTurn = true
    }

    /// The link is gone. With a reconnect policy (and a way to reconnect) the session keeps
    /// its screen and waits for the next attempt; otherwise it ends, as ssh does.
    func lose(_ error: TransportError) {
        // A keepalive's answer is contact too, though it delivers no data.
        if let received = link?.transport.lastReceived { lastContact = max(lastContact, min(received, clock.now())) }
        let retryable = error.isWorthRetrying && reconnector != nil
        guard lifecycle.linkLost(error.description, retryable: retryable, now: clock.now(), lastContact: lastContact)
        else {
            end(.failed(error.description))
            return
        }
        // What was queued was for the old shell: it goes with the link.
        link?.transport.close()
        link = nil
        events.post(.linkLost(error.description))
        wantsTurn = true
    }

    /// While the link is down: the next attempt starts now (the user asked), unless one is
    /// already running.
    package func reconnectNow() {
        startAttempt()
    }

    /// The local network changed (an address or interface came up): while the link is down
    /// and retrying is automatic, the next attempt starts now rather than after the backoff.
    /// Not after a refusal, which waits for the user whatever the network does.
    package func networkChanged() {
        if lifecycle.retriesOnNetworkChange { startAttempt() }
    }

    /// Ends the session now (`~.`, a signal, a failure found by the front).
    package func end(_ ending: SessionEnding) {
        guard lifecycle.end(ending) else { return }
        events.post(.ended(ending))
        attempt?.cancel()
        attempt = nil
        link?.transport.close()
        link = nil
    }

    // MARK: - EventSource

    package var pollInterests: [PollInterest] {
        guard let link else { return [] }
        // The output cannot take more, or is held: wait for that, not for more output.
        return link.transport.pollInterests(outputPaused: !output.wantsMore || outputHeldUntil != nil)
    }

    package var deadline: UInt64? {
        guard let link else { return lifecycle.deadline }
        let deadlines = [link.nextExitPoll, predictor.nextDeadline, link.transport.deadline, outputHeldUntil]
        return deadlines.compactMap { $0 }.min()
    }

    /// Leaves the output unread until `time` (the loop's clock): the front draws no sooner,
    /// so output read before then would only wait, and read then it comes in one piece — one
    /// wake-up a frame rather than one per burst the remote writes (a log scrolling by wakes
    /// rterm a hundred times a second). Keys still go out at once. Not taken while the output
    /// comes faster than a held read would carry (`heldOutputLimit` since the front last asked,
    /// a frame before): a producer that could fill the pipe or the channel's window meanwhile
    /// (`cat` of a big file over SSH) is read as it comes, at full speed. A hold
    /// is never extended or replaced: it ends with a read (in the turn its time comes), so
    /// output waits one frame at most however often the front draws.
    package func holdOutput(until time: UInt64) {
        defer { readSinceHoldAsked = 0 }
        guard link != nil, outputHeldUntil == nil, readSinceHoldAsked < Self.heldOutputLimit else { return }
        outputHeldUntil = time
    }

    /// The most read in a frame for the output to be held after it: 32 KiB, about 1 MB a
    /// second at 30 frames a second, well inside what a pty or a socket buffers.
    package static let heldOutputLimit = 32 * 1024

    /// Whether the output is being held at `now` (a hold that ran out is let go).
    func isOutputHeld(now: UInt64) -> Bool {
        guard let until = outputHeldUntil else { return false }
        if now >= until { outputHeldUntil = nil }
        return outputHeldUntil != nil
    }

    package var isReady: Bool { wantsTurn }

    package func handle(readiness: [Int16], now: UInt64) {
        wantsTurn = false
        takeNotices()
        if attempt != nil {
            pollAttempt()
        } else if lifecycle.isAttemptDue(now: now) {
            startAttempt()
        }
        guard link != nil else { return }
        // A guess the remote never confirmed is taken back: the frame changes.
        if screen.expireGuesses(now: now) { events.post(.screenChanged) }
        do {
            try serviceLink(now: now)
        } catch {
            lose(error)
        }
    }
}
