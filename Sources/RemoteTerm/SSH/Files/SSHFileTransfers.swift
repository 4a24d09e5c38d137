import CSSH2

/// The file transfers of one SSH connection, beside its shell: one SFTP channel, opened at
/// the first transfer, and a queue of jobs (`SFTPUploadJob`, `SFTPDownloadJob`, `SFTPListJob`)
/// moved one at a time by the transport's
/// `service()`, never waiting (the channel's calls go through the session's send
/// discipline like every other channel's).
final class SSHFileTransfers {
    private let session: SSHSession
    private var client: SFTPClient?
    /// Why the server would not start SFTP: every transfer fails with it.
    private var refusal: String?
    private var jobs: [Int: any SFTPJob] = [:]
    /// The numbers of the transfers not over yet, in order.
    private var queue: [Int] = []
    private var nextNumber = 1

    init(session: SSHSession) {
        self.session = session
    }

    func start(_ request: FileTransferRequest) -> Int {
        add(request.direction == .upload ? SFTPUploadJob(request) : SFTPDownloadJob(request))
    }

    func startListing(_ directory: String) -> Int { add(SFTPListJob(directory)) }

    private func add(_ job: any SFTPJob) -> Int {
        let number = nextNumber
        nextNumber += 1
        jobs[number] = job
        queue.append(number)
        return number
    }

    func cancel(_ number: Int) {
        jobs[number]?.cancel()
        // One that never began has nothing open: it is over now.
        if let job = jobs[number], !job.hasBegun { queue.removeAll { $0 == number } }
    }

    func state(_ number: Int) -> FileTransferState? {
        guard let job = jobs[number] else { return nil }
        if case .queued = job.state, let refusal { return .failed("\(job.path): \(refusal)") }
        return job.state
    }

    /// Another turn is wanted at once: a transfer is waiting to begin, the head one stopped
    /// at its byte budget, or bytes arrived since the last turn (libssh2 may hold the
    /// server's answer already, read off the socket during the shell's read, where no poll
    /// would report it: libssh2 notes, pitfall 2).
    var wantsTurn: Bool {
        guard let number = queue.first, let job = jobs[number] else { return false }
        if client != nil && !job.hasBegun { return true }
        return job.stoppedAtBudget || session.context.receivedBytes != receivedMark
    }

    /// `session.context.receivedBytes` at the end of the last turn.
    private var receivedMark = 0



    /// Opens the SFTP channel if needed, then moves the head transfers as far as they go.
    func service() throws(SSHError) {
        defer { receivedMark = session.context.receivedBytes }
        guard !queue.isEmpty else { return }
        guard let client = try openClient() else { return }
        while let number = queue.first, let job = jobs[number] {
            let over: Bool
            do {
                over = try job.advance(client)
            } catch {
                throw SSHError.connectionLost(session.endpoint, reason: error.reason)
            }
            guard over else { return }
            queue.removeFirst()
        }
    }

    /// The SFTP client once the subsystem started; nil while it is starting or refused
    /// (then every queued transfer fails with the refusal).
    private func openClient() throws(SSHError) -> SFTPClient? {
        if let client { return client }
        if refusal != nil {
            queue.removeAll()
            return nil
        }
        switch session.send(.channelOpen, pointer: { libssh2_sftp_init(session.raw) }) {
        case .value(let raw):
            let client = SFTPClient(session: session, raw: raw)
            self.client = client
            return client
        case .wouldBlock:
            return nil
        case .failed(_, let message):
            refusal = SFTPClient.refusal(message)
            queue.removeAll()
            return nil
        }
    }
}
