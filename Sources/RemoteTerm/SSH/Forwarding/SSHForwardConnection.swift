import CSSH2
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One forwarded connection: a local socket joined to an SSH channel, with a bounded buffer
/// each way. A side is read only while the buffer towards the other side has room, so a
/// slow reader holds back only its own connection: its channel's window closes and the
/// server stops sending on it, while the terminal and every other connection go on.
/// Each direction ends on its own (EOF is passed on as EOF, as ssh does).
final class SSHForwardConnection {
    /// Where the connection stands.
    enum Phase {
        /// `-D`: reading the client's SOCKS request.
        case negotiating
        /// Waiting for its channel to open (one opening at a time per session).
        case opening(SSHForwardChannelRequest)
        /// `-R`: the server's channel is open; connecting the local socket to the target.
        case connecting
        /// Moving bytes.
        case relaying
        /// Finished; the socket is closed and the channel is being freed.
        case done
    }

    /// A number for messages, as ssh numbers its channels.
    let number: Int
    /// The forward it belongs to.
    let forward: SSHForward
    /// Who or what is on the local side, for messages ("127.0.0.1 port 51234").
    let peer: String
    private let peerHost: String
    private let peerPort: Int
    private(set) var phase: Phase
    private(set) var descriptor: Int32
    private(set) var channel: SSHChannel?
    private var socks: SOCKSNegotiation?
    private var socksBytes: [UInt8] = []
    private var toChannel = ByteQueue()
    private var toSocket = ByteQueue()
    private var socketReadEnded = false
    private var channelReadEnded = false
    private var eofSentToChannel = false
    private var socketWriteShut = false
    /// `-R`: the local addresses still to try.
    private var targets: [SSHForwardTarget] = []

    /// The most held in memory each way; the channel window (2 MiB) holds the rest.
    static let bufferLimit = 64 * 1024

    /// A connection accepted on a `-L` listener, to open `request` for.
    init(number: Int, forward: SSHForward, accepted: SSHForwardListener.Accepted, request: SSHForwardChannelRequest) {
        self.number = number
        self.forward = forward
        descriptor = accepted.descriptor
        peerHost = accepted.peerHost
        peerPort = accepted.peerPort
        peer = "\(accepted.peerHost) port \(accepted.peerPort)"
        phase = .opening(request)
    }

    /// A connection accepted on a `-D` listener: its SOCKS request comes first.
    convenience init(socksNumber number: Int, forward: SSHForward, accepted: SSHForwardListener.Accepted) {
        // Its channel is known only once the SOCKS request is read: negotiating comes first.
        self.init(number: number, forward: forward, accepted: accepted, request: .unix(path: ""))
        socks = SOCKSNegotiation()
        phase = .negotiating
    }

    /// A connection the server opened on a `-R` port: its channel is open, the local socket
    /// is connected to the first of `targets` that answers.
    init(number: Int, forward: SSHForward, channel: SSHChannel, targets: [SSHForwardTarget]) {
        self.number = number
        self.forward = forward
        self.channel = channel
        self.targets = targets
        descriptor = -1
        peer = targets.first?.text ?? "?"
        peerHost = ""
        peerPort = 0
        phase = .connecting
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    var isDone: Bool {
        if case .done = phase { return true }
        return false
    }

    /// What to poll on the local socket now, or nil.
    var pollInterest: PollInterest? {
        guard descriptor >= 0 else { return nil }
        var events: Int16 = 0
        switch phase {
        case .negotiating:
            events = Int16(POLLIN)
        case .connecting:
            events = Int16(POLLOUT)
        case .opening, .relaying:
            if !socketReadEnded, toChannel.count < Self.bufferLimit, !isOpening { events |= Int16(POLLIN) }
            if !toSocket.isEmpty { events |= Int16(POLLOUT) }
        case .done:
            return nil
        }
        return events == 0 ? nil : PollInterest(descriptor: descriptor, events: events)
    }

    private var isOpening: Bool {
        if case .opening = phase { return true }
        return false
    }

    /// Whether libssh2 holds data (or an end) for this connection that it could take now:
    /// asked after a pass, so that the loop does not sleep with it in memory.
    var hasChannelDataWaiting: Bool {
        guard case .relaying = phase, let channel, !channelReadEnded, toSocket.count < Self.bufferLimit else { return false }
        return channel.bufferedByteCount > 0 || channel.isAtEndOfFile
    }

    // MARK: - Negotiating (-D)

    /// Reads the SOCKS request; returns the channel to open once it is complete.
    func negotiate(log: SSHLog) -> SSHForwardChannelRequest? {
        guard case .negotiating = phase, var negotiation = socks else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        while socksBytes.count <= SOCKSNegotiation.limit {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                socksBytes.append(contentsOf: buffer[0..<count])
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { break }
            finish()  // the client went away before asking
            return nil
        }
        while true {
            switch negotiation.advance(socksBytes) {
            case .needMore where socksBytes.count > SOCKSNegotiation.limit:
                log.debug("channel \(number): SOCKS request from \(peer) too long")
                finish()
                return nil
            case .needMore:
                socks = negotiation
                return nil
            case .answer(let answer, let consumed):
                socksBytes.removeFirst(consumed)
                socks = negotiation
                guard sendAll(answer) else {
                    finish()
                    return nil
                }
            case .connect(let host, let port, let consumed):
                socks = negotiation
                toChannel.append(contentsOf: socksBytes[consumed...])
                socksBytes = []
                log.debug("channel \(number): dynamic request from \(peer) to \(host) port \(port)")
                let request = SSHForwardChannelRequest.tcp(host: host, port: port, originHost: peerHost, originPort: peerPort)
                phase = .opening(request)
                return request
            case .refuse(let answer, let reason):
                log.debug("channel \(number): SOCKS request from \(peer) refused: \(reason)")
                _ = sendAll(answer)
                finish()
                return nil
            }
        }
    }

    // MARK: - Opening

    /// The channel opened: bytes flow (and a SOCKS client is told).
    func opened(_ channel: SSHChannel) {
        self.channel = channel
        phase = .relaying
        if let socks { _ = sendAll(socks.reply(succeeded: true)) }
    }

    /// The server would not open the channel: the client is told (SOCKS) or disconnected.
    func openFailed() {
        if let socks { _ = sendAll(socks.reply(succeeded: false)) }
        finish()
    }

    // MARK: - Connecting (-R)

    /// Starts or checks the local connection; true once connected (or finished on failure).
    func connect(log: SSHLog) -> Bool {
        guard case .connecting = phase else { return true }
        if descriptor >= 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&entry, 1, 0) == 1 else { return false }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            if socketError == 0 {
                phase = .relaying
                return true
            }
            Glibc.close(descriptor)
            descriptor = -1
            log.warn("rterm: \(forward.commandLineForm): cannot connect to \(peer): \(String(cString: strerror(socketError)))")
            targets.removeFirst()
        }
        while let target = targets.first {
            switch target.startConnect() {
            case .connected(let socket):
                descriptor = socket
                phase = .relaying
                return true
            case .inProgress(let socket):
                descriptor = socket
                return false
            case .failed(let reason):
                log.warn("rterm: \(forward.commandLineForm): cannot connect to \(target.text): \(reason)")
                targets.removeFirst()
            }
        }
        finish()
        return true
    }

    // MARK: - Relaying

    /// Moves bytes both ways until both sides would block or `budget` bytes moved; returns
    /// the bytes moved. Throws only when the whole SSH connection failed.
    func pump(budget: Int, scratch: inout [UInt8]) throws(SSHError) -> Int {
        guard case .relaying = phase, let channel else { return 0 }
        var moved = 0
        while moved < budget {
            let before = moved
            moved += try socketToChannel(channel, scratch: &scratch)
            moved += try channelToSocket(channel, scratch: &scratch)
            if isDone || moved == before { break }
        }
        if socketReadEnded, channelReadEnded, eofSentToChannel, toSocket.isEmpty, !isDone { finish() }
        return moved
    }

    private func socketToChannel(_ channel: SSHChannel, scratch: inout [UInt8]) throws(SSHError) -> Int {
        var moved = 0
        if toChannel.count < Self.bufferLimit, !socketReadEnded {
            let room = Self.bufferLimit - toChannel.count
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min(room, $0.count), 0) }
            if count > 0 {
                toChannel.append(contentsOf: scratch[0..<count])
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                socketReadEnded = true
            }
        }
        while !toChannel.isEmpty {
            var code = 0
            let taken = toChannel.drain { bytes -> Int in
                code = channel.write(bytes)
                return max(code, 0)
            }
            moved += taken
            if code >= 0 && taken > 0 { continue }
            if code == Int(LIBSSH2_ERROR_EAGAIN) || code == 0 { return moved }
            try channelFailed(code)
            return moved
        }
        if socketReadEnded, !eofSentToChannel {
            let result = channel.sendEOF()
            if result == Int(LIBSSH2_ERROR_EAGAIN) { return moved }
            if result < 0 { try channelFailed(result) }
            eofSentToChannel = true
        }
        return moved
    }

    private func channelToSocket(_ channel: SSHChannel, scratch: inout [UInt8]) throws(SSHError) -> Int {
        var moved = 0
        if toSocket.count < Self.bufferLimit, !channelReadEnded {
            let room = Self.bufferLimit - toSocket.count
            let count = scratch.withUnsafeMutableBytes { raw in
                channel.read(stream: 0, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<min(room, raw.count)]))
            }
            if count > 0 {
                toSocket.append(contentsOf: scratch[0..<count])
            } else if count == 0 && channel.isAtEndOfFile || count == Int(LIBSSH2_ERROR_CHANNEL_CLOSED) {
                channelReadEnded = true
            } else if count < 0, count != Int(LIBSSH2_ERROR_EAGAIN) {
                try channelFailed(count)
                return moved
            }
        }
        while !toSocket.isEmpty {
            var failed = false
            let sent = toSocket.drain { bytes -> Int in
                let count = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                if count < 0, errno != EAGAIN, errno != EINTR { failed = true }
                return max(count, 0)
            }
            moved += sent
            if failed {
                // The local side is gone: what it will never read is dropped, and so is the channel.
                finish()
                return moved
            }
            if sent == 0 { return moved }
        }
        if channelReadEnded, !socketWriteShut {
            shutdown(descriptor, Int32(SHUT_WR))
            socketWriteShut = true
        }
        return moved
    }

    /// A channel error ends this connection; any other error ends the SSH connection.
    private func channelFailed(_ code: Int) throws(SSHError) {
        guard let channel else { return }
        if SSHChannel.isChannelError(code) {
            finish()
            return
        }
        throw channel.session.failure("a forwarded connection", code: Int32(code))
    }

    // MARK: - Ending

    /// Closes the socket; the channel is left for the caller to free.
    func finish() {
        phase = .done
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        toChannel.removeAll()
        toSocket.removeAll()
    }

    /// Hands over the channel to be freed.
    func takeChannel() -> SSHChannel? {
        defer { channel = nil }
        return channel
    }

    /// Writes a short handshake answer whole (a fresh socket has room for a few bytes).
    private func sendAll(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }
}

/// The channel a forwarded connection needs.
enum SSHForwardChannelRequest: Equatable {
    /// direct-tcpip to `host`:`port` as the server resolves it, from the local peer.
    case tcp(host: String, port: Int, originHost: String, originPort: Int)
    /// direct-streamlocal@openssh.com to the server's Unix socket.
    case unix(path: String)
}
