/// Where to connect, as people write it: the destination argument of `rterm`/`ssh`
/// (`[user@]host` or `ssh://[user@]host[:port]`), and a hop of `ProxyJump` / `-J`
/// (`[user@]host[:port]` too). One parser for both: the user is everything before the *last*
/// `@`, as in OpenSSH.
package struct SSHDestination: Sendable, Equatable, CustomStringConvertible {
    /// The user given with `user@`, if any (otherwise the config's, or the local user).
    package var user: String?
    /// The host as written (an alias that ssh_config may map to another HostName; brackets
    /// of an IPv6 literal removed).
    package var host: String
    /// The port, if given.
    package var port: Int?

    /// A destination.
    package init(user: String? = nil, host: String, port: Int? = nil) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// Parses the destination argument; nil when the host part is empty or not a valid host
    /// name. A port is only taken from an `ssh://` URI (`host:22` is a host name to ssh).
    package static func parse(_ argument: String) -> SSHDestination? {
        parse(argument, takesPort: argument.hasPrefix("ssh://"))
    }

    /// Parses one `ProxyJump` hop (`[user@]host[:port]`, `ssh://…`), or nil if malformed.
    package static func parseHop(_ text: String) -> SSHDestination? {
        parse(text, takesPort: true)
    }

    /// Parses a `ProxyJump` value: `none` gives an empty list, otherwise a comma-separated
    /// list of hops, the first being the one connected to first.
    package static func parseHops(_ value: String) throws(SSHOptionValueError) -> [SSHDestination] {
        let trimmed = value.trimmingWhitespace
        if trimmed == "none" { return [] }
        var hops: [SSHDestination] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard let hop = parseHop(String(part)) else {
                throw SSHOptionValueError("invalid ProxyJump hop '\(part)' (expected [user@]host[:port])")
            }
            hops.append(hop)
        }
        return hops
    }

    private static func parse(_ text: String, takesPort: Bool) -> SSHDestination? {
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
        var host = String(rest)
        var port: Int?
        if takesPort {
            guard let split = splitHostPort(rest) else { return nil }
            (host, port) = split
        }
        guard isValidHostName(host) else { return nil }
        return SSHDestination(user: user, host: host, port: port)
    }

    /// The destination in `[user@]host[:port]` form (IPv6 literals bracketed when a port
    /// follows).
    package var description: String {
        var text = user.map { "\($0)@" } ?? ""
        if let port {
            text += host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        } else {
            text += host
        }
        return text
    }

    /// OpenSSH's check on host names taken from the command line: not empty, no leading
    /// `-` (it would read as an option to a proxy command), and no whitespace, control or
    /// shell metacharacters.
    package static func isValidHostName(_ host: String) -> Bool {
        guard !host.isEmpty, !host.hasPrefix("-") else { return false }
        let forbidden = Set("'`\"$\\;&<>|(){}")
        return !host.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || forbidden.contains(Character(scalar))
        }
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
