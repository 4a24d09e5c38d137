/// The server side of a SOCKS handshake for `-D`: SOCKS 4, 4a (a host name) and 5 (no
/// authentication; IPv4, IPv6 and domain names; CONNECT only), as ssh's dynamic forwarding
/// speaks them. Pure: it reads the bytes the client sent so far and says what to answer.
///
/// Unlike ssh, which answers "granted" before it knows, the answer to the request waits
/// for the channel: a refused connection is told to the client as refused
/// (`reply(succeeded:)`), so `curl --socks5-hostname` reports it instead of an empty reply.
package struct SOCKSNegotiation: Sendable {
    /// What the bytes so far call for.
    package enum Step: Sendable, Equatable {
        /// Not enough bytes for the next message yet.
        case needMore
        /// Send `answer` (SOCKS 5's method choice); `consumed` bytes were used. Call again.
        case answer([UInt8], consumed: Int)
        /// The client asks for a connection to `host`:`port`; `consumed` bytes were used.
        /// Anything after them is the client's first data. Answer with `reply(succeeded:)`.
        case connect(host: String, port: Int, consumed: Int)
        /// Refused: send `answer` (possibly empty) and close. `reason` is for the log.
        case refuse(answer: [UInt8], reason: String)
    }

    /// The most a handshake may take before it is refused: a SOCKS 4 user id or a name
    /// longer than this is not a real client.
    package static let limit = 1024

    private var version: UInt8 = 0
    private var greeted = false

    /// A handshake that has seen nothing yet.
    package init() {}

    /// The next step for the bytes received and not yet consumed.
    package mutating func advance(_ bytes: [UInt8]) -> Step {
        guard let first = bytes.first else { return .needMore }
        if version == 0 { version = first }
        switch version {
        case 4: return socks4(bytes)
        case 5: return greeted ? socks5Request(bytes) : socks5Greeting(bytes)
        default: return .refuse(answer: [], reason: "not a SOCKS request (first byte \(first))")
        }
    }

    /// The answer to the `connect` request once the channel opened or failed.
    package func reply(succeeded: Bool) -> [UInt8] {
        if version == 4 { return [0, succeeded ? 90 : 91, 0, 0, 0, 0, 0, 0] }
        // REP 0 succeeded, 5 connection refused; bound address 0.0.0.0:0 (as ssh).
        return [5, succeeded ? 0 : 5, 0, 1, 0, 0, 0, 0, 0, 0]
    }

    // MARK: - SOCKS 4 and 4a

    private func socks4(_ bytes: [UInt8]) -> Step {
        // VN CD DSTPORT(2) DSTIP(4) USERID NUL [HOST NUL when DSTIP is 0.0.0.x]
        guard bytes.count >= 9 else { return tooLong(bytes) ?? .needMore }
        guard bytes[1] == 1 else { return .refuse(answer: reply(succeeded: false), reason: "SOCKS4 command \(bytes[1]) is not CONNECT") }
        let port = Int(bytes[2]) << 8 | Int(bytes[3])
        guard let userEnd = bytes[8...].firstIndex(of: 0) else { return tooLong(bytes) ?? .needMore }
        let address = bytes[4..<8]
        if address[4] == 0, address[5] == 0, address[6] == 0, address[7] != 0 {
            guard let hostEnd = bytes[(userEnd + 1)...].firstIndex(of: 0) else { return tooLong(bytes) ?? .needMore }
            guard let host = Self.hostName(bytes[(userEnd + 1)..<hostEnd]) else {
                return .refuse(answer: reply(succeeded: false), reason: "SOCKS4a host name is not valid")
            }
            return .connect(host: host, port: port, consumed: hostEnd + 1)
        }
        return .connect(host: address.map(String.init).joined(separator: "."), port: port, consumed: userEnd + 1)
    }

    // MARK: - SOCKS 5

    private mutating func socks5Greeting(_ bytes: [UInt8]) -> Step {
        // VER NMETHODS METHODS...
        guard bytes.count >= 2, bytes.count >= 2 + Int(bytes[1]) else { return .needMore }
        let methods = bytes[2..<(2 + Int(bytes[1]))]
        guard methods.contains(0) else {
            return .refuse(answer: [5, 0xFF], reason: "SOCKS5 client offers no method without authentication")
        }
        greeted = true
        return .answer([5, 0], consumed: 2 + Int(bytes[1]))
    }

    private func socks5Request(_ bytes: [UInt8]) -> Step {
        // VER CMD RSV ATYP DST.ADDR DST.PORT(2)
        guard bytes.count >= 5 else { return .needMore }
        guard bytes[0] == 5 else { return .refuse(answer: [], reason: "SOCKS5 request of version \(bytes[0])") }
        guard bytes[1] == 1 else {
            return .refuse(answer: [5, 7, 0, 1, 0, 0, 0, 0, 0, 0], reason: "SOCKS5 command \(bytes[1]) is not CONNECT")
        }
        let host: String
        let addressEnd: Int
        switch bytes[3] {
        case 1:
            addressEnd = 8
            guard bytes.count >= addressEnd + 2 else { return .needMore }
            host = bytes[4..<8].map(String.init).joined(separator: ".")
        case 3:
            addressEnd = 5 + Int(bytes[4])
            guard bytes.count >= addressEnd + 2 else { return .needMore }
            guard let name = Self.hostName(bytes[5..<addressEnd]) else {
                return .refuse(answer: reply(succeeded: false), reason: "SOCKS5 host name is not valid")
            }
            host = name
        case 4:
            addressEnd = 20
            guard bytes.count >= addressEnd + 2 else { return .needMore }
            host = stride(from: 4, to: 20, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        default:
            return .refuse(answer: [5, 8, 0, 1, 0, 0, 0, 0, 0, 0], reason: "SOCKS5 address type \(bytes[3])")
        }
        let port = Int(bytes[addressEnd]) << 8 | Int(bytes[addressEnd + 1])
        return .connect(host: host, port: port, consumed: addressEnd + 2)
    }

    // MARK: - Helpers

    private func tooLong(_ bytes: [UInt8]) -> Step? {
        bytes.count > Self.limit ? .refuse(answer: reply(succeeded: false), reason: "SOCKS request too long") : nil
    }

    /// A host name as the server will resolve it: printable ASCII without blanks, or nil.
    private static func hostName(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.count <= 255, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
