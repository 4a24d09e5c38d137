/// One port forwarding asked for with `-L`, `-R`, `-D` or `LocalForward`, `RemoteForward`,
/// `DynamicForward`: where connections are accepted and where each is carried to.
///
/// Written as OpenSSH writes them (readconf.c, parse_forward):
///
///     -L [bind_address:]port:host:hostport     -L [bind_address:]port:remote_socket
///     -L local_socket:host:hostport            -L local_socket:remote_socket
///     -R [bind_address:]port:host:hostport     -R [bind_address:]port:local_socket
///     -D [bind_address:]port
///
/// A field in square brackets is taken literally (`[::1]:8080:...`), and a field holding a
/// `/` is a Unix socket path. Port 0 asks for any free port, which is then announced.
package struct SSHForward: Sendable, Equatable, CustomStringConvertible {
    /// Which side listens.
    package enum Kind: Sendable, Equatable {
        /// `-L`: rterm listens; each connection goes to `target` as the server sees it.
        case local
        /// `-R`: the server listens; each connection comes to `target` as rterm sees it.
        case remote
        /// `-D`: rterm listens as a SOCKS 4/4a/5 proxy; each connection goes where its SOCKS
        /// request says, from the server.
        case dynamic
    }

    /// A place to listen at or connect to: a TCP host and port, or a Unix socket.
    package enum Endpoint: Sendable, Equatable, CustomStringConvertible {
        /// A TCP port; `host` nil when none was written (the default bind address, or for a
        /// listening side: loopback unless GatewayPorts).
        case tcp(host: String?, port: Int)
        /// A Unix-domain socket.
        case unix(path: String)

        /// `port`, `[host]:port` or the path, as `ssh -G` prints it.
        package var description: String {
            switch self {
            case .tcp(nil, let port): return String(port)
            case .tcp(let host?, let port): return "[\(host)]:\(port)"
            case .unix(let path): return path
            }
        }
    }

    /// Which side listens.
    package var kind: Kind
    /// Where connections are accepted.
    package var listen: Endpoint
    /// Where each connection is carried to (nil for `-D`).
    package var target: Endpoint?

    /// A forward.
    package init(kind: Kind, listen: Endpoint, target: Endpoint?) {
        self.kind = kind
        self.listen = listen
        self.target = target
    }

    /// As `ssh -G` prints it: `localforward 8080 [localhost]:80`.
    package var description: String {
        let keyword: String
        switch kind {
        case .local: keyword = "localforward"
        case .remote: keyword = "remoteforward"
        case .dynamic: keyword = "dynamicforward"
        }
        return ([keyword, listen.description] + (target.map { [$0.description] } ?? [])).joined(separator: " ")
    }

    /// How the forward is written on the command line (`-L 8080:localhost:80`), for messages.
    package var commandLineForm: String {
        let letter: String
        switch kind {
        case .local: letter = "-L"
        case .remote: letter = "-R"
        case .dynamic: letter = "-D"
        }
        func written(_ endpoint: Endpoint) -> String {
            switch endpoint {
            case .tcp(nil, let port): return String(port)
            case .tcp(let host?, let port): return (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
            case .unix(let path): return path
            }
        }
        return "\(letter) " + ([written(listen)] + (target.map { [written($0)] } ?? [])).joined(separator: ":")
    }

    /// Parses the value of `-L`, `-R` or `-D` (for the config keywords, the two arguments
    /// joined with `:`, as OpenSSH does).
    package static func parse(_ text: String, kind: Kind) throws(SSHOptionValueError) -> SSHForward {
        let fields = try splitFields(text)
        func port(_ field: Field) throws(SSHOptionValueError) -> Int {
            guard !field.isPath, let value = listenPort(field.text) else {
                throw SSHOptionValueError("bad port '\(field.text)' in '\(text)'")
            }
            return value
        }
        func connectPort(_ field: Field) throws(SSHOptionValueError) -> Int {
            guard !field.isPath, let value = SSHOptionValue.port(field.text) else {
                throw SSHOptionValueError("bad port '\(field.text)' in '\(text)'")
            }
            return value
        }
        func host(_ field: Field) throws(SSHOptionValueError) -> String {
            guard !field.isPath, !field.text.isEmpty || field.wasBracketed else {
                throw SSHOptionValueError("missing host in '\(text)'")
            }
            return field.text
        }
        if kind == .dynamic {
            switch fields.count {
            case 1: return SSHForward(kind: kind, listen: .tcp(host: nil, port: try port(fields[0])), target: nil)
            case 2:
                return SSHForward(
                    kind: kind, listen: .tcp(host: fields[0].text, port: try port(fields[1])), target: nil)
            default: throw SSHOptionValueError("bad dynamic forwarding specification '\(text)' (expected [bind_address:]port)")
            }
        }
        let listen: Endpoint
        let target: Endpoint
        switch fields.count {
        case 2 where fields[0].isPath && fields[1].isPath:
            listen = .unix(path: fields[0].text)
            target = .unix(path: fields[1].text)
        case 2 where fields[1].isPath:
            listen = .tcp(host: nil, port: try port(fields[0]))
            target = .unix(path: fields[1].text)
        case 3 where fields[0].isPath:
            listen = .unix(path: fields[0].text)
            target = .tcp(host: try host(fields[1]), port: try connectPort(fields[2]))
        case 3 where fields[2].isPath:
            listen = .tcp(host: fields[0].text, port: try port(fields[1]))
            target = .unix(path: fields[2].text)
        case 3:
            listen = .tcp(host: nil, port: try port(fields[0]))
            target = .tcp(host: try host(fields[1]), port: try connectPort(fields[2]))
        case 4:
            listen = .tcp(host: fields[0].text, port: try port(fields[1]))
            target = .tcp(host: try host(fields[2]), port: try connectPort(fields[3]))
        case 1 where kind == .remote, 2 where kind == .remote:
            throw SSHOptionValueError(
                "'\(text)': a remote SOCKS proxy (-R [bind_address:]port alone) is not supported by rterm")
        default:
            throw SSHOptionValueError("bad forwarding specification '\(text)' (expected [bind_address:]port:host:hostport)")
        }
        if case .tcp(let bind?, _) = listen, bind.contains("/") {
            throw SSHOptionValueError("bad bind address '\(bind)' in '\(text)'")
        }
        return SSHForward(kind: kind, listen: listen, target: target)
    }

    /// A listening port: 0 (any free port) to 65535.
    private static func listenPort(_ text: String) -> Int? {
        text == "0" ? 0 : SSHOptionValue.port(text)
    }

    private struct Field {
        var text: String
        var isPath: Bool
        var wasBracketed: Bool
    }

    /// Splits on `:`; a field in `[...]` is taken whole (IPv6 addresses), a field with a
    /// `/` is a path. Surrounding blanks are dropped.
    private static func splitFields(_ text: String) throws(SSHOptionValueError) -> [Field] {
        var rest = Substring(text.trimmingBlanks)
        guard !rest.isEmpty else { throw SSHOptionValueError("missing forwarding specification") }
        var fields: [Field] = []
        while true {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else {
                    throw SSHOptionValueError("unterminated '[' in '\(text)'")
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                fields.append(Field(text: String(inside), isPath: inside.contains("/"), wasBracketed: true))
                rest = rest[rest.index(after: close)...]
                if rest.isEmpty { break }
                guard rest.first == ":" else { throw SSHOptionValueError("expected ':' after ']' in '\(text)'") }
                rest = rest.dropFirst()
                continue
            }
            let end = rest.firstIndex(of: ":") ?? rest.endIndex
            let field = rest[..<end]
            fields.append(Field(text: String(field), isPath: field.contains("/"), wasBracketed: false))
            if end == rest.endIndex { break }
            rest = rest[rest.index(after: end)...]
        }
        guard fields.count <= 4 else { throw SSHOptionValueError("too many fields in '\(text)'") }
        return fields
    }
}

extension String {
    fileprivate var trimmingBlanks: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}

/// `EscapeChar` and `-e`: the character that starts an escape at the start of a line (`~`
/// by default), or none.
package enum SSHEscapeCharacter: Sendable, Equatable, CustomStringConvertible {
    /// Escapes are off: every key goes to the remote.
    case none
    /// This byte (a printable character, or a control character written `^X`).
    case byte(UInt8)

    /// OpenSSH's default, `~`.
    package static let tilde = SSHEscapeCharacter.byte(0x7E)

    /// The byte, nil for `none`.
    package var byte: UInt8? {
        if case .byte(let byte) = self { return byte }
        return nil
    }

    /// `none`, one character, or `^` and a character for its control character (`^]`).
    package static func parse(_ text: String) throws(SSHOptionValueError) -> SSHEscapeCharacter {
        let bytes = Array(text.utf8)
        if text == "none" { return .none }
        if bytes.count == 2, bytes[0] == UInt8(ascii: "^"), (64..<128).contains(bytes[1]) { return .byte(bytes[1] & 31) }
        if bytes.count == 1 { return .byte(bytes[0]) }
        throw SSHOptionValueError("bad escape character '\(text)' (one character, ^X or none)")
    }

    /// `~`, `^]` or `none`, as written.
    package var description: String {
        switch self {
        case .none: return "none"
        case .byte(let byte) where byte < 0x20: return "^" + String(UnicodeScalar(byte + 0x40))
        case .byte(let byte): return String(UnicodeScalar(byte))
        }
    }
}
