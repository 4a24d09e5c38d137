#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few `sockaddr` chores of forwarding: numeric names for messages and for the
/// originator fields of a channel, ports in and out, Unix socket addresses.
enum SSHSocketAddress {
    /// The numeric host and the port of `storage` (`"unix"`, 0 for a Unix socket).
    static func numeric(_ storage: sockaddr_storage, length: socklen_t) -> (host: String, port: Int) {
        var copy = storage
        if copy.ss_family == sa_family_t(AF_UNIX) { return ("unix", 0) }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: 32)
        let result = withUnsafePointer(to: &copy) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                    NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard result == 0 else { return ("?", 0) }
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return (text(host), Int(text(service)) ?? 0)
    }

    /// Sets the port of an IPv4 or IPv6 address in place.
    static func setPort(_ address: UnsafeMutablePointer<sockaddr>, _ port: Int) {
        let network = UInt16(truncatingIfNeeded: port).bigEndian
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = network }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = network }
        default: break
        }
    }

    /// The local port a socket is bound to.
    static func localPort(_ descriptor: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? numeric(storage, length: length).port : 0
    }

    /// A Unix socket address for `path`, or nil when the path does not fit.
    static func unix(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        return address
    }
}

/// A forward that could not be set up (a port in use, a bind address that does not
/// resolve, a remote forward the server refused): a warning, or with ExitOnForwardFailure
/// the end of the connection.
package struct SSHForwardingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The forward as written (`-L 8080:localhost:80`).
    package var forward: String
    /// What went wrong.
    package var reason: String

    init(_ forward: SSHForward, _ reason: String) {
        self.forward = forward.commandLineForm
        self.reason = reason
    }

    /// `rterm: -L 8080:localhost:80: cannot listen on port 8080: Address already in use`.
    package var description: String { "rterm: \(forward): \(reason)" }
}
