import RemoteTermEngine

/// Where rterm's `-v` messages and warnings go. Never given secrets: passwords, passphrases
/// and keyboard-interactive answers are not logged at any level. Lines quote what servers
/// send (version strings, disconnect reasons), so every line is made inert (`InertText`).
package struct SSHLog: Sendable {
    /// The number of `-v` given; 0 prints warnings only, -1 (`-q`, `LogLevel QUIET`) not even
    /// those.
    package var verbosity: Int
    /// Writes one line (without newline) to the user, normally standard error.
    package var write: @Sendable (String) -> Void

    /// A log at `verbosity` that sends lines to `write`.
    package init(verbosity: Int, write: @escaping @Sendable (String) -> Void) {
        self.verbosity = verbosity
        self.write = write
    }

    /// A log that prints nothing.
    package static let silent = SSHLog(verbosity: 0, write: { _ in })

    /// A `-v` line (`debug1: ...`), shown at verbosity 1 and above.
    package func debug(_ message: @autoclosure () -> String) {
        if verbosity >= 1 { write(InertText.make("debug1: " + message(), keepingNewlines: true)) }
    }

    /// A `-vv` line, shown at verbosity 2 and above.
    package func debug2(_ message: @autoclosure () -> String) {
        if verbosity >= 2 { write(InertText.make("debug2: " + message(), keepingNewlines: true)) }
    }

    /// A warning, always shown (ssh prints these even without -v).
    package func warn(_ message: String) {
        guard verbosity >= 0 else { return }
        write(InertText.make(message, keepingNewlines: true))
    }
}
