import CSSH2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shell or command on an SSH server, over libssh2: the `Transport` for rterm's sessions.
/// Built by `connect(_:log:)` (SSHTransport+Connect.swift); non-blocking and used from one
/// thread. Keepalives follow ServerAliveInterval/ServerAliveCountMax: the link counts as
/// dead after ServerAliveInterval x (ServerAliveCountMax + 1) seconds without a byte from
/// the server, as in OpenSSH.
public final class SSHTransport: Transport {
    private var channel: SSHChannel?
    private var session: SSHSession?
    private let endpoint: SSHEndpoint
    private let keepaliveInterval: Int
    private let keepaliveCountMax: Int
    private var nextKeepalive: ContinuousClock.Instant?

    init(channel: SSHChannel, keepaliveInterval: Int, keepaliveCountMax: Int) {
        self.channel = channel
        self.session = channel.session
        self.endpoint = channel.session.endpoint
        self.keepaliveInterval = keepaliveInterval
        self.keepaliveCountMax = keepaliveCountMax
        if keepaliveInterval > 0 {
            libssh2_keepalive_config(channel.session.raw, 1, UInt32(keepaliveInterval))
            nextKeepalive = .now + .seconds(keepaliveInterval)
        }
    }

    deinit {
        close()
    }

    /// The session's socket (and the hops' sockets when jumping).
    public var pollInterests: [TransportPollInterest] {
        session?.pollInterests ?? []
    }

    /// Until the next keepalive is due, or -1 without keepalives.
    public var pollTimeout: Int32 {
        guard let nextKeepalive else { return -1 }
        return max(SSHDeadline.milliseconds(until: nextKeepalive), 1)
    }

    /// Sends a keepalive when due, notices a dead server, moves jump traffic, and reports
    /// data libssh2 has already buffered.
    public func service() throws(TransportError) -> Bool {
        guard let session, let channel else { throw TransportError.closed }
        do throws(SSHError) {
            let moved = try session.pumpTunnels()
            if keepaliveInterval > 0 {
                var seconds: Int32 = 0
                let result = libssh2_keepalive_send(session.raw, &seconds)
                if result != 0, result != LIBSSH2_ERROR_EAGAIN {
                    throw SSHError.connectionLost(endpoint, reason: session.lastError.message)
                }
                let limit = keepaliveInterval * (keepaliveCountMax + 1)
                let silence = session.context.lastReceived.duration(to: .now)
                if silence >= .seconds(limit) { throw SSHError.serverNotResponding(endpoint, seconds: limit) }
                let dead = session.context.lastReceived + .seconds(limit)
                let keepalive = ContinuousClock.now + .seconds(max(Int(seconds), 1))
                nextKeepalive = min(dead, keepalive)
            }
            // Data or an EOF that libssh2 took off the socket while serving another call.
            return moved || channel.bufferedByteCount > 0 || channel.isAtEndOfFile
        } catch {
            throw TransportError.ssh(error)
        }
    }

    /// Reads stdout or stderr of the remote side.
    public func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        guard let channel else { throw TransportError.closed }
        let count = channel.read(stream: stream == .output ? 0 : SSH_EXTENDED_DATA_STDERR, into: buffer)
        if count > 0 { return .transferred(count) }
        if count == Int(LIBSSH2_ERROR_EAGAIN) { return .wouldBlock }
        if count == 0 { return channel.isAtEndOfFile ? .endOfStream : .wouldBlock }
        if count == Int(LIBSSH2_ERROR_CHANNEL_CLOSED) { return .endOfStream }
        throw TransportError.ssh(.connectionLost(endpoint, reason: channel.session.lastError.message))
    }

    /// Writes to the remote side's stdin (or terminal input).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        guard let channel else { throw TransportError.closed }
        let count = channel.write(bytes)
        if count > 0 { return .transferred(count) }
        if count == 0 || count == Int(LIBSSH2_ERROR_EAGAIN) { return .wouldBlock }
        if count == Int(LIBSSH2_ERROR_CHANNEL_CLOSED) || count == Int(LIBSSH2_ERROR_CHANNEL_EOF_SENT) {
            return .endOfStream
        }
        throw TransportError.ssh(.connectionLost(endpoint, reason: channel.session.lastError.message))
    }

    /// Sends EOF on the channel.
    public func finishWriting() throws(TransportError) -> Bool {
        guard let channel else { throw TransportError.closed }
        return libssh2_channel_send_eof(channel.raw) != LIBSSH2_ERROR_EAGAIN
    }

    /// Sends a window-change request.
    public func resize(rows: Int, columns: Int) throws(TransportError) {
        guard let channel else { throw TransportError.closed }
        do {
            let result = try channel.session.perform("a window-change request") {
                libssh2_channel_request_pty_size_ex(channel.raw, Int32(columns), Int32(rows), 0, 0)
            }
            if result != 0 { channel.session.log.debug("window-change failed: \(channel.session.lastError.message)") }
        } catch {
            throw TransportError.ssh(error)
        }
    }

    /// Waits for the channel to close and returns the exit status or signal.
    public func awaitExit() throws(TransportError) -> TransportExit {
        guard let channel else { throw TransportError.closed }
        let session = channel.session
        do {
            _ = try session.perform("waiting for the remote command to exit") {
                libssh2_channel_wait_closed(channel.raw)
            }
        } catch {
            throw TransportError.ssh(error)
        }
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
            return .signal(name: signal, message: text)
        }
        return .status(libssh2_channel_get_exit_status(channel.raw))
    }

    /// Closes the channel, then the session and the jump sessions under it.
    public func close() {
        channel = nil
        session = nil
    }
}
