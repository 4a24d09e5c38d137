import CSSH2

/// An open remote file. Reads and writes take large buffers on purpose: libssh2 splits one
/// call into SFTP requests of about 30 KB and keeps them in flight together (up to four
/// times the buffer ahead for reads, the whole buffer for writes), which is what makes a
/// transfer fast over a link with latency, as OpenSSH's sftp keeps 64 requests of 32 KiB
/// (2 MiB) in flight. Writes take 4 MiB, so that the server's 2 MiB window, not the buffer,
/// bounds them (with 1 MiB, an upload through 100 ms round trips ran at 10 MiB/s, sftp's at
/// 13); reads ask for no more than the file has left, or libssh2 reads ahead far past the
/// end of a small file (142 requests for a 4 KiB one).
public final class SFTPFile {
    let client: SFTPClient
    /// The remote path, for messages.
    public let path: String
    private var handle: OpaquePointer?

    /// How much one read asks libssh2 for at most.
    public static let readSize = 1 << 20
    /// How much one write hands libssh2 at most.
    public static let writeSize = 4 << 20
    /// A buffer for either.
    public static let bufferSize = max(readSize, writeSize)

    init(client: SFTPClient, path: String, handle: OpaquePointer) {
        self.client = client
        self.path = path
        self.handle = handle
    }

    deinit {
        guard let handle else { return }
        if client.waits {
            try? close()
        } else {
            // One try: a file abandoned mid-transfer is closed with the channel if not now.
            _ = client.session.send(.sftp(ObjectIdentifier(client))) { Int(libssh2_sftp_close_handle(handle)) }
        }
    }

    /// Reads into `buffer`; returns the byte count, 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SFTPError) -> Int {
        guard let handle, let base = buffer.baseAddress else { return 0 }
        let count = try client.call("read", path: path) {
            Int32(truncatingIfNeeded: libssh2_sftp_read(handle, base.assumingMemoryBound(to: CChar.self), buffer.count))
        }
        return Int(count)
    }

    /// Writes all of `bytes` at the file's offset.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SFTPError) {
        var done = 0
        while done < bytes.count {
            done += try writeSome(UnsafeRawBufferPointer(rebasing: bytes[done...]))
        }
    }

    /// One libssh2 write: the bytes it took (it sends them as requests of about 30 KB and
    /// answers once the first are acknowledged). After `wouldBlock`, call it again with
    /// the same bytes.
    func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SFTPError) -> Int {
        guard let handle, let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        let written = try client.call("write", path: path) {
            Int32(truncatingIfNeeded: libssh2_sftp_write(handle, base.assumingMemoryBound(to: CChar.self), bytes.count))
        }
        return Int(written)
    }

    /// Moves the offset the next read or write starts at.
    public func seek(to offset: UInt64) {
        guard let handle else { return }
        libssh2_sftp_seek64(handle, offset)
    }

    /// Closes the file: for a written one, the server's answer says the data is in place.
    /// After `wouldBlock`, call it again (the handle stays until the server answered).
    public func close() throws(SFTPError) {
        guard let handle else { return }
        do {
            _ = try client.call("close", path: path) { libssh2_sftp_close_handle(handle) }
        } catch {
            if error.isWouldBlock { throw error }
            self.handle = nil
            throw error
        }
        self.handle = nil
    }
}
