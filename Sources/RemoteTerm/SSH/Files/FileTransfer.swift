/// A file to move over the session's own connection, beside its shell: the value a script's
/// `put` and `get`, the front's `~u` and `~d`, and each source of `rterm cp --hosts` hand to
/// the transport.
package struct FileTransferRequest: Equatable, Sendable {
    package enum Direction: Equatable, Sendable { case upload, download }

    /// How an upload copies, as `rterm cp`'s flags say.
    package struct Options: Equatable, Sendable {
        /// `-r`: a directory with everything in it (links made as links).
        package var recursive = false
        /// `-p`: times and modes kept.
        package var preserve = false
        /// `-a`: a shorter remote file whose last MiB matches is completed.
        package var resume = false
        /// The remote path must be a directory (one of several sources).
        package var intoDirectory = false

        package init(recursive: Bool = false, preserve: Bool = false, resume: Bool = false, intoDirectory: Bool = false) {
            self.recursive = recursive
            self.preserve = preserve
            self.resume = resume
            self.intoDirectory = intoDirectory
        }
    }

    package var direction: Direction
    /// The local path (a directory: the file goes inside it, under the remote name).
    package var local: String
    /// The remote path, relative to the login directory unless absolute ("" is that
    /// directory; a directory: the file goes inside it, under the local name).
    package var remote: String
    /// How an upload copies (a download takes none).
    package var options: Options

    package init(_ direction: Direction, local: String, remote: String, options: Options = Options()) {
        self.direction = direction
        self.local = local
        self.remote = remote
        self.options = options
    }
}

/// Where a transfer is.
package enum FileTransferState: Equatable, Sendable {
    /// Waiting for the SFTP channel, or for the transfers before it.
    case queued
    /// Moving: bytes so far of the file's size.
    case moving(done: UInt64, total: UInt64)
    /// Arrived whole: the file's size, and where it went.
    case finished(bytes: UInt64, destination: String)
    /// Failed, in one line (`path: reason`); the session goes on.
    case failed(String)
    /// A listing (`startListing`) is done: the directory's names, a directory's with `/`.
    case listed([String])

    package var isOver: Bool {
        switch self {
        case .finished, .failed, .listed: return true
        case .queued, .moving: return false
        }
    }
}

/// A transport that can move files over its connection beside the session's own stream.
/// Transfers run one at a time, in order, each advanced by `service()` as far as the
/// connection allows without waiting.
package protocol FileTransferring: AnyObject {
    /// Queues a transfer; its number for `transferState`.
    func startTransfer(_ request: FileTransferRequest) -> Int
    /// Queues the listing of a remote directory (for Tab on `~d`'s question); its number,
    /// whose state ends `.listed`.
    func startListing(_ directory: String) -> Int
    /// The transfer's state (nil: no such number).
    func transferState(_ number: Int) -> FileTransferState?
    /// Stops a transfer that is not over: at once if it waits, else at its next step
    /// (a download's partial file is removed; an upload's part stays, for `rterm cp -a`).
    func cancelTransfer(_ number: Int)
}
