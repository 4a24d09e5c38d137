import CSSH2
import RemoteTermEngine
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shell or command on an SSH server, over libssh2: the `Transport` for rterm's sessions.
/// Built by `connect(_:log:)` (SSHTransport+Connect.swift); non-blocking and used from one
/// thread at a time. No call waits:
///
/// - Written bytes are taken into `inFlight` (at most one libssh2 packet's worth) and handed
///   to libssh2 as the channel window and the socket allow; every later call first repeats
///   a write libssh2 left half sent (SSHSendDiscipline.swift).
/// - With a pseudo-terminal, input is paced against OpenSSH's simulated echo
///   (SSHInputPacer.swift), so that a paste of any size arrives whole.
/// - A window change that cannot go now is kept and sent by `service()`; only the latest size
///   is kept.
/// - The exit status is polled (`exitStatus()`), never waited for.
/// - Keepalives follow ServerAliveInterval/ServerAliveCountMax (`SSHLinkWatch`): the link
///   counts as dead after ServerAliveInterval x ServerAliveCountMax seconds awake without a
///   byte from the server, as in OpenSSH, or one ServerAliveInterval after the machine woke
///   up from a sleep.
package final class SSHTransport: Transport {
    /// The shell's or command's channel. With `-N` (forwards only) an idle session channel
    /// where nothing runs: libssh2 reads the connection only inside a call about a channel
    /// or a listener, so with no forwarded connection open it is what keeps the server's
    /// requests (its keepalives, host key notices) read and answered.
    private var channel: SSHChannel?
    /// `-N`: the channel is idle; nothing is written to it, not even EOF (sshd would close it).
    private let isIdle: Bool
    private var session: SSHSession?
    /// The port forwards (`-L`, `-R`, `-D`), served on every `service()`.
    private var forwarding: SSHForwarding?
    /// File transfers beside the shell (`put`, `get`), made at the first one.
    private var files: SSHFileTransfers?
    private let endpoint: SSHEndpoint
    private let keepaliveInterval: Int
    private var linkWatch: SSHLinkWatch?
    /// When the next keepalive is due, on the awake clock.
    private var nextKeepalive: UInt64?
    /// Bytes taken from the caller that libssh2 has not taken yet.
    private var inFlight: [UInt8] = []
    /// The remote side stopped reading (EOF sent, channel closed): input is dropped.
    private var inputClosed = false
    private var pacer: SSHInputPacer?
    private var seenIgnoredBytes = 0
    private var seenIgnoredMessages = 0
    /// Bytes libssh2 took for the channel in all.
    private var writtenToChannel = 0
    /// The last write was refused by the pacer: the loop must come back when it releases.
    private var isHeldByPacer = false
    /// The write window before anything was written: what it grows back by is what the
    /// server took (libssh2 1.10's own "initial window" answer is 0 for this side).
    private let startWindow: Int
    /// A window change still to send.
    private var wantedSize: (rows: Int, columns: Int)?
    private var exit: TransportExit?
    /// Bytes moved through a jump tunnel in the last `service()`: more may be readable.
    private var tunnelMoved = false
    /// The loop's clock: keepalives, pacing and `lastReceived` are on it.
    private let clock: LoopClock

    /// The most one libssh2 write takes (`_libssh2_channel_write` sends at most 32,700 bytes).
    static let writeChunk = 32_700

    init(
        session: SSHSession, channel: SSHChannel, isIdle: Bool = false, forwarding: SSHForwarding?,
        keepaliveInterval: Int, keepaliveCountMax: Int, pacesInput: Bool, clock: LoopClock
    ) {
        self.clock = clock
        self.channel = channel
        self.isIdle = isIdle
        self.session = session
        self.forwarding = forwarding
        self.endpoint = session.endpoint
        self.keepaliveInterval = keepaliveInterval
        if pacesInput { pacer = SSHInputPacer() }
        startWindow = Int(channel.writeWindow)
        if keepaliveInterval > 0 {
            libssh2_keepalive_config(session.raw, 1, UInt32(keepaliveInterval))
            let now = clock.now()
            linkWatch = SSHLinkWatch(
                interval: keepaliveInterval, countMax: keepaliveCountMax, awake: now, boot: clock.sinceBoot())
            nextKeepalive = now &+ UInt64(keepaliveInterval) * 1_000_000_000
        }
    }

    deinit {
        close()
    }

    /// When the server last sent a byte (the receive callback's time).
    package var lastReceived: UInt64? { session?.context.lastReceived }

    /// The session's socket (and the hops' sockets when jumping), and the forwards' sockets.
    package var pollInterests: [PollInterest] {
        (session?.pollInterests ?? []) + (forwarding?.pollInterests ?? [])
    }

    /// The forwards are read from the same socket as the terminal: pausing the terminal's
    /// output must not stop them.
    package func pollInterests(outputPaused: Bool) -> [PollInterest] {
        guard outputPaused else { return pollInterests }
        guard let forwarding, forwarding.needsSocket else {
            return Self.withoutInput(session?.pollInterests ?? []) + (forwarding?.pollInterests ?? [])
        }
        return pollInterests
    }

    /// When the next keepalive is due or paced input may go; nil without either.
    package var deadline: UInt64? {
        var deadline = nextKeepalive
        if isHeldByPacer, let release = pacer?.nextRelease(now: clock.now()) {
            deadline = min(deadline ?? release, release)
        }
        return deadline
    }

    /// Moves jump traffic, finishes a half-sent write, sends a queued window change, sends a
    /// keepalive when due and notices a dead server.
    package func service() throws(TransportError) {
        guard let session else { throw TransportError.closed }
        do throws(SSHError) {
            tunnelMoved = try session.pumpTunnels()
            if let channel {
                updatePacer(session)
                try flushInFlight(channel)
                sendWantedSize(channel)
            }
            try forwarding?.service()
            try files?.service()
            if linkWatch != nil { try keepalive(session) }
        } catch {
            throw TransportError.ssh(error)
        }
    }

    /// Data or an end of stream that libssh2 took off the socket while serving another call.
    package var hasBufferedInput: Bool {
        guard let channel else { return false }
        return tunnelMoved || channel.bufferedByteCount > 0 || channel.isAtEndOfFile
    }

    /// The forwards want another pass at once (their budget ran out, or libssh2 holds data
    /// for them).
    package var hasOtherWork: Bool { (forwarding?.wantsTurn ?? false) || (files?.wantsTurn ?? false) }

    /// Reads stdout or stderr of the remote side.
    package func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        guard let channel else { throw TransportError.closed }
        if !inFlight.isEmpty, channel.session.pendingSend == .channelWrite(ObjectIdentifier(channel)) {
            do { try flushInFlight(channel) } catch { throw TransportError.ssh(error) }
        }
        let count = channel.read(stream: stream == .output ? 0 : SSH_EXTENDED_DATA_STDERR, into: buffer)
        if count > 0 {
            pacer?.outputArrived(now: clock.now())
            return .transferred(count)
        }
        if count == Int(LIBSSH2_ERROR_EAGAIN) { return .wouldBlock }
        if count == 0 { return channel.isAtEndOfFile ? .endOfStream : .wouldBlock }
        if count == Int(LIBSSH2_ERROR_CHANNEL_CLOSED) { return .endOfStream }
        throw TransportError.ssh(.connectionLost(endpoint, reason: channel.session.lostReason))
    }

    /// Takes up to one packet's worth of input (less while input is paced), once the
    /// previous one has gone to libssh2.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        guard let channel else { throw TransportError.closed }
        if isIdle { return .endOfStream }  // -N: no one reads
        do {
            try flushInFlight(channel)
        } catch {
            throw TransportError.ssh(error)
        }
        if inputClosed { return .endOfStream }
        guard inFlight.isEmpty, !bytes.isEmpty else { return .wouldBlock }
        let now = clock.now()
        updatePacer(channel.session)
        let allowance = pacer?.allowance(now: now) ?? Int.max
        let count = min(bytes.count, Self.writeChunk, allowance)
        isHeldByPacer = count == 0
        guard count > 0 else { return .wouldBlock }
        inFlight.append(contentsOf: bytes[0..<count])
        pacer?.wrote(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), now: now)
        do {
            try flushInFlight(channel)
        } catch {
            throw TransportError.ssh(error)
        }
        return .transferred(count)
    }

    /// Sends EOF on the channel once everything written has gone.
    package func finishWriting() throws(TransportError) -> Bool {
        guard let channel else { throw TransportError.closed }
        if isIdle { return true }
        do { try flushInFlight(channel) } catch { throw TransportError.ssh(error) }
        guard inFlight.isEmpty else { return false }
        if inputClosed { return true }
        let result = channel.sendEOF()
        if result == Int(LIBSSH2_ERROR_EAGAIN) { return false }
        inputClosed = true
        return true
    }

    /// Sends a window-change request now, or keeps it for `service()`.
    package func resize(rows: Int, columns: Int) throws(TransportError) {
        guard let channel else { throw TransportError.closed }
        if isIdle { return }
        wantedSize = (rows, columns)
        sendWantedSize(channel)
    }

    /// The exit status or signal, once the server has closed the channel.
    package func exitStatus() throws(TransportError) -> TransportExit? {
        if let exit { return exit }
        guard let channel else { throw TransportError.closed }
        let result = channel.pollClosed()
        if result == Int(LIBSSH2_ERROR_EAGAIN) { return nil }
        if result != 0 {
            channel.session.log.debug("waiting for the channel to close: \(channel.session.lastError.message)")
        }
        let session = channel.session
        var name: UnsafeMutablePointer<CChar>?
        var nameLength = 0
        var message: UnsafeMutablePointer<CChar>?
        var messageLength = 0
        if libssh2_channel_get_exit_signal(channel.raw, &name, &nameLength, &message, &messageLength, nil, nil) == 0,
            let name
        {
            // Both are the server's words, printed after the screen is restored: inert.
            let signal = InertText.make(String(String(cString: name).prefix(64)))
            let text = message.map { InertText.make(String(String(cString: $0).prefix(1024))) } ?? ""
            libssh2_free(session.raw, name)
            if let message { libssh2_free(session.raw, message) }
            exit = .signal(name: signal, message: text)
        } else if result != 0 && result != Int(LIBSSH2_ERROR_INVAL) {
            exit = .unknown
        } else {
            exit = .status(libssh2_channel_get_exit_status(channel.raw))
        }
        return exit
    }

    /// Closes the channel, then the session and the jump sessions under it, on a thread of
    /// their own (`SSHConnectionCloser`): the goodbye waits for the server, which on a
    /// stalled link would stop the loop for up to 1.5 s.
    package func close() {
        forwarding?.close()
        let parts = SSHConnectionCloser.Parts()
        parts.take(&files)
        parts.take(&forwarding)
        parts.take(&channel)
        parts.take(&session)
        SSHConnectionCloser.shared.close(parts)
    }

    // MARK: - Internals

    /// Hands `inFlight` to libssh2 until it is empty or libssh2 would block.
    private func flushInFlight(_ channel: SSHChannel) throws(SSHError) {
        while !inFlight.isEmpty {
            let count = inFlight.withUnsafeBytes { channel.write($0) }
            if count > 0 {
                inFlight.removeFirst(count)
                writtenToChannel += count
                continue
            }
            if count == 0 || count == Int(LIBSSH2_ERROR_EAGAIN) { return }
            if count == Int(LIBSSH2_ERROR_CHANNEL_CLOSED) || count == Int(LIBSSH2_ERROR_CHANNEL_EOF_SENT) {
                // The remote side stopped reading: what it will never read is dropped.
                inFlight.removeAll()
                inputClosed = true
                return
            }
            throw SSHError.connectionLost(endpoint, reason: channel.session.lostReason)
        }
    }

    private func sendWantedSize(_ channel: SSHChannel) {
        guard let wanted = wantedSize else { return }
        let result = channel.requestSize(rows: wanted.rows, columns: wanted.columns)
        if result == Int(LIBSSH2_ERROR_EAGAIN) { return }
        wantedSize = nil
        if result != 0 {
            channel.session.log.debug("window-change failed: \(channel.session.lastError.message)")
        } else {
            channel.session.log.debug2("window-change sent: \(wanted.rows) rows, \(wanted.columns) columns")
        }
    }

    /// Passes what the server took since the last look to the pacer: ignore messages (the
    /// size of each write to a terminal with echo off) and the window it gave back.
    private func updatePacer(_ session: SSHSession) {
        guard pacer != nil, let channel else { return }
        let now = clock.now()
        let context = session.context
        if context.ignoredMessages != seenIgnoredMessages {
            pacer?.ignored(
                payload: context.ignoredBytes &- seenIgnoredBytes,
                messages: context.ignoredMessages &- seenIgnoredMessages, now: now)
            seenIgnoredBytes = context.ignoredBytes
            seenIgnoredMessages = context.ignoredMessages
        }
        let taken = Int(channel.writeWindow) - startWindow + writtenToChannel
        pacer?.taken(total: min(taken, writtenToChannel), now: now)
    }

    /// Sends a keepalive when due (at once after the machine woke up), and gives up on a
    /// server silent for too long (`SSHLinkWatch`). A keepalive is only offered when nothing is
    /// half sent and the socket has room: libssh2 1.10 ignores EAGAIN from its keepalive and
    /// would leave that packet half sent for good.
    private func keepalive(_ session: SSHSession) throws(SSHError) {
        guard var watch = linkWatch else { return }
        let now = clock.now()
        watch.received(awake: session.context.lastReceived)
        let verdict = watch.check(awake: now, boot: clock.sinceBoot())
        linkWatch = watch
        var dueNow = false
        switch verdict {
        case .dead(let seconds, let afterSleep):
            throw SSHError.serverNotResponding(endpoint, seconds: seconds, afterSleep: afterSleep)
        case .alive(let keepaliveNow):
            dueNow = keepaliveNow || now >= (nextKeepalive ?? 0)
        }
        var seconds = Int32(keepaliveInterval)
        if dueNow, !session.hasHalfSentPacket, inFlight.isEmpty, session.socketHasRoom {
            // libssh2 sends only when its own interval (on the wall clock) has passed; after
            // a sleep it has, so the probe goes out now.
            let result = libssh2_keepalive_send(session.raw, &seconds)
            if result != 0, result != LIBSSH2_ERROR_EAGAIN {
                throw SSHError.connectionLost(endpoint, reason: session.lostReason)
            }
        }
        if dueNow { nextKeepalive = now &+ UInt64(max(Int(seconds), 1)) * 1_000_000_000 }
        nextKeepalive = min(nextKeepalive ?? watch.nextCheck, watch.nextCheck)
    }
}

extension SSHTransport: FileTransferring {
    /// Queues a transfer on this connection's SFTP channel (opened at the first one); it
    /// moves in `service()`, beside the shell.
    package func startTransfer(_ request: FileTransferRequest) -> Int {
        fileTransfers()?.start(request) ?? 0
    }

    package func startListing(_ directory: String) -> Int {
        fileTransfers()?.startListing(directory) ?? 0
    }

    /// The connection's transfers, made at the first (nil once the transport is closed).
    private func fileTransfers() -> SSHFileTransfers? {
        guard let session else { return nil }
        let files = self.files ?? SSHFileTransfers(session: session)
        self.files = files
        return files
    }

    package func cancelTransfer(_ number: Int) {
        files?.cancel(number)
    }

    package func transferState(_ number: Int) -> FileTransferState? {
        guard session != nil else { return number == 0 ? .failed("the connection is closed") : files?.state(number) }
        return files?.state(number)
    }
}
