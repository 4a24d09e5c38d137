import CSSH2
import RemoteTermLoop

extension SSHTransport {
    /// Connects to the destination (through each jump host in turn), checks every host key
    /// before authenticating to that host, logs in, and starts the shell or command. Blocks
    /// (each stage bounded by its own timeout), so it runs off the loop; the transport then
    /// keeps its time (keepalives, input pacing, the server's last word) on `clock`, the
    /// loop's.
    package static func connect(_ request: SSHConnectionRequest, log: SSHLog, clock: LoopClock) throws(SSHError)
        -> SSHTransport
    {
        let session = try openChain(request, log: log, clock: clock)
        if request.destination.forwardAgent {
            log.warn(
                "rterm: agent forwarding (-A, ForwardAgent) is not available with libssh2 \(SSHLibrary.version), which "
                    + "cannot accept the agent channel a server opens; connecting without it")
        }
        // As ssh: the forwards first, then the shell or command (none with -N).
        let forwarding = try SSHForwarding.setUp(on: session, settings: request.destination, log: log)
        let forwardsOnly = request.destination.forwardsOnly
        let channel = forwardsOnly ? try SSHChannel.openSession(on: session) : try startChannel(on: session, request: request, log: log)
        return SSHTransport(
            session: session, channel: channel, isIdle: forwardsOnly, forwarding: forwarding,
            keepaliveInterval: request.destination.serverAliveInterval,
            keepaliveCountMax: request.destination.serverAliveCountMax, pacesInput: request.terminal != nil, clock: clock)
    }

    /// The destination's session, logged in, reached through each jump host in turn (each
    /// host key checked before authenticating to that host). Blocks, as `connect` does.
    static func openChain(_ request: SSHConnectionRequest, log: SSHLog, clock: LoopClock) throws(SSHError)
        -> SSHSession
    {
        var session: SSHSession?
        let chain = request.jumpHosts + [request.destination]
        for (index, settings) in chain.enumerated() {
            let endpoint = SSHEndpoint(
                host: settings.hostName, port: settings.port, user: settings.user,
                isJumpHost: index < chain.count - 1)
            session = try openSession(
                to: endpoint, settings: settings, through: session, request: request, log: log, clock: clock)
        }
        guard let session else { throw SSHError.libraryFailure(operation: "connect", reason: "no destination") }
        return session
    }

    /// TCP (or a tunnel through `previous`), handshake, host key check, authentication.
    private static func openSession(
        to endpoint: SSHEndpoint, settings: SSHSettings, through previous: SSHSession?,
        request: SSHConnectionRequest, log: SSHLog, clock: LoopClock
    ) throws(SSHError) -> SSHSession {
        let socket: Int32
        var tunnel: SSHTunnel?
        var proxy: SSHProxyCommand?
        if let previous {
            if settings.proxyCommand != nil { log.debug("ProxyCommand of \(endpoint) ignored: it is reached through a jump host") }
            log.debug("connecting to \(endpoint) through \(previous.endpoint)")
            let opened = try SSHTunnel.open(through: previous, to: endpoint.host, port: endpoint.port)
            tunnel = opened.tunnel
            socket = opened.socket
        } else if let command = settings.proxyCommand {
            let started = try SSHProxyCommand(command: command, environment: request.environment, log: log, endpoint: endpoint)
            proxy = started
            socket = started.socket
        } else {
            socket = try SSHConnector.connect(
                to: endpoint, timeoutSeconds: settings.connectTimeout, family: settings.addressFamily, log: log)
        }
        let answerTimeout = settings.connectTimeout.flatMap { $0 > 0 ? $0 : nil }
            ?? SSHConnectionRequest.defaultAnswerTimeout
        let session: SSHSession
        do {
            session = try SSHSession(
                socket: socket, endpoint: endpoint, answerTimeout: answerTimeout, tunnel: tunnel, proxy: proxy, log: log,
                clock: clock)
        } catch {
            proxy?.stop()  // (the session closed the socket)
            throw error
        }

        let names = KnownHosts.namesInUse(host: endpoint.host, port: endpoint.port)
        if settings.serverAliveInterval > 0 {
            session.stallLimit = settings.serverAliveInterval * max(settings.serverAliveCountMax, 1)
        }
        let loaded = KnownHostsFile.load(
            paths: settings.userKnownHostsFiles + settings.globalKnownHostsFiles, onlyFor: names)
        for path in loaded.unreadable { log.debug("cannot read known hosts file \(path)") }
        for location in loaded.knownHosts.unparsedLines { log.debug("\(location): line not understood, skipped") }
        do {
            try session.handshake(
                hostKeyAlgorithms: loaded.knownHosts.preferredHostKeyAlgorithms(host: endpoint.host, port: endpoint.port),
                compression: settings.compression)
        } catch {
            // A proxy that gave up is why the handshake failed: say that, with how it ended.
            if let proxy {
                for _ in 0..<50 where proxy.ending == nil { usleep(10_000) }
                if let ending = proxy.ending {
                    proxy.waitForItsErrors(seconds: 1)
                    throw SSHError.proxyCommandFailed(command: proxy.command, reason: ending)
                }
            }
            throw error
        }
        guard let hostKey = session.hostKey() else { throw SSHError.noHostKey(endpoint) }
        var prompter = request.prompter
        prompter.batchMode = prompter.batchMode || settings.batchMode
        let verifier = SSHHostKeyVerifier(
            endpoint: endpoint, knownHosts: loaded.knownHosts, appendPath: settings.userKnownHostsFiles.first,
            policy: settings.strictHostKeyChecking, prompter: prompter, log: log)
        try verifier.verify(keyType: hostKey.type, keyBlob: hostKey.blob)

        let authenticator = SSHAuthenticator(
            session: session, user: settings.user, identityFiles: settings.identityFiles,
            identityFilesAreDefaults: settings.identityFilesAreDefaults, identitiesOnly: settings.identitiesOnly,
            agentSocket: settings.agentSocketPath(environment: request.environment),
            preferredMethods: settings.preferredAuthentications, prompter: prompter, log: log)
        try authenticator.authenticate()
        return session
    }

    /// Opens the session channel, sends the environment, the pty request and the shell or
    /// exec request.
    private static func startChannel(on session: SSHSession, request: SSHConnectionRequest, log: SSHLog)
        throws(SSHError) -> SSHChannel
    {
        let channel = try SSHChannel.openSession(on: session)
        for variable in environmentToSend(request) {
            let result = try session.perform("an environment request") {
                libssh2_channel_setenv_ex(
                    channel.raw, variable.name, UInt32(variable.name.utf8.count), variable.value,
                    UInt32(variable.value.utf8.count))
            }
            // Servers accept only what AcceptEnv lists: a refusal is normal and not fatal.
            if result == 0 {
                log.debug("Sent environment variable \(variable.name)")
            } else {
                log.debug("Server refused environment variable \(variable.name)")
            }
        }
        if let terminal = request.terminal {
            let result = try session.perform("the pseudo-terminal request") {
                libssh2_channel_request_pty_ex(
                    channel.raw, terminal.term, UInt32(terminal.term.utf8.count), nil, 0,
                    Int32(terminal.columns), Int32(terminal.rows), 0, 0)
            }
            if result == 0 {
                log.debug("Requested a \(terminal.term) pty of \(terminal.rows)x\(terminal.columns)")
            } else {
                log.warn("PTY allocation request failed on \(session.endpoint): \(session.lastError.message)")
            }
        }
        let kind = request.command == nil ? "shell" : "exec"
        let command = request.command ?? ""
        let result = try session.perform("the \(kind) request") {
            libssh2_channel_process_startup(
                channel.raw, kind, UInt32(kind.utf8.count), request.command == nil ? nil : command,
                UInt32(command.utf8.count))
        }
        guard result == 0 else {
            throw SSHError.channelFailed(
                session.endpoint, request: "the \(kind) request", reason: session.lastError.message)
        }
        log.debug(request.command.map { "Sending command: \($0)" } ?? "Requesting a shell")
        return channel
    }

    /// SetEnv assignments, then the local variables SendEnv patterns select (sorted by name,
    /// each once; SetEnv wins for a name in both).
    static func environmentToSend(_ request: SSHConnectionRequest) -> [SSHEnvironmentVariable] {
        let settings = request.destination
        var variables = settings.setEnv
        for name in request.environment.keys.sorted()
        where settings.sendEnv.contains(where: { HostPattern.matches(name, pattern: $0) })
            && !variables.contains(where: { $0.name == name })
        {
            variables.append(SSHEnvironmentVariable(name: name, value: request.environment[name] ?? ""))
        }
        return variables
    }
}
