import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// A program the test runs alongside rterm (an HTTP server, `rterm -N`, a batch of curls),
/// started with posix_spawn, standard input from /dev/null, output and errors into pipes.
/// Every wait sleeps in poll(2) on those pipes and on the process's exit descriptor
/// (pidfd), so it wakes on what the program prints or on its exit, never after a fixed
/// time; each is bounded by a deadline. `stop` (also on deinit) ends it by pid: SIGTERM,
/// then SIGKILL if it is still there after 5 s.
final class BackgroundProcess {
    let pid: pid_t
    private var outputPipe: Int32
    private var errorPipe: Int32
    private let exitDescriptor: Int32
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []
    private var exitStatus: Int32?

    init(_ arguments: [String], environment: [String: String]? = nil) throws {
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw Spawn.Failure(description: "pipe failed") }
        for end in out + err { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let (pid, error) = Spawn.launch(arguments, environment: environment, actions: &actions)
        close(out[1])
        close(err[1])
        guard error == 0 else {
            close(out[0])
            close(err[0])
            throw Spawn.Failure(description: "\(arguments[0]): \(String(cString: strerror(error)))")
        }
        self.pid = pid
        outputPipe = out[0]
        errorPipe = err[0]
        guard let exit = ChildProcess.exitDescriptor(of: pid) else {
            kill(pid, SIGKILL)
            throw Spawn.Failure(description: "pidfd_open failed: \(String(cString: strerror(errno)))")
        }
        exitDescriptor = exit
        for end in [outputPipe, errorPipe] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        stop()
        for descriptor in [outputPipe, errorPipe, exitDescriptor] where descriptor >= 0 { close(descriptor) }
    }

    /// What it wrote to standard output so far.
    var output: String {
        drain()
        return String(decoding: outputBytes, as: UTF8.self)
    }
    /// What it wrote to standard error so far.
    var errorOutput: String {
        drain()
        return String(decoding: errorBytes, as: UTF8.self)
    }

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
        while true {
            if condition(output, errorOutput) { return true }
            if !isRunning { return condition(output, errorOutput) }
            guard Date() < deadline else { return false }
            waitForEvent(until: deadline)
        }
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
        while isRunning, Date() < deadline { waitForEvent(until: deadline) }
        return stop(SIGKILL)
    }

    /// Sends `signal` unless it ended, and reaps it (SIGKILL after 5 s); its exit status,
    /// 128 + the signal for a process the signal killed.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if let exitStatus { return exitStatus }
        _ = kill(pid, signal)
        let deadline = Date().addingTimeInterval(5)
        while isRunning, Date() < deadline { waitForEvent(until: deadline) }
        if exitStatus == nil {
            _ = kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = Self.decode(status)
        }
        drain()
        return exitStatus ?? -1
    }

    /// Sleeps in poll(2) until the process prints something or exits, or `deadline`; what it
    /// printed is kept (a full pipe would stall it).
    private func waitForEvent(until deadline: Date) {
        var descriptors = [pollfd(fd: exitDescriptor, events: Int16(POLLIN), revents: 0)]
        for pipe in [outputPipe, errorPipe] where pipe >= 0 {
            descriptors.append(pollfd(fd: pipe, events: Int16(POLLIN), revents: 0))
        }
        let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000)).rounded(.up))
        _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        drain()
    }

    /// Reads what the pipes hold now.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        for isError in [false, true] {
            let descriptor = isError ? errorPipe : outputPipe
            guard descriptor >= 0 else { continue }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    if isError { errorBytes += buffer[0..<count] } else { outputBytes += buffer[0..<count] }
                    continue
                }
                if count == 0 {
                    // End of file: the writer (and everything it started) is gone.
                    close(descriptor)
                    if isError { errorPipe = -1 } else { outputPipe = -1 }
                }
                break
            }
        }
    }

    private static func decode(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
