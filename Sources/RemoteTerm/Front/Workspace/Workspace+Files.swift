import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// A file `~u` or `~d` started: which session's connection moves it, and its number there.
struct WorkspaceTransfer {
    let session: ObjectIdentifier
    let number: Int
    let request: FileTransferRequest

    /// The file's name, as the bar shows it.
    var name: String {
        CopyPaths.baseName(request.direction == .upload ? request.local : request.remote)
    }

    /// How ☰ lists it: `↑ name`.
    var label: String { Workspace.arrow(request.direction) + " " + name }
}

/// Files over the shown session's connection, beside its shell: `~u` copies a local file to
/// the shell's directory (the one it last said with OSC 7, else the login directory), `~d`
/// a remote file (relative to that directory) to rterm's current directory. The bar row says
/// how far each is, four times a second, and how it ended.
extension Workspace {
    func startTransfer(_ direction: FileTransferRequest.Direction, path: String, now: UInt64) {
        let session = shown
        let shellDirectory = Self.shellDirectory(session.terminal.workingDirectory)
        let request: FileTransferRequest
        switch direction {
        case .upload:
            var local = path
            if local.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }) {
                local = home + local.dropFirst(1)
            }
            request = FileTransferRequest(.upload, local: local, remote: shellDirectory ?? "")
        case .download:
            let remote = path.hasPrefix("/") || path.hasPrefix("~")
                ? CopyPaths.remotePath(path) : shellDirectory.map { CopyPaths.join($0, path) } ?? path
            request = FileTransferRequest(.download, local: ".", remote: remote)
        }
        guard let number = session.startTransfer(request) else {
            notify("this session cannot move files: ~u and ~d need an SSH session", now: now)
            return
        }
        let transfer = WorkspaceTransfer(session: ObjectIdentifier(session), number: number, request: request)
        transfers.append(transfer)
        controller.transferLabels = transfers.map(\.label)
        showTransferProgress()
        effects.append(.redraw)
    }

    /// ☰'s `Cancel …` for the transfer at `index` of the list.
    func cancelTransfer(_ index: Int, now: UInt64) {
        guard transfers.indices.contains(index) else { return }
        let transfer = transfers[index]
        entries.first { ObjectIdentifier($0.session) == transfer.session }?.session.cancelTransfer(transfer.number)
        notify("\(transfer.label): cancelling", now: now)
    }

    /// A session's transfers moved on or ended: the bar says so.
    func transfersChanged(_ session: Session, now: UInt64?) {
        let now = now ?? session.clock.now()
        finishRemoteCompletion(session)
        for transfer in transfers where transfer.session == ObjectIdentifier(session) {
            let arrow = Self.arrow(transfer.request.direction)
            switch session.transferState(transfer.number) {
            case .queued, .moving:
                break  // the bar's first button says how far (`progressLabel`)
            case .finished(let bytes, let destination):
                notify("\(arrow) \(transfer.name): \(Self.size(bytes)) copied to \(destination)", now: now)
            case .failed(let message):
                // It may say what to do (the `rterm cp -a` that completes a cancelled upload):
                // it stays until dismissed.
                notify("\(arrow) \(transfer.name) failed: \(message)", sticky: true, now: now)
            case .listed:
                break
            case nil:
                notify("\(arrow) \(transfer.name) failed: the connection was lost", now: now)
            }
        }
        transfers.removeAll { transfer in
            transfer.session == ObjectIdentifier(session) && (session.transferState(transfer.number)?.isOver ?? true)
        }
        controller.transferLabels = transfers.map(\.label)
        showTransferProgress()
    }

    /// Tab on `~d`'s question: the directory of what is typed is listed over the connection
    /// (relative to the shell's directory), and the answer completed when the names come.
    func completeRemotePath(_ typed: String, now: UInt64) {
        let session = shown
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        var directory = CopyPaths.remotePath(directoryPart)
        if !directoryPart.hasPrefix("/"), !directoryPart.hasPrefix("~"),
            let shell = Self.shellDirectory(session.terminal.workingDirectory)
        {
            directory = directoryPart.isEmpty ? shell : CopyPaths.join(shell, directoryPart)
        }
        guard let number = session.startListing(directory) else { return }
        remoteCompletion = (ObjectIdentifier(session), number, typed)
    }

    /// A listing for Tab came: the answer is completed if it still reads as it did.
    func finishRemoteCompletion(_ session: Session) {
        guard let (owner, number, typed) = remoteCompletion, owner == ObjectIdentifier(session),
            let state = session.transferState(number), state.isOver
        else { return }
        remoteCompletion = nil
        guard case .listed(let names) = state else { return }
        let entries = names.map { (name: $0.hasSuffix("/") ? String($0.dropLast()) : $0, isDirectory: $0.hasSuffix("/")) }
        let completion = LocalPathCompletion.complete(typed, home: "") { _ in entries }
        if controller.completePrompt(typed, with: completion) { effects.append(.redraw) }
    }

    /// The bar's first button while transfers run: the first one's direction and percentage
    /// (`↑45%`, `↓3%+1` with one more waiting); it opens ☰, where each can be cancelled.
    /// With none, the shown remote's own progress report (OSC 9 ; 4), as `42%`.
    func showTransferProgress() {
        let progress = transfers.first.flatMap { transfer -> String? in
            guard let session = entries.first(where: { ObjectIdentifier($0.session) == transfer.session })?.session else {
                return nil
            }
            var percent = 0
            if case .moving(let done, let total) = session.transferState(transfer.number), total > 0 {
                percent = Int(Double(done) * 100 / Double(total))
            }
            return Self.arrow(transfer.request.direction) + "\(percent)%" + (transfers.count > 1 ? "+\(transfers.count - 1)" : "")
        } ?? (entries.indices.contains(shownIndex) ? shown.progress?.barLabel : nil)
        if controller.setTransferProgress(progress) { effects.append(.redraw) }
    }

    /// The path of an OSC 7 report (`file://host/path`, percent-encoded), nil when the shell
    /// said none, or one that decodes to something a terminal acts on (`%1b`: the engine
    /// cleaned the report, not what it encodes), which no transfer goes to.
    static func shellDirectory(_ reported: String) -> String? {
        guard reported.hasPrefix("file://") else { return nil }
        let rest = reported.dropFirst(7)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let path = String(rest[slash...])
        let decoded = path.removingPercentEncoding ?? path
        guard !decoded.unicodeScalars.contains(where: { InertText.isActive($0) }) else { return nil }
        return decoded
    }

    static func arrow(_ direction: FileTransferRequest.Direction) -> String { direction == .upload ? "↑" : "↓" }

    /// 512 B, 12 KiB, 3.4 MiB (binary units, named as such).
    static func size(_ bytes: UInt64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 || value >= 99.95 ? "\(Int(value.rounded())) \(units[unit])" : "\((value * 10).rounded() / 10) \(units[unit])"
    }
}
