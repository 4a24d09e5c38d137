import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `ProxyCommand`: a local command whose standard input and output carry the SSH connection
/// (a bastion's `ssh -W %h:%p`, `nc -X`, `aws ssm start-session`, `cloudflared access ssh`).
/// As OpenSSH does, it runs through the user's shell as `exec COMMAND`; rterm talks SSH over
/// one end of a socket pair whose other end is the command's standard input and output.
///
/// Its standard error is read line by line and passed on through the log (`warn`), so that
/// it reaches standard error, or the screen while the full-screen front runs, without ever
/// writing into the middle of ncurses' drawing; each line is made inert there.
///
/// When the session closes, the command gets SIGHUP (as OpenSSH sends it) and is reaped on a
/// thread of its own, with SIGKILL if it is still there after two seconds.
final class SSHProxyCommand: @unchecked Sendable {
    /// The command as run (after `%` expansion).
    let command: String
    /// The process.
    let pid: pid_t
    /// rterm's end of the socket pair: the session's socket.
    let socket: Int32
    private let lock = NSLock()
    private var reaped: Int32?
    /// Signalled once the command's standard error has closed and every line of it is logged.
    private let errorsRelayed = DispatchSemaphore(value: 0)

    /// Starts `command`; throws when the shell cannot be started.
    init(command: String, environment: [String: String], log: SSHLog, endpoint: SSHEndpoint) throws(SSHError) {
        self.command = command
        var pair: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0,
            pipe(&errorPipe) == 0
        else {
            throw SSHError.proxyCommandFailed(command: command, reason: String(cString: strerror(errno)))
        }
        // Close-on-exec, so no other child keeps the command's stderr open; rterm's end of
        // the pair non-blocking, as libssh2 runs it (the command's end stays as it is).
        for end in errorPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        let shell = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let spawned = ChildProcess.spawn(
            [shell, "-c", "exec " + command], environment: environment, actions: &actions, searchPath: false)
        close(pair[1])
        close(errorPipe[1])
        guard case .success(let child) = spawned else {
            close(pair[0])
            close(errorPipe[0])
            let code = if case .failure(let error) = spawned { error.code } else { Int32(0) }
            throw SSHError.proxyCommandFailed(command: command, reason: "cannot run \(shell): \(String(cString: strerror(code)))")
        }
        pid = child
        socket = pair[0]
        log.debug("ProxyCommand (pid \(child)): \(command)")
        let errors = errorPipe[0]
        let relayed = errorsRelayed
        let thread = Thread {
            // Its stderr, a line at a time, until it closes (the command ended).
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[0..<count]
                while let newline = pending.firstIndex(of: 0x0A) {
                    log.warn(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
                if pending.count > 4096 {
                    log.warn(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                }
            }
            if !pending.isEmpty { log.warn(String(decoding: pending, as: UTF8.self)) }
            close(errors)
            relayed.signal()
        }
        thread.name = "rterm-proxy-stderr"
        thread.start()
    }

    /// How the command ended, if it has (`exited with status 1`, `killed by signal 9`).
    var ending: String? {
        lock.lock()
        defer { lock.unlock() }
        if reaped == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { reaped = status }
        }
        guard let status = reaped else { return nil }
        return status & 0x7F == 0 ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(status & 0x7F)"
    }

    /// Waits, at most `seconds`, until the command's standard error is all logged, so that a
    /// failure reported after it comes after the command's own words, as with OpenSSH. Bounded:
    /// a child the command left behind may hold its standard error open.
    func waitForItsErrors(seconds: Double) {
        if errorsRelayed.wait(timeout: .now() + seconds) == .success { errorsRelayed.signal() }
    }

    /// SIGHUP now; reaped on a thread, SIGKILL after two seconds.
    func stop() {
        guard ending == nil else { return }
        kill(pid, SIGHUP)
        let pid = self.pid
        let thread = Thread {
            for _ in 0..<200 {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { return }
                usleep(10_000)
            }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        thread.name = "rterm-proxy-reaper"
        thread.start()
    }
}
