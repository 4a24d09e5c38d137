import CSSH2

/// An open remote file. Reads and writes take large buffers on purpose: libssh2 splits one
/// call into SFTP requests of about 30 KB and keeps them in flight together (up to four
/// times the buffer ahead for reads, the whole buffer for writes), which is what makes a
/// transfer fast over a link with latency; the channel's 2 MiB window bounds it, as OpenSSH's
/// sftp bounds itself to 64 requests of 32 KiB.
public final class SFTPFile {
    let client: SFTPClient
    /// The remote path, for messages.
    public let path: String
    private var handle: OpaquePointer?

    /// How much one read or write asks libssh2 for.
    public static let bufferSize = 1 << 20

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
