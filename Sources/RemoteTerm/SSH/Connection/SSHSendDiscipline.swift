import CSSH2

/// A libssh2 call that can send a packet, named with the channel it is about.
///
/// libssh2 1.10 keeps one half-sent packet per session. When a call returns EAGAIN after
/// sending part of a packet, the next packet the session sends must be that one, by the
/// same call repeated: anything else that sends (a window adjust inside a read, a keepalive,
/// a reply to the server's keepalive inside a read, a window change, another channel's data)
/// fails with LIBSSH2_ERROR_BAD_USE, and for a window adjust that surfaces as a dropped
/// connection ("Unable to send transfer-window adjustment packet"). Under load, with a large
/// paste filling the socket, that happened in half the tries.
enum SSHSendOperation: Equatable {
    /// `libssh2_channel_write_ex` on the channel.
    case channelWrite(ObjectIdentifier)
    /// `libssh2_channel_read_ex` (either stream) or `libssh2_channel_wait_closed`: both may
    /// send a window adjust or a reply to a request.
    case channelRead(ObjectIdentifier)
    /// `libssh2_channel_send_eof`.
    case channelEOF(ObjectIdentifier)
    /// `libssh2_channel_request_pty_size_ex`.
    case windowChange(ObjectIdentifier)
    /// Opening a channel (`libssh2_channel_direct_tcpip_ex`, `libssh2_channel_open_ex`):
    /// libssh2 keeps one opening in progress per session, so forwards open one at a time.
    case channelOpen
    /// `libssh2_channel_free` without waiting (a forwarded connection that ended).
    case channelFree(ObjectIdentifier)
    /// `libssh2_channel_forward_accept` on a remote forward's listener (it reads, and
    /// reading may answer the server).
    case forwardAccept(ObjectIdentifier)
    /// Any call on the SFTP session (`SFTPClient`): one transfer at a time uses it.
    case sftp(ObjectIdentifier)
}

extension SSHSession {
    /// Runs `call`, a libssh2 call of kind `operation`, unless another call left a packet half
    /// sent: then returns LIBSSH2_ERROR_EAGAIN without calling (the owner of that packet
    /// repeats its call on its next turn, and this one is tried again after a poll). After
    /// the call, an EAGAIN with the socket blocked outbound means this call now holds the
    /// half-sent packet.
    func send(_ operation: SSHSendOperation, _ call: () -> Int) -> Int {
        if let pending = pendingSend, pending != operation { return Int(LIBSSH2_ERROR_EAGAIN) }
        let result = call()
        if result == Int(LIBSSH2_ERROR_EAGAIN),
            libssh2_session_block_directions(raw) & LIBSSH2_SESSION_BLOCK_OUTBOUND != 0
        {
            pendingSend = operation
        } else if pendingSend == operation {
            pendingSend = nil
        }
        return result
    }

    /// `send` for the calls that return a pointer, NULL with the session's last error set
    /// (EAGAIN when they would block).
    func send(_ operation: SSHSendOperation, pointer call: () -> OpaquePointer?) -> SSHPointerResult {
        var pointer: OpaquePointer?
        let code = send(operation) { () -> Int in
            pointer = call()
            return pointer == nil ? Int(libssh2_session_last_errno(raw)) : 0
        }
        if let pointer { return .value(pointer) }
        if code == Int(LIBSSH2_ERROR_EAGAIN) { return .wouldBlock }
        return .failed(code: code, message: lastError.message)
    }

    /// Whether a packet is half sent, so nothing else may send now (keepalives wait).
    var hasHalfSentPacket: Bool { pendingSend != nil }
}

/// What a non-blocking libssh2 call that returns a pointer gave.
enum SSHPointerResult {
    /// The pointer (a channel, a listener).
    case value(OpaquePointer)
    /// Not yet: call again after a poll.
    case wouldBlock
    /// It failed, with libssh2's code and message.
    case failed(code: Int, message: String)
}
