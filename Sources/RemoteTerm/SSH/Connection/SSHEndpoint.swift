/// A server rterm talks to: the destination or one of its jump hosts. Used to label
/// messages ("jump host bastion port 22") and to look host keys up.
package struct SSHEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address connected to (after `HostName`).
    package var host: String
    /// The port.
    package var port: Int
    /// The user authenticated as.
    package var user: String
    /// Whether this is a jump host (`-J`/`ProxyJump`) rather than the destination.
    package var isJumpHost: Bool

    /// An endpoint.
    package init(host: String, port: Int, user: String, isJumpHost: Bool = false) {
        self.host = host
        self.port = port
        self.user = user
        self.isJumpHost = isJumpHost
    }

    /// `host port N`, with `jump host` in front for a hop, as ssh words its messages.
    package var description: String {
        (isJumpHost ? "jump host " : "") + "\(host) port \(port)"
    }

    /// The known_hosts name: `host` for port 22, else `[host]:port`.
    package var knownHostsName: String { KnownHosts.lookupName(host: host, port: port) }
}
