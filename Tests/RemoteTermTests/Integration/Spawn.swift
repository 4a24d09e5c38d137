import Foundation
import RemoteTerm

/// Runs a program to completion with posix_spawn and waitpid, standard input from
/// /dev/null, standard output and error into files. Foundation's Process is no good for
/// programs that leave a daemon behind (test-sshd, tmux): it waits for the daemon too.
/// The child gets a clean signal mask: test threads block most signals, and a child that
/// inherited that would ignore the SIGTERM that is meant to stop it.
enum Spawn {
    /// Starts `arguments` (searched on PATH) with `actions` for its descriptors, a clean
    /// signal mask and default dispositions (the test threads block signals, and a child
    /// that inherited that would ignore SIGTERM). Returns the pid and posix_spawn's result.
    static func launch(
        _ arguments: [String], environment: [String: String]? = nil, actions: inout posix_spawn_file_actions_t
    ) -> (pid: pid_t, error: Int32) {
        switch ChildProcess.spawn(arguments, environment: environment ?? ProcessInfo.processInfo.environment, actions: &actions) {
        case .success(let pid): return (pid, 0)
        case .failure(let error): return (0, error.code)
        }
    }

    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let base = NSTemporaryDirectory() + "spawn-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let (pid, spawned) = launch(arguments, environment: environment, actions: &actions)
        guard spawned == 0 else { throw Failure(description: String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let errorOutput = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, output: output, errorOutput: errorOutput)
    }
}
