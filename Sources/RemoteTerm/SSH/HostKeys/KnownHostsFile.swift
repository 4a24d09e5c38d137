import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a known_hosts file could not be written.
package enum KnownHostsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory for the file did not exist and could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The file could not be opened or written for appending.
    case cannotAppend(path: String, reason: String)

    /// One line: what failed, on what, and what to try.
    package var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "rterm: cannot create directory \(path) for known hosts: \(reason) "
                + "(create it with mode 700, or set UserKnownHostsFile)"
        case .cannotAppend(let path, let reason):
            return "rterm: cannot add the host key to \(path): \(reason) "
                + "(check the file's owner and permissions)"
        }
    }
}

/// Reading known_hosts files and appending to them. Appending is the only write: the file's
/// comments, blank lines and entries this parser does not understand are never touched.
package enum KnownHostsFile {
    /// Reads and parses `paths` in order (like `UserKnownHostsFile a b`). A missing or
    /// unreadable file counts as empty, as in OpenSSH; `unreadable` lists those that exist
    /// but could not be read, for a verbose note. With `names`, only the entries that apply
    /// to one of them are kept (and only their keys decoded).
    package static func load(paths: [String], onlyFor names: [String]? = nil) -> (knownHosts: KnownHosts, unreadable: [String]) {
        var knownHosts = KnownHosts()
        var unreadable: [String] = []
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else { continue }
            if let names {
                if !scan(path, into: &knownHosts, names: names.map { Array($0.lowercased().utf8) }) {
                    unreadable.append(path)
                }
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                unreadable.append(path)
                continue
            }
            // Invalid UTF-8 must not hide the valid lines: decode leniently.
            knownHosts.append(contentsOf: KnownHosts(text: String(decoding: data, as: UTF8.self), file: path))
        }
        return (knownHosts, unreadable)
    }

    /// Reads `path` a megabyte at a time, whole lines to `KnownHosts.scan`: memory stays
    /// at the chunk and the entries kept, whatever the file's size. False if unreadable.
    private static func scan(_ path: String, into knownHosts: inout KnownHosts, names: [[UInt8]]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lineNumber = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 { break }
            pending.append(contentsOf: chunk[0..<count])
            guard let lastNewline = pending.lastIndex(of: 0x0A) else { continue }
            pending.withUnsafeBufferPointer { buffer in
                knownHosts.scan(UnsafeBufferPointer(rebasing: buffer[0..<lastNewline]), file: path, lineNumber: &lineNumber, names: names)
            }
            pending.removeFirst(lastNewline + 1)
        }
        if !pending.isEmpty {
            pending.withUnsafeBufferPointer { knownHosts.scan($0, file: path, lineNumber: &lineNumber, names: names) }
        }
        return true
    }

    /// Appends `line` (one entry, see `KnownHosts.appendEntry`) to the file at `path`.
    ///
    /// Creates the file with mode 0600 if needed, and its directory with mode 0700 (as
    /// OpenSSH does for `~/.ssh`). If the file does not end with a newline, one is written
    /// first so that the last existing line is not extended. The bytes go out in a single
    /// `write` on an `O_APPEND` descriptor, so concurrent appenders do not interleave.
    package static func append(line: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            guard mkdir(directory, 0o700) == 0 else {
                throw KnownHostsFileError.cannotCreateDirectory(path: directory, reason: errnoText())
            }
        }
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
        }
        defer { close(descriptor) }
        var text = line.hasSuffix("\n") ? line : line + "\n"
        if try !endsWithNewlineOrIsEmpty(descriptor, path: path) { text = "\n" + text }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress, buffer.count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
            }
            written += result
        }
    }

    private static func endsWithNewlineOrIsEmpty(_ descriptor: Int32, path: String) throws -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
        }
        guard info.st_size > 0 else { return true }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, off_t(info.st_size - 1)) == 1 else {
            throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
        }
        return last == UInt8(ascii: "\n")
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
