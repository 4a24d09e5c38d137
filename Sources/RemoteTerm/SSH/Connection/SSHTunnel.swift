import CSSH2
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A jump: a direct-tcpip channel of the previous session, joined to one end of a
/// socketpair whose other end is the next session's socket. Single-threaded: whoever waits
/// on the next session calls `pump()`, which moves bytes both ways until nothing moves, and
/// polls `pollInterests` (the socketpair end and the previous session's sockets).
final class SSHTunnel {
    private let channel: SSHChannel
    /// Our end of the socketpair (owned; closed on deinit).
    private let localEnd: Int32
    private var toSocket: [UInt8] = []
    private var toChannel: [UInt8] = []
    private var channelEnded = false
    private var socketEnded = false
    private var channelEOFSent = false
    private var buffer = [UInt8](repeating: 0, count: 32 * 1024)

    private init(channel: SSHChannel, localEnd: Int32) {
        self.channel = channel
        self.localEnd = localEnd
    }

    deinit {
        Glibc.close(localEnd)
    }

    /// Opens a channel from `outer` to `host`:`port`; returns the tunnel and the socket the
    /// next session should use (owned by the caller).
    static func open(through outer: SSHSession, to host: String, port: Int) throws(SSHError)
        -> (tunnel: SSHTunnel, socket: Int32)
    {
        let channel = try SSHChannel.openDirectTCPIP(on: outer, host: host, port: port)
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SSHError.libraryFailure(operation: "socketpair", reason: String(cString: strerror(errno)))
        }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (SSHTunnel(channel: channel, localEnd: ends[1]), ends[0])
    }

    /// What to poll: our socketpair end, and the previous session's sockets.
    var pollInterests: [PollInterest] {
        var events: Int16 = 0
        if toChannel.isEmpty, !socketEnded { events |= Int16(POLLIN) }
        if !toSocket.isEmpty { events |= Int16(POLLOUT) }
        var interests = channel.session.pollInterests
        if events != 0 { interests.insert(PollInterest(descriptor: localEnd, events: events), at: 0) }
        return interests
    }

    /// Moves bytes both ways until nothing moves; returns whether any did. The deeper
    /// hops are pumped first, so a chain of jumps moves data end to end in one call.
    func pump() throws(SSHError) -> Bool {
        var movedAny = try channel.session.pumpTunnels()
        while true {
            let down = try channelToSocket()
            let up = try socketToChannel()
            let moved = down || up
            if !moved { break }
            movedAny = true
        }
        return movedAny
    }

    private func channelToSocket() throws(SSHError) -> Bool {
        var moved = false
        while true {
            if !toSocket.isEmpty {
                let sent = toSocket.withUnsafeBytes { send(localEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent < 0 {
                    if errno == EAGAIN || errno == EINTR { return moved }
                    // The next session closed its end: drop what it will never read.
                    toSocket.removeAll()
                    channelEnded = true
                    return true
                }
                toSocket.removeFirst(sent)
                moved = true
                if !toSocket.isEmpty { return moved }
            }
            if channelEnded { return moved }
            let count = buffer.withUnsafeMutableBytes { channel.read(stream: 0, into: $0) }
            if count > 0 {
                toSocket.append(contentsOf: buffer[0..<count])
                moved = true
            } else if count == Int(LIBSSH2_ERROR_EAGAIN) {
                return moved
            } else if count == 0 && !channel.isAtEndOfFile {
                return moved
            } else {
                // EOF or an error: the next session sees its connection close.
                channelEnded = true
                shutdown(localEnd, Int32(SHUT_WR))
                if count < 0 {
                    channel.session.log.debug("jump channel read failed: \(channel.session.lastError.message)")
                }
                return true
            }
        }
    }

    private func socketToChannel() throws(SSHError) -> Bool {
        var moved = false
        while true {
            if !toChannel.isEmpty {
                let written = toChannel.withUnsafeBytes { channel.write($0) }
                if written == Int(LIBSSH2_ERROR_EAGAIN) { return moved }
                if written < 0 {
                    throw SSHError.connectionLost(
                        channel.session.endpoint, reason: "forwarding failed: \(channel.session.lastError.message)")
                }
                toChannel.removeFirst(written)
                moved = true
                if !toChannel.isEmpty { return moved }
            }
            if socketEnded {
                if !channelEOFSent {
                    let result = channel.sendEOF()
                    if result == Int(LIBSSH2_ERROR_EAGAIN) { return moved }
                    channelEOFSent = true
                    moved = true
                }
                return moved
            }
            let count = buffer.withUnsafeMutableBytes { recv(localEnd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                toChannel.append(contentsOf: buffer[0..<count])
                moved = true
            } else if count < 0, errno == EAGAIN || errno == EINTR {
                return moved
            } else {
                socketEnded = true
                moved = true
            }
        }
    }
}
