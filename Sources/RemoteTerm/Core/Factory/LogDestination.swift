import Foundation
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// Where a connection's log lines go (written from its connecting thread): the `-E` file when
/// one was given; else, once a front shows the session, its screen, through the session's
/// mailbox; else `say` (standard error).
package final class LogDestination: @unchecked Sendable {
    private let lock = NSLock()
    private var target: PromptMailbox?
    private let file: FileHandle?
    private let say: @Sendable (String) -> Void

    /// Lines to `file` when given, else to `say`.
    init(file: FileHandle?, say: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.say = say
    }

    /// Lines to the `-E` file at `path` (appended, created private to the user) when given,
    /// else to `say`; nil with the one-line reason when the file cannot be opened.
    static func open(logFile path: String?, say: @escaping @Sendable (String) -> Void) -> Result<LogDestination, OpenProblem> {
        guard let path else { return .success(LogDestination(file: nil, say: say)) }
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return .failure(OpenProblem(
                message: "rterm: -E \(path): cannot open the log file: \(String(cString: strerror(errno)))", exitStatus: 255))
        }
        return .success(LogDestination(file: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), say: say))
    }

    /// The mailbox of the session a front shows (a reconnect's attempt brings a new one).
    var mailbox: PromptMailbox? {
        get { lock.withLock { target } }
        set { lock.withLock { target = newValue } }
    }

    /// Writes one line.
    func write(_ line: String) {
        if let file {
            lock.withLock { try? file.write(contentsOf: Data((line + "\n").utf8)) }
        } else if let mailbox {
            mailbox.notify(line)
        } else {
            say(line)
        }
    }
}

/// Why a target could not be opened: one line, and the exit status it would mean.
package struct OpenProblem: Error, Equatable {
    /// The one line rterm prints.
    package let message: String
    /// 2 for a usage mistake, 255 for a configuration or connection problem, as ssh.
    package let exitStatus: Int32

    /// A problem.
    package init(message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }
}
