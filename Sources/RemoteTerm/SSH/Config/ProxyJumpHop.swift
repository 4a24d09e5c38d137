/// One hop of `ProxyJump` / `-J`: `[user@]host[:port]` or `ssh://[user@]host[:port]`.
public struct ProxyJumpHop: Sendable, Equatable, CustomStringConvertible {
    /// The user for this hop, if given (otherwise the hop's own config or the local user).
    public var user: String?
    /// The host name or address (brackets of an IPv6 literal removed).
    public var host: String
    /// The port, if given.
    public var port: Int?

    /// A hop.
    public init(user: String? = nil, host: String, port: Int? = nil) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// The hop in `[user@]host[:port]` form (IPv6 literals bracketed when a port follows).
    public var description: String {
        var text = user.map { "\($0)@" } ?? ""
        if let port {
            text += host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        } else {
            text += host
        }
        return text
    }

    /// Parses a `ProxyJump` value: `none` gives an empty list, otherwise a comma-separated
    /// list of hops, the first being the one connected to first.
    public static func parseList(_ value: String) throws(SSHOptionValueError) -> [ProxyJumpHop] {
        let trimmed = value.trimmingWhitespace
        if trimmed == "none" { return [] }
        var hops: [ProxyJumpHop] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard let hop = parse(String(part)) else {
                throw SSHOptionValueError("invalid ProxyJump hop '\(part)' (expected [user@]host[:port])")
            }
            hops.append(hop)
        }
        return hops
    }

    /// Parses one hop, or returns nil if it is malformed.
    public static func parse(_ text: String) -> ProxyJumpHop? {
        var rest = Substring(text)
        if rest.hasPrefix("ssh://") {
            rest = rest.dropFirst("ssh://".count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
        }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
            if user?.isEmpty == true { return nil }
        }
        guard let (host, port) = splitHostPort(rest), SSHDestination.isValidHostName(host) else {
            return nil
        }
        return ProxyJumpHop(user: user, host: host, port: port)
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 literal (several colons) is a
    /// host without port. Nil for an empty host or a bad port.
    static func splitHostPort(_ text: Substring) -> (String, Int?)? {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            if after.isEmpty { return host.isEmpty ? nil : (host, nil) }
            guard after.hasPrefix(":"), let port = SSHOptionValue.port(String(after.dropFirst())) else {
                return nil
            }
            return host.isEmpty ? nil : (host, port)
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") {
            guard let port = SSHOptionValue.port(String(text[text.index(after: colon)...])) else {
                return nil
            }
            let host = String(text[..<colon])
            return host.isEmpty ? nil : (host, port)
        }
        return text.isEmpty ? nil : (String(text), nil)
    }
}
