/// One side of a copy as scp reads it: `[user@]host:path` is remote (`host:` alone is the
/// login directory; `[v6-address]:path` for an IPv6 address), anything else, including a
/// name with a slash before its first colon, is a local path.
package enum CopyLocation: Equatable, Sendable {
    case local(String)
    case remote(user: String?, host: String, path: String)

    package init(_ argument: String) {
        guard let colon = Self.hostColon(in: argument) else {
            self = .local(argument)
            return
        }
        var host = String(argument[..<colon])
        var user: String?
        // A user name ends at the last @ (user names may hold one).
        if let at = host.lastIndex(of: "@") {
            user = String(host[..<at])
            host = String(host[host.index(after: at)...])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else {
            self = .local(argument)
            return
        }
        self = .remote(user: user, host: host, path: String(argument[argument.index(after: colon)...]))
    }

    /// The colon that ends a host name: the first one, unless a slash comes before it (then
    /// it is a local path such as `./a:b`); the one after `]` for a bracketed IPv6 address.
    private static func hostColon(in argument: String) -> String.Index? {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        if let open = argument.firstIndex(of: "["), open < colon, !argument[..<open].contains("/") {
            guard let close = argument[open...].firstIndex(of: "]") else { return nil }
            let after = argument.index(after: close)
            return after < argument.endIndex && argument[after] == ":" ? after : nil
        }
        return argument[..<colon].contains("/") ? nil : colon
    }

    package var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }

    /// The path on its side ("" for `host:`, the login directory).
    package var path: String {
        switch self {
        case .local(let path): return path
        case .remote(_, _, let path): return path
        }
    }
}
