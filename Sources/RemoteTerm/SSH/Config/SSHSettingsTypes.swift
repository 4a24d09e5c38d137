/// `StrictHostKeyChecking`: what to do with a host key that known_hosts does not list.
/// A changed or revoked key is refused whatever this says.
package enum StrictHostKeyChecking: String, Sendable, Equatable, CaseIterable {
    /// Show the fingerprint and ask (OpenSSH's default).
    case ask
    /// Refuse unknown hosts.
    case yes
    /// Accept unknown hosts and record them without asking.
    case acceptNew = "accept-new"
    /// Accept unknown hosts and record them (`no` / `off`).
    case no

    /// The spelling `ssh -G` prints.
    package var configDumpValue: String {
        switch self {
        case .ask: return "ask"
        case .yes: return "true"
        case .acceptNew: return "accept-new"
        case .no: return "false"
        }
    }
}

/// `RequestTTY` (and `-t` / `-T`): whether to ask the server for a pseudo-terminal.
package enum RequestTTY: String, Sendable, Equatable, CaseIterable {
    /// A tty when there is no remote command and standard input is a terminal (the default).
    case auto
    /// Never (`-T`).
    case no
    /// When standard input is a terminal (`-t`).
    case yes
    /// Always, even without a local terminal (`-tt`).
    case force

    /// The spelling `ssh -G` prints.
    package var configDumpValue: String {
        switch self {
        case .auto: return "auto"
        case .no: return "false"
        case .yes: return "true"
        case .force: return "force"
        }
    }
}

/// One `SetEnv NAME=value` assignment.
package struct SSHEnvironmentVariable: Sendable, Equatable {
    /// The variable name.
    package var name: String
    /// The value (quotes already removed).
    package var value: String

    /// `name=value`.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `NAME=value`, as written in ssh_config and printed by `ssh -G`.
    package var assignment: String { "\(name)=\(value)" }
}
