import Foundation
import Testing

/// The real-server tests: every nested suite runs against one throwaway sshd started by
/// `.testSSHD` and stopped when the suite ends. rterm runs as a subprocess with a throwaway
/// HOME; nothing prompts on a terminal (BatchMode, or askpass with SSH_ASKPASS_REQUIRE=force).
@Suite(.testSSHD, .serialized, .timeLimit(.minutes(5)))
struct SSHIntegrationTests {}

/// One test's view of the server: a fresh HOME with a config (its ~/.ssh/config, also given
/// with -F) that points at the test server's known_hosts and logs in as the run's test user,
/// and helpers to run rterm against the server.
struct SSHHarness {
    let sshd: TestSSHD
    let process: RTermProcess
    let config: String
    /// A directory both sides use: remote commands (the test user) read and write there, and
    /// so does the test. In the test user's home as root; HOME when the tests log in as the
    /// current user.
    let shared: String

    init(knownHosts: String? = nil, extraConfig: String = "") throws {
        sshd = try #require(TestSSHD.current, "the test sshd is not running")
        process = try RTermProcess()
        shared = try Self.sharedDirectory(sshd, process)
        let knownHostsFile = knownHosts ?? sshd["KNOWN_HOSTS"]
        config = try process.file(
            ".ssh/config",
            """
            # Written by the integration tests.
            Host *
              User \(sshd.userName)
              UserKnownHostsFile \(knownHostsFile)
              StrictHostKeyChecking yes
              ConnectTimeout 5
              IdentityAgent none
            \(extraConfig)
            """)
    }

    /// A harness that logs in with the test server's ed25519 key (and `extraConfig` after it).
    static func withTestKey(extraConfig: String = "") throws -> SSHHarness {
        let sshd = try #require(TestSSHD.current, "the test sshd is not running")
        return try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n" + extraConfig)
    }

    func remove() {
        process.remove()
        if shared != process.home { try? FileManager.default.removeItem(atPath: shared) }
    }

    /// Writes a file in the shared directory, readable (and owned) by the test user.
    func sharedFile(_ name: String, _ text: String) throws -> String {
        let path = shared + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        try Self.giveToTestUser(path, sshd)
        return path
    }

    /// Writes an executable script in the shared directory, the test user's.
    func sharedScript(_ name: String, _ body: String) throws -> String {
        let path = shared + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        try Self.giveToTestUser(path, sshd)
        return path
    }

    private static func sharedDirectory(_ sshd: TestSSHD, _ process: RTermProcess) throws -> String {
        guard let user = getpwnam(sshd.userName), user.pointee.pw_uid != getuid() else { return process.home }
        let path = sshd.userHome + "/shared-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try giveToTestUser(path, sshd)
        return path
    }

    /// Makes a file or directory the test created the test user's.
    func giveToTestUser(_ path: String) throws { try Self.giveToTestUser(path, sshd) }

    private static func giveToTestUser(_ path: String, _ sshd: TestSSHD) throws {
        guard let user = getpwnam(sshd.userName), user.pointee.pw_uid != getuid() else { return }
        guard chown(path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw TestSSHDError(message: "chown \(path) to \(sshd.userName): errno \(errno)")
        }
    }

    /// `rterm -F config OPTIONS -p PORT 127.0.0.1 COMMAND`.
    func rterm(
        _ options: [String], _ command: String?, environment: [String: String] = [:], input: String? = nil,
        timeLimit: Double = 30
    ) throws -> RTermProcess.Result {
        try process.run(
            ["-F", config] + options + ["-p", sshd.port, sshd.host] + (command.map { [$0] } ?? []),
            environment: environment, input: input, timeLimit: timeLimit)
    }

    /// A user name no test uses elsewhere, to find (or not find) this connection in the log.
    static func uniqueUser() -> String { "probe" + UUID().uuidString.prefix(8).lowercased() }

    /// The sshd log from `offset` on (its length before the connection looked for), once
    /// `acknowledged` holds for it: the per-connection sshd writes after the client is done,
    /// so the test waits for the line that says it finished, up to 10 s.
    func serverLog(from offset: Int = 0, acknowledged: (String) -> Bool = Self.connectionEnded) -> String {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let text = String(sshd.log.utf8.dropFirst(offset)) ?? ""
            if acknowledged(text) || Date() >= deadline { return text }
            usleep(20_000)
        }
    }

    /// Whether the log holds the end of a connection (refused, closed or disconnected).
    static func connectionEnded(_ log: String) -> Bool {
        ["Connection closed", "Disconnected from", "Connection reset", "Received disconnect"].contains { log.contains($0) }
    }
}

extension RTermProcess.Result {
    /// Whether standard error is exactly one line starting `rterm: `.
    var isOneErrorLine: Bool {
        errorLines.count == 1 && errorLines[0].hasPrefix("rterm: ")
    }
}
