import Foundation
import Testing

/// The real-server tests: every nested suite runs against one throwaway sshd started by
/// `.testSSHD` and stopped when the suite ends. rterm runs as a subprocess with a throwaway
/// HOME; nothing prompts on a terminal (BatchMode, or askpass with SSH_ASKPASS_REQUIRE=force).
@Suite(.testSSHD, .serialized, .timeLimit(.minutes(5)))
struct SSHIntegrationTests {}

/// One test's view of the server: a fresh HOME with a config that points at the test
/// server's known_hosts, and helpers to run rterm against the server.
struct SSHHarness {
    let sshd: TestSSHD
    let process: RTermProcess
    let config: String

    init(knownHosts: String? = nil, extraConfig: String = "") throws {
        sshd = try #require(TestSSHD.current, "the test sshd is not running")
        process = try RTermProcess()
        let knownHostsFile = knownHosts ?? sshd["KNOWN_HOSTS"]
        config = try process.file(
            "config",
            """
            # Written by the integration tests.
            Host *
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

    func remove() { process.remove() }

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
