#if canImport(Glibc)
    import Glibc
#endif

/// One file moved over SFTP without ever waiting: each `advance` goes as far as the
/// connection allows now (and at most `turnBudget` bytes, so that the session's shell keeps
/// its turns), then returns; calling it again repeats the libssh2 call that would have
/// blocked, as libssh2's non-blocking calls require.
final class SFTPFileJob {
    private enum Stage { case resolving, opening, moving, closing, done }

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
    private var descriptor: Int32 = -1
    private var total: UInt64 = 0
    private var done: UInt64 = 0
    private var permissions: UInt32 = 0o644
    /// The bytes between the two files: for an upload, `buffer[sent..<filled]` is read
    /// from the local file and not yet taken by libssh2.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SFTPFile.bufferSize, alignment: 16)
    private var filled = 0
    private var sent = 0

    /// How many bytes one `advance` moves at most.
    static let turnBudget = 4 << 20

    init(_ request: FileTransferRequest) {
        self.request = request
        remotePath = request.remote.isEmpty ? "." : request.remote
        localPath = request.local
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    /// Moves the file on as far as it goes now; true once it is over (`state` says how).
    /// Throws only when the connection is lost.
    func advance(_ client: SFTPClient) throws(SFTPError) -> Bool {
        hasBegun = true
        stoppedAtBudget = false
        var moved = 0
        do {
            while true {
                switch stage {
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
                        return false
                    }
                case .closing:
                    try file?.close()
                    file = nil
                    close(descriptor)
                    descriptor = -1
                    state = .finished(bytes: done, destination: request.direction == .upload ? remotePath : localPath)
                    stage = .done
                case .done:
                    return true
                }
            }
        } catch let error as SFTPError {
            if error.isWouldBlock { return false }
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
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        file = nil
        return true
    }

    /// Where the file goes (inside the target when it is a directory), and its size.
    private func resolve(_ client: SFTPClient) throws {
        switch request.direction {
        case .upload:
            let status = try LocalFile.status(localPath, followLinks: true)
            guard status.kind == .file else { throw LocalFileError(path: localPath, reason: "not a regular file") }
            total = status.size
            permissions = status.permissions & 0o777
            if try client.attributesIfExists(remotePath)?.kind == .directory {
                remotePath = CopyPaths.join(remotePath, CopyPaths.baseName(localPath))
            }
        case .download:
            let attributes = try client.attributes(remotePath)
            guard attributes.kind == .file else {
                throw SFTPError(path: remotePath, reason: "not a regular file", status: 4)
            }
            total = attributes.size
            permissions = (attributes.permissions ?? 0o644) & 0o777
            if (try? LocalFile.status(localPath, followLinks: true))?.kind == .directory {
                localPath = CopyPaths.join(localPath, CopyPaths.baseName(remotePath))
            }
        }
    }

    private func open(_ client: SFTPClient) throws {
        switch request.direction {
        case .upload:
            file = try client.openForWriting(remotePath, permissions: permissions, truncate: true)
            descriptor = try LocalFile.openForReading(localPath)
        case .download:
            file = try client.openForReading(remotePath)
            descriptor = try LocalFile.openForWriting(localPath, permissions: permissions, truncate: true)
        }
    }

    /// One step of moving: the bytes it moved, 0 at the end of the file.
    private func move() throws -> Int {
        guard let file else { return 0 }
        switch request.direction {
        case .upload:
            if sent == filled {
                filled = try LocalFile.read(
                    descriptor, localPath, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<SFTPFile.writeSize]))
                sent = 0
                if filled == 0 { return 0 }
            }
            let count = try file.writeSome(UnsafeRawBufferPointer(rebasing: buffer[sent..<filled]))
            sent += count
            return count
        case .download:
            // No more than the file has left: libssh2 reads ahead of what it is asked for.
            guard done < total else { return 0 }
            let want = Int(min(UInt64(SFTPFile.readSize), total - done))
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]))
            if count > 0 { try LocalFile.write(descriptor, localPath, UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
            return count
        }
    }
}
