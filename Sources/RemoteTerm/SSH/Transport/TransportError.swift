#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a transport operation failed. Each description is one line starting `rterm:`.
package enum TransportError: Error, Sendable, CustomStringConvertible {
    /// The SSH layer failed (connection, host key, authentication, channel).
    case ssh(SSHError)
    /// A local system call failed: `operation` on `target` with `errno`.
    case system(operation: String, target: String, errno: Int32)
    /// A local command could not be started.
    case cannotStart(command: String, errno: Int32)
    /// The transport was used after `close()`.
    case closed
    /// The remote side went away without saying how it ended (no exit status).
    case closedWithoutStatus

    /// One line: what failed, on what, and what to try.
    package var description: String {
        switch self {
        case .ssh(let error):
            return error.description
        case .system(let operation, let target, let code):
            return "rterm: \(operation) failed on \(target): \(String(cString: strerror(code)))"
        case .cannotStart(let command, let code):
            return "rterm: cannot run '\(command)': \(String(cString: strerror(code))) "
                + "(check the command name and PATH)"
        case .closed:
            return "rterm: the connection is already closed"
        case .closedWithoutStatus:
            return "rterm: the connection closed without an exit status"
        }
    }
}

extension TransportError {
    /// Whether the same connection may work if tried again (`SSHError.isWorthRetrying`); a
    /// local system call that failed may (a read on a dropped socket), a command that cannot
    /// start will not.
    package var isWorthRetrying: Bool {
        switch self {
        case .ssh(let error): return error.isWorthRetrying
        case .system, .closedWithoutStatus: return true
        case .cannotStart, .closed: return false
        }
    }
}
