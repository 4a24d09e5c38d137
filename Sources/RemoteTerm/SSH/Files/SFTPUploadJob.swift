import Foundation

/// An upload as scp makes it: one local file or, with `-r`, a directory and everything in it
/// (links made as links, modes kept), into a remote path that, when it is a directory,
/// takes the source under its own name. The one upload engine: `~u` and a script's `put`
/// beside a session (advanced a turn at a time by `SSHFileTransfers`), `rterm cp --hosts`
/// on the fleet's loop, and `rterm cp` on a client that waits (one `advance` goes to the
/// end). Never waits itself: each step makes one libssh2 call at a time, and one that would
/// block is the next made.
///
/// A file that fails is one line (`failures`) and the others still go; a directory that
/// cannot be made takes its contents with it (one line); only a lost connection stops it.
package final class SFTPUploadJob: SFTPJob {
    /// One thing to do on the server, in order.
    fileprivate enum Step {
        /// The directory `remote` there (made when missing, with `permissions` and the
        /// owner's all, for its contents to go in); its contents follow.
        case directory(remote: String, permissions: UInt32)
        case file(SFTPFileUpload)
        /// A symbolic link `remote` to `target`, in place of what is there.
        case link(remote: String, target: String)
        /// A directory's own mode and times, once its contents are in.
        case attributes(remote: String, status: LocalFile.Status)
        /// A local entry that cannot be sent: said in its turn.
        case failure(String)
    }

    let request: FileTransferRequest
    package private(set) var state = FileTransferState.queued
    package private(set) var stoppedAtBudget = false
    package private(set) var hasBegun = false
    /// Each file or directory that failed, `path: reason`, in order.
    package private(set) var failures: [String] = []
    /// Bytes the server took.
    package private(set) var bytesMoved: UInt64 = 0
    private let observer: SFTPUploadObserver?
    private var steps: [Step] = []
    private var next = 0
    /// The phase of the step `next` (each phase one call).
    private var phase = 0
    /// Whether the plan is made (after the target was looked at).
    private var planned = false
    /// Where the source lands: the target, or the source's name in it.
    private var destination = ""
    /// Remote directories that could not be made: what goes in them is skipped.
    private var abandoned: [String] = []
    private var total: UInt64 = 0
    private var isCancelled = false
    /// The last call would have blocked: it is the next one made.
    private var callPending = false
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SFTPFile.bufferSize, alignment: 16)

    /// How many bytes one `advance` moves at most beside a session (its shell keeps its turns).
    static let turnBudget = 4 << 20

    package init(_ request: FileTransferRequest, observer: SFTPUploadObserver? = nil) {
        self.request = request
        self.observer = observer
    }

    deinit { buffer.deallocate() }

    package var path: String { request.remote.isEmpty ? "." : request.remote }

    package func cancel() {
        guard !state.isOver else { return }
        isCancelled = true
        if !hasBegun { finish(failure: "cancelled") }
        if case .file(let upload) = steps.indices.contains(next) ? steps[next] : nil { upload.cancel() }
    }

    package func advance(_ client: SFTPClient) throws(SFTPError) -> Bool {
        hasBegun = true
        stoppedAtBudget = false
        var budget = client.waits ? Int.max : Self.turnBudget
        var resumed = true
        do {
            while !state.isOver {
                if !resumed { callPending = false }
                resumed = false
                if isCancelled, !callPending, !isInFile {
                    finish(failure: failures.last { $0.hasPrefix("cancelled") } ?? "cancelled")
                    break
                }
                callPending = true
                if !planned {
                    try plan(client)
                    continue
                }
                guard next < steps.count else {
                    finish(failure: failures.isEmpty ? nil : failures.joined(separator: "\n"))
                    break
                }
                if try perform(steps[next], client, budget: &budget) {
                    next += 1
                    phase = 0
                }
                state = .moving(done: bytesMoved, total: total)
                if budget <= 0 {
                    stoppedAtBudget = true
                    callPending = false
                    return false
                }
            }
            return true
        } catch {
            if error.isWouldBlock { return false }  // callPending stays: the same call comes next
            throw error  // (only a lost connection is thrown from here)
        }
    }

    private var isInFile: Bool {
        guard next < steps.count, case .file = steps[next] else { return false }
        return true
    }

    // MARK: - The plan

    /// Looks at the target (one call), then lays out the steps from the local source.
    private func plan(_ client: SFTPClient) throws(SFTPError) {
        let target = request.remote.isEmpty ? "." : request.remote
        let source = request.local
        let status: LocalFile.Status
        do throws(LocalFileError) {
            status = try LocalFile.status(source, followLinks: true)
            switch status.kind {
            case .directory:
                guard request.options.recursive else { throw LocalFileError(path: source, reason: "is a directory (use -r)") }
            case .file: break
            default: throw LocalFileError(path: source, reason: "not a regular file")
            }
        } catch {
            return finish(failure: "\(error.path): \(error.reason)")
        }
        do {
            if targetKind == nil { targetKind = .some(try client.attributesIfExists(target)?.kind) }
            // A file to a name that is not there: the directory it would go in must be (a
            // server says only `Failure` to an open in a directory that is not there).
            if targetKind == .some(nil), status.kind == .file, let missing = try missingDirectory(of: target, client) {
                return finish(failure: "\(missing): No such file or directory")
            }
        } catch where !error.isWouldBlock && !error.isConnectionLost {
            return finish(failure: "\(error.path): \(error.reason)")
        }
        planned = true
        let targetIsDirectory = targetKind == .some(.directory)
        if request.options.intoDirectory && !targetIsDirectory {
            return finish(failure: "\(target): not a directory (more than one source)")
        }
        destination = targetIsDirectory ? CopyPaths.join(target, CopyPaths.baseName(source)) : target
        if status.kind == .directory {
            layOut(tree: source, at: destination, status: status)
        } else {
            steps = [.file(upload(source, destination, status))]
            total = status.size
        }
        state = .moving(done: 0, total: total)
    }

    /// What the target is, once looked at (`.some(nil)`: nothing there).
    private var targetKind: RemoteFileAttributes.Kind??

    /// The directory `target` would be made in when it is not there: `target` itself when
    /// written as one (`dir/`), else its parent when that is missing too (one call); nil when
    /// it is there.
    private func missingDirectory(of target: String, _ client: SFTPClient) throws(SFTPError) -> String? {
        if target.hasSuffix("/") { return target }
        let parent = (target as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != "/", parent != "." else { return nil }
        return try client.attributesIfExists(parent) == nil ? parent : nil
    }

    private func upload(_ local: String, _ remote: String, _ status: LocalFile.Status) -> SFTPFileUpload {
        SFTPFileUpload(
            local: local, remote: remote, status: status, preserve: request.options.preserve,
            resume: request.options.resume)
    }

    /// The steps of a local tree: the directory, its entries (names sorted), its attributes.
    private func layOut(tree local: String, at remote: String, status: LocalFile.Status) {
        steps.append(.directory(remote: remote, permissions: status.permissions & 0o777))
        let names: [String]
        do {
            names = try LocalFile.list(local)
        } catch {
            steps.append(.failure("\(error.path): \(error.reason)"))
            return
        }
        for name in names {
            let child = local + "/" + name
            let remoteChild = CopyPaths.join(remote, name)
            do throws(LocalFileError) {
                let entry = try LocalFile.status(child, followLinks: false)
                switch entry.kind {
                case .directory: layOut(tree: child, at: remoteChild, status: entry)
                case .file:
                    steps.append(.file(upload(child, remoteChild, entry)))
                    total += entry.size
                case .symlink: steps.append(.link(remote: remoteChild, target: try LocalFile.readLink(child)))
                case .other: steps.append(.failure("\(child): not a regular file"))
                }
            } catch {
                steps.append(.failure("\(error.path): \(error.reason)"))
            }
        }
        steps.append(.attributes(remote: remote, status: status))
    }

    // MARK: - The steps

    /// Does `step` on as far as it goes; true once it is over. A step's own failure is a line
    /// in `failures`.
    private func perform(_ step: Step, _ client: SFTPClient, budget: inout Int) throws(SFTPError) -> Bool {
        if let path = step.remotePath, abandoned.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            return true
        }
        do throws(SFTPError) {
            switch step {
            case .directory(let remote, let permissions):
                if phase == 0 {
                    switch try client.attributesIfExists(remote)?.kind {
                    case .directory: return true
                    case nil: phase = 1
                    case .some: throw SFTPError(path: remote, reason: "Not a directory", status: 4)
                    }
                }
                try client.makeDirectory(remote, permissions: permissions | 0o700)
                return true
            case .file(let upload):
                if isCancelled { upload.cancel() }
                let over = try upload.advance(client, buffer: buffer, budget: &budget, observer: observer)
                bytesMoved += upload.moved - counted
                counted = upload.moved
                state = .moving(done: bytesMoved, total: total)
                guard over else {
                    // Stopped at the budget (the turn ends), or its call would block.
                    if upload.stoppedAtBudget { return false }
                    throw SFTPError.wouldBlock(upload.remote)
                }
                counted = 0
                if let failure = upload.failure { failures.append(failure) }
                return true
            case .link(let remote, let target):
                switch phase {
                case 0:
                    phase = try client.attributesIfExists(remote, followLinks: false) == nil ? 2 : 1
                    return false
                case 1:
                    try client.removeFile(remote)
                    phase = 2
                    return false
                case 2:
                    do {
                        try client.createSymlink(at: remote, pointingTo: target)
                        return true
                    } catch where !error.isWouldBlock && !error.isConnectionLost {
                        // libssh2 1.10 reports a failure for a link OpenSSH made: read back.
                        phase = 3
                        return false
                    }
                default:
                    guard (try client.readLink(remote)) == target else {
                        throw SFTPError(path: remote, reason: "the link could not be made", status: 4)
                    }
                    return true
                }
            case .attributes(let remote, let status):
                try client.setAttributes(
                    remote, permissions: status.permissions,
                    times: request.options.preserve ? (status.accessTime, status.modificationTime) : nil)
                return true
            case .failure(let message):
                failures.append(message)
                return true
            }
        } catch where !error.isWouldBlock && !error.isConnectionLost {
            failures.append("\(error.path): \(error.reason)")
            if case .directory(let remote, _) = step { abandoned.append(remote) }
            return true
        }
    }

    /// What a file upload had moved at the last look (its bytes are counted once).
    private var counted: UInt64 = 0

    private func finish(failure: String?) {
        if let failure {
            state = .failed(failure)
        } else {
            state = .finished(bytes: bytesMoved, destination: destination)
        }
    }
}

extension SFTPUploadJob.Step {
    /// The remote path the step is about (nil for a local failure).
    fileprivate var remotePath: String? {
        switch self {
        case .directory(let remote, _), .link(let remote, _), .attributes(let remote, _): return remote
        case .file(let upload): return upload.remote
        case .failure: return nil
        }
    }
}
