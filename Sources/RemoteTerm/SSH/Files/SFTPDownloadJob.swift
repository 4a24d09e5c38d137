#if canImport(Glibc)
    import Glibc
#endif

/// One file downloaded over SFTP beside a session without ever waiting (`~d`, a script's
/// `get`): each `advance` goes as far as the connection allows now (and at most
/// `turnBudget` bytes, so that the session's shell keeps its turns), then returns; calling it
/// again repeats the libssh2 call that would have blocked, as libssh2's non-blocking calls
/// require. It writes under the name the user asked for (`LocalDestination`), whole or not
/// at all (`LocalNewFile`). Uploads are `SFTPUploadJob`'s.
final class SFTPDownloadJob: SFTPJob {
    private enum Stage { case resolving, opening, moving, closing, cancelling, done }

    let request: FileTransferRequest
    private(set) var state = FileTransferState.queued
    /// The last `advance` stopped at the byte budget, not because the connection blocked.
    private(set) var stoppedAtBudget = false
    /// `advance` was called at least once.
    private(set) var hasBegun = false
    private var stage = Stage.resolving
    private var remotePath: String
    private var localPath: String
    private var file: SFTPFile?
    /// Where a download goes, as the user named it, and its file while it is written (renamed
    /// into place once whole, removed otherwise).
    private var destination: LocalDestination?
    private var output: LocalNewFile?
    private var total: UInt64 = 0
    private var done: UInt64 = 0
    private var permissions: UInt32 = 0o644
    /// What a read brings, on its way to the local file.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SFTPFile.readSize, alignment: 16)

    /// How many bytes one `advance` moves at most.
    static let turnBudget = 4 << 20

    /// Stops the transfer: one that never began is over at once; else it asks for no more, then
    /// the file is closed and its part removed (a call libssh2 left half done is always
    /// finished first, as it must be).
    func cancel() {
        guard !state.isOver else { return }
        isCancelled = true
        if !hasBegun {
            state = .failed("cancelled")
            stage = .done
        }
    }

    private var isCancelled = false
    /// The last call would have blocked: it is the next one made, whatever else happens.
    private var callPending = false

    var path: String { request.remote }

    init(_ request: FileTransferRequest) {
        self.request = request
        remotePath = request.remote.isEmpty ? "." : request.remote
        localPath = request.local
    }

    deinit {
        closeLocal()
        buffer.deallocate()
    }

    /// Moves the file on as far as it goes now; true once it is over (`state` says how).
    /// Throws only when the connection is lost.
    func advance(_ client: SFTPClient) throws(SFTPError) -> Bool {
        hasBegun = true
        stoppedAtBudget = false
        var moved = 0
        do {
            var resumed = true
            while true {
                // Back here after a step that finished: no call is half done. On entry, the
                // last call may have blocked: it must be repeated to its end before any other.
                if !resumed { callPending = false }
                resumed = false
                // Cancelled before it moved: nothing is in flight, it stops here.
                if isCancelled, !callPending, stage == .resolving || stage == .opening { stage = .cancelling }
                callPending = true
                switch stage {
                case .cancelling:
                    try file?.close()
                    file = nil
                    closeLocal()
                    state = .failed("cancelled")
                    stage = .done
                case .resolving:
                    try resolve(client)
                    stage = .opening
                case .opening:
                    try open(client)
                    state = .moving(done: 0, total: total)
                    stage = .moving
                case .moving:
                    let count = try move()
                    if count == 0 {
                        stage = .closing
                        continue
                    }
                    done += UInt64(count)
                    moved += count
                    state = .moving(done: done, total: total)
                    if moved >= Self.turnBudget {
                        stoppedAtBudget = true
                        callPending = false
                        return false
                    }
                case .closing:
                    if isCancelled {
                        stage = .cancelling
                        continue
                    }
                    try file?.close()
                    file = nil
                    try output?.commit(permissions: nil, times: nil)
                    closeLocal()
                    state = .finished(bytes: done, destination: localPath)
                    stage = .done
                case .done:
                    return true
                }
            }
        } catch let error as SFTPError {
            if error.isWouldBlock { return false }  // callPending stays: the same call comes next
            if error.isConnectionLost { throw error }
            return fail("\(error.path): \(error.reason)")
        } catch let error as LocalFileError {
            return fail("\(error.path): \(error.reason)")
        } catch {
            return fail("\(error)")
        }
    }

    private func fail(_ message: String) -> Bool {
        state = .failed(message)
        stage = .done
        closeLocal()
        file = nil
        return true
    }

    /// Closes the local file and removes its part: a download never leaves half a file under
    /// its name, and what was there before stays.
    private func closeLocal() {
        output?.discard()
        output = nil
    }

    /// Where the file goes (inside the target when it is a directory, under the remote
    /// name the user typed), and its size.
    private func resolve(_ client: SFTPClient) throws {
        let attributes = try client.attributes(remotePath)
        guard attributes.kind == .file else {
            throw SFTPError(path: remotePath, reason: "not a regular file", status: 4)
        }
        total = attributes.size
        permissions = (attributes.permissions ?? 0o644) & 0o777
        // Both names are the user's: into a directory under the name asked for, as cp.
        var target: LocalDestination
        if (try? LocalFile.status(localPath, followLinks: true))?.kind == .directory {
            guard let name = PathComponent(CopyPaths.baseName(remotePath)) else {
                throw LocalFileError(path: remotePath, reason: "not a file name to write")
            }
            target = try LocalDestination.inside(localPath, name: name)
        } else {
            target = try LocalDestination.named(localPath)
        }
        target = try target.followingFileLink()
        destination = target
        localPath = target.directory.pathOf(target.name)
    }

    private func open(_ client: SFTPClient) throws {
        file = try client.openForReading(remotePath)
        if let destination { output = try destination.directory.newFile(destination.name, permissions: permissions) }
    }

    /// One step of moving: the bytes it moved, 0 at the end of the file.
    private func move() throws -> Int {
        // No more than the file has left: libssh2 reads ahead of what it is asked for.
        guard let file, done < total, !isCancelled else { return 0 }
        let want = Int(min(UInt64(SFTPFile.readSize), total - done))
        let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]))
        if count > 0 { try output?.write(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
        return count
    }
}
