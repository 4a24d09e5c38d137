import RemoteTermEngine
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// One `rterm cp` over a logged-in SFTP client: the sources to the target, as scp copies
/// them. A file that fails is one line (`rterm: path: reason`) and the others still go;
/// a lost connection ends the run. `run()` is 0 when everything arrived, 1 when a file
/// failed, 255 when the connection did.
package final class CopyRun {
    let line: CopyCommandLine
    let client: SFTPClient
    let progress: CopyProgress?
    let say: (String) -> Void
    /// Files (or directories) that failed.
    package private(set) var failures = 0
    /// Bytes moved in all (resumed parts not counted).
    package private(set) var bytesMoved: UInt64 = 0
    /// The one buffer every file moves through.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SFTPFile.bufferSize, alignment: 16)

    package init(_ line: CopyCommandLine, client: SFTPClient, progress: CopyProgress?, say: @escaping (String) -> Void) {
        self.line = line
        self.client = client
        self.progress = progress
        self.say = say
    }

    deinit { buffer.deallocate() }

    struct ConnectionLost: Error { var error: SFTPError }

    package func run() -> Int32 {
        do {
            switch line.direction {
            case .upload: try upload()
            case .download: try download()
            }
        } catch {
            say("rterm: \(client.endpoint): " + InertText.make(error.error.reason))
            return 255
        }
        return failures == 0 ? 0 : 1
    }

    /// A file-level failure is said and counted; a connection failure ends the run.
    private func attempt(_ body: () throws -> Void) throws(ConnectionLost) {
        do {
            try body()
        } catch let error as ConnectionLost {
            throw error
        } catch let error as SFTPError {
            if error.isConnectionLost { throw ConnectionLost(error: error) }
            fail("\(error.path): \(error.reason)")
        } catch let error as LocalFileError {
            fail("\(error.path): \(error.reason)")
        } catch {
            fail("\(error)")
        }
    }

    /// One line, whatever the message holds: a server's names are made inert, a newline
    /// among them included.
    private func fail(_ message: String) {
        failures += 1
        say("rterm: " + InertText.make(message))
    }

    // MARK: - Upload

    /// Each source by `SFTPUploadJob`, the upload engine every upload shares, on this client
    /// that waits (one `advance` goes to the end); each failure said in its line.
    private func upload() throws(ConnectionLost) {
        let target = CopyPaths.remotePath(line.target.path)
        if line.sources.count > 1 {
            var targetIsDirectory = false
            try attempt { targetIsDirectory = try client.attributesIfExists(target)?.kind == .directory }
            guard targetIsDirectory else { return fail("\(target): not a directory (more than one source)") }
        }
        let options = FileTransferRequest.Options(recursive: line.recursive, preserve: line.preserve, resume: line.resume)
        for source in line.sources {
            let job = SFTPUploadJob(FileTransferRequest(.upload, local: source.path, remote: target, options: options), observer: progress)
            do {
                while !(try job.advance(client)) {}
            } catch {
                throw ConnectionLost(error: error)
            }
            bytesMoved += job.bytesMoved
            for failure in job.failures { fail(failure) }
            if case .failed(let message) = job.state, job.failures.isEmpty { fail(message) }
        }
    }

    // MARK: - Download

    /// How many directories deep a download goes: a server may list a directory inside
    /// every directory, and each level holds a descriptor.
    static let depthLimit = 128

    private func download() throws(ConnectionLost) {
        let target = line.target.path
        var targetIsDirectory = false
        if case .some(let status) = try? LocalFile.status(target, followLinks: true) { targetIsDirectory = status.kind == .directory }
        if line.sources.count > 1 && !targetIsDirectory {
            fail("\(target): not a directory (more than one source)")
            return
        }
        for source in line.sources {
            let path = CopyPaths.remotePath(source.path)
            try attempt {
                let attributes = try client.attributes(path)
                // Inside a directory, the copy takes the source's last name: the one the user
                // typed, or (for the login directory) the one the server says, checked.
                func destination() throws -> LocalDestination {
                    guard targetIsDirectory else { return try LocalDestination.named(target) }
                    let name = path == "." ? CopyPaths.baseName(try client.realPath(".")) : CopyPaths.baseName(path)
                    switch PathComponent.checking(name) {
                    case .success(let component): return try LocalDestination.inside(target, name: component)
                    case .failure(let refusal) where path == ".":
                        throw LocalFileError(
                            path: path, reason: "the server gave its name as \"\(InertText.make(name))\", \(refusal): not copied")
                    case .failure:
                        throw LocalFileError(path: path, reason: "no name to give it in \(target): name the target itself")
                    }
                }
                switch attributes.kind {
                case .directory:
                    guard line.recursive else { throw SFTPError(path: path, reason: "is a directory (use -r)", status: 4) }
                    let root = try destination()
                    let (directory, made) = try root.directory.subdirectory(
                        root.name, permissions: Self.directoryPermissions(attributes), replacingLinks: false)
                    try downloadTree(path, into: directory, made: made, attributes: attributes, depth: 0)
                case .file:
                    let file = try destination().followingFileLink()
                    try downloadFile(path, into: file.directory, name: file.name, attributes: attributes)
                default:
                    throw SFTPError(path: path, reason: "not a regular file", status: 4)
                }
            }
        }
    }

    /// The permissions a directory is made with: its own, and the owner's all, for its files to
    /// go in (its own are set once they are).
    private static func directoryPermissions(_ attributes: RemoteFileAttributes) -> UInt32 {
        (attributes.permissions ?? 0o755) & 0o777 | 0o700
    }

    /// The remote directory `path` into `directory`: each listed name checked (a refused one
    /// is a line, and the others still go), each entry made relative to `directory` and never
    /// through a link (LocalDirectory).
    private func downloadTree(
        _ path: String, into directory: LocalDirectory, made: Bool, attributes: RemoteFileAttributes, depth: Int
    ) throws {
        for entry in try client.list(path) {
            let name: PathComponent
            switch entry.component {
            case .success(let component): name = component
            case .failure(let refusal):
                fail(PathComponent.refusalLine(directory: path, name: entry.name, refusal))
                continue
            }
            let child = CopyPaths.join(path, name.name)
            try attempt {
                switch entry.attributes.kind {
                case .directory:
                    guard depth + 1 < Self.depthLimit else {
                        throw SFTPError(path: child, reason: "more than \(Self.depthLimit) directories deep: not copied", status: 4)
                    }
                    let (inner, madeInner) = try directory.subdirectory(
                        name, permissions: Self.directoryPermissions(entry.attributes), replacingLinks: true)
                    try downloadTree(child, into: inner, made: madeInner, attributes: entry.attributes, depth: depth + 1)
                case .file: try downloadFile(child, into: directory, name: name, attributes: entry.attributes)
                case .symlink: try directory.makeSymlink(name, pointingTo: try client.readLink(child))
                case .other: throw SFTPError(path: child, reason: "not a regular file", status: 4)
                }
            }
        }
        // Its own mode once its files are in: kept with -p, else masked by the umask (for one
        // it made; one that was there keeps its own), as cp -r does.
        let permissions = (attributes.permissions ?? 0o755) & 0o777
        if line.preserve {
            try directory.setAttributes(permissions: permissions, times: Self.times(attributes))
        } else if made {
            try directory.setAttributes(permissions: permissions & ~LocalFile.umask, times: nil)
        }
    }

    private static func times(_ attributes: RemoteFileAttributes) -> (UInt64, UInt64)? {
        guard let access = attributes.accessTime, let modification = attributes.modificationTime else { return nil }
        return (access, modification)
    }

    /// The remote file `path` as `name` in `directory`: written under a temporary name and
    /// renamed into place; with `-a`, written in place (completed when what is there
    /// matches). No more than the size the server stated is read.
    private func downloadFile(
        _ path: String, into directory: LocalDirectory, name: PathComponent, attributes: RemoteFileAttributes
    ) throws {
        let permissions = (attributes.permissions ?? 0o644) & 0o777
        let local = directory.pathOf(name)
        var offset: UInt64 = 0
        var existing = line.resume ? try directory.existingFile(name) : nil
        defer { if let existing { close(existing) } }
        if let descriptor = existing {
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? UInt64(info.st_size) : 0
            if size > 0, size <= attributes.size,
                try tailMatches(localDescriptor: descriptor, local: local, remote: path, size: size)
            {
                offset = size
            } else {
                close(descriptor)
                existing = nil
            }
        }
        let file = try client.openForReading(path)
        // With -a a copy cut off stays under its name, to be completed; else it takes its name
        // only whole.
        if existing == nil, line.resume { existing = try directory.fileInPlace(name, permissions: permissions) }
        let output = existing == nil ? try directory.newFile(name, permissions: permissions) : nil
        guard let descriptor = output?.descriptor ?? existing else { return }
        progress?.start(CopyPaths.baseName(path), total: attributes.size, already: offset)
        defer { progress?.finish() }
        if offset > 0 {
            file.seek(to: offset)
            lseek(descriptor, off_t(offset), SEEK_SET)
        }
        var position = offset
        while position < attributes.size {
            // No more than the file has left: libssh2 reads ahead of what it is asked for.
            let want = Int(min(UInt64(SFTPFile.readSize), attributes.size - position))
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]))
            if count == 0 { break }
            position += UInt64(count)
            try LocalFile.write(descriptor, local, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            bytesMoved += UInt64(count)
            progress?.advance(count)
        }
        try file.close()
        let times = line.preserve ? Self.times(attributes) : nil
        if let output {
            try output.commit(permissions: line.preserve ? permissions : nil, times: times)
        } else {
            // Completed in place: its mode is the source's, as a file made whole gets it.
            try LocalFile.setAttributes(descriptor: descriptor, path: local, permissions: permissions, times: times)
        }
    }

    // MARK: - Resume

    /// Whether the last `resumeWindow` bytes before `size` are the same on both sides (their
    /// SHA-256), so that a partial file can be completed from `size` on.
    private func tailMatches(localDescriptor: Int32, local: String, remote: String, size: UInt64) throws -> Bool {
        let window = SFTPFileUpload.resumeWindow
        let start = size > window ? size - window : 0
        let count = Int(size - start)
        let localBytes = try LocalFile.read(local, descriptor: localDescriptor, at: start, count: count)
        let file = try client.openForReading(remote)
        file.seek(to: start)
        var remoteBytes: [UInt8] = []
        while remoteBytes.count < count {
            let want = min(count - remoteBytes.count, buffer.count)
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]))
            if got == 0 { break }
            remoteBytes += buffer[..<got]
        }
        try file.close()
        return localBytes.count == count && SHA256.hash(localBytes) == SHA256.hash(remoteBytes)
    }
}
