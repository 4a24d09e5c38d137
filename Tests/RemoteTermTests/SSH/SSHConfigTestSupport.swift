@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A fixed local side for config tests.
enum SSHConfigTestSupport {
    static let context = SSHLocalContext(
        homeDirectory: "/home/alice", userName: "alice", userID: 1000, localHostName: "box.example.org",
        environment: [
            "SSH_AUTH_SOCK": "/run/agent.sock", "KEYDIR": "/keys", "OTHER_AGENT": "/run/other.sock",
        ],
        homeDirectoryOfUser: { $0 == "bob" ? "/home/bob" : nil })

    /// Resolves `host` against `userConfig` (and `systemConfig`) after `commandLine`
    /// arguments, without touching the real files.
    static func settings(
        _ userConfig: String, host: String, commandLine: [String] = [], systemConfig: String? = nil,
        context: SSHLocalContext = context
    ) throws -> SSHSettings {
        let parsed = try SSHCommandLine.parse(commandLine + [host])
        let destination = parsed.destination!
        var reader = SSHConfigFile(
            originalHost: destination.host, context: context, values: parsed.values)
        try reader.read(text: userConfig, file: "config", kind: .user)
        if let systemConfig { try reader.read(text: systemConfig, file: "ssh_config", kind: .system) }
        return try SSHConfigResolver.finish(
            host: destination.host, values: reader.values, context: context,
            ignoredOptions: reader.ignoredOptions, notes: reader.notes)
    }
}
