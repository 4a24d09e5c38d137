import CSSH2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `-R` forward the server listens for: libssh2's listener, the port the server bound,
/// and the local addresses each connection is carried to. The listener is cancelled by
/// `libssh2_session_free` with the session.
final class SSHRemoteListener {
    /// The forward.
    let forward: SSHForward
    /// libssh2's listener. Never leaves Transport/SSH.
    let raw: OpaquePointer
    /// The port the server listens on (the one it chose for port 0).
    let port: Int
    /// Where connections go, in the order tried.
    let targets: [SSHForwardTarget]

    init(forward: SSHForward, raw: OpaquePointer, port: Int, targets: [SSHForwardTarget]) {
        self.forward = forward
        self.raw = raw
        self.port = port
        self.targets = targets
    }

    /// The bind address sent to the server, as ssh sends it: `localhost` when none was
    /// written, the empty string (every interface, if the server's GatewayPorts allows) for
    /// `*` or an empty address, else the address as written.
    static func bindAddress(_ host: String?) -> String {
        guard let host else { return "localhost" }
        return host.isEmpty || host == "*" ? "" : host
    }
}

/// A local address a `-R` connection is carried to: resolved when the forward is set up.
struct SSHForwardTarget {
    private let family: Int32
    private let storage: [UInt8]
    /// `localhost port 80` or the socket path, for messages.
    let text: String

    /// The addresses of `endpoint` on this machine (`family`: `-4`, `-6`).
    static func resolve(_ endpoint: SSHForward.Endpoint, family: Int32) throws(SSHOptionValueError) -> [SSHForwardTarget] {
        switch endpoint {
        case .unix(let path):
            guard var address = SSHSocketAddress.unix(path) else { throw SSHOptionValueError("socket path too long: \(path)") }
            let bytes = withUnsafeBytes(of: &address) { Array($0) }
            return [SSHForwardTarget(family: AF_UNIX, storage: bytes, text: path)]
        case .tcp(let host, let port):
            let name = host ?? "localhost"
            let addresses: [SSHConnector.Address]
            do {
                addresses = try SSHConnector.resolve(
                    SSHEndpoint(host: name, port: port, user: "", isJumpHost: false), family: family)
            } catch {
                if case .cannotResolve(_, let reason) = error {
                    throw SSHOptionValueError("cannot resolve \(name): \(reason)")
                }
                throw SSHOptionValueError("cannot resolve \(name)")
            }
            return addresses.map { SSHForwardTarget(family: $0.family, storage: $0.storage, text: "\(name) port \(port)") }
        }
    }

    /// How starting a non-blocking connection went.
    enum ConnectStart {
        /// Connected at once (a Unix socket, usually).
        case connected(Int32)
        /// In progress: poll for POLLOUT, then read SO_ERROR.
        case inProgress(Int32)
        /// Failed.
        case failed(String)
    }

    /// Starts connecting a new non-blocking socket.
    func startConnect() -> ConnectStart {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        if family != AF_UNIX {
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = storage.withUnsafeBytes { raw -> Int32 in
            Glibc.connect(descriptor, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if result == 0 { return .connected(descriptor) }
        if errno == EINPROGRESS { return .inProgress(descriptor) }
        let reason = String(cString: strerror(errno))
        Glibc.close(descriptor)
        return .failed(reason)
    }
}
