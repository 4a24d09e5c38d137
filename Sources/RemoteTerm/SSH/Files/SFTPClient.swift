import CSSH2
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An SFTP session (the `sftp` subsystem on a channel of its own) over one logged-in SSH
/// connection: stat, list, make directories and links, set times and modes, open files.
/// Reads and writes keep many requests in flight inside libssh2 (SFTPFile).
///
/// Two ways to call it. A client of its own connection (`rterm cp`) waits: every call
/// blocks until the server answers (through `SSHSession.perform`, which waits in poll(2)
/// with the session's answer timeout), so it runs off any loop, as connecting does. A client
/// beside a live session's shell (`SSHFileTransfers`) never waits: a call that would block
/// throws `SFTPError.wouldBlock` and is repeated, the same call, on a later turn; each goes
/// through the session's send discipline, as every channel's calls do.
package final class SFTPClient {
    let session: SSHSession
    let raw: OpaquePointer
    /// Whether calls wait for the server (see above).
    let waits: Bool

    /// The server this client is logged in to.
    package var endpoint: SSHEndpoint { session.endpoint }

    /// A client that never waits, on an SFTP session already started.
    init(session: SSHSession, raw: OpaquePointer) {
        self.session = session
        self.raw = raw
        waits = false
    }

    init(session: SSHSession) throws(SSHError) {
        self.session = session
        waits = true
        guard let raw = try session.performReturningPointer("the SFTP subsystem", { libssh2_sftp_init(session.raw) })
        else {
            throw SSHError.channelFailed(
                session.endpoint, request: "the SFTP subsystem", reason: Self.refusal(session.lastError.message))
        }
        self.raw = raw
    }

    /// Why the server would not start SFTP, in words a user can act on: libssh2 says only
    /// which request failed.
    static func refusal(_ said: String) -> String {
        if said.contains("subsystem") {
            return "the server has no SFTP subsystem (Subsystem sftp in its sshd_config); scp -O copies without it"
        }
        if said.contains("channel") {
            return "the server would not open another channel (its MaxSessions, or a Match block, may forbid it)"
        }
        return said
    }

    deinit {
        if waits {
            _ = try? session.perform("closing SFTP") { libssh2_sftp_shutdown(raw) }
        } else {
            // One try: the session closing with the transport frees what is left.
            _ = session.send(.sftp(ObjectIdentifier(self))) { Int(libssh2_sftp_shutdown(raw)) }
        }
    }

    /// Connects as `rterm host` would (jump hosts, ProxyCommand, host keys, authentication)
    /// and starts the SFTP subsystem. Blocks.
    package static func connect(_ request: SSHConnectionRequest, log: SSHLog, clock: LoopClock) throws(SSHError)
        -> SFTPClient
    {
        let session = try SSHTransport.openChain(request, log: log, clock: clock)
        return try SFTPClient(session: session)
    }

    // MARK: - Errors

    /// The error for a failed call about `path`: the server's status when it sent one, else
    /// the connection's failure.
    func failure(_ path: String, code: Int) -> SFTPError {
        if code == Int(LIBSSH2_ERROR_SFTP_PROTOCOL) {
            let status = UInt(libssh2_sftp_last_error(raw))
            return SFTPError(path: path, reason: SFTPError.words(forStatus: status), status: status)
        }
        return SFTPError(path: path, reason: session.lostReason, status: nil)
    }

    func failure(_ path: String, _ error: SSHError) -> SFTPError {
        SFTPError(path: path, reason: error.description, status: nil)
    }

    /// Runs a libssh2 call that returns a status (negative on failure): waiting through
    /// `perform`, or once through the send discipline.
    func call(_ stage: String, path: String, _ body: () -> Int32) throws(SFTPError) -> Int32 {
        let result: Int32
        if waits {
            do {
                result = try session.perform(stage, body)
            } catch {
                throw failure(path, error)
            }
        } else {
            result = Int32(truncatingIfNeeded: session.send(.sftp(ObjectIdentifier(self))) { Int(body()) })
            if result == LIBSSH2_ERROR_EAGAIN { throw SFTPError.wouldBlock(path) }
        }
        if result < 0 { throw failure(path, code: Int(result)) }
        return result
    }

    // MARK: - Paths

    /// The attributes of `path`; of a symbolic link itself when `followLinks` is false.
    package func attributes(_ path: String, followLinks: Bool = true) throws(SFTPError) -> RemoteFileAttributes {
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        let kind = followLinks ? LIBSSH2_SFTP_STAT : LIBSSH2_SFTP_LSTAT
        _ = try call("stat", path: path) {
            libssh2_sftp_stat_ex(raw, path, UInt32(path.utf8.count), Int32(kind), &attributes)
        }
        return RemoteFileAttributes(attributes)
    }

    /// The attributes of `path`, nil when it does not exist.
    package func attributesIfExists(_ path: String, followLinks: Bool = true) throws(SFTPError) -> RemoteFileAttributes? {
        do {
            return try attributes(path, followLinks: followLinks)
        } catch {
            if error.isMissing { return nil }
            throw error
        }
    }

    /// The server's absolute, canonical form of `path` ("." is the login directory).
    package func realPath(_ path: String) throws(SFTPError) -> String {
        try linkCall(path, kind: LIBSSH2_SFTP_REALPATH)
    }

    /// Where the symbolic link at `path` points.
    package func readLink(_ path: String) throws(SFTPError) -> String {
        try linkCall(path, kind: LIBSSH2_SFTP_READLINK)
    }

    private func linkCall(_ path: String, kind: Int32) throws(SFTPError) -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = try call(kind == LIBSSH2_SFTP_REALPATH ? "realpath" : "readlink", path: path) {
            libssh2_sftp_symlink_ex(raw, path, UInt32(path.utf8.count), &buffer, UInt32(buffer.count - 1), kind)
        }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes a symbolic link at `path` that points to `target` (libssh2's argument order:
    /// the target first). Against OpenSSH 9.2, libssh2 1.10 reports a failure status for a
    /// link the server did make: the link is read back before the failure is believed.
    package func makeSymlink(at path: String, pointingTo target: String) throws(SFTPError) {
        do {
            try createSymlink(at: path, pointingTo: target)
        } catch {
            if error.isConnectionLost { throw error }
            guard (try? readLink(path)) == target else { throw error }
        }
    }

    /// The one call of `makeSymlink`, its failure not read back (a client that never waits
    /// reads the link back as a call of its own: one call at a time).
    func createSymlink(at path: String, pointingTo target: String) throws(SFTPError) {
        var pathBytes = Array(path.utf8CString)
        _ = try call("symlink", path: path) {
            libssh2_sftp_symlink_ex(
                raw, target, UInt32(target.utf8.count), &pathBytes, UInt32(path.utf8.count), LIBSSH2_SFTP_SYMLINK)
        }
    }

    /// Makes the directory `path` with `permissions`.
    package func makeDirectory(_ path: String, permissions: UInt32) throws(SFTPError) {
        _ = try call("mkdir", path: path) {
            libssh2_sftp_mkdir_ex(raw, path, UInt32(path.utf8.count), Int(permissions))
        }
    }

    /// Removes the file `path`.
    package func removeFile(_ path: String) throws(SFTPError) {
        _ = try call("remove", path: path) { libssh2_sftp_unlink_ex(raw, path, UInt32(path.utf8.count)) }
    }

    /// Sets the permission bits and/or the access and modification times of `path`.
    package func setAttributes(_ path: String, permissions: UInt32?, times: (access: UInt64, modification: UInt64)?)
        throws(SFTPError)
    {
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        if let permissions {
            attributes.flags |= UInt(LIBSSH2_SFTP_ATTR_PERMISSIONS)
            attributes.permissions = UInt(permissions)
        }
        if let times {
            attributes.flags |= UInt(LIBSSH2_SFTP_ATTR_ACMODTIME)
            attributes.atime = UInt(times.access)
            attributes.mtime = UInt(times.modification)
        }
        guard attributes.flags != 0 else { return }
        _ = try call("setstat", path: path) {
            libssh2_sftp_stat_ex(raw, path, UInt32(path.utf8.count), LIBSSH2_SFTP_SETSTAT, &attributes)
        }
    }

    /// The entries of the directory `path`, without "." and ".." (every listing holds them),
    /// sorted by name (in the order listed where two are the same); at most `listingLimit`,
    /// past which the listing fails (the server's listing is not held in memory unbounded).
    package func list(_ path: String) throws(SFTPError) -> [RemoteDirectoryEntry] {
        let handle = try openDirectory(path)
        defer { _ = try? closeHandle(handle, path: path) }
        var entries: [RemoteDirectoryEntry] = []
        while let entry = try readDirectory(handle, path: path) {
            // Every listing holds them: the directory itself and its parent.
            if entry.name == "." || entry.name == ".." { continue }
            guard entries.count < Self.listingLimit else { throw Self.tooLong(path) }
            entries.append(entry)
        }
        return entries.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
    }

    /// The most entries one directory's listing may hold.
    package static let listingLimit = 1 << 20

    static func tooLong(_ path: String) -> SFTPError {
        SFTPError(path: path, reason: "the listing holds more than \(listingLimit) entries: not copied", status: 4)
    }

    /// Opens the directory `path` to read its entries (one call).
    func openDirectory(_ path: String) throws(SFTPError) -> OpaquePointer {
        try open(path, flags: 0, permissions: 0, type: LIBSSH2_SFTP_OPENDIR)
    }

    /// The next entry of an open directory, nil after the last (one call).
    func readDirectory(_ handle: OpaquePointer, path: String) throws(SFTPError) -> RemoteDirectoryEntry? {
        var name = [CChar](repeating: 0, count: 4097)
        // libssh2 answers 0 both at the end and for an entry whose name is empty, which a
        // hostile server lists to hide what follows: only for an entry does it fill the
        // attributes, whose flags (32 bits on the wire) never read back as this mark.
        var attributes = LIBSSH2_SFTP_ATTRIBUTES()
        attributes.flags = Self.noEntryMark
        let count = try call("readdir", path: path) {
            libssh2_sftp_readdir_ex(handle, &name, name.count - 1, nil, 0, &attributes)
        }
        if count == 0, attributes.flags == Self.noEntryMark { return nil }
        return RemoteDirectoryEntry(
            nameBytes: name.prefix(Int(count)).map { UInt8(bitPattern: $0) }, attributes: RemoteFileAttributes(attributes))
    }

    /// What `readDirectory` leaves in the attributes' flags to tell the end from an entry.
    private static let noEntryMark = UInt.max

    /// Closes an open directory (one call).
    func closeHandle(_ handle: OpaquePointer, path: String) throws(SFTPError) {
        _ = try call("close", path: path) { libssh2_sftp_close_handle(handle) }
    }

    // MARK: - Files

    /// Opens `path` to read it from the start.
    package func openForReading(_ path: String) throws(SFTPError) -> SFTPFile {
        SFTPFile(client: self, path: path, handle: try open(path, flags: UInt(LIBSSH2_FXF_READ), permissions: 0))
    }

    /// Opens `path` to write it, created with `permissions` when it does not exist; emptied
    /// first when `truncate` (else written from `SFTPFile.seek`'s offset on).
    package func openForWriting(_ path: String, permissions: UInt32, truncate: Bool) throws(SFTPError) -> SFTPFile {
        var flags = UInt(LIBSSH2_FXF_WRITE | LIBSSH2_FXF_CREAT)
        if truncate { flags |= UInt(LIBSSH2_FXF_TRUNC) }
        return SFTPFile(client: self, path: path, handle: try open(path, flags: flags, permissions: permissions))
    }

    private func open(_ path: String, flags: UInt, permissions: UInt32, type: Int32 = LIBSSH2_SFTP_OPENFILE)
        throws(SFTPError) -> OpaquePointer
    {
        let open = { libssh2_sftp_open_ex(self.raw, path, UInt32(path.utf8.count), flags, Int(permissions), type) }
        guard waits else {
            switch session.send(.sftp(ObjectIdentifier(self)), pointer: open) {
            case .value(let handle): return handle
            case .wouldBlock: throw SFTPError.wouldBlock(path)
            case .failed(let code, _): throw failure(path, code: code)
            }
        }
        let handle: OpaquePointer?
        do {
            handle = try session.performReturningPointer("open", open)
        } catch {
            throw failure(path, error)
        }
        guard let handle else { throw failure(path, code: Int(libssh2_session_last_errno(session.raw))) }
        return handle
    }
}
