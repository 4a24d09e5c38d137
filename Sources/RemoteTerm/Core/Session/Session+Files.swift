import RemoteTermSSH

/// Files over the session's own connection, beside its shell (a script's `put` and `get`):
/// the transport moves them in its `service()`, a turn at a time, never waiting.
extension Session {
    /// Queues a transfer; its number, or nil when this session's connection cannot move
    /// files (a local command, or no connection now).
    package func startTransfer(_ request: FileTransferRequest) -> Int? {
        queue { $0.startTransfer(request) }
    }

    /// After the transport's turn: a transfer that ended says so at once, one that moved on
    /// at most four times a second (`transfersChanged`), so that a driver waiting on it, or a
    /// bar showing it, looks again.
    func noticeTransfers(_ transport: Transport) {
        guard !transfersUnderWay.isEmpty, let transferring = transport as? FileTransferring else { return }
        let ended = transfersUnderWay.filter { transferring.transferState($0)?.isOver ?? true }
        let now = clock.now()
        if !ended.isEmpty || now &- transfersToldAt >= Self.transferReportInterval {
            transfersUnderWay.subtract(ended)
            transfersToldAt = now
            events.post(.transfersChanged)
        }
    }

    /// How often a transfer's progress is reported: four times a second.
    static let transferReportInterval: UInt64 = 250_000_000

    /// Queues the listing of a remote directory; its number (nil as for `startTransfer`).
    package func startListing(_ directory: String) -> Int? {
        queue { $0.startListing(directory) }
    }

    /// Queues on the transport (`start` gives the number), watched until it ends, and turns
    /// the loop once so it begins.
    private func queue(_ start: (FileTransferring) -> Int) -> Int? {
        guard let transferring = link?.transport as? FileTransferring else { return nil }
        let number = start(transferring)
        transfersUnderWay.insert(number)
        wantsTurn = true
        return number
    }

    /// Stops transfer `number` (see `FileTransferring.cancelTransfer`).
    package func cancelTransfer(_ number: Int) {
        (link?.transport as? FileTransferring)?.cancelTransfer(number)
        wantsTurn = true
    }

    /// Where transfer `number` is (nil: the connection it ran on is gone).
    package func transferState(_ number: Int) -> FileTransferState? {
        (link?.transport as? FileTransferring)?.transferState(number)
    }
}
