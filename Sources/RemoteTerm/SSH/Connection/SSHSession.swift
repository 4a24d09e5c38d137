import CSSH2
import Foundation
import RemoteTermEngine
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns one `LIBSSH2_SESSION` and its socket (freed and closed on deinit), in non-blocking
/// mode. Every libssh2 call goes through `perform`, which waits in poll(2) in the
/// directions libssh2 reports while the call returns EAGAIN (libssh2 notes, pitfall 4).
///
/// When the session runs through a jump host, `tunnel` moves its bytes through a channel
/// of the previous session; waiting then also pumps the tunnel, and returns as soon as any
/// bytes moved so that the caller retries at once (pitfall 3).
final class SSHSession {
    /// The libssh2 session. Never leaves Transport/SSH.
    let raw: OpaquePointer
    /// The socket: a TCP connection, or one end of a socketpair for a jump.
    let socket: Int32
    /// The server, for messages and host key lookups.
    let endpoint: SSHEndpoint
    /// How long to wait for any one answer from the server, in seconds: ConnectTimeout
    /// until the handshake is done, then at least `SSHConnectionRequest.defaultAnswerTimeout`
    /// (as in OpenSSH, ConnectTimeout does not limit authentication, where a server's
    /// failure delay alone takes seconds).
    private(set) var answerTimeout: Int
    /// ServerAliveInterval x ServerAliveCountMax when keepalives are on: a server silent for
    /// that long is stuck whatever the stage, so from the handshake on no answer is waited
    /// for longer (the time a person spends typing a password does not count).
    var stallLimit: Int?
    /// How long one answer is waited for now, and whether the keepalive setting decided it.
    private var answerLimit: (seconds: Int, byKeepalive: Bool) {
        guard let stallLimit, stallLimit < answerTimeout else { return (answerTimeout, false) }
        return (stallLimit, true)
    }
    /// The jump tunnel carrying `socket`, kept alive as long as this session.
    let tunnel: SSHTunnel?
    /// The ProxyCommand whose standard input and output are the other end of `socket`;
    /// stopped when the session closes.
    let proxy: SSHProxyCommand?
    /// Callback state; its address is the session's abstract pointer.
    let context: SSHSessionContext
    let log: SSHLog
    /// The call holding a half-sent packet, which must be repeated before anything else
    /// sends (SSHSendDiscipline.swift).
    var pendingSend: SSHSendOperation?

    /// Takes ownership of `socket` (closed on failure too).
    init(
        socket: Int32, endpoint: SSHEndpoint, answerTimeout: Int, tunnel: SSHTunnel?, proxy: SSHProxyCommand? = nil,
        log: SSHLog, clock: LoopClock
    )
        throws(SSHError)
    {
        context = SSHSessionContext(clock: clock)
        guard let raw = rterm_libssh2_session_init(Unmanaged.passUnretained(context).toOpaque()) else {
            Glibc.close(socket)
            throw SSHError.libraryFailure(operation: "session_init", reason: "out of memory")
        }
        self.raw = raw
        self.socket = socket
        self.endpoint = endpoint
        self.answerTimeout = answerTimeout
        self.tunnel = tunnel
        self.proxy = proxy
        self.log = log
        libssh2_session_set_blocking(raw, 0)
        // Our own recv, so that keepalives know when the server last sent anything.
        let receive: @convention(c) (
            Int32, UnsafeMutableRawPointer?, Int, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Int = { descriptor, buffer, length, flags, abstract in
            let count = recv(descriptor, buffer, length, flags)
            if count < 0 {
                let code = errno
                return -Int(code == EWOULDBLOCK ? EAGAIN : code)
            }
            if count > 0, let pointer = abstract?.pointee {
                let context = Unmanaged<SSHSessionContext>.fromOpaque(pointer).takeUnretainedValue()
                context.lastReceived = context.clock.now()
                context.receivedBytes &+= count
            }
            return count
        }
        _ = libssh2_session_callback_set(raw, LIBSSH2_CALLBACK_RECV, unsafeBitCast(receive, to: UnsafeMutableRawPointer.self))
        // The server's reason when it disconnects ("Too many authentication failures"),
        // kept for the message; its words, so inert and bounded.
        let disconnected: @convention(c) (
            OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Void = { _, _, message, length, _, _, abstract in
            guard let pointer = abstract?.pointee, let message, length > 0 else { return }
            let text = message.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                InertText.make(bytes: UnsafeBufferPointer(start: $0, count: min(Int(length), 512)))
            }
            Unmanaged<SSHSessionContext>.fromOpaque(pointer).takeUnretainedValue().disconnectMessage = text
        }
        _ = libssh2_session_callback_set(
            raw, LIBSSH2_CALLBACK_DISCONNECT, unsafeBitCast(disconnected, to: UnsafeMutableRawPointer.self))
        // SSH_MSG_IGNORE: OpenSSH's sshd sends one the size of every write to a terminal whose
        // echo is off (its simulated echo), which is how input pacing learns what the remote
        // terminal took (SSHInputPacer).
        let ignored: @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Void = { _, _, length, abstract in
            guard let pointer = abstract?.pointee else { return }
            let context = Unmanaged<SSHSessionContext>.fromOpaque(pointer).takeUnretainedValue()
            context.ignoredBytes &+= Int(max(length, 0))
            context.ignoredMessages &+= 1
        }
        _ = libssh2_session_callback_set(raw, LIBSSH2_CALLBACK_IGNORE, unsafeBitCast(ignored, to: UnsafeMutableRawPointer.self))
    }

    deinit {
        // Say goodbye and free, but never hang on a dead peer: one second at most.
        let deadline = ContinuousClock.now + .seconds(1)
        while libssh2_session_disconnect_ex(raw, SSH_DISCONNECT_BY_APPLICATION, "closed by rterm", "")
            == LIBSSH2_ERROR_EAGAIN, (try? wait(stage: "disconnect", deadline: deadline)) != nil
        {}
        while libssh2_session_free(raw) == LIBSSH2_ERROR_EAGAIN {
            if (try? wait(stage: "disconnect", deadline: deadline)) == nil {
                // A shut-down socket makes libssh2's writes fail instead of returning EAGAIN.
                shutdown(socket, Int32(SHUT_RDWR))
            }
        }
        Glibc.close(socket)
        proxy?.stop()
    }

    // MARK: - Calls

    /// Runs `body` until it stops returning EAGAIN, waiting for the socket in between;
    /// throws `.timedOut` when the server gives no answer for `answerTimeout` seconds.
    func perform(_ stage: String, _ body: () -> Int32) throws(SSHError) -> Int32 {
        var deadline = ContinuousClock.now + .seconds(answerLimit.seconds)
        while true {
            let result = body()
            guard result == LIBSSH2_ERROR_EAGAIN else { return result }
            if let finished = context.promptFinished {
                deadline = finished + .seconds(answerLimit.seconds)
                context.promptFinished = nil
            }
            try wait(stage: stage, deadline: deadline)
        }
    }

    /// `perform` for the libssh2 calls that return a pointer (NULL with EAGAIN as the
    /// session's last error when they would block).
    func performReturningPointer<Pointer>(_ stage: String, _ body: () -> Pointer?) throws(SSHError) -> Pointer? {
        var deadline = ContinuousClock.now + .seconds(answerLimit.seconds)
        while true {
            if let pointer = body() { return pointer }
            guard libssh2_session_last_errno(raw) == LIBSSH2_ERROR_EAGAIN else { return nil }
            if let finished = context.promptFinished {
                deadline = finished + .seconds(answerLimit.seconds)
                context.promptFinished = nil
            }
            try wait(stage: stage, deadline: deadline)
        }
    }

    /// The session's last error code and message.
    var lastError: (code: Int32, message: String) {
        var message: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        let code = libssh2_session_last_error(raw, &message, &length, 0)
        if code == LIBSSH2_ERROR_SOCKET_DISCONNECT, let said = context.disconnectMessage {
            return (code, "disconnected by the server: \(said)")
        }
        return (code, message.map { String(cString: $0) } ?? "error \(code)")
    }

    /// Why a live connection broke, in words a user can act on: libssh2's own message for a
    /// corrupted stream is only "transport read".
    var lostReason: String {
        let (code, message) = lastError
        switch code {
        case LIBSSH2_ERROR_INVALID_MAC, LIBSSH2_ERROR_DECRYPT, LIBSSH2_ERROR_OUT_OF_BOUNDARY, LIBSSH2_ERROR_PROTO:
            return "the stream arrived corrupted (\(message), libssh2 error \(code)): something on the path altered bytes"
        case LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_SEND:
            return "the network connection failed (\(message)\(socketFailure.map { ": \($0)" } ?? ""))"
        case LIBSSH2_ERROR_SOCKET_DISCONNECT:
            return context.disconnectMessage.map { "disconnected by the server: \($0)" } ?? "the server closed the connection"
        default:
            return message
        }
    }

    /// What the socket itself says after libssh2 gave up on it: libssh2 reports the peer's
    /// close and a real error alike (SOCKET_RECV) and errno is stale by then, so the socket is
    /// asked again with a peek. Nil when it tells nothing.
    private var socketFailure: String? {
        var byte: UInt8 = 0
        let peeked = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked == 0 { return "closed by the other end" }
        guard peeked < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR else { return nil }
        return String(cString: strerror(errno))
    }

    /// The error for a failed call during `stage`: a dropped connection is reported as
    /// such, anything else with libssh2's message.
    func failure(_ stage: String, code: Int32) -> SSHError {
        let message = lastError.message
        switch code {
        case LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_SEND,
            LIBSSH2_ERROR_SOCKET_NONE, LIBSSH2_ERROR_BAD_SOCKET:
            return .connectionClosed(endpoint, stage: stage, reason: message)
        case LIBSSH2_ERROR_TIMEOUT, LIBSSH2_ERROR_SOCKET_TIMEOUT:
            return timeout(stage)
        default:
            return .channelFailed(endpoint, request: stage, reason: message)
        }
    }

    // MARK: - Waiting

    /// The error for no answer during `stage`.
    private func timeout(_ stage: String) -> SSHError {
        let limit = answerLimit
        if limit.byKeepalive { return .serverStalled(endpoint, stage: stage, seconds: limit.seconds) }
        return .timedOut(endpoint, stage: stage, seconds: limit.seconds)
    }

    /// The descriptors to poll for this session (and the hops under it) and the events
    /// libssh2 is blocked on; POLLIN when it reports none.
    var pollInterests: [PollInterest] {
        let directions = libssh2_session_block_directions(raw)
        var events: Int16 = 0
        if directions & LIBSSH2_SESSION_BLOCK_INBOUND != 0 { events |= Int16(POLLIN) }
        if directions & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0 { events |= Int16(POLLOUT) }
        if events == 0 { events = Int16(POLLIN) }
        return [PollInterest(descriptor: socket, events: events)] + (tunnel?.pollInterests ?? [])
    }

    /// Whether the socket can take more bytes now (poll for POLLOUT, without waiting).
    var socketHasRoom: Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
    }

    /// Moves bytes through the jump tunnels under this session; true if any moved.
    func pumpTunnels() throws(SSHError) -> Bool {
        try tunnel?.pump() ?? false
    }

    /// Waits until the socket is ready in libssh2's directions, or until bytes moved
    /// through a tunnel; throws `.timedOut` at `deadline`.
    func wait(stage: String, deadline: ContinuousClock.Instant?) throws(SSHError) {
        if try pumpTunnels() { return }
        var descriptors = pollInterests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
        let timeout = deadline.map { SSHDeadline.milliseconds(until: $0) } ?? -1
        if timeout == 0 { throw self.timeout(stage) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready < 0, errno != EINTR {
            throw SSHError.connectionLost(endpoint, reason: "poll: \(String(cString: strerror(errno)))")
        }
        _ = try pumpTunnels()
    }

    // MARK: - Handshake

    /// Sets the host key algorithm preference, then runs the SSH handshake.
    func handshake(hostKeyAlgorithms: String, compression: Bool = false) throws(SSHError) {
        // zlib when the server offers it; libssh2 keeps "none" in the list, so a server
        // without it is no failure.
        if compression { _ = libssh2_session_flag(raw, LIBSSH2_FLAG_COMPRESS, 1) }
        let preferred = libssh2_session_method_pref(raw, LIBSSH2_METHOD_HOSTKEY, hostKeyAlgorithms)
        if preferred != 0 { log.debug("host key preference not applied: \(lastError.message)") }
        log.debug2("host key algorithms: \(hostKeyAlgorithms)")
        let result: Int32
        do {
            result = try perform("the SSH handshake") { libssh2_session_handshake(raw, socket) }
        } catch {
            throw error
        }
        guard result == 0 else {
            let message = lastError.message
            log.debug("handshake failed: \(result) \(message)")
            // The peer hung up mid-handshake: say so, not "failed getting banner". A close
            // that arrives as a reset is a failed read to libssh2; the socket tells which.
            if result == LIBSSH2_ERROR_SOCKET_DISCONNECT {
                throw SSHError.connectionClosed(endpoint, stage: "the SSH handshake", reason: "")
            }
            if result == LIBSSH2_ERROR_SOCKET_RECV, let reason = socketFailure {
                throw SSHError.connectionClosed(endpoint, stage: "the SSH handshake", reason: reason)
            }
            throw SSHError.handshakeFailed(endpoint, reason: message)
        }
        answerTimeout = max(answerTimeout, SSHConnectionRequest.defaultAnswerTimeout)
        if let banner = libssh2_session_banner_get(raw) {
            log.debug("remote software version \(InertText.make(String(cString: banner)))")
        }
        for (method, name) in [(LIBSSH2_METHOD_KEX, "kex"), (LIBSSH2_METHOD_HOSTKEY, "host key"),
                               (LIBSSH2_METHOD_CRYPT_CS, "cipher"), (LIBSSH2_METHOD_MAC_CS, "MAC")] {
            if let value = libssh2_session_methods(raw, method) {
                log.debug("\(name): \(String(cString: value))")
            }
        }
    }

    /// The host key the server presented: its type (from the blob) and wire-format blob.
    func hostKey() -> (type: String, blob: [UInt8])? {
        var length = 0
        var type: Int32 = 0
        guard let pointer = libssh2_session_hostkey(raw, &length, &type), length > 0 else { return nil }
        let blob = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
        guard let name = SSHKeyBlob.typeName(of: blob) else { return nil }
        return (name, blob)
    }
}
