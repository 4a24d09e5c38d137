import RemoteTermSSH

/// How a session ended, and the one mapping from that to ssh's exit status and the one
/// line rterm prints (after the local terminal is restored). Every driver uses it: the
/// interactive front, the non-interactive pump and the script runner.
package enum SessionEnding: Equatable, Sendable {
    /// The remote command or shell finished (its status, a signal, or no status at all).
    case remoteExited(TransportExit)
    /// The user typed `~.` or chose Disconnect; `label` names the connection.
    case disconnected(label: String)
    /// rterm received a termination signal (its name without `SIG`: TERM, HUP, INT, QUIT).
    case signal(String)
    /// The connection could not be set up: the one-line message and the exit status
    /// (255 for SSH, as ssh; 127 for a local command that cannot start, as a shell).
    case connectFailed(message: String, status: Int32)
    /// The connection or the local terminal failed while the session was live.
    case failed(String)
    /// Whoever read rterm's output went away (`rterm host cmd | head`): like ssh, rterm
    /// closes the connection and returns 255, quietly.
    case outputClosed

    /// The exit status rterm returns: the remote status, else ssh's 255 (or the status a
    /// failed start carries).
    package var exitStatus: Int32 {
        switch self {
        case .remoteExited(let exit): return exit.localExitStatus
        case .connectFailed(_, let status): return status
        case .disconnected, .signal, .failed, .outputClosed: return 255
        }
    }

    /// The line to print on standard error, or nil when the ending needs no words (a
    /// remote command that exited with a status).
    package var message: String? {
        switch self {
        case .remoteExited(.status), .outputClosed:
            return nil
        case .remoteExited(.signal(let name, let message)):
            return "rterm: remote command killed by signal \(name)" + (message.isEmpty ? "" : ": \(message)")
        case .remoteExited(.unknown):
            return "rterm: the connection closed without an exit status"
        case .disconnected(let label):
            // ssh's words for a connection; a local command was never one.
            if label.hasPrefix("local: ") { return "Closed the local session (\(label.dropFirst(7)))." }
            return "Connection to \(label) closed."
        case .signal(let name):
            return "rterm: terminated by signal \(name); connection closed"
        case .connectFailed(let message, _), .failed(let message):
            return message.hasPrefix("rterm:") ? message : "rterm: \(message)"
        }
    }
}
