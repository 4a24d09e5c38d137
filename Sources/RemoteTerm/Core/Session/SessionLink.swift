import RemoteTermSSH

/// One connection of a session: the transport and what belongs to it alone: the bytes
/// waiting to go out, which streams have ended, the end of input sent, the exit status being
/// waited for. A reconnect makes a new link, so nothing of the old connection (bytes typed
/// for the old shell, an end of file, a half-waited exit) can reach the new one.
struct SessionLink {
    /// The connection.
    let transport: Transport
    /// Bytes waiting for the transport to take them.
    var outbox: ByteQueue
    /// The output stream ended.
    var outputEnded = false
    /// The error stream ended.
    var errorEnded = false
    /// The end of input was passed on.
    var inputEnded = false
    /// The last read was cut short by a budget: more may be waiting.
    var budgetUsedUp = false
    /// When waiting for the exit status stops (set when the output ends).
    private var exitDeadline: UInt64?
    /// When the exit status is asked again.
    private(set) var nextExitPoll: UInt64?
    private var exitPollInterval: UInt64 = 1_000_000

    /// A link over `transport`, starting with `typeahead` to send (keys typed while the
    /// first connection was set up, as ssh keeps them).
    init(transport: Transport, typeahead: ByteQueue = ByteQueue()) {
        self.transport = transport
        outbox = typeahead
    }

    /// Whether reading is over: the output ended, and the error stream too if `output`
    /// waits for it.
    func readingDone(for output: SessionOutput) -> Bool {
        outputEnded && (!output.waitsForErrorEnd || errorEnded)
    }

    /// Whether `stream` has ended.
    func hasEnded(_ stream: TransportStream) -> Bool {
        stream == .output ? outputEnded : errorEnded
    }

    /// Records that `stream` ended.
    mutating func ended(_ stream: TransportStream) {
        if stream == .output { outputEnded = true } else { errorEnded = true }
    }

    /// Hands the transport what it takes of the outbox now.
    mutating func flush() throws(TransportError) {
        let transport = self.transport
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

    /// Passes the end of input on once everything queued has gone; returns whether it is
    /// done (false: ask again next turn).
    mutating func finishInput() throws(TransportError) -> Bool {
        if inputEnded { return true }
        guard outbox.isEmpty else { return false }
        inputEnded = try transport.finishWriting()
        return inputEnded
    }

    /// Asks for the exit status once the output has ended: the status when known, `.unknown`
    /// once `wait` nanoseconds passed without one, nil meanwhile (asked again at
    /// `nextExitPoll`, sooner at first: the usual prompt close is quick).
    mutating func pollExit(now: UInt64, wait: UInt64) throws(TransportError) -> TransportExit? {
        if exitDeadline == nil { exitDeadline = now &+ wait }
        if let exit = try transport.exitStatus() { return exit }
        if let exitDeadline, now >= exitDeadline { return .unknown }
        nextExitPoll = now &+ exitPollInterval
        exitPollInterval = min(exitPollInterval * 2, 100_000_000)
        return nil
    }
}
