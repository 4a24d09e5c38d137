import CSSH2
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The port forwards of one SSH connection, alongside its terminal: the listeners and the
/// forwarded connections. Not a loop of its own: `SSHTransport.service()` calls `service()`
/// on every turn of the session's loop, and the transport's poll interests include these
/// sockets. Each turn moves at most `turnBudget` bytes in all, starting with a different
/// connection each time, so a busy forward cannot starve the terminal or another forward.
final class SSHForwarding {
    private let session: SSHSession
    private let log: SSHLog
    private var listeners: [SSHForwardListener]
    private var remoteListeners: [SSHRemoteListener]
    private var connections: [SSHForwardConnection] = []
    /// Connections waiting for their channel, first come first served: libssh2 opens one
    /// channel at a time per session.
    private var openQueue: [SSHForwardConnection] = []
    /// Channels of finished connections, being closed without waiting.
    private var closing: [SSHChannel] = []
    private var nextNumber = 1
    private var rotation = 0
    private var scratch = [UInt8](repeating: 0, count: SSHForwardConnection.bufferLimit)
    /// The last pass stopped at its budget, or left data libssh2 already holds.
    private var morePending = false
    /// The session's received-byte count when the last pass ended.
    private var receivedMark = 0

    /// The most bytes all forwards move in one turn of the loop.
    static let turnBudget = 1 << 20
    /// The most forwarded connections at once; listeners wait beyond it (each costs a
    /// descriptor and up to two buffers of `SSHForwardConnection.bufferLimit`).
    static let connectionLimit = 512

    init(session: SSHSession, log: SSHLog, listeners: [SSHForwardListener], remoteListeners: [SSHRemoteListener]) {
        self.session = session
        self.log = log
        self.listeners = listeners
        self.remoteListeners = remoteListeners
        receivedMark = session.context.receivedBytes
    }

    /// The listening and connection sockets to poll.
    var pollInterests: [PollInterest] {
        var interests: [PollInterest] = []
        if connections.count < Self.connectionLimit {
            for listener in listeners {
                interests += listener.descriptors.map { PollInterest(descriptor: $0, events: Int16(POLLIN)) }
            }
        }
        for connection in connections {
            if let interest = connection.pollInterest { interests.append(interest) }
        }
        return interests
    }

    /// Whether another turn should come without sleeping: the budget ran out, libssh2 holds
    /// data for a connection, or bytes arrived since the last pass (read by the terminal's
    /// calls, perhaps with an answer or data for a forward among them: libssh2 notes,
    /// pitfall 2).
    var wantsTurn: Bool {
        guard !connections.isEmpty || !remoteListeners.isEmpty else { return false }
        return morePending || session.context.receivedBytes != receivedMark
    }

    /// Whether the SSH socket must be read even while the terminal's output is paused:
    /// forwarded connections (or remote listeners) are waiting on it.
    var needsSocket: Bool { !connections.isEmpty || !remoteListeners.isEmpty }

    /// One pass: accept, move bytes, open channels, accept the server's connections, free
    /// finished channels. Throws only when the SSH connection failed.
    func service() throws(SSHError) {
        acceptLocal()
        var budget = Self.turnBudget
        if !connections.isEmpty {
            let count = connections.count
            rotation = (rotation + 1) % count
            for offset in 0..<count where budget > 0 {
                let connection = connections[(rotation + offset) % count]
                if case .negotiating = connection.phase {
                    if connection.negotiate(log: log) != nil { openQueue.append(connection) }
                    continue
                }
                if case .connecting = connection.phase {
                    _ = connection.connect(log: log)
                }
                budget -= try connection.pump(budget: min(budget, Self.turnBudget / 4), scratch: &scratch)
            }
        }
        try openChannels()
        try acceptRemote()
        reap()
        morePending = budget <= 0 || connections.contains { $0.hasChannelDataWaiting }
        receivedMark = session.context.receivedBytes
    }

    /// Gives every channel to `libssh2_session_free` (closing the session closes them all
    /// at once, within its bounded wait) and closes the sockets.
    func close() {
        for connection in connections {
            connection.takeChannel()?.leaveToSession()
            connection.finish()
        }
        for channel in closing { channel.leaveToSession() }
        connections = []
        openQueue = []
        closing = []
        listeners = []
        remoteListeners = []
    }

    // MARK: - Steps

    private func acceptLocal() {
        for listener in listeners {
            let room = Self.connectionLimit - connections.count
            guard room > 0 else { return }
            for accepted in listener.accept(limit: min(room, 32)) {
                let number = takeNumber()
                let forward = listener.forward
                switch forward.kind {
                case .dynamic:
                    connections.append(SSHForwardConnection(socksNumber: number, forward: forward, accepted: accepted))
                case .local, .remote:
                    let request: SSHForwardChannelRequest
                    switch forward.target {
                    case .tcp(let host, let port)?:
                        request = .tcp(
                            host: host ?? "localhost", port: port, originHost: accepted.peerHost,
                            originPort: accepted.peerPort)
                    case .unix(let path)?:
                        request = .unix(path: path)
                    case nil:
                        continue
                    }
                    let connection = SSHForwardConnection(
                        number: number, forward: forward, accepted: accepted, request: request)
                    log.debug("channel \(number): new connection from \(connection.peer) for \(forward.commandLineForm)")
                    connections.append(connection)
                    openQueue.append(connection)
                }
            }
        }
    }

    /// Repeats the opening at the head of the queue until it would block; each finished
    /// one starts the next.
    private func openChannels() throws(SSHError) {
        while let connection = openQueue.first {
            guard case .opening(let request) = connection.phase else {
                openQueue.removeFirst()  // finished while it waited
                continue
            }
            let step: SSHChannel.Opening
            switch request {
            case .tcp(let host, let port, let originHost, let originPort):
                step = SSHChannel.stepDirectTCPIP(
                    on: session, host: host, port: port, originHost: originHost, originPort: originPort)
            case .unix(let path):
                step = SSHChannel.stepDirectStreamLocal(on: session, message: SSHChannel.streamLocalMessage(path: path))
            }
            switch step {
            case .wouldBlock:
                return
            case .opened(let channel):
                openQueue.removeFirst()
                connection.opened(channel)
                _ = try connection.pump(budget: SSHForwardConnection.bufferLimit, scratch: &scratch)
            case .failed(let code, let message):
                openQueue.removeFirst()
                guard SSHChannel.isChannelError(code) else {
                    throw session.failure("opening a forwarded connection", code: Int32(code))
                }
                log.warn(
                    "rterm: \(connection.forward.commandLineForm): the server could not open \(Self.describe(request)) "
                        + "for \(connection.peer): \(Self.reason(message))")
                connection.openFailed()
            }
        }
    }

    private func acceptRemote() throws(SSHError) {
        for listener in remoteListeners where connections.count < Self.connectionLimit {
            while connections.count < Self.connectionLimit {
                switch SSHChannel.stepAccept(on: session, listener: listener.raw, owner: listener) {
                case .wouldBlock:
                    break
                case .opened(let channel):
                    let number = takeNumber()
                    let connection = SSHForwardConnection(
                        number: number, forward: listener.forward, channel: channel, targets: listener.targets)
                    log.debug("channel \(number): server connection on port \(listener.port) to \(connection.peer)")
                    connections.append(connection)
                    _ = connection.connect(log: log)
                    continue
                case .failed(let code, _):
                    guard SSHChannel.isChannelError(code) || code == Int(LIBSSH2_ERROR_CHANNEL_UNKNOWN) else {
                        throw session.failure("accepting a forwarded connection", code: Int32(code))
                    }
                }
                break
            }
        }
    }

    /// Drops finished connections and frees their channels, a step at a time.
    private func reap() {
        if connections.contains(where: \.isDone) {
            for connection in connections where connection.isDone {
                log.debug("channel \(connection.number): closed")
                if let channel = connection.takeChannel() { closing.append(channel) }
            }
            connections.removeAll(where: \.isDone)
        }
        closing.removeAll { $0.freeWithoutWaiting() }
    }

    private func takeNumber() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    private static func describe(_ request: SSHForwardChannelRequest) -> String {
        switch request {
        case .tcp(let host, let port, _, _): return "\(host) port \(port)"
        case .unix(let path): return path
        }
    }

    /// libssh2's "Channel open failure (connect failed)" as "connect failed".
    private static func reason(_ message: String) -> String {
        guard let open = message.firstIndex(of: "("), message.hasSuffix(")") else { return message }
        return String(message[message.index(after: open)..<message.index(before: message.endIndex)])
    }
}
