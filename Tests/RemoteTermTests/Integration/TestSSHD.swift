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

    /// Changes the server's sshd_config (`edit` gets and returns its text) and restarts it
    /// on the same port, as an administrator would: for a server set up otherwise than the
    /// suite's (a test's own, started with `start()`).
    func reconfigure(_ edit: (String) -> String) throws {
        let path = directory + "/sshd_config"
        try edit(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: false, encoding: .utf8)
        let result = try Self.script("restart", directory)
        guard result.status == 0 else {
            throw TestSSHDError(message: "Scripts/test-sshd restart failed (\(result.status)): \(result.errorOutput)")
        }
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
        let path = packageRoot + "/Scripts/test-sshd"
        do {
            let result = try Spawn.run([path, command, directory])
            return (result.status, result.errorOutput)
        } catch {
            throw TestSSHDError(message: "cannot run \(path): \(error)")
        }
    }

    subscript(_ name: String) -> String { values[name] ?? "" }

    var port: String { self["PORT"] }
    var host: String { self["HOST"] }
    var keys: String { self["KEYS"] }
    var passwordUser: String { self["PASSWORD_USER"] }
    /// The user every test logs in as: as root, this run's own (never root); else the
    /// current user.
    var userName: String { self["USER_NAME"] }
    /// That user's home, where remote commands write (readable here: the tests run as root).
    var userHome: String { self["USER_HOME"] }
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
        // The suite's tests wait on the server: on a thread of their own (OwnThreadExecutor).
        let executor = OwnThreadExecutor(name: "rterm-test-sshd-suite")
        try await withTaskExecutorPreference(executor) {
            let server = try TestSSHD.start()
            defer { server.stop() }
            try await TestSSHD.$current.withValue(server) {
                try await function()
            }
        }
    }
}

extension Trait where Self == TestSSHDTrait {
    /// Runs the suite against a throwaway sshd.
    static var testSSHD: Self { Self() }
}
