import RemoteTermEngine

/// What `SSHFileTransfers` runs, one at a time: an upload (`SFTPUploadJob`), a download
/// (`SFTPDownloadJob`) or a directory listed (`SFTPListJob`), each advanced without waiting.
protocol SFTPJob: AnyObject {
    var state: FileTransferState { get }
    var hasBegun: Bool { get }
    var stoppedAtBudget: Bool { get }
    /// The remote path, for messages.
    var path: String { get }
    /// True once over; throws only when the connection is lost.
    func advance(_ client: SFTPClient) throws(SFTPError) -> Bool
    func cancel()
}

/// A remote directory listed without waiting (Tab on `~d`'s question): open, one entry a
/// call, close; the names sorted, a directory's with `/`, and only those that are one path
/// component with nothing in them a terminal acts on (`PathComponent`, `InertText`).
final class SFTPListJob: SFTPJob {
    private enum Stage { case opening, reading, closing, done }

    let path: String
    private(set) var state = FileTransferState.queued
    private(set) var hasBegun = false
    let stoppedAtBudget = false
    private var stage = Stage.opening
    private var handle: OpaquePointer?
    private var names: [String] = []

    init(_ directory: String) {
        path = directory.isEmpty ? "." : directory
    }

    func cancel() {
        if !hasBegun {
            state = .failed("cancelled")
            stage = .done
        }
    }

    func advance(_ client: SFTPClient) throws(SFTPError) -> Bool {
        hasBegun = true
        do throws(SFTPError) {
            while true {
                switch stage {
                case .opening:
                    handle = try client.openDirectory(path)
                    stage = .reading
                case .reading:
                    guard let handle, let entry = try client.readDirectory(handle, path: path) else {
                        stage = .closing
                        continue
                    }
                    // Only names that could be typed: one path component, nothing a terminal
                    // acts on (a completion goes into the user's question as it is).
                    if case .success(let name) = entry.component,
                        !name.name.unicodeScalars.contains(where: { InertText.isActive($0) })
                    {
                        guard names.count < SFTPClient.listingLimit else { throw SFTPClient.tooLong(path) }
                        names.append(name.name + (entry.attributes.kind == .directory ? "/" : ""))
                    }
                case .closing:
                    if let handle { try client.closeHandle(handle, path: path) }
                    handle = nil
                    state = .listed(names.sorted())
                    stage = .done
                case .done:
                    return true
                }
            }
        } catch {
            if error.isWouldBlock { return false }
            if error.isConnectionLost { throw error }
            state = .failed("\(error.path): \(error.reason)")
            stage = .done
            return true
        }
    }
}
