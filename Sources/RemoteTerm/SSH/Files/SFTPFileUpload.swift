#if canImport(Glibc)
    import Glibc
#endif

/// What an upload says as it goes: each file's start, its bytes, its end (`rterm cp`'s
/// progress line).
package protocol SFTPUploadObserver: AnyObject {
    /// A file starts: `total` bytes, `already` of them there before (`-a`).
    func fileStarted(_ name: String, total: UInt64, already: UInt64)
    /// `count` more bytes were taken by the server.
    func moved(_ count: Int)
    /// The file is done, or failed.
    func fileEnded()
}

/// One local file written to an exact remote path without waiting, one libssh2 call at a
/// time: a call that would block is the next one made, whatever else happens (libssh2's rule
/// for its non-blocking calls). With `-a`, a shorter remote file whose last MiB matches the
/// source there is completed from its end; with `-p` (or once completed) the remote file gets
/// the source's mode and times. The file step of `SFTPUploadJob`.
package final class SFTPFileUpload {
    private enum Stage {
        case checking, openingTail, readingTail, closingTail, opening, moving, closing, settingAttributes, done
    }

    let local: String
    let remote: String
    let status: LocalFile.Status
    let preserve: Bool
    let resume: Bool
    /// Why it failed, once over (nil: it arrived, or it runs).
    private(set) var failure: String?
    /// Bytes the server took (not those a resumed copy found there).
    private(set) var moved: UInt64 = 0
    /// The last `advance` stopped at its byte budget.
    private(set) var stoppedAtBudget = false
    private var stage = Stage.checking
    /// The last call would have blocked: it is the next one made.
    private var callPending = false
    private var isCancelled = false
    private var descriptor: Int32 = -1
    private var file: SFTPFile?
    /// `-a`: where the remote file ends (the copy goes on from there when its tail matches),
    /// where the compared tail starts, and the remote tail read so far.
    private var offset: UInt64 = 0
    private var tailStart: UInt64 = 0
    private var remoteTail: [UInt8] = []
    private var window = SFTPUploadWindow()
    private var announced = false

    /// How much of a partial file `-a` compares with the source before completing it.
    package static let resumeWindow: UInt64 = 1 << 20

    init(local: String, remote: String, status: LocalFile.Status, preserve: Bool, resume: Bool) {
        self.local = local
        self.remote = remote
        self.status = status
        self.preserve = preserve
        self.resume = resume
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    var isOver: Bool { stage == .done }

    /// Stops at the next step: nothing more is read, what was sent is let through (libssh2
    /// cannot take back a request it sent), the file closed; the part sent stays, for `-a`.
    func cancel() { isCancelled = true }

    /// Goes on as far as the connection and `budget` (bytes, taken from) allow; true once
    /// over (`failure` says how). Throws only when the connection is lost.
    func advance(
        _ client: SFTPClient, buffer: UnsafeMutableRawBufferPointer, budget: inout Int, observer: SFTPUploadObserver?
    ) throws(SFTPError) -> Bool {
        stoppedAtBudget = false
        var resumed = true
        do {
            while true {
                if !resumed { callPending = false }
                resumed = false
                if isCancelled, !callPending, let stop = cancelledStage() { stage = stop }
                callPending = true
                switch stage {
                case .checking:
                    if descriptor < 0 { descriptor = try LocalFile.openForReading(local) }
                    stage = .opening
                    guard resume, let there = try client.attributesIfExists(remote), there.kind == .file, there.size > 0,
                        there.size <= status.size
                    else { continue }
                    offset = there.size
                    tailStart = offset > Self.resumeWindow ? offset - Self.resumeWindow : 0
                    stage = .openingTail
                case .openingTail:
                    let tail = try client.openForReading(remote)
                    tail.seek(to: tailStart)
                    file = tail
                    stage = .readingTail
                case .readingTail:
                    let want = Int(offset - tailStart) - remoteTail.count
                    if want > 0, let tail = file {
                        let got = try tail.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(want, buffer.count)]))
                        if got > 0 {
                            remoteTail += buffer[..<got]
                            continue
                        }
                    }
                    stage = .closingTail
                case .closingTail:
                    try file?.close()
                    file = nil
                    let count = Int(offset - tailStart)
                    let localTail = try LocalFile.read(local, descriptor: descriptor, at: tailStart, count: count)
                    if localTail.count != count || remoteTail.count != count || SHA256.hash(localTail) != SHA256.hash(remoteTail) {
                        offset = 0
                    }
                    remoteTail = []
                    stage = .opening
                    if isCancelled {
                        failure = "cancelled"
                        closeLocal()
                        stage = .done
                    }
                case .opening:
                    let opened = try client.openForWriting(remote, permissions: status.permissions & 0o777, truncate: offset == 0)
                    file = opened
                    if offset > 0 {
                        opened.seek(to: offset)
                        lseek(descriptor, off_t(offset), SEEK_SET)
                    }
                    observer?.fileStarted(CopyPaths.baseName(local), total: status.size, already: offset)
                    announced = true
                    stage = .moving
                case .moving:
                    // Cancelled: nothing more is read; what was sent is answered, then closed.
                    if isCancelled { window.finish() }
                    let descriptor = descriptor, local = local
                    try window.refill(buffer) { try LocalFile.read(descriptor, local, into: $0) }
                    guard let pending = window.pending(buffer), let file else {
                        stage = .closing
                        continue
                    }
                    let count = try file.writeSome(pending)
                    // Nothing acknowledged yet is not the end of the file: come back after a poll.
                    if count == 0 { throw SFTPError.wouldBlock(remote) }
                    window.acknowledge(count)
                    moved += UInt64(count)
                    observer?.moved(count)
                    budget -= count
                    if budget <= 0 {
                        stoppedAtBudget = true
                        callPending = false
                        return false
                    }
                case .closing:
                    try file?.close()
                    file = nil
                    closeLocal()
                    if isCancelled {
                        failure = "cancelled (the \(offset + moved) bytes copied stay in \(remote): rterm cp -a completes it)"
                        end(observer)
                    } else if preserve || offset > 0 {
                        stage = .settingAttributes
                    } else {
                        end(observer)
                    }
                case .settingAttributes:
                    try client.setAttributes(
                        remote, permissions: status.permissions,
                        times: preserve ? (status.accessTime, status.modificationTime) : nil)
                    end(observer)
                case .done:
                    return true
                }
            }
        } catch let error as SFTPError {
            if error.isWouldBlock { return false }  // callPending stays: the same call comes next
            if error.isConnectionLost { throw error }
            return fail("\(error.path): \(error.reason)", observer)
        } catch let error as LocalFileError {
            return fail("\(error.path): \(error.reason)", observer)
        } catch {
            return fail("\(error)", observer)
        }
    }

    /// Where a cancel goes from the stage it finds (no call half done): nowhere while moving
    /// or closing (the file is let through, then closed), to the tail's close while one is
    /// open, else to the end.
    private func cancelledStage() -> Stage? {
        switch stage {
        case .checking, .opening:
            failure = "cancelled"
            closeLocal()
            return .done
        case .openingTail:
            failure = "cancelled"
            closeLocal()
            return .done
        case .readingTail: return .closingTail
        case .closingTail, .moving, .closing, .settingAttributes, .done: return nil
        }
    }

    private func end(_ observer: SFTPUploadObserver?) {
        if announced { observer?.fileEnded() }
        announced = false
        stage = .done
    }

    private func fail(_ message: String, _ observer: SFTPUploadObserver?) -> Bool {
        failure = message
        file = nil
        closeLocal()
        end(observer)
        return true
    }

    private func closeLocal() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}

