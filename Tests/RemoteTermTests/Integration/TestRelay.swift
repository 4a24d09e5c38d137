import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP relay between rterm and the test sshd that the test controls (`Scripts/test-relay`):
/// rterm connects to `port`, and the test breaks the link under it (cuts it like a lost Wi-Fi
/// link, closes it, stalls, throttles or corrupts it) and restores it. Each command returns
/// once the relay has acted on it. The relay exits when its standard input closes, so it
/// cannot outlive the test process; it is also stopped by pid when this object goes away.
///
/// It is started with posix_spawn rather than Foundation's Process: Process reaps its child
/// itself, which would race with the waitpid here, and the relay needs a clean signal mask
/// (see `Spawn`) to obey SIGTERM.
final class TestRelay: @unchecked Sendable {
    let port: Int
    private let pid: pid_t
    /// The write end of the relay's standard input and the read end of its standard output.
    private let input: Int32
    private let output: Int32
    /// What was read from the relay past the last line taken; behind `lock`, like the pipes,
    /// so that each reply goes to the caller whose command it answers.
    private var pending: [UInt8] = []
    private let lock = NSLock()

    /// Starts a relay to 127.0.0.1:`targetPort` and waits (up to 20 s) until it listens.
    init(targetPort: Int) throws {
        let script = TestSSHD.packageRoot + "/Scripts/test-relay"
        let child = try RelayProcess.spawn(["/usr/bin/python3", script, String(targetPort)])
        var pending: [UInt8] = []
        let line: String
        do {
            line = try RelayProcess.readLine(from: child.output, pending: &pending, answering: "start")
        } catch {
            RelayProcess.stop(pid: child.pid, input: child.input, output: child.output)
            throw error
        }
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            RelayProcess.stop(pid: child.pid, input: child.input, output: child.output)
            throw TestSSHDError(message: "test-relay did not start: \(line)")
        }
        self.port = port
        self.pid = child.pid
        self.input = child.input
        self.output = child.output
        self.pending = pending
    }

    deinit {
        RelayProcess.stop(pid: pid, input: input, output: output)
    }

    /// Sends one command and returns the relay's "ok ..." answer; throws on an "error ..."
    /// answer, on the relay's exit, or after 20 s without an answer.
    @discardableResult
    func send(_ command: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        try RelayProcess.writeLine(command, to: input)
        let line = try RelayProcess.readLine(from: output, pending: &pending, answering: command)
        guard line.hasPrefix("ok") else { throw TestSSHDError(message: "test-relay: \(command): \(line)") }
        return line
    }

    /// Connections stay open but nothing passes any more, either way; new ones are refused.
    func cut() throws { try send("cut") }
    /// Connections are closed at once; new ones are refused.
    func close() throws { try send("close") }
    /// Closes cut connections, listens again on the same port and forwards normally.
    func restore() throws { try send("restore") }
    /// Holds everything (connections are still accepted) until `resume`.
    func stall() throws { try send("stall") }
    /// Ends stall, throttle and bytewise: what was held is forwarded.
    func resume() throws { try send("resume") }
    /// At most `bytesPerSecond` per direction per connection.
    func throttle(bytesPerSecond: Int) throws { try send("throttle \(bytesPerSecond)") }
    /// One byte a write, 1 ms apart.
    func bytewise() throws { try send("bytewise") }
    /// Flips a bit of the next byte from the server to a client.
    func corrupt() throws { try send("corrupt") }

    /// Connections accepted so far.
    var connectionCount: Int {
        get throws { try Self.number(send("count")) }
    }

    /// Connections open and forwarding (not cut).
    var activeConnections: Int {
        get throws { try Self.number(send("active")) }
    }

    private static func number(_ line: String) throws -> Int {
        guard let last = line.split(separator: " ").last, let value = Int(last) else {
            throw TestSSHDError(message: "test-relay: unexpected answer: \(line)")
        }
        return value
    }
}

/// The relay's process and pipes, kept apart from `TestRelay` so that its `close()` does
/// not hide the C library's.
private enum RelayProcess {
    static let answerTimeout: TimeInterval = 20

    static func failure(_ what: String, _ code: Int32) -> TestSSHDError {
        TestSSHDError(message: "test-relay: \(what): \(String(cString: strerror(code)))")
    }

    /// Starts `arguments` with pipes on its standard input and output (standard error is
    /// the test's) and returns the parent's ends.
    static func spawn(_ arguments: [String]) throws -> (pid: pid_t, input: Int32, output: Int32) {
        var toRelay: [Int32] = [-1, -1]
        var fromRelay: [Int32] = [-1, -1]
        guard pipe(&toRelay) == 0 else { throw failure("pipe", errno) }
        guard pipe(&fromRelay) == 0 else {
            let code = errno
            _ = close(toRelay[0])
            _ = close(toRelay[1])
            throw failure("pipe", code)
        }
        // Close-on-exec, so that no other child (rterm, sshd) keeps the relay's input open
        // and its end never comes. dup2 onto 0 and 1 clears the flag in the relay itself.
        for end in toRelay + fromRelay {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toRelay[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromRelay[1], 1)
        let (pid, spawned) = Spawn.launch(arguments, actions: &actions)
        _ = close(toRelay[0])
        _ = close(fromRelay[1])
        guard spawned == 0 else {
            _ = close(toRelay[1])
            _ = close(fromRelay[0])
            throw failure("cannot start \(arguments[0])", spawned)
        }
        return (pid, toRelay[1], fromRelay[0])
    }

    /// Writes `line` and a newline to the relay's input.
    static func writeLine(_ line: String, to descriptor: Int32) throws {
        // A write to a pipe nobody reads raises SIGPIPE, which the test process may not
        // ignore: look first whether the relay has gone (its end shows as an error).
        var check = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        if poll(&check, 1, 0) > 0, check.revents & Int16(POLLERR | POLLHUP) != 0 {
            throw TestSSHDError(message: "test-relay has exited (before \(line))")
        }
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot send \(line)", errno)
            }
            offset += written
        }
    }

    /// The next line of the relay's output (without its newline): from `pending` if a whole
    /// line is there, else read as it comes, waiting in poll(2) up to `answerTimeout`.
    static func readLine(from descriptor: Int32, pending: inout [UInt8], answering what: String) throws -> String {
        let deadline = Date().addingTimeInterval(answerTimeout)
        let size = 4096
        var chunk = [UInt8](repeating: 0, count: size)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw TestSSHDError(message: "test-relay: no answer to \(what) in \(Int(answerTimeout)) s")
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32((remaining * 1000).rounded(.up)))
            if polled < 0 {
                if errno == EINTR { continue }
                throw failure("poll", errno)
            }
            if polled == 0 { continue }  // the deadline check above ends the wait
            let count = read(descriptor, &chunk, size)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw failure("cannot read the answer to \(what)", errno)
            }
            if count == 0 { throw TestSSHDError(message: "test-relay exited before answering \(what)") }
            pending += chunk[0..<count]
        }
    }

    /// Ends the relay: end of input (it exits by itself), SIGTERM, and SIGKILL if it is
    /// still there after 5 s; then reaps it, by pid (not reaped before, so never recycled).
    static func stop(pid: pid_t, input: Int32, output: Int32) {
        _ = close(input)
        _ = kill(pid, SIGTERM)
        // The relay's exit closes its standard output: that hang-up is the acknowledgement,
        // waited for at most 5 s; SIGKILL if it does not come.
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(5)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&descriptor, 1, left)
            if ready < 0, errno == EINTR { continue }
            // Readable: drain what it still said; end of file (or hang-up): it is gone.
            if ready > 0, buffer.withUnsafeMutableBytes({ read(output, $0.baseAddress, $0.count) }) > 0 { continue }
            if ready == 0 { _ = kill(pid, SIGKILL) }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        _ = close(output)
    }
}
