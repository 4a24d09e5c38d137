import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens the TCP connection to an SSH server: every address `getaddrinfo` gives (IPv6 and
/// IPv4, in the resolver's order) is tried in turn within one ConnectTimeout, and the
/// connected socket gets TCP_NODELAY before the handshake (without it, Nagle plus delayed
/// ACKs add about 40 ms per handshake round trip: libssh2 notes, pitfall 1).
enum SSHConnector {
    /// Connects to `endpoint`; the returned descriptor is non-blocking and owned by the caller.
    static func connect(
        to endpoint: SSHEndpoint, timeoutSeconds: Int?, family: Int32 = AF_UNSPEC, log: SSHLog
    ) throws(SSHError) -> Int32 {
        let addresses = try resolve(endpoint, family: family)
        let deadline = timeoutSeconds.map { ContinuousClock.now + .seconds($0) }
        var lastError = "no usable address"
        for address in addresses {
            log.debug("connecting to \(address.text) port \(endpoint.port)")
            switch attempt(address, deadline: deadline) {
            case .connected(let descriptor):
                var one: Int32 = 1
                if setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) != 0 {
                    log.debug("TCP_NODELAY not set: \(String(cString: strerror(errno)))")
                }
                log.debug("connection established")
                return descriptor
            case .failed(let reason):
                log.debug("connect to \(address.text) port \(endpoint.port): \(reason)")
                lastError = reason
            case .timedOut:
                throw SSHError.connectTimedOut(endpoint, seconds: timeoutSeconds ?? 0)
            }
        }
        throw SSHError.cannotConnect(endpoint, reason: lastError)
    }

    /// One resolved address.
    struct Address {
        var family: Int32
        var socketType: Int32
        var protocolNumber: Int32
        var storage: [UInt8]
        var text: String
    }

    /// The addresses of `endpoint` (`family`: AF_INET for `-4`, AF_INET6 for `-6`).
    static func resolve(_ endpoint: SSHEndpoint, family: Int32 = AF_UNSPEC) throws(SSHError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = family
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let result = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard result == 0, let first = list else {
            let reason = result == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(result))
            throw SSHError.cannotResolve(host: endpoint.host, reason: reason)
        }
        defer { freeaddrinfo(first) }
        var addresses: [Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            let info = entry.pointee
            if let socketAddress = info.ai_addr {
                let bytes = UnsafeRawBufferPointer(start: socketAddress, count: Int(info.ai_addrlen))
                addresses.append(
                    Address(
                        family: info.ai_family, socketType: info.ai_socktype,
                        protocolNumber: info.ai_protocol, storage: Array(bytes),
                        text: numericText(socketAddress, length: info.ai_addrlen)))
            }
            cursor = info.ai_next
        }
        return addresses
    }

    private enum Attempt {
        case connected(Int32)
        case failed(String)
        case timedOut
    }

    /// A non-blocking connect, waited for with poll until `deadline`.
    private static func attempt(_ address: Address, deadline: ContinuousClock.Instant?) -> Attempt {
        let descriptor = socket(address.family, address.socketType | Int32(SOCK_CLOEXEC.rawValue), address.protocolNumber)
        guard descriptor >= 0 else { return .failed(String(cString: strerror(errno))) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = address.storage.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return -1 }
            return Glibc.connect(descriptor, base.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started == 0 { return .connected(descriptor) }
        guard errno == EINPROGRESS else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            return .failed(reason)
        }
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let timeout = deadline.map { SSHDeadline.milliseconds(until: $0) } ?? -1
            if timeout == 0 {
                Glibc.close(descriptor)
                return .timedOut
            }
            let ready = poll(&entry, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                Glibc.close(descriptor)
                return .failed(reason)
            }
            if ready == 0 { continue }  // the deadline check above ends the loop
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            if socketError == 0 { return .connected(descriptor) }
            Glibc.close(descriptor)
            return .failed(String(cString: strerror(socketError)))
        }
    }

    private static func numericText(_ address: UnsafeMutablePointer<sockaddr>, length: socklen_t) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return "?"
        }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
