/// Option values collected from the command line and config files, before defaults and
/// `%`/`~` expansion. OpenSSH's rule applies: the first value obtained for an option wins,
/// except that `IdentityFile` and `SendEnv` accumulate. `SetEnv` is first-wins as a whole
/// directive (OpenSSH 9.2: the first applicable `SetEnv` line is used, later ones ignored).
package struct SSHConfigValues: Sendable, Equatable {
    /// `HostName`, unexpanded (`%h` allowed).
    package var hostName: String?
    /// `User`.
    package var user: String?
    /// `Port`.
    package var port: Int?
    /// `IdentityFile` values in order, unexpanded, without repeats.
    package var identityFiles: [String] = []
    /// `IdentitiesOnly`.
    package var identitiesOnly: Bool?
    /// `IdentityAgent`, unexpanded.
    package var identityAgent: String?
    /// `UserKnownHostsFile` paths, unexpanded (`["none"]` disables them).
    package var userKnownHostsFiles: [String]?
    /// `GlobalKnownHostsFile` paths, unexpanded (`["none"]` disables them).
    package var globalKnownHostsFiles: [String]?
    /// `StrictHostKeyChecking`.
    package var strictHostKeyChecking: StrictHostKeyChecking?
    /// `ConnectTimeout` in seconds.
    package var connectTimeout: Int?
    /// `ServerAliveInterval` in seconds.
    package var serverAliveInterval: Int?
    /// `ServerAliveCountMax`.
    package var serverAliveCountMax: Int?
    /// `SetEnv` assignments.
    package var setEnv: [SSHEnvironmentVariable]?
    /// `SendEnv` patterns.
    package var sendEnv: [String] = []
    /// `RequestTTY` (or `-t`/`-T`).
    package var requestTTY: RequestTTY?
    /// `ProxyJump` hops; an empty list is an explicit `none`.
    package var proxyJump: [SSHDestination]?
    /// `ProxyJump` as written, for `-G` and `%j`.
    package var proxyJumpText: String?
    /// `BatchMode`: never prompt.
    package var batchMode: Bool?
    /// `PreferredAuthentications`, lower-cased method names in order.
    package var preferredAuthentications: [String]?
    /// `RTermResume` / `--resume`: a tmux session name, or `none`.
    package var rtermResume: String?
    /// `RTermPredict` / `--predict`: `MODE[=MS][,overwrite]`.
    package var rtermPredict: PredictionSettings?
    /// rterm's front keywords (`RTermKeyBar`, `RTermBarRows`, `RTermBarLabels`,
    /// `RTermReader`), each first value winning.
    package var front = FrontPreferences()
    /// `ProxyCommand`, unexpanded, or `none`.
    package var proxyCommand: String?
    /// `RemoteCommand`, unexpanded, or `none`.
    package var remoteCommand: String?
    /// `AddressFamily` (`-4`, `-6`): `any`, `inet` or `inet6`.
    package var addressFamily: String?
    /// `Compression` (`-C`).
    package var compression: Bool?
    /// `LogLevel` (`-q` is QUIET), upper-cased.
    package var logLevel: String?
    /// `ForwardAgent` (`-A`): yes, no, or an agent socket.
    package var forwardAgent: String?
    /// `-L`, `-R`, `-D`, `LocalForward`, `RemoteForward`, `DynamicForward`: every one
    /// applies (the command line's first), each once.
    package var forwards: [SSHForward] = []
    /// `GatewayPorts`: `-L`/`-D` ports without a bind address listen on every interface.
    package var gatewayPorts: Bool?
    /// `ExitOnForwardFailure`.
    package var exitOnForwardFailure: Bool?
    /// `ClearAllForwardings`: no forwards at all.
    package var clearAllForwardings: Bool?
    /// `SessionType` (`-N` is `none`): `none` or `default`.
    package var sessionType: String?
    /// `EscapeChar` (`-e`).
    package var escapeChar: SSHEscapeCharacter?

    /// No values.
    package init() {}

    /// Validates `arguments` for the option `keyword` and, when `active`, records the value
    /// unless one is already set. Validation happens even when inactive, as in OpenSSH, so
    /// a bad value is reported wherever it is. `Host`, `Match` and `Include` are not options
    /// and are handled by the file reader.
    package mutating func apply(
        _ keyword: SSHConfigKeyword, arguments: [String], active: Bool
    ) throws(SSHOptionValueError) {
        switch keyword {
        case .host, .match, .include:
            throw SSHOptionValueError("\(keyword.rawValue) is not allowed here")
        case .hostName:
            setFirst(\.hostName, try single(arguments, keyword), active)
        case .user:
            setFirst(\.user, try single(arguments, keyword), active)
        case .port:
            setFirst(\.port, try SSHOptionValue.requirePort(try single(arguments, keyword)), active)
        case .identityFile:
            let path = try single(arguments, keyword)
            if active, !identityFiles.contains(path) { identityFiles.append(path) }
        case .identitiesOnly:
            setFirst(\.identitiesOnly, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .identityAgent:
            setFirst(\.identityAgent, try single(arguments, keyword), active)
        case .userKnownHostsFile:
            setFirst(\.userKnownHostsFiles, arguments, active)
        case .globalKnownHostsFile:
            setFirst(\.globalKnownHostsFiles, arguments, active)
        case .strictHostKeyChecking:
            let value = try SSHOptionValue.strictHostKeyChecking(try single(arguments, keyword))
            setFirst(\.strictHostKeyChecking, value, active)
        case .connectTimeout:
            setFirst(\.connectTimeout, try SSHOptionValue.seconds(try single(arguments, keyword)), active)
        case .serverAliveInterval:
            setFirst(
                \.serverAliveInterval, try SSHOptionValue.seconds(try single(arguments, keyword)), active)
        case .serverAliveCountMax:
            let count = try SSHOptionValue.nonNegativeInteger(try single(arguments, keyword))
            setFirst(\.serverAliveCountMax, count, active)
        case .setEnv:
            var assignments: [SSHEnvironmentVariable] = []
            for argument in arguments {
                let assignment = try SSHOptionValue.environmentAssignment(argument)
                // Within one directive the first assignment of a name wins, too.
                if !assignments.contains(where: { $0.name == assignment.name }) {
                    assignments.append(assignment)
                }
            }
            setFirst(\.setEnv, assignments, active)
        case .sendEnv:
            try applySendEnv(arguments, active: active)
        case .requestTTY:
            setFirst(\.requestTTY, try SSHOptionValue.requestTTY(try single(arguments, keyword)), active)
        case .batchMode:
            setFirst(\.batchMode, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .proxyCommand:
            setFirst(\.proxyCommand, try single(arguments, keyword), active)
        case .remoteCommand:
            setFirst(\.remoteCommand, try single(arguments, keyword), active)
        case .addressFamily:
            let family = try single(arguments, keyword).lowercased()
            guard ["any", "inet", "inet6"].contains(family) else {
                throw SSHOptionValueError("unsupported AddressFamily '\(family)' (any, inet or inet6)")
            }
            setFirst(\.addressFamily, family, active)
        case .compression:
            setFirst(\.compression, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .logLevel:
            let level = try single(arguments, keyword).uppercased()
            guard SSHOptionValue.logLevels.keys.contains(level) else {
                throw SSHOptionValueError(
                    "unsupported LogLevel '\(level)' (QUIET, FATAL, ERROR, INFO, VERBOSE, DEBUG, DEBUG1, DEBUG2, DEBUG3)")
            }
            setFirst(\.logLevel, level, active)
        case .forwardAgent:
            setFirst(\.forwardAgent, try single(arguments, keyword), active)
        case .localForward, .remoteForward, .dynamicForward:
            try applyForward(keyword, arguments, active: active)
        case .gatewayPorts:
            setFirst(\.gatewayPorts, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .exitOnForwardFailure:
            setFirst(\.exitOnForwardFailure, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .clearAllForwardings:
            setFirst(\.clearAllForwardings, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .sessionType:
            let type = try single(arguments, keyword).lowercased()
            guard type == "none" || type == "default" else {
                throw SSHOptionValueError(
                    type == "subsystem"
                        ? "SessionType subsystem is not supported by rterm" : "unsupported SessionType '\(type)' (none or default)")
            }
            setFirst(\.sessionType, type, active)
        case .escapeChar:
            setFirst(\.escapeChar, try SSHEscapeCharacter.parse(try single(arguments, keyword)), active)
        case .rtermResume:
            setFirst(\.rtermResume, try SSHOptionValue.resumeName(try single(arguments, keyword)), active)
        case .rtermPredict:
            let text = try single(arguments, keyword)
            guard let settings = PredictionSettings(parsing: text) else {
                throw SSHOptionValueError(
                    "bad prediction mode '\(text)' (adaptive, always or never; adaptive=MS sets the threshold, ,overwrite)")
            }
            setFirst(\.rtermPredict, settings, active)
        case .rtermKeyBar:
            setFirst(\.front.keyBarSet, try FrontPreferences.setName(try single(arguments, keyword)), active)
        case .rtermBarRows:
            setFirst(\.front.barRows, try FrontPreferences.barRows(try single(arguments, keyword)), active)
        case .rtermBarLabels:
            setFirst(\.front.barLabels, try FrontPreferences.labels(try single(arguments, keyword)), active)
        case .rtermReader:
            setFirst(\.front.reader, try SSHOptionValue.flag(try single(arguments, keyword)), active)
        case .preferredAuthentications:
            let methods = try single(arguments, keyword).lowercased().split(separator: ",").map(String.init)
            setFirst(\.preferredAuthentications, methods, active)
        case .proxyJump:
            let text = try single(arguments, keyword)
            let hops = try SSHDestination.parseHops(text)
            if active, proxyJump == nil {
                proxyJump = hops
                proxyJumpText = hops.isEmpty ? nil : text
            }
        }
    }

    /// `LocalForward [bind:]port host:hostport` (two arguments, read as OpenSSH reads them:
    /// joined with `:`), `RemoteForward` (one or two), `DynamicForward` (one).
    private mutating func applyForward(_ keyword: SSHConfigKeyword, _ arguments: [String], active: Bool)
        throws(SSHOptionValueError)
    {
        let kind: SSHForward.Kind = keyword == .localForward ? .local : keyword == .remoteForward ? .remote : .dynamic
        let wanted = kind == .dynamic ? 1...1 : kind == .local ? 2...2 : 1...2
        guard wanted.contains(arguments.count), arguments.allSatisfy({ !$0.isEmpty }) else {
            throw SSHOptionValueError(
                arguments.count < wanted.lowerBound
                    ? "missing argument for \(keyword.rawValue)" : "garbage at end of line after \(keyword.rawValue)")
        }
        let forward = try SSHForward.parse(arguments.joined(separator: ":"), kind: kind)
        addForward(forward, active: active)
    }

    /// Adds a forward unless the same one is there already.
    package mutating func addForward(_ forward: SSHForward, active: Bool = true) {
        if active, !forwards.contains(forward) { forwards.append(forward) }
    }

    /// `SendEnv NAME PATTERN* -PATTERN`: a leading `-` removes the earlier patterns it matches.
    private mutating func applySendEnv(_ arguments: [String], active: Bool)
        throws(SSHOptionValueError)
    {
        for argument in arguments {
            guard !argument.isEmpty, !argument.contains("=") else {
                throw SSHOptionValueError("invalid environment name '\(argument)' in SendEnv")
            }
            guard active else { continue }
            if argument.hasPrefix("-") {
                let pattern = String(argument.dropFirst())
                sendEnv.removeAll { HostPattern.matches($0, pattern: pattern) }
            } else {
                sendEnv.append(argument)
            }
        }
    }

    private mutating func setFirst<Value>(
        _ field: WritableKeyPath<SSHConfigValues, Value?>, _ value: Value, _ active: Bool
    ) {
        if active, self[keyPath: field] == nil { self[keyPath: field] = value }
    }

    private func single(_ arguments: [String], _ keyword: SSHConfigKeyword)
        throws(SSHOptionValueError) -> String
    {
        guard let first = arguments.first, !first.isEmpty else {
            throw SSHOptionValueError("missing argument for \(keyword.rawValue)")
        }
        guard arguments.count == 1 else {
            throw SSHOptionValueError("garbage at end of line after \(keyword.rawValue) \(first)")
        }
        return first
    }
}
