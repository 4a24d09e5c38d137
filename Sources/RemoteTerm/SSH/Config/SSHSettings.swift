#if canImport(Glibc)
    import Glibc
#endif

/// The resolved settings for one connection: command line, then user config, then system
/// config, then defaults, with `%`, `~` and `${VAR}` expanded.
package struct SSHSettings: Sendable, Equatable {
    /// The host as given on the command line (what `Host` patterns matched).
    package var originalHost: String
    /// The name or address to connect to (`HostName`, else the host), lower-cased.
    package var hostName: String
    /// The remote user (`User`, `-l`, `user@`, else the local user).
    package var user: String
    /// The remote port (default 22).
    package var port: Int
    /// Identity files to try, expanded, in order.
    package var identityFiles: [String]
    /// True when `identityFiles` are the defaults (missing ones are skipped silently), false
    /// when they were given (a missing one deserves a warning, as OpenSSH prints).
    package var identityFilesAreDefaults: Bool
    /// `IdentitiesOnly`: use only the identity files, not other agent keys.
    package var identitiesOnly: Bool
    /// `IdentityAgent` as configured and expanded: nil (use `$SSH_AUTH_SOCK`), `none`,
    /// `SSH_AUTH_SOCK`, `$VARIABLE`, or a socket path. See `agentSocketPath(environment:)`.
    package var identityAgent: String?
    /// known_hosts files to read (the first is the one new keys are appended to); empty for
    /// `UserKnownHostsFile none`.
    package var userKnownHostsFiles: [String]
    /// `GlobalKnownHostsFile`: the files every user shares, read after the user's own and
    /// never written; empty for `GlobalKnownHostsFile none`.
    package var globalKnownHostsFiles: [String] = SSHConfigResolver.defaultGlobalKnownHostsFiles
    /// `StrictHostKeyChecking`.
    package var strictHostKeyChecking: StrictHostKeyChecking
    /// `ConnectTimeout` in seconds; nil or 0 means the system's TCP timeout.
    package var connectTimeout: Int?
    /// `ServerAliveInterval` in seconds; 0 disables keepalives.
    package var serverAliveInterval: Int
    /// `ServerAliveCountMax`: unanswered keepalives before the connection is dropped.
    package var serverAliveCountMax: Int
    /// `SetEnv` variables to send.
    package var setEnv: [SSHEnvironmentVariable]
    /// `SendEnv` patterns of local variables to send.
    package var sendEnv: [String]
    /// `RequestTTY` (`-t`, `-tt`, `-T`).
    package var requestTTY: RequestTTY
    /// Jump hosts, the first connected to first; empty for a direct connection.
    package var proxyJump: [SSHDestination]
    /// `ProxyJump` as written (for `-G`), nil when there is none.
    package var proxyJumpText: String?
    /// `BatchMode`: never prompt (passphrases, passwords, host keys).
    package var batchMode: Bool = false
    /// `PreferredAuthentications`: the methods to try, in order.
    package var preferredAuthentications: [String] = SSHAuthenticator.defaultMethods
    /// Config keywords that applied but that rterm does not implement (lower-cased).
    package var ignoredOptions: [String]
    /// One-line notes for `-v` (ignored options with their file and line, unsupported
    /// `Match` criteria, `Include` patterns that matched nothing).
    package var notes: [String]
    /// `ServerAliveInterval` was not set anywhere: an interactive session uses rterm's
    /// default (`ConnectionPlan.interactiveKeepalive`), a command none, as ssh.
    package var serverAliveIsDefault = false
    /// `RTermResume` / `--resume`: the tmux session the shell runs in, nil for none.
    package var resumeSession: String?
    /// `RTermPredict` / `--predict`: when typed keys are shown before their echo.
    package var predict = PredictionSettings.adaptive
    /// rterm's front keywords: the key set, the bar's rows and labels, reader mode.
    package var front = FrontPreferences()
    /// `ProxyCommand` with its `%` tokens expanded, nil for none (or `ProxyCommand none`).
    package var proxyCommand: String?
    /// `RemoteCommand` with its `%` tokens expanded, nil for none.
    package var remoteCommand: String?
    /// `AddressFamily`: `AF_UNSPEC`, `AF_INET` (`-4`) or `AF_INET6` (`-6`).
    package var addressFamily: Int32 = 0
    /// `Compression` (`-C`): zlib when the server offers it.
    package var compression = false
    /// `LogLevel` as a `-v` count (-1 quiet), nil when not set.
    package var logVerbosity: Int?
    /// `ForwardAgent` (`-A`) asked for.
    package var forwardAgent = false
    /// The port forwards, in order (none with ClearAllForwardings).
    package var forwards: [SSHForward] = []
    /// `GatewayPorts`: local forwards without a bind address listen on every interface.
    package var gatewayPorts = false
    /// `ExitOnForwardFailure`: a forward that cannot be set up ends the connection.
    package var exitOnForwardFailure = false
    /// `SessionType none` (`-N`): no shell or command, only the forwards.
    package var forwardsOnly = false
    /// `EscapeChar` (`-e`).
    package var escapeCharacter = SSHEscapeCharacter.tilde

    /// The agent socket to use, or nil for none: `IdentityAgent none` disables the agent,
    /// `SSH_AUTH_SOCK` or no setting reads `$SSH_AUTH_SOCK`, `$NAME` reads that variable.
    package func agentSocketPath(environment: [String: String]) -> String? {
        guard let agent = identityAgent else { return nonEmpty(environment["SSH_AUTH_SOCK"]) }
        if agent == "none" { return nil }
        if agent == "SSH_AUTH_SOCK" { return nonEmpty(environment["SSH_AUTH_SOCK"]) }
        if agent.hasPrefix("$") { return nonEmpty(environment[String(agent.dropFirst())]) }
        return agent
    }

    /// The settings as `ssh -G` prints them: lower-case option names, one per line, in
    /// ssh's order. Paths are shown expanded (ssh shows IdentityFile unexpanded).
    package var configDump: String {
        var lines = [
            "host \(originalHost)",
            "user \(user)",
            "hostname \(hostName)",
            "port \(port)",
            "batchmode \(batchMode ? "yes" : "no")",
            "identitiesonly \(identitiesOnly ? "yes" : "no")",
            "requesttty \(requestTTY.configDumpValue)",
            "stricthostkeychecking \(strictHostKeyChecking.configDumpValue)",
            "serveralivecountmax \(serverAliveCountMax)",
            "serveraliveinterval \(serverAliveInterval)",
        ]
        if let identityAgent { lines.append("identityagent \(identityAgent)") }
        lines += identityFiles.map { "identityfile \($0)" }
        let knownHosts =
            userKnownHostsFiles.isEmpty ? "none" : userKnownHostsFiles.joined(separator: " ")
        lines.append("userknownhostsfile \(knownHosts)")
        lines.append("globalknownhostsfile \(globalKnownHostsFiles.isEmpty ? "none" : globalKnownHostsFiles.joined(separator: " "))")
        lines += sendEnv.map { "sendenv \($0)" }
        lines += setEnv.map { "setenv \($0.assignment)" }
        lines.append("connecttimeout \(connectTimeout.map(String.init) ?? "none")")
        if let proxyJumpText { lines.append("proxyjump \(proxyJumpText)") }
        lines.append("preferredauthentications \(preferredAuthentications.joined(separator: ","))")
        if let proxyCommand { lines.append("proxycommand \(proxyCommand)") }
        if let remoteCommand { lines.append("remotecommand \(remoteCommand)") }
        lines.append("addressfamily \(addressFamily == AF_INET ? "inet" : addressFamily == AF_INET6 ? "inet6" : "any")")
        lines.append("compression \(compression ? "yes" : "no")")
        lines.append("forwardagent \(forwardAgent ? "yes" : "no")")
        lines.append("gatewayports \(gatewayPorts ? "yes" : "no")")
        lines.append("exitonforwardfailure \(exitOnForwardFailure ? "yes" : "no")")
        lines.append("sessiontype \(forwardsOnly ? "none" : "default")")
        lines.append("escapechar \(escapeCharacter)")
        for kind in [SSHForward.Kind.local, .remote, .dynamic] {
            lines += forwards.filter { $0.kind == kind }.map(\.description)
        }
        if let resumeSession { lines.append("rtermresume \(resumeSession)") }
        lines.append("rtermpredict \(predict)")
        lines += front.configDumpLines
        return lines.joined(separator: "\n") + "\n"
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
