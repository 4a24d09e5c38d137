import CSSH2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SSHForwarding {
    /// Sets up the destination's forwards once it has logged in (on the connecting thread,
    /// so the remote requests may wait for their answers): binds the `-L` and `-D` ports and
    /// asks the server for the `-R` ones. A forward that cannot be set up is a warning, as in
    /// ssh, or with ExitOnForwardFailure the end of the connection. Returns nil without forwards.
    static func setUp(on session: SSHSession, settings: SSHSettings, log: SSHLog) throws(SSHError) -> SSHForwarding? {
        guard !settings.forwards.isEmpty else { return nil }
        var listeners: [SSHForwardListener] = []
        var remoteListeners: [SSHRemoteListener] = []
        for forward in settings.forwards {
            do throws(SSHForwardingError) {
                switch forward.kind {
                case .local, .dynamic:
                    let listener = try SSHForwardListener.bind(
                        forward, gatewayPorts: settings.gatewayPorts, family: settings.addressFamily)
                    if case .tcp(_, 0) = forward.listen, let port = listener.port {
                        log.warn("Allocated port \(port) for \(forward.kind == .local ? "local" : "dynamic") forward"
                            + (forward.target.map { " to \(Self.text($0))" } ?? ""))
                    }
                    log.debug("\(forward.commandLineForm): listening on \(listener.port.map { "port \($0)" } ?? Self.text(forward.listen))")
                    listeners.append(listener)
                case .remote:
                    remoteListeners.append(try listenRemotely(forward, session: session, family: settings.addressFamily, log: log))
                }
            } catch {
                if settings.exitOnForwardFailure { throw SSHError.forwardingFailed(error.description) }
                log.warn(error.description)
            }
        }
        return SSHForwarding(session: session, log: log, listeners: listeners, remoteListeners: remoteListeners)
    }

    /// Asks the server to listen for a `-R` forward (a tcpip-forward global request).
    private static func listenRemotely(_ forward: SSHForward, session: SSHSession, family: Int32, log: SSHLog)
        throws(SSHForwardingError) -> SSHRemoteListener
    {
        guard case .tcp(let host, let port) = forward.listen else {
            throw SSHForwardingError(
                forward, "a Unix socket on the server (streamlocal-forward) cannot be listened on with libssh2 \(SSHLibrary.version)")
        }
        let targets: [SSHForwardTarget]
        do {
            targets = try SSHForwardTarget.resolve(forward.target ?? .tcp(host: nil, port: 0), family: family)
        } catch {
            throw SSHForwardingError(forward, error.message)
        }
        let bindAddress = SSHRemoteListener.bindAddress(host)
        var bound: Int32 = 0
        let listener: OpaquePointer?
        do {
            listener = try session.performReturningPointer("a remote forwarding request") {
                libssh2_channel_forward_listen_ex(session.raw, bindAddress, Int32(port), &bound, 128)
            }
        } catch {
            throw SSHForwardingError(forward, "remote port forwarding failed for listen port \(port): \(error.description)")
        }
        guard let listener else {
            throw SSHForwardingError(
                forward, "remote port forwarding failed for listen port \(port) (the server refused: see its AllowTcpForwarding, "
                    + "PermitListen and whether the port is free there)")
        }
        let boundPort = port == 0 ? Int(bound) : port
        if port == 0 { log.warn("Allocated port \(boundPort) for remote forward to \(forward.target.map(text) ?? "?")") }
        log.debug("\(forward.commandLineForm): the server listens on port \(boundPort)")
        return SSHRemoteListener(forward: forward, raw: listener, port: boundPort, targets: targets)
    }

    /// `localhost:80` or a path, for messages.
    static func text(_ endpoint: SSHForward.Endpoint) -> String {
        switch endpoint {
        case .tcp(let host, let port): return "\(host ?? "localhost"):\(port)"
        case .unix(let path): return path
        }
    }
}
