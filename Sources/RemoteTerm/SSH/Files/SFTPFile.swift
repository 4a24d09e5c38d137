import CSSH2

#if canImport(Glibc)
    import Glibc
#endif

/// An open remote file. Reads and writes take large buffers on purpose: libssh2 splits one
/// call into SFTP requests of about 30 KB and keeps them in flight together (up to four
/// times the buffer ahead for reads, the whole buffer for writes), which is what makes a
/// transfer fast over a link with latency, as OpenSSH's sftp keeps 64 requests of 32 KiB
/// (2 MiB) in flight. Writes take 4 MiB, so that the server's 2 MiB window, not the buffer,
/// bounds them (with 1 MiB, an upload through 100 ms round trips ran at 10 MiB/s, sftp's at
/// 13); reads ask for no more than the file has left, or libssh2 reads ahead far past the
/// end of a small file (142 requests for a 4 KiB one).
package final class SFTPFile {
    let client: SFTPClient
    /// The remote path, for messages.
    package let path: String
    private var handle: OpaquePointer?

    /// How much one read asks libssh2 for at most.
    package static let readSize = 1 << 20
    /// How much one write hands libssh2 at most.
    package static let writeSize = 4 << 20
    /// A buffer for either: an upload slides a window of `writeSize` along it (SFTPUpload).
    package static let bufferSize = max(readSize, 2 * writeSize)

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
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SFTPError) -> Int {
        guard let handle, let base = buffer.baseAddress else { return 0 }
        let count = try client.call("read", path: path) {
            Int32(truncatingIfNeeded: libssh2_sftp_read(handle, base.assumingMemoryBound(to: CChar.self), buffer.count))
        }
        return Int(count)
    }

    /// Writes all of `bytes` at the file's offset.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(SFTPError) {
        var done = 0
        while done < bytes.count {
            done += try writeSome(UnsafeRawBufferPointer(rebasing: bytes[done...]))
        }
    }

    /// One libssh2 write: the bytes the server acknowledged (it sends them as requests of about 30 KB and
    /// answers once the first are acknowledged). After `wouldBlock`, call it again with
    /// the same bytes.
    package func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SFTPError) -> Int {
        guard let handle, let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        let written = try client.call("write", path: path) {
            Int32(truncatingIfNeeded: libssh2_sftp_write(handle, base.assumingMemoryBound(to: CChar.self), bytes.count))
        }
        return Int(written)
    }

    /// Moves the offset the next read or write starts at.
    package func seek(to offset: UInt64) {
        guard let handle else { return }
        libssh2_sftp_seek64(handle, offset)
    }

    /// Closes the file: for a written one, the server's answer says the data is in place.
    /// After `wouldBlock`, call it again (the handle stays until the server answered).
    package func close() throws(SFTPError) {
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

/// The bytes of an upload between the local file and libssh2, kept so that the writes in
/// flight never drain: libssh2 sends what it is given as requests and answers with what the
/// server acknowledged, and the next call must start with the bytes not acknowledged yet
/// (libssh2 skips those it already sent). Refilled while less than `SFTPFile.writeSize` is
/// pending, so a 4 MiB chunk boundary costs no round trip (with one buffer written whole at
/// a time, every 4 MiB waited for the last acknowledgement: 16 round trips in 64 MiB).
package struct SFTPUploadWindow {
    private var start = 0
    private var end = 0
    private var atEnd = false

    package init() {}

    /// Tops the pending bytes up to `writeSize` from `read` (which fills what it is given and
    /// says how much; 0 at the end of the file), moving them to the buffer's start first.
    package mutating func refill(
        _ buffer: UnsafeMutableRawBufferPointer, _ read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) rethrows {
        guard !atEnd, end - start < SFTPFile.writeSize else { return }
        if start > 0 {
            if end > start, let base = buffer.baseAddress { memmove(base, base + start, end - start) }
            end -= start
            start = 0
        }
        let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[end..<min(end + SFTPFile.writeSize, buffer.count)]))
        if count == 0 { atEnd = true } else { end += count }
    }

    /// The bytes to hand libssh2 now; nil once everything was acknowledged.
    package func pending(_ buffer: UnsafeMutableRawBufferPointer) -> UnsafeRawBufferPointer? {
        start < end ? UnsafeRawBufferPointer(rebasing: buffer[start..<end]) : nil
    }

    /// `count` bytes were acknowledged.
    package mutating func acknowledge(_ count: Int) { start += count }

    /// Reads no more: what is pending still goes, then `pending` is nil.
    package mutating func finish() { atEnd = true }
}
