/// The destination argument of `rterm`/`ssh`: `[user@]host` or `ssh://[user@]host[:port]`.
public struct SSHDestination: Sendable, Equatable {
    /// The user given with `user@`, if any.
    public var user: String?
    /// The host as written (an alias that ssh_config may map to another HostName).
    public var host: String
    /// The port from an `ssh://` URI, if any.
    public var port: Int?

    /// A destination.
    public init(user: String? = nil, host: String, port: Int? = nil) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// Parses `argument`; nil when the host part is empty or not a valid host name.
    /// As in OpenSSH, the user is everything before the *last* `@`.
    public static func parse(_ argument: String) -> SSHDestination? {
        if argument.hasPrefix("ssh://") {
            guard let hop = ProxyJumpHop.parse(argument) else { return nil }
            return SSHDestination(user: hop.user, host: hop.host, port: hop.port)
        }
        var user: String?
        var host = Substring(argument)
        if let at = host.lastIndex(of: "@") {
            user = String(host[..<at])
            host = host[host.index(after: at)...]
            if user?.isEmpty == true { return nil }
        }
        guard isValidHostName(String(host)) else { return nil }
        return SSHDestination(user: user, host: String(host), port: nil)
    }

    /// OpenSSH's check on host names taken from the command line: not empty, no leading
    /// `-` (it would read as an option to a proxy command), and no whitespace, control or
    /// shell metacharacters.
    public static func isValidHostName(_ host: String) -> Bool {
        guard !host.isEmpty, !host.hasPrefix("-") else { return false }
        let forbidden = Set("'`\"$\\;&<>|(){}")
        return !host.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || forbidden.contains(Character(scalar))
        }
    }
}
