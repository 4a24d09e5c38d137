import CSSH2

/// Owns one `LIBSSH2_CHANNEL` (freed on deinit) and keeps its session alive, so the session
/// is always freed after its channels.
final class SSHChannel {
    /// The libssh2 channel. Never leaves Transport/SSH.
    let raw: OpaquePointer
    /// The session the channel belongs to.
    let session: SSHSession

    /// Freed without waiting (`freeWithoutWaiting`), or left to `libssh2_session_free`.
    private var isReleased = false
    /// The size of the window change libssh2 holds half sent, if any (`requestSize`).
    private var windowChangeInFlight: (rows: Int, columns: Int)?

    init(raw: OpaquePointer, session: SSHSession) {
        self.raw = raw
        self.session = session
    }

    deinit {
        guard !isReleased else { return }
        // channel_free may need to send a CLOSE; bounded so a dead peer cannot hang us.
        let deadline = ContinuousClock.now + .milliseconds(500)
        while libssh2_channel_free(raw) == LIBSSH2_ERROR_EAGAIN {
            if (try? session.wait(stage: "closing a channel", deadline: deadline)) == nil { break }
        }
    }

    /// Opens a session channel (for a shell or a command).
    static func openSession(on session: SSHSession) throws(SSHError) -> SSHChannel {
        let raw = try session.performReturningPointer("the opening of a session channel") {
            rterm_libssh2_channel_open_session(session.raw)
        }
        // A connection that closed or broke meanwhile is said as such, not as a refusal.
        guard let raw else { throw session.failure("a session channel", code: session.lastError.code) }
        return SSHChannel(raw: raw, session: session)
    }

    /// Opens a direct-tcpip channel to `host`:`port` as seen from the server (a jump).
    static func openDirectTCPIP(on session: SSHSession, host: String, port: Int) throws(SSHError) -> SSHChannel {
        let raw = try session.performReturningPointer("the opening of a connection through the jump host") {
            libssh2_channel_direct_tcpip_ex(session.raw, host, Int32(port), "127.0.0.1", 0)
        }
        guard let raw else {
            throw SSHError.jumpFailed(
                session.endpoint, destination: "\(host) port \(port)", reason: session.lastError.message)
        }
        return SSHChannel(raw: raw, session: session)
    }

    /// How a non-blocking channel opening stands.
    enum Opening {
        /// Open.
        case opened(SSHChannel)
        /// Not yet: call again (with the same arguments) after a poll.
        case wouldBlock
        /// The server refused, or the session failed (`code`, libssh2's message).
        case failed(code: Int, message: String)
    }

    /// One step of opening a direct-tcpip channel to `host`:`port` for a forwarded connection
    /// from `origin`; repeat until it is not `.wouldBlock`, and open nothing else meanwhile.
    static func stepDirectTCPIP(
        on session: SSHSession, host: String, port: Int, originHost: String, originPort: Int
    ) -> Opening {
        opening(on: session) {
            libssh2_channel_direct_tcpip_ex(session.raw, host, Int32(port), originHost, Int32(originPort))
        }
    }

    /// One step of opening a direct-streamlocal@openssh.com channel to the server's Unix
    /// socket `path` (libssh2 1.10 has no call for it: the generic open, with the message
    /// OpenSSH expects: the path, a reserved string and a reserved number).
    static func stepDirectStreamLocal(on session: SSHSession, message: [UInt8]) -> Opening {
        let type = "direct-streamlocal@openssh.com"
        return opening(on: session) {
            message.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    libssh2_channel_open_ex(
                        session.raw, type, UInt32(type.utf8.count), rterm_libssh2_window_default(),
                        rterm_libssh2_packet_default(), characters.baseAddress, UInt32(characters.count))
                }
            }
        }
    }

    /// The message of a direct-streamlocal@openssh.com open for `path`.
    static func streamLocalMessage(path: String) -> [UInt8] {
        func string(_ bytes: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(bytes.count).bigEndian, Array.init) + bytes
        }
        return string(Array(path.utf8)) + string([]) + [0, 0, 0, 0]
    }

    /// A connection to a remote forward's port that the server opened: taken from the
    /// listener's queue when there is one.
    static func stepAccept(on session: SSHSession, listener: OpaquePointer, owner: AnyObject) -> Opening {
        switch session.send(.forwardAccept(ObjectIdentifier(owner)), pointer: { libssh2_channel_forward_accept(listener) }) {
        case .value(let raw): return .opened(SSHChannel(raw: raw, session: session))
        case .wouldBlock: return .wouldBlock
        case .failed(let code, let message): return .failed(code: code, message: message)
        }
    }

    private static func opening(on session: SSHSession, _ call: () -> OpaquePointer?) -> Opening {
        switch session.send(.channelOpen, pointer: call) {
        case .value(let raw): return .opened(SSHChannel(raw: raw, session: session))
        case .wouldBlock: return .wouldBlock
        case .failed(let code, let message): return .failed(code: code, message: message)
        }
    }

    /// One step of closing and freeing the channel without waiting: true once it is freed
    /// (the server's close arrived, or the session is gone).
    func freeWithoutWaiting() -> Bool {
        guard !isReleased else { return true }
        let result = session.send(.channelFree(ObjectIdentifier(self))) { Int(libssh2_channel_free(raw)) }
        if result == Int(LIBSSH2_ERROR_EAGAIN) { return false }
        isReleased = true
        return true
    }

    /// Leaves the channel to `libssh2_session_free`, which frees every channel still open:
    /// closing a session with many forwarded connections then waits once, not per channel.
    func leaveToSession() {
        isReleased = true
    }

    /// Whether a libssh2 error code is about this channel only (closed, refused, EOF sent),
    /// not about the whole connection.
    static func isChannelError(_ code: Int) -> Bool {
        (Int(LIBSSH2_ERROR_CHANNEL_EOF_SENT)...Int(LIBSSH2_ERROR_CHANNEL_OUTOFORDER)).contains(code)
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

    /// Sends a window change for this size: 0 when sent, or a libssh2 error code (EAGAIN:
    /// call again). libssh2 1.10 builds the packet once: after an EAGAIN, the next call sends
    /// that packet whatever size it is given (a resize storm during a flood left the remote
    /// at a size from the middle of it). So the size held is remembered, and when the call
    /// that completes it was asked for a newer one, the newer one follows at once.
    func requestSize(rows: Int, columns: Int) -> Int {
        while true {
            let sending = windowChangeInFlight ?? (rows, columns)
            var called = false
            let result = session.send(.windowChange(ObjectIdentifier(self))) { () -> Int in
                called = true
                return Int(libssh2_channel_request_pty_size_ex(raw, Int32(sending.columns), Int32(sending.rows), 0, 0))
            }
            guard called else { return result }  // another call holds a half-sent packet
            if result == Int(LIBSSH2_ERROR_EAGAIN) {
                windowChangeInFlight = sending
                return result
            }
            windowChangeInFlight = nil
            if result != 0 || sending == (rows, columns) { return result }
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
