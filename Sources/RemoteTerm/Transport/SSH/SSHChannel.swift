import CSSH2

/// Owns one `LIBSSH2_CHANNEL` (freed on deinit) and keeps its session alive, so the session
/// is always freed after its channels.
final class SSHChannel {
    /// The libssh2 channel. Never leaves Transport/SSH.
    let raw: OpaquePointer
    /// The session the channel belongs to.
    let session: SSHSession

    init(raw: OpaquePointer, session: SSHSession) {
        self.raw = raw
        self.session = session
    }

    deinit {
        // channel_free may need to send a CLOSE; bounded so a dead peer cannot hang us.
        let deadline = ContinuousClock.now + .milliseconds(500)
        while libssh2_channel_free(raw) == LIBSSH2_ERROR_EAGAIN {
            if (try? session.wait(stage: "closing a channel", deadline: deadline)) == nil { break }
        }
    }

    /// Opens a session channel (for a shell or a command).
    static func openSession(on session: SSHSession) throws(SSHError) -> SSHChannel {
        let raw = try session.performReturningPointer("opening a session channel") {
            rterm_libssh2_channel_open_session(session.raw)
        }
        guard let raw else {
            throw SSHError.channelFailed(
                session.endpoint, request: "a session channel", reason: session.lastError.message)
        }
        return SSHChannel(raw: raw, session: session)
    }

    /// Opens a direct-tcpip channel to `host`:`port` as seen from the server (a jump).
    static func openDirectTCPIP(on session: SSHSession, host: String, port: Int) throws(SSHError) -> SSHChannel {
        let raw = try session.performReturningPointer("opening a forwarded connection") {
            libssh2_channel_direct_tcpip_ex(session.raw, host, Int32(port), "127.0.0.1", 0)
        }
        guard let raw else {
            throw SSHError.jumpFailed(
                session.endpoint, destination: "\(host) port \(port)", reason: session.lastError.message)
        }
        return SSHChannel(raw: raw, session: session)
    }

    /// One non-blocking read of `stream` (0: stdout, 1: stderr): bytes, 0 at EOF, or a
    /// libssh2 error code (EAGAIN when nothing is buffered, or while another call's packet
    /// is half sent).
    func read(stream: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        session.send(.channelRead(ObjectIdentifier(self))) {
            libssh2_channel_read_ex(raw, stream, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count)
        }
    }

    /// One non-blocking write to stdin: bytes accepted, or a libssh2 error code. After
    /// EAGAIN the same bytes must be offered again (libssh2 may hold the first packet of
    /// them half sent).
    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        session.send(.channelWrite(ObjectIdentifier(self))) {
            libssh2_channel_write_ex(raw, 0, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }

    /// Sends EOF: 0 when sent, or a libssh2 error code (EAGAIN: call again).
    func sendEOF() -> Int {
        session.send(.channelEOF(ObjectIdentifier(self))) { Int(libssh2_channel_send_eof(raw)) }
    }

    /// Sends a window change: 0 when sent, or a libssh2 error code (EAGAIN: call again).
    func requestSize(rows: Int, columns: Int) -> Int {
        session.send(.windowChange(ObjectIdentifier(self))) {
            Int(libssh2_channel_request_pty_size_ex(raw, Int32(columns), Int32(rows), 0, 0))
        }
    }

    /// Waits (without blocking) for the server to close the channel after its EOF: 0 when
    /// closed, EAGAIN while not yet, or a libssh2 error code.
    func pollClosed() -> Int {
        session.send(.channelRead(ObjectIdentifier(self))) { Int(libssh2_channel_wait_closed(raw)) }
    }

    /// Whether the server sent EOF.
    var isAtEndOfFile: Bool { libssh2_channel_eof(raw) == 1 }

    /// The window the server gives for writing: the bytes it will take now. As it takes
    /// data it gives the window back, so its growth tells how much it took.
    var writeWindow: UInt {
        libssh2_channel_window_write_ex(raw, nil)
    }

    /// Bytes libssh2 has already received for this channel but not yet handed out
    /// (pitfall 2: poll would sleep while they sit in memory).
    var bufferedByteCount: UInt {
        var available: UInt = 0
        _ = libssh2_channel_window_read_ex(raw, &available, nil)
        return available
    }
}
