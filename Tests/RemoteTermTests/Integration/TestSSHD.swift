import Foundation
import Testing

/// The throwaway OpenSSH server of `Scripts/test-sshd`, started once for the integration
/// suite (see `TestSSHDTrait`) in a fresh directory and stopped after it, by the pids the
/// script recorded. `make test` sets `RTERM_TEST_SSHD_PARENT` so that it can also stop a
/// server left behind by a crashed test process.
final class TestSSHD: Sendable {
    let directory: String
    let values: [String: String]

    /// The server of the running integration suite.
    @TaskLocal static var current: TestSSHD?

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    private init(directory: String, values: [String: String]) {
        self.directory = directory
        self.values = values
    }

    /// Runs `Scripts/test-sshd start` in a new directory and reads its env file.
    static func start() throws -> TestSSHD {
        let parent = ProcessInfo.processInfo.environment["RTERM_TEST_SSHD_PARENT"]
            .flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let directory = (parent as NSString).appendingPathComponent("sshd-" + UUID().uuidString.prefix(8))
        let result = try script("start", directory)
        guard result.status == 0 else {
            throw TestSSHDError(message: "Scripts/test-sshd start failed (\(result.status)): \(result.errorOutput)")
        }
        let text = try String(contentsOfFile: directory + "/env", encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var value = String(line[line.index(after: equals)...])
            // The script writes values with printf %q; the ones used here need no unquoting
            // except '' for an empty value.
            if value == "''" { value = "" }
            values[String(line[..<equals])] = value
        }
        return TestSSHD(directory: directory, values: values)
    }

    /// Stops the server and the agent, and removes the directory.
    func stop() {
        _ = try? Self.script("stop", directory)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs the script with posix_spawn and waitpid. Foundation's Process is no good here:
    /// it learns that a child exited from a socket the child inherits, and the sshd and agent
    /// the script leaves running inherit it too, so the script would never seem to finish.
    /// Standard error goes to a file for the same reason.
    private static func script(_ command: String, _ directory: String) throws -> (status: Int32, errorOutput: String) {
        let errorPath = NSTemporaryDirectory() + "test-sshd-" + UUID().uuidString + ".err"
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let path = packageRoot + "/Scripts/test-sshd"
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup(command), strdup(directory), nil]
        defer { argv.forEach { free($0) } }
        // Test threads block most signals, and a spawned child inherits that mask: without
        // a clean one, the sshd and agent would ignore the SIGTERM that stops them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw TestSSHDError(message: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, text)
    }

    subscript(_ name: String) -> String { values[name] ?? "" }

    var port: String { self["PORT"] }
    var host: String { self["HOST"] }
    var keys: String { self["KEYS"] }
    var passwordUser: String { self["PASSWORD_USER"] }
    var log: String { (try? String(contentsOfFile: directory + "/sshd.log", encoding: .utf8)) ?? "" }
}

struct TestSSHDError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Starts the test sshd around a whole suite (once, not per test) and makes it
/// `TestSSHD.current` inside.
struct TestSSHDTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try TestSSHD.start()
        defer { server.stop() }
        try await TestSSHD.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == TestSSHDTrait {
    /// Runs the suite against a throwaway sshd.
    static var testSSHD: Self { Self() }
}
