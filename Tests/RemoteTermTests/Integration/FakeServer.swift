import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A misbehaving TCP peer on 127.0.0.1 for the bad-input tests, served by one thread that
/// `stop()` ends (and joins): no process is started.
final class FakeServer: @unchecked Sendable {
    enum Behaviour {
        /// Sends an HTTP error and binary junk instead of an SSH banner, then waits.
        case garbage
        /// Accepts and never says anything.
        case silent
        /// Relays to the test sshd on `port`, then closes both sides after `milliseconds`.
        case relayThenClose(port: UInt16, milliseconds: Int)
        /// Relays to the test sshd on `port`, then goes silent after `milliseconds` without
        /// closing anything (a dead link: nothing arrives, nothing is refused).
        case relayThenStall(port: UInt16, milliseconds: Int)
    }

    let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw TestSSHDError(message: "fake server: bind/listen failed") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        self.thread = thread
        thread.start()
    }

    /// A port on which nothing listens (bound, then closed).
    static func closedPort() -> UInt16 {
        let server = try? FakeServer(.silent)
        let port = server?.port ?? 1
        server?.stop()
        return port
    }

    func stop() {
        lock.withLock { stopping = true }
        finished.wait()
        close(listener)
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func serve() {
        defer { finished.signal() }
        var clients: [Int32] = []
        defer { clients.forEach { close($0) } }
        while !isStopping {
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            clients.append(client)
            switch behaviour {
            case .garbage:
                let junk = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8) + (0..<2048).map { UInt8($0 % 256) }
                _ = junk.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            case .silent:
                break
            case .relayThenClose(let port, let milliseconds):
                relay(client, to: port, for: milliseconds)
                shutdown(client, Int32(SHUT_RDWR))
            case .relayThenStall(let port, let milliseconds):
                relay(client, to: port, for: milliseconds)
            }
        }
    }

    private func relay(_ client: Int32, to port: UInt16, for milliseconds: Int) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(upstream) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return }
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline, !isStopping {
            var entries = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
            guard poll(&entries, 2, 20) > 0 else { continue }
            for (index, entry) in entries.enumerated() where entry.revents != 0 {
                let from = index == 0 ? client : upstream
                let to = index == 0 ? upstream : client
                let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
                _ = buffer.withUnsafeBytes { send(to, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            }
        }
    }
}
