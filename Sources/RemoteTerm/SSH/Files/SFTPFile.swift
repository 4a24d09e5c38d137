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
        if handle != nil { try? close() }
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
        guard let handle, let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written = try client.call("write", path: path) {
                Int32(
                    truncatingIfNeeded: libssh2_sftp_write(
                        handle, (base + done).assumingMemoryBound(to: CChar.self), bytes.count - done))
            }
            done += Int(written)
        }
    }

    /// Moves the offset the next read or write starts at.
    public func seek(to offset: UInt64) {
        guard let handle else { return }
        libssh2_sftp_seek64(handle, offset)
    }

    /// Closes the file: for a written one, the server's answer says the data is in place.
    public func close() throws(SFTPError) {
        guard let handle else { return }
        self.handle = nil
        _ = try client.call("close", path: path) { libssh2_sftp_close_handle(handle) }
    }
}
