import CSSH2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The local listening sockets of one `-L` or `-D` forward: one per address family for a
/// TCP port (loopback or wildcard, IPv4 and IPv6), or one Unix socket. Non-blocking; closed
/// on deinit (a Unix socket's file is removed then).
final class SSHForwardListener {
    /// The forward this listens for.
    let forward: SSHForward
    /// The listening descriptors.
    let descriptors: [Int32]
    /// The port actually bound (the one the system chose for port 0), nil for a Unix socket.
    let port: Int?
    private let unixPath: String?

    private init(forward: SSHForward, descriptors: [Int32], port: Int?, unixPath: String?) {
        self.forward = forward
        self.descriptors = descriptors
        self.port = port
        self.unixPath = unixPath
    }

    deinit {
        for descriptor in descriptors { Glibc.close(descriptor) }
        if let unixPath { unlink(unixPath) }
    }

    /// A new connection: its descriptor (non-blocking, owned by the caller) and who it comes from.
    struct Accepted {
        var descriptor: Int32
        var peerHost: String
        var peerPort: Int
    }

    /// Takes up to `limit` waiting connections.
    func accept(limit: Int) -> [Accepted] {
        var accepted: [Accepted] = []
        for descriptor in descriptors {
            while accepted.count < limit {
                var storage = sockaddr_storage()
                var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let client = withUnsafeMutablePointer(to: &storage) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        rterm_accept_nonblocking(descriptor, $0, &length)
                    }
                }
                guard client >= 0 else { break }
                var one: Int32 = 1
                if storage.ss_family != sa_family_t(AF_UNIX) {
                    _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                }
                let peer = SSHSocketAddress.numeric(storage, length: length)
                accepted.append(Accepted(descriptor: client, peerHost: peer.host, peerPort: peer.port))
            }
        }
        return accepted
    }

    /// Binds the listening side of `forward` (`-L` or `-D`). Without a bind address the port
    /// is on loopback, or on every interface with GatewayPorts; `localhost` is loopback, an
    /// empty address or `*` every interface, and any other address is used as given (as ssh).
    static func bind(_ forward: SSHForward, gatewayPorts: Bool, family: Int32) throws(SSHForwardingError)
        -> SSHForwardListener
    {
        switch forward.listen {
        case .unix(let path):
            return SSHForwardListener(
                forward: forward, descriptors: [try bindUnix(path, forward: forward)], port: nil, unixPath: path)
        case .tcp(let host, let port):
            let wildcard: Bool
            var address: String?
            switch host {
            case nil: wildcard = gatewayPorts
            case "", "*": wildcard = true
            case "localhost": wildcard = false
            case let given?:
                wildcard = false
                address = given
            }
            var hints = addrinfo()
            hints.ai_family = family
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = wildcard ? AI_PASSIVE : 0
            if address != nil { hints.ai_flags |= AI_NUMERICSERV }
            var list: UnsafeMutablePointer<addrinfo>?
            let result = getaddrinfo(address, String(port), &hints, &list)
            guard result == 0, let first = list else {
                throw SSHForwardingError(forward, "cannot resolve bind address '\(address ?? "")': \(String(cString: gai_strerror(result)))")
            }
            defer { freeaddrinfo(first) }
            var descriptors: [Int32] = []
            var boundPort = port
            var lastError = "no usable address"
            var cursor: UnsafeMutablePointer<addrinfo>? = first
            while let entry = cursor {
                cursor = entry.pointee.ai_next
                guard let socketAddress = entry.pointee.ai_addr else { continue }
                // With port 0, every family gets the port the first one was given (as ssh).
                SSHSocketAddress.setPort(socketAddress, boundPort)
                switch listenOn(socketAddress, length: entry.pointee.ai_addrlen, family: entry.pointee.ai_family) {
                case .listening(let descriptor):
                    if boundPort == 0 { boundPort = SSHSocketAddress.localPort(descriptor) }
                    descriptors.append(descriptor)
                case .failed(let reason):
                    lastError = reason
                }
            }
            guard !descriptors.isEmpty else {
                throw SSHForwardingError(forward, "cannot listen on port \(port): \(lastError)")
            }
            return SSHForwardListener(forward: forward, descriptors: descriptors, port: boundPort, unixPath: nil)
        }
    }

    private enum Listening {
        case listening(Int32)
        case failed(String)
    }

    private static func listenOn(_ address: UnsafeMutablePointer<sockaddr>, length: socklen_t, family: Int32) -> Listening {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // IPv6 sockets take only IPv6, so that the IPv4 wildcard of the same port binds too.
        if family == AF_INET6 {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        guard Glibc.bind(descriptor, address, length) == 0, listen(descriptor, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            return .failed(reason)
        }
        return .listening(descriptor)
    }

    /// A Unix socket only its owner may use (as ssh's StreamLocalBindMask 0177). An existing
    /// file is an error, as in ssh without StreamLocalBindUnlink.
    private static func bindUnix(_ path: String, forward: SSHForward) throws(SSHForwardingError) -> Int32 {
        guard var address = SSHSocketAddress.unix(path) else {
            throw SSHForwardingError(forward, "socket path too long: \(path)")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SSHForwardingError(forward, String(cString: strerror(errno))) }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw SSHForwardingError(forward, "cannot listen on \(path): \(reason)")
        }
        return descriptor
    }
}
