import CSSH2

/// Why a file operation over SFTP failed: a problem with one file (the server's status, such
/// as "No such file or directory"), after which other files can still be copied, or the
/// connection itself (`isConnectionLost`), after which nothing more can be done.
package struct SFTPError: Error, Equatable, CustomStringConvertible {
    /// The remote path the operation was about.
    package var path: String
    /// In words: the server's status, or what happened to the connection.
    package var reason: String
    /// The server's SFTP status code (`LIBSSH2_FX_*`), nil for a connection failure.
    package var status: UInt?
    /// The connection failed: every later operation would fail too.
    package var isConnectionLost: Bool { status == nil }

    /// Not an error: a client that never waits (one on a live session's loop) could not
    /// finish the call now; the same call is to be repeated after a poll.
    static func wouldBlock(_ path: String) -> SFTPError {
        SFTPError(path: path, reason: "would block", status: wouldBlockStatus)
    }

    static let wouldBlockStatus = UInt.max

    /// See `wouldBlock`.
    var isWouldBlock: Bool { status == Self.wouldBlockStatus }

    package init(path: String, reason: String, status: UInt?) {
        self.path = path
        self.reason = reason
        self.status = status
    }

    /// `path: reason`, as scp says it.
    package var description: String { "\(path): \(reason)" }

    /// Whether the server said the file does not exist.
    package var isMissing: Bool {
        status == UInt(LIBSSH2_FX_NO_SUCH_FILE) || status == UInt(LIBSSH2_FX_NO_SUCH_PATH)
    }

    /// The words for an SFTP status code, as OpenSSH's sftp prints them.
    static func words(forStatus status: UInt) -> String {
        switch status {
        case UInt(LIBSSH2_FX_EOF): return "End of file"
        case UInt(LIBSSH2_FX_NO_SUCH_FILE), UInt(LIBSSH2_FX_NO_SUCH_PATH): return "No such file or directory"
        case UInt(LIBSSH2_FX_PERMISSION_DENIED), UInt(LIBSSH2_FX_WRITE_PROTECT): return "Permission denied"
        case UInt(LIBSSH2_FX_FILE_ALREADY_EXISTS): return "File exists"
        case UInt(LIBSSH2_FX_NO_SPACE_ON_FILESYSTEM), UInt(LIBSSH2_FX_QUOTA_EXCEEDED): return "No space left on device"
        case UInt(LIBSSH2_FX_NOT_A_DIRECTORY): return "Not a directory"
        case UInt(LIBSSH2_FX_DIR_NOT_EMPTY): return "Directory not empty"
        case UInt(LIBSSH2_FX_OP_UNSUPPORTED): return "Operation unsupported"
        case UInt(LIBSSH2_FX_BAD_MESSAGE): return "Bad message"
        case UInt(LIBSSH2_FX_INVALID_FILENAME): return "Invalid file name"
        default: return "Failure"
        }
    }
}
