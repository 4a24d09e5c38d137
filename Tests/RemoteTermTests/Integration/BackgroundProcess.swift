import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the test runs alongside rterm (an HTTP server, `rterm -N`, a batch of curls),
/// started with posix_spawn, standard input from /dev/null, output and errors into files.
/// The test waits on what it prints (`waitFor`), never on a fixed sleep, and stops it by pid
/// (`stop`, also on deinit): SIGTERM, then SIGKILL if it is still there after 5 s.
final class BackgroundProcess {
    let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private var exitStatus: Int32?

    init(_ arguments: [String], environment: [String: String]? = nil) throws {
        let base = NSTemporaryDirectory() + "background-" + UUID().uuidString
        outputPath = base + ".out"
        errorPath = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let (pid, error) = Spawn.launch(arguments, environment: environment, actions: &actions)
        guard error == 0 else { throw Spawn.Failure(description: "\(arguments[0]): \(String(cString: strerror(error)))") }
        self.pid = pid
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    /// What it wrote to standard output so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// What it wrote to standard error so far.
    var errorOutput: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Whether it still runs (reaping it if it ended).
    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = Self.decode(status)
            return false
        }
        return true
    }

    /// Waits until `condition` holds for (output, errors), or it ended, or `timeout`
    /// seconds passed; returns whether the condition held.
    func waitFor(timeout: Double = 20, _ condition: (_ output: String, _ errors: String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(output, errorOutput) { return true }
            if !isRunning { return condition(output, errorOutput) }
            usleep(20_000)
        }
        return false
    }

    /// The first number after `prefix` in its output or errors, once it appears.
    func waitForNumber(after prefix: String, timeout: Double = 20) -> Int? {
        var found: Int?
        _ = waitFor(timeout: timeout) { output, errors in
            for text in [output, errors] {
                if let range = text.range(of: prefix) {
                    found = Int(text[range.upperBound...].prefix { $0.isNumber })
                    if found != nil { return true }
                }
            }
            return false
        }
        return found
    }

    /// Waits for it to end by itself (at most `timeout` seconds, then SIGKILL); its status.
    func wait(timeout: Double = 60) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning, Date() < deadline { usleep(20_000) }
        return stop(SIGKILL)
    }

    /// Sends `signal` unless it ended, and reaps it (SIGKILL after 5 s); its exit status,
    /// 128 + the signal for a process the signal killed.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if let exitStatus { return exitStatus }
        _ = kill(pid, signal)
        let deadline = Date().addingTimeInterval(5)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0, errno != EINTR { return -1 }
            if Date() >= deadline {
                _ = kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(10_000)
        }
        exitStatus = Self.decode(status)
        return exitStatus ?? -1
    }

    private static func decode(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
