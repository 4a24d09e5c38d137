/// The ssh_config keywords rterm implements (lower-cased, as matched).
package enum SSHConfigKeyword: String, Sendable, CaseIterable {
    case host, match, include
    case hostName = "hostname"
    case user, port
    case identityFile = "identityfile"
    case identitiesOnly = "identitiesonly"
    case identityAgent = "identityagent"
    case userKnownHostsFile = "userknownhostsfile"
    case globalKnownHostsFile = "globalknownhostsfile"
    case strictHostKeyChecking = "stricthostkeychecking"
    case connectTimeout = "connecttimeout"
    case serverAliveInterval = "serveraliveinterval"
    case serverAliveCountMax = "serveralivecountmax"
    case setEnv = "setenv"
    case sendEnv = "sendenv"
    case requestTTY = "requesttty"
    case proxyJump = "proxyjump"
    case batchMode = "batchmode"
    case preferredAuthentications = "preferredauthentications"
    /// A command whose standard input and output carry the connection (`%h %p %r %n %%`).
    case proxyCommand = "proxycommand"
    /// The command to run when the command line names none (`%h %p %r %n %%`).
    case remoteCommand = "remotecommand"
    case addressFamily = "addressfamily"
    case compression
    case logLevel = "loglevel"
    case forwardAgent = "forwardagent"
    case localForward = "localforward"
    case remoteForward = "remoteforward"
    case dynamicForward = "dynamicforward"
    case gatewayPorts = "gatewayports"
    case exitOnForwardFailure = "exitonforwardfailure"
    case clearAllForwardings = "clearallforwardings"
    /// `none` (`-N`): no shell or command, forwarding only; `default`.
    case sessionType = "sessiontype"
    case escapeChar = "escapechar"
    /// rterm's own: the tmux session the shell runs in, so a reconnect resumes it
    /// (`--resume NAME`). OpenSSH needs `IgnoreUnknown RTermResume` to read such a file.
    case rtermResume = "rtermresume"
    /// rterm's own: when typed keys are shown before their echo (`--predict MODE`:
    /// adaptive, always, never). OpenSSH needs `IgnoreUnknown RTermPredict`.
    case rtermPredict = "rtermpredict"
    /// rterm's own: the key set the bar starts with (`--keybar NAME`).
    case rtermKeyBar = "rtermkeybar"
    /// rterm's own: the bar's height in rows, 1 to 3 (`--bar-rows N`).
    case rtermBarRows = "rtermbarrows"
    /// rterm's own: the bar's labels, words, glyphs or auto (`--bar-labels STYLE`).
    case rtermBarLabels = "rtermbarlabels"
    /// rterm's own: reader mode, plain lines for a screen reader (`--reader`).
    case rtermReader = "rtermreader"

    /// The keywords that set an option (the block and file structure keywords excluded);
    /// these are the ones `-o` accepts.
    package var isOption: Bool { self != .host && self != .match && self != .include }

    /// Whether `keyword` (any case) is an OpenSSH 9.x client keyword, including Debian's
    /// GSSAPI additions, deprecated aliases and Apple's `UseKeychain`. Used to tell an option
    /// rterm does not implement (ignored in config files) from a typo.
    package static func isOpenSSHKeyword(_ keyword: String) -> Bool {
        let lowered = keyword.lowercased()
        return SSHConfigKeyword(rawValue: lowered) != nil || openSSHOnlyKeywords.contains(lowered)
    }

    /// OpenSSH client keywords that rterm does not implement.
    static let openSSHOnlyKeywords: Set<String> = [
        "addkeystoagent", "bindaddress", "bindinterface",
        "canonicaldomains", "canonicalizefallbacklocal", "canonicalizehostname",
        "canonicalizemaxdots", "canonicalizepermittedcnames", "casignaturealgorithms",
        "certificatefile", "challengeresponseauthentication", "channeltimeout", "checkhostip",
        "cipher", "ciphers", "compressionlevel",
        "connectionattempts", "controlmaster", "controlpath", "controlpersist",
        "dsaauthentication", "enableescapecommandline", "enablesshkeysign",
        "fallbacktorsh", "fingerprinthash",
        "forkafterauthentication", "forwardx11", "forwardx11timeout",
        "forwardx11trusted", "globalknownhostsfile2",
        "gssapiauthentication", "gssapiclientidentity", "gssapidelegatecredentials",
        "gssapikexalgorithms", "gssapikeyexchange", "gssapirenewalforcesrekey",
        "gssapiserveridentity", "gssapitrustdns", "hashknownhosts",
        "hostbasedacceptedalgorithms", "hostbasedauthentication", "hostbasedkeytypes",
        "hostkeyalgorithms", "hostkeyalias", "ignoreunknown", "ipqos",
        "kbdinteractiveauthentication", "kbdinteractivedevices", "keepalive", "kexalgorithms",
        "knownhostscommand", "localcommand", "logverbose", "macs",
        "nohostauthenticationforlocalhost", "numberofpasswordprompts", "obscurekeystroketiming",
        "passwordauthentication", "permitlocalcommand", "permitremoteopen", "pkcs11provider",
        "protocol", "proxyusefdpass",
        "pubkeyacceptedalgorithms", "pubkeyacceptedkeytypes", "pubkeyauthentication",
        "rekeylimit", "requiredrsasize", "revokedhostkeys",
        "rhostsrsaauthentication", "rsaauthentication", "securitykeyprovider",
        "smartcarddevice", "stdinnull", "streamlocalbindmask", "streamlocalbindunlink",
        "syslogfacility", "tag", "tcpkeepalive", "tunnel", "tunneldevice", "updatehostkeys",
        "usekeychain", "useprivilegedport", "useroaming", "usersh", "userknownhostsfile2",
        "verifyhostkeydns", "visualhostkey", "xauthlocation",
    ]
}

extension SSHConfigKeyword {
    /// The keyword in OpenSSH's documented capitalisation.
    package var displayName: String {
        switch self {
        case .host: return "Host"
        case .match: return "Match"
        case .include: return "Include"
        case .hostName: return "HostName"
        case .user: return "User"
        case .port: return "Port"
        case .identityFile: return "IdentityFile"
        case .identitiesOnly: return "IdentitiesOnly"
        case .identityAgent: return "IdentityAgent"
        case .userKnownHostsFile: return "UserKnownHostsFile"
        case .globalKnownHostsFile: return "GlobalKnownHostsFile"
        case .strictHostKeyChecking: return "StrictHostKeyChecking"
        case .connectTimeout: return "ConnectTimeout"
        case .serverAliveInterval: return "ServerAliveInterval"
        case .serverAliveCountMax: return "ServerAliveCountMax"
        case .setEnv: return "SetEnv"
        case .sendEnv: return "SendEnv"
        case .requestTTY: return "RequestTTY"
        case .proxyJump: return "ProxyJump"
        case .batchMode: return "BatchMode"
        case .preferredAuthentications: return "PreferredAuthentications"
        case .proxyCommand: return "ProxyCommand"
        case .remoteCommand: return "RemoteCommand"
        case .addressFamily: return "AddressFamily"
        case .compression: return "Compression"
        case .logLevel: return "LogLevel"
        case .forwardAgent: return "ForwardAgent"
        case .localForward: return "LocalForward"
        case .remoteForward: return "RemoteForward"
        case .dynamicForward: return "DynamicForward"
        case .gatewayPorts: return "GatewayPorts"
        case .exitOnForwardFailure: return "ExitOnForwardFailure"
        case .clearAllForwardings: return "ClearAllForwardings"
        case .sessionType: return "SessionType"
        case .escapeChar: return "EscapeChar"
        case .rtermResume: return "RTermResume"
        case .rtermPredict: return "RTermPredict"
        case .rtermKeyBar: return "RTermKeyBar"
        case .rtermBarRows: return "RTermBarRows"
        case .rtermBarLabels: return "RTermBarLabels"
        case .rtermReader: return "RTermReader"
        }
    }
}
