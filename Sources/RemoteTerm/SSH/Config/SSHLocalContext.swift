import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the local side that ssh_config expansion needs (`~`, `%d`, `%u`, `%l`,
/// `${VAR}`). Tests build one by hand; `current()` reads the real ones.
package struct SSHLocalContext: Sendable {
    /// The home directory: `$HOME` when set and absolute, else the password database's.
    package var homeDirectory: String
    /// The local user name.
    package var userName: String
    /// The local user id (`%i`).
    package var userID: UInt32
    /// The local host name (`%l`; `%L` is its first component).
    package var localHostName: String
    /// The environment, for `${VAR}` and `IdentityAgent SSH_AUTH_SOCK`.
    package var environment: [String: String]
    /// Looks up another user's home directory for `~user/...`.
    package var homeDirectoryOfUser: @Sendable (String) -> String?

    /// A context built from its parts; `~user` resolves only through `homeDirectoryOfUser`.
    package init(
        homeDirectory: String, userName: String, userID: UInt32 = 0,
        localHostName: String = "localhost",
        environment: [String: String] = [:],
        homeDirectoryOfUser: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.homeDirectory = homeDirectory
        self.userName = userName
        self.userID = userID
        self.localHostName = localHostName
        self.environment = environment
        self.homeDirectoryOfUser = homeDirectoryOfUser
    }

    /// The real user, host name and environment of this process.
    package static func current() -> SSHLocalContext {
        let uid = getuid()
        var home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        var name = ProcessInfo.processInfo.environment["USER"] ?? String(uid)
        if let entry = getpwuid(uid) {
            // Unlike OpenSSH (which always uses the password database), a set, absolute
            // $HOME wins: it is what users expect from other tools, and it lets tests and
            // scripts run rterm against a throwaway ~/.ssh.
            if !home.hasPrefix("/") { home = String(cString: entry.pointee.pw_dir) }
            name = String(cString: entry.pointee.pw_name)
        }
        var hostBuffer = [CChar](repeating: 0, count: 256)
        let localHost =
            gethostname(&hostBuffer, hostBuffer.count - 1) == 0
            ? String(decoding: hostBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : "localhost"
        return SSHLocalContext(
            homeDirectory: home, userName: name, userID: uid, localHostName: localHost,
            environment: ProcessInfo.processInfo.environment,
            homeDirectoryOfUser: { user in
                guard let entry = getpwnam(user) else { return nil }
                return String(cString: entry.pointee.pw_dir)
            })
    }
}
