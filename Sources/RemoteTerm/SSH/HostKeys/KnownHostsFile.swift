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

/// Reading known_hosts files and adding to them. Adding a line at the end is the only write:
/// the file's comments, blank lines and entries this parser does not understand are kept as
/// they are.
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

    /// Adds `line` (one entry, see `KnownHosts.appendEntry`) at the end of the file at `path`.
    ///
    /// The file is never changed in place: its contents, the new line after them (after a
    /// newline when the last line has none), go to a new file beside it (made with
    /// `O_CREAT|O_EXCL|O_NOFOLLOW`, synced), which is renamed over it, so no line is lost if
    /// rterm dies in the middle, and the file keeps its mode. Two rterms adding keys at once
    /// each hold a lock on the file as it is (`flock`), and one that finds the file replaced
    /// meanwhile reads it again, so both lines are kept. A known_hosts that is a link (kept in a
    /// dotfiles repository) is written through, as ssh appends through it. Made when missing,
    /// with mode 0600, and its directory with 0700 (as OpenSSH makes `~/.ssh`). Where the
    /// directory cannot take a new file (not writable), the line is appended in place.
    package static func append(line: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            guard mkdir(directory, 0o700) == 0 else {
                throw KnownHostsFileError.cannotCreateDirectory(path: directory, reason: errnoText())
            }
        }
        let text = line.hasSuffix("\n") ? line : line + "\n"
        let destination: LocalDestination
        do {
            destination = try LocalDestination.named(path).followingFileLink()
        } catch {
            throw KnownHostsFileError.cannotAppend(path: path, reason: error.reason)
        }
        let folder = destination.directory
        let name = destination.name
        while true {
            let current = openat(folder.descriptor, name.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard current >= 0 else {
                guard errno == ENOENT else { throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText()) }
                // Made empty first (by one rterm only), then added to like any other.
                let made = openat(folder.descriptor, name.name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard made >= 0 || errno == EEXIST else {
                    throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
                }
                if made >= 0 { close(made) }
                continue
            }
            defer { close(current) }
            while flock(current, LOCK_EX) != 0 {
                guard errno == EINTR else { throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText()) }
            }
            // Replaced by another rterm while this one waited: the lock is on the old file.
            var held = stat()
            var named = stat()
            guard fstat(current, &held) == 0 else { throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText()) }
            guard fstatat(folder.descriptor, name.name, &named, AT_SYMLINK_NOFOLLOW) == 0,
                named.st_ino == held.st_ino, named.st_dev == held.st_dev
            else { continue }
            var contents = try readAll(current, path: path)
            if let last = contents.last, last != UInt8(ascii: "\n") { contents.append(UInt8(ascii: "\n")) }
            contents += Array(text.utf8)
            let mode = UInt32(held.st_mode & 0o777)
            do throws(LocalFileError) {
                let replacement = try folder.newFile(name, permissions: mode)
                try replacement.write(contents)
                guard fsync(replacement.descriptor) == 0 else { throw LocalFileError(path: path) }
                try replacement.commit(permissions: mode, times: nil)
            } catch where error.code == EACCES || error.code == EROFS {
                try appendInPlace(text, to: path)
            } catch {
                throw KnownHostsFileError.cannotAppend(path: path, reason: error.reason)
            }
            return
        }
    }

    /// The whole of the open file `descriptor`.
    private static func readAll(_ descriptor: Int32, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The line at the end of the file itself: one `write` on an `O_APPEND` descriptor, so
    /// concurrent appenders do not interleave (for a directory that takes no new file).
    private static func appendInPlace(_ line: String, to path: String) throws {
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw KnownHostsFileError.cannotAppend(path: path, reason: errnoText())
        }
        defer { close(descriptor) }
        var text = line
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
