#if canImport(Glibc)
    import Glibc
#endif

/// What the interactive front asks of the system besides the terminal: rterm's environment
/// (the clipboard policy, the open command), running a program (to open a link), and
/// stopping rterm (`~^Z`). Injected, so that tests see what would run and stop nothing.
package struct FrontSystem {
    /// rterm's environment.
    package var environment: [String: String]
    /// Runs a program (argument vector) and waits for it; whether it succeeded.
    package var run: ([String]) -> Bool
    /// Stops rterm until it is continued (SIGTSTP).
    package var stop: () -> Void

    /// A system of these parts.
    package init(environment: [String: String], run: @escaping ([String]) -> Bool, stop: @escaping () -> Void) {
        self.environment = environment
        self.run = run
        self.stop = stop
    }

    /// The real system: `posix_spawn` and SIGTSTP.
    package static func live(environment: [String: String]) -> FrontSystem {
        FrontSystem(environment: environment, run: spawnAndWait, stop: { kill(getpid(), SIGTSTP) })
    }

    /// Whether `xdg-open` is on the PATH.
    var hasXdgOpen: Bool {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains { access("\($0)/xdg-open", X_OK) == 0 }
    }

    /// Runs `argv` (a shell that puts the real command in the background) and waits for it.
    private static func spawnAndWait(_ argv: [String]) -> Bool {
        var pid: pid_t = 0
        var arguments = argv.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        guard posix_spawn(&pid, argv[0], nil, nil, &arguments, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0
    }
}
