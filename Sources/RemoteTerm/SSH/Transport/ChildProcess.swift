import CSSH2

#if canImport(Glibc)
    import Glibc
#endif

/// Starting a child process the way every child of rterm must start: with a clean signal
/// mask and default signal dispositions. rterm blocks the signals it reads from a signalfd
/// and ignores SIGPIPE, and a child would inherit both (a shell that never sees SIGINT, a
/// proxy that ignores SIGTERM). The argument and environment vectors are built and freed
/// here; the caller sets up the descriptors in `actions`, and every other descriptor is
/// closed in the child (rterm's own are close-on-exec, but one it inherited need not be: a
/// pipe its parent watches for rterm's end would live on in a daemon the child leaves behind,
/// as tmux's server is).
package enum ChildProcess {
    /// `POSIX_SPAWN_SETSID` (glibc 2.26+), which Glibc does not export to Swift: the child
    /// starts a session of its own (a pseudo-terminal's shell needs one).
    static let newSessionFlag: Int16 = 0x80

    /// Starts `arguments[0]` (looked up on PATH when `searchPath`) with `arguments` and
    /// `environment`. Returns the pid, or the error posix_spawn gave.
    package static func spawn(
        _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t,
        newSession: Bool = false, searchPath: Bool = true
    ) -> Result<pid_t, SpawnError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | (newSession ? newSessionFlag : 0))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        _ = rterm_spawn_close_from(&actions, 3)
        var pid: pid_t = 0
        let result = searchPath
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    /// A descriptor that polls readable once the child `pid` has exited (pidfd_open), so a
    /// waiter can sleep in poll(2) until the exit itself instead of polling waitpid; nil
    /// when the kernel has none. The caller closes it.
    package static func exitDescriptor(of pid: pid_t) -> Int32? {
        let descriptor = rterm_pidfd_open(pid)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Why a child could not be started: posix_spawn's error number.
    package struct SpawnError: Error, Equatable, Sendable {
        package var code: Int32
    }
}
