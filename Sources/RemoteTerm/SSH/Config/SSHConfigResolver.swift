#if canImport(Glibc)
    import Glibc
#endif

/// Turns the command line's option values and the config files into `SSHSettings`, with
/// ssh's precedence: command line (`-o`, `-p`, `-l`, `-i`, `user@`) first, then the user
/// config (`~/.ssh/config`, or the `-F` file), then `/etc/ssh/ssh_config`, then defaults.
/// As in OpenSSH, `-F` replaces both files (`-F none` reads no file at all).
package enum SSHConfigResolver {
    /// OpenSSH's system-wide client config.
    package static let systemConfigPath = "/etc/ssh/ssh_config"
    /// Identity files tried when none is configured. ed25519 comes first because libssh2
    /// 1.10 cannot sign with RSA keys for OpenSSH >= 8.8 servers.
    package static let defaultIdentityFiles = [
        "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_rsa",
    ]
    /// known_hosts files read when `UserKnownHostsFile` is not set.
    package static let defaultUserKnownHostsFiles = ["~/.ssh/known_hosts", "~/.ssh/known_hosts2"]
    /// OpenSSH's `GlobalKnownHostsFile` default.
    package static let defaultGlobalKnownHostsFiles = ["/etc/ssh/ssh_known_hosts", "/etc/ssh/ssh_known_hosts2"]

    /// Reads the config files for `host` (as given on the command line, before any
    /// `HostName`) and resolves the settings.
    package static func resolve(
        host: String, commandLine: SSHConfigValues, configFile: String?, context: SSHLocalContext,
        systemConfigPath: String = systemConfigPath
    ) throws(SSHConfigError) -> SSHSettings {
        var reader = SSHConfigFile(originalHost: host, context: context, values: commandLine)
        if let configFile {
            if configFile != "none" {
                let path: String
                do {
                    path = try SSHPercentExpansion.expandTilde(configFile, context: context)
                } catch {
                    throw SSHConfigError.cannotOpen(path: configFile, reason: error.message)
                }
                try reader.read(path: path, kind: .user, mustExist: true)
            }
        } else {
            try reader.read(
                path: context.homeDirectory + "/.ssh/config", kind: .user, checkPermissions: true)
            try reader.read(path: systemConfigPath, kind: .system)
        }
        return try finish(
            host: host, values: reader.values, context: context,
            ignoredOptions: reader.ignoredOptions, notes: reader.notes)
    }

    /// Applies defaults and expansions to collected `values` (no file is read).
    package static func finish(
        host: String, values: SSHConfigValues, context: SSHLocalContext,
        ignoredOptions: [String] = [], notes: [String] = []
    ) throws(SSHConfigError) -> SSHSettings {
        let lowerHost = host.lowercased()
        var hostName = lowerHost
        if let configured = values.hostName {
            hostName = try expand("hostname", configured) { (text) throws(SSHOptionValueError) in
                try SSHPercentExpansion.expandTokens(text, tokens: ["h": lowerHost]).lowercased()
            }
        }
        let user = values.user ?? context.userName
        let port = values.port ?? 22
        let tokens = percentTokens(
            originalHost: host, hostName: hostName, user: user, port: port, context: context)
        func expandPath(_ option: String, _ path: String) throws(SSHConfigError) -> String {
            try expand(option, path) { (text) throws(SSHOptionValueError) in
                try SSHPercentExpansion.expandPath(text, tokens: tokens, context: context)
            }
        }

        let configuredIdentities = values.identityFiles
        var identityFiles: [String] = []
        for path in configuredIdentities.isEmpty ? defaultIdentityFiles : configuredIdentities {
            identityFiles.append(try expandPath("identityfile", path))
        }
        var knownHostsFiles: [String] = []
        let configuredKnownHosts = values.userKnownHostsFiles ?? defaultUserKnownHostsFiles
        if configuredKnownHosts != ["none"] {
            for path in configuredKnownHosts {
                knownHostsFiles.append(try expandPath("userknownhostsfile", path))
            }
        }
        var globalKnownHostsFiles: [String] = []
        let configuredGlobal = values.globalKnownHostsFiles ?? defaultGlobalKnownHostsFiles
        if configuredGlobal != ["none"] {
            for path in configuredGlobal { globalKnownHostsFiles.append(try expandPath("globalknownhostsfile", path)) }
        }
        // OpenSSH's ProxyCommand tokens: %h %p %r %n (and %%); no ${VAR}, the shell has those.
        var proxyCommand: String?
        if let command = values.proxyCommand, command.lowercased() != "none" {
            proxyCommand = try expand("proxycommand", command) { (text) throws(SSHOptionValueError) in
                try SSHPercentExpansion.expandTokens(
                    text, tokens: ["h": hostName, "p": String(port), "r": user, "n": host])
            }
        }
        var remoteCommand: String?
        if let command = values.remoteCommand, command.lowercased() != "none" {
            remoteCommand = try expand("remotecommand", command) { (text) throws(SSHOptionValueError) in
                try SSHPercentExpansion.expandTokens(
                    text, tokens: ["h": hostName, "p": String(port), "r": user, "n": host])
            }
        }
        var identityAgent: String?
        if let agent = values.identityAgent { identityAgent = try expandPath("identityagent", agent) }

        var settings = SSHSettings(
            originalHost: host, hostName: hostName, user: user, port: port,
            identityFiles: identityFiles, identityFilesAreDefaults: configuredIdentities.isEmpty,
            identitiesOnly: values.identitiesOnly ?? false, identityAgent: identityAgent,
            userKnownHostsFiles: knownHostsFiles, globalKnownHostsFiles: globalKnownHostsFiles,
            strictHostKeyChecking: values.strictHostKeyChecking ?? .ask,
            connectTimeout: values.connectTimeout,
            serverAliveInterval: values.serverAliveInterval ?? 0,
            serverAliveCountMax: values.serverAliveCountMax ?? 3,
            setEnv: values.setEnv ?? [], sendEnv: values.sendEnv,
            requestTTY: values.requestTTY ?? .auto,
            proxyJump: values.proxyJump ?? [], proxyJumpText: values.proxyJumpText,
            batchMode: values.batchMode ?? false,
            preferredAuthentications: values.preferredAuthentications ?? SSHAuthenticator.defaultMethods,
            ignoredOptions: ignoredOptions, notes: notes,
            serverAliveIsDefault: values.serverAliveInterval == nil,
            resumeSession: values.rtermResume == "none" ? nil : values.rtermResume,
            proxyCommand: proxyCommand, remoteCommand: remoteCommand,
            addressFamily: values.addressFamily == "inet" ? AF_INET : values.addressFamily == "inet6" ? AF_INET6 : AF_UNSPEC,
            compression: values.compression ?? false,
            logVerbosity: values.logLevel.flatMap { SSHOptionValue.logLevels[$0] },
            forwardAgent: values.forwardAgent.map { $0.lowercased() != "no" } ?? false,
            forwards: values.clearAllForwardings == true ? [] : values.forwards,
            gatewayPorts: values.gatewayPorts ?? false,
            exitOnForwardFailure: values.exitOnForwardFailure ?? false,
            forwardsOnly: values.sessionType == "none",
            escapeCharacter: values.escapeChar ?? .tilde)
        settings.predict = values.rtermPredict ?? .adaptive
        settings.front = values.front
        return settings
    }

    /// The `%` tokens OpenSSH 9.2 offers in IdentityFile, IdentityAgent and
    /// UserKnownHostsFile: `%C` (SHA-1 of `%l%h%p%r`), `%d`, `%h`, `%i`, `%k` (the host as
    /// given, rterm has no HostKeyAlias), `%L`, `%l`, `%n`, `%p`, `%r`, `%u`.
    package static func percentTokens(
        originalHost: String, hostName: String, user: String, port: Int, context: SSHLocalContext
    ) -> [Character: String] {
        let shortLocalHost = String(context.localHostName.prefix { $0 != "." })
        let connectionHash = SHA1.hash(Array("\(context.localHostName)\(hostName)\(port)\(user)".utf8))
            .map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined()
        return [
            "C": connectionHash, "d": context.homeDirectory, "h": hostName, "i": String(context.userID),
            "k": originalHost, "L": shortLocalHost, "l": context.localHostName, "n": originalHost,
            "p": String(port), "r": user, "u": context.userName,
        ]
    }

    private static func expand(
        _ option: String, _ text: String, _ body: (String) throws(SSHOptionValueError) -> String
    ) throws(SSHConfigError) -> String {
        do {
            return try body(text)
        } catch {
            throw SSHConfigError.expansion(option: option, message: error.message)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
