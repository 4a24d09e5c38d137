/// Why an SSH connection failed. Each description is one line starting `rterm:` that says
/// what failed, on what, and what to try; rterm exits 255 after printing it, as ssh does.
package enum SSHError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `getaddrinfo` could not resolve the host name.
    case cannotResolve(host: String, reason: String)
    /// Every address of the host refused or failed the TCP connection.
    case cannotConnect(SSHEndpoint, reason: String)
    /// The TCP connection did not complete within ConnectTimeout.
    case connectTimedOut(SSHEndpoint, seconds: Int)
    /// The SSH handshake failed (no SSH banner, no common algorithm, a dropped connection).
    case handshakeFailed(SSHEndpoint, reason: String)
    /// The server did not answer during `stage` within `seconds`.
    case timedOut(SSHEndpoint, stage: String, seconds: Int)
    /// The server closed the connection (or the socket failed) during `stage`.
    case connectionClosed(SSHEndpoint, stage: String, reason: String)
    /// StrictHostKeyChecking=yes (or BatchMode) and the host key is not in known_hosts.
    case hostKeyUnknown(SSHEndpoint, keyType: String, fingerprint: String, policy: String)
    /// known_hosts holds another key of the same type for this host.
    case hostKeyChanged(SSHEndpoint, keyType: String, fingerprint: String, location: KnownHostsLocation)
    /// known_hosts only lists keys of other types for this host (OpenSSH refuses too).
    case hostKeyTypeChanged(SSHEndpoint, keyType: String, fingerprint: String, knownTypes: [String])
    /// The key is marked `@revoked` in known_hosts.
    case hostKeyRevoked(SSHEndpoint, keyType: String, fingerprint: String, location: KnownHostsLocation)
    /// The user answered no, or could not be asked, when asked to accept an unknown key.
    case hostKeyNotAccepted(SSHEndpoint, reason: String)
    /// The server did not send a host key libssh2 could read.
    case noHostKey(SSHEndpoint)
    /// No method logged in. `tried` lists the methods attempted; `rsaKeys` the RSA keys
    /// the server refused, which libssh2 1.10 cannot sign with SHA-2.
    case authenticationFailed(SSHEndpoint, tried: [String], rsaKeys: [String])
    /// A channel could not be opened or a channel request was refused.
    case channelFailed(SSHEndpoint, request: String, reason: String)
    /// A jump host would not open a connection onwards.
    case jumpFailed(SSHEndpoint, destination: String, reason: String)
    /// The server stopped answering during `stage` for ServerAliveInterval x
    /// ServerAliveCountMax seconds, before the session was set up.
    case serverStalled(SSHEndpoint, stage: String, seconds: Int)
    /// The connection broke after it was set up.
    case connectionLost(SSHEndpoint, reason: String)
    /// ServerAliveCountMax keepalives went unanswered (or, after the machine slept, the
    /// keepalive sent on waking up).
    case serverNotResponding(SSHEndpoint, seconds: Int, afterSleep: Bool = false)
    /// The ProxyCommand could not be started, or it ended before the connection was set up.
    case proxyCommandFailed(command: String, reason: String)
    /// libssh2 could not be set up (out of memory, or a broken library).
    case libraryFailure(operation: String, reason: String)
    /// A port forward could not be set up and ExitOnForwardFailure is on (the message says
    /// which and why: `SSHForwardingError`).
    case forwardingFailed(String)

    /// One line: what failed, on what, and what to try.
    package var description: String {
        switch self {
        case .cannotResolve(let host, let reason):
            return "rterm: cannot resolve host name '\(host)': \(reason) "
                + "(check the spelling, or set HostName in ~/.ssh/config)"
        case .cannotConnect(let endpoint, let reason):
            return "rterm: cannot connect to \(endpoint): \(reason) "
                + "(check that the host is up, sshd runs there and the port is right)"
        case .connectTimedOut(let endpoint, let seconds):
            return "rterm: connection to \(endpoint) timed out after \(seconds) s "
                + "(check the host is up and reachable; -o ConnectTimeout=N sets the limit)"
        case .handshakeFailed(let endpoint, let reason):
            return "rterm: SSH handshake with \(endpoint) failed: \(reason) "
                + "(is an SSH server listening on that port, and does the stream arrive intact?)"
        case .timedOut(let endpoint, let stage, let seconds):
            guard stage == "the SSH handshake" else {
                // Logged in or logging in: a server that answered before and stopped.
                return "rterm: no answer from \(endpoint) during \(stage) after \(seconds) s "
                    + "(the server or the network is stuck; -o ServerAliveInterval=N makes the wait N x ServerAliveCountMax)"
            }
            return "rterm: no answer from \(endpoint) during \(stage) after \(seconds) s "
                + "(is an SSH server listening on that port? -o ConnectTimeout=N sets the limit)"
        case .connectionClosed(let endpoint, let stage, let reason):
            return "rterm: \(endpoint) closed the connection during \(stage)"
                + (reason.isEmpty ? "" : ": \(reason)")
                + " (check the server's logs; it may limit connections or refuse this client)"
        case .hostKeyUnknown(let endpoint, let keyType, let fingerprint, let policy):
            return "rterm: host key verification failed: no key for \(endpoint.knownHostsName) "
                + "in known_hosts (\(SSHFingerprint.displayName(ofKeyType: keyType)) \(fingerprint)) "
                + "and \(policy); check the fingerprint, then connect once with "
                + "-o StrictHostKeyChecking=accept-new"
        case .hostKeyChanged(let endpoint, let keyType, let fingerprint, let location):
            return "rterm: host key verification failed: the host key for "
                + "\(endpoint.knownHostsName) has CHANGED (now \(SSHFingerprint.displayName(ofKeyType: keyType)) "
                + "\(fingerprint); offending key in \(location)); if the change is expected, remove it "
                + "with ssh-keygen -R '\(endpoint.knownHostsName)'\(Self.knownHostsFileOption(location.file))"
        case .hostKeyTypeChanged(let endpoint, let keyType, let fingerprint, let knownTypes):
            return "rterm: host key verification failed: \(endpoint.knownHostsName) now offers a "
                + "\(SSHFingerprint.displayName(ofKeyType: keyType)) key (\(fingerprint)) but known_hosts "
                + "only lists \(knownTypes.joined(separator: ", ")) keys for it; if the change is "
                + "expected, remove them with ssh-keygen -R '\(endpoint.knownHostsName)'"
        case .hostKeyRevoked(let endpoint, let keyType, let fingerprint, let location):
            return "rterm: host key verification failed: the \(SSHFingerprint.displayName(ofKeyType: keyType)) "
                + "key \(fingerprint) of \(endpoint.knownHostsName) is marked @revoked in \(location)"
        case .hostKeyNotAccepted(let endpoint, let reason):
            return "rterm: host key verification failed for \(endpoint.knownHostsName): \(reason)"
        case .noHostKey(let endpoint):
            return "rterm: \(endpoint) sent no host key rterm can read (libssh2 supports ed25519, "
                + "ecdsa and ssh-rsa host keys)"
        case .authenticationFailed(let endpoint, let tried, let rsaKeys):
            let target = "\(endpoint.user)@\(endpoint.host) port \(endpoint.port)"
            if let rsa = rsaKeys.first {
                return "rterm: authentication failed for \(target): the server refused the RSA key "
                    + "\(rsa) because libssh2 \(SSHLibrary.version) signs RSA keys only with SHA-1, which "
                    + "OpenSSH 8.8 and later reject; use an ed25519 key (ssh-keygen -t ed25519)"
            }
            let methods = tried.isEmpty ? "no method the server allows" : tried.joined(separator: ", ")
            return "rterm: authentication failed for \(target) (tried \(methods)); check -i, "
                + "IdentityFile, ssh-agent (SSH_AUTH_SOCK) or the password"
        case .channelFailed(let endpoint, let request, let reason):
            return "rterm: \(endpoint) refused \(request): \(reason) "
                + "(check the server's sshd_config and logs)"
        case .jumpFailed(let endpoint, let destination, let reason):
            return "rterm: \(endpoint) could not connect onwards to \(destination): \(reason) "
                + "(check the name as the jump host resolves it, and that it may forward: AllowTcpForwarding)"
        case .serverStalled(let endpoint, let stage, let seconds):
            return "rterm: \(endpoint) stopped answering during \(stage): nothing for \(seconds) s "
                + "(ServerAliveInterval x ServerAliveCountMax); the server or the network is stuck"
        case .connectionLost(let endpoint, let reason):
            return "rterm: connection to \(endpoint) lost: \(reason)"
        case .serverNotResponding(let endpoint, let seconds, let afterSleep):
            if afterSleep {
                return "rterm: timeout, \(endpoint) did not answer within \(seconds) s of waking from sleep "
                    + "(ServerAliveInterval); the link did not survive the sleep"
            }
            return "rterm: timeout, \(endpoint) not responding for \(seconds) s "
                + "(ServerAliveInterval x ServerAliveCountMax); the network or the server is down"
        case .proxyCommandFailed(let command, let reason):
            return "rterm: ProxyCommand '\(command)' \(reason) (run it by hand to see why; ProxyCommand none skips it)"
        case .libraryFailure(let operation, let reason):
            return "rterm: libssh2 \(operation) failed: \(reason) (reinstall libssh2-1, or report a bug)"
        case .forwardingFailed(let message):
            return message + " (ExitOnForwardFailure is set)"
        }
    }
}

extension SSHError {
    /// Whether trying the same connection again later may work: a network or a server that
    /// is down may come back, but a refused login, a host key that changed or was not
    /// accepted, or a server that refuses the channel will refuse again. Reconnecting never
    /// retries those (ConnectionBot's rule): it says why and waits for the user.
    package var isWorthRetrying: Bool {
        switch self {
        case .cannotResolve, .cannotConnect, .connectTimedOut, .handshakeFailed, .timedOut, .connectionClosed,
            .jumpFailed, .connectionLost, .serverNotResponding, .serverStalled, .proxyCommandFailed, .forwardingFailed:
            // A forward's port may be held by the connection that was just lost.
            return true
        case .hostKeyUnknown, .hostKeyChanged, .hostKeyTypeChanged, .hostKeyRevoked, .hostKeyNotAccepted, .noHostKey,
            .authenticationFailed, .channelFailed, .libraryFailure:
            return false
        }
    }
}

extension SSHError {
    /// ` -f FILE` for `ssh-keygen -R` when the entry is not in the default file
    /// (`~/.ssh/known_hosts`), which is the only one ssh-keygen edits unasked.
    static func knownHostsFileOption(_ file: String) -> String {
        guard !file.isEmpty, !file.hasSuffix("/.ssh/known_hosts") else { return "" }
        return " -f '\(file)'"
    }
}
