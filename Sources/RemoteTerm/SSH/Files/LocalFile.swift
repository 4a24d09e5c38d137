import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The local side of a copy, in POSIX calls: what `lstat` says, reading and writing a file
/// by descriptor, listing a directory, reading a link, times and modes. Nothing here makes a
/// file by its path: a download writes through `LocalDirectory`. Failures are
/// `LocalFileError`s that say the path and `strerror`.
package enum LocalFile {
    package struct Status {
        package var kind: RemoteFileAttributes.Kind
        package var size: UInt64
        package var permissions: UInt32
        package var accessTime: UInt64
        package var modificationTime: UInt64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symlink
            default: kind = .other
            }
            size = UInt64(info.st_size)
            permissions = UInt32(info.st_mode & 0o7777)
            accessTime = UInt64(info.st_atim.tv_sec)
            modificationTime = UInt64(info.st_mtim.tv_sec)
        }
    }

    package static func status(_ path: String, followLinks: Bool) throws(LocalFileError) -> Status {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { throw LocalFileError(path: path) }
        return Status(info)
    }

    package static func openForReading(_ path: String) throws(LocalFileError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LocalFileError(path: path) }
        return descriptor
    }

    /// Reads up to `buffer.count` bytes at the descriptor's offset (0 at the end).
    package static func read(_ descriptor: Int32, _ path: String, into buffer: UnsafeMutableRawBufferPointer) throws(LocalFileError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw LocalFileError(path: path) }
        }
    }

    /// Writes all of `bytes`.
    package static func write(_ descriptor: Int32, _ path: String, _ bytes: UnsafeRawBufferPointer) throws(LocalFileError) {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw LocalFileError(path: path)
            }
            done += count
        }
    }

    /// Writes all of `bytes`.
    package static func write(_ descriptor: Int32, _ path: String, _ bytes: [UInt8]) throws(LocalFileError) {
        var failure: LocalFileError?
        bytes.withUnsafeBytes { raw in
            do throws(LocalFileError) { try write(descriptor, path, raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Reads exactly `count` bytes at `offset` (fewer at the end of the file).
    package static func read(_ path: String, descriptor: Int32, at offset: UInt64, count: Int) throws(LocalFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw LocalFileError(path: path)
            }
            if got == 0 { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// The names in a directory, without "." and "..", sorted.
    package static func list(_ path: String) throws(LocalFileError) -> [String] {
        guard let directory = opendir(path) else { throw LocalFileError(path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package static func readLink(_ path: String) throws(LocalFileError) -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { throw LocalFileError(path: path) }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets the permission bits of the open file or directory `descriptor` (setuid, setgid and
    /// sticky never: a server does not choose them) and its access and modification times.
    package static func setAttributes(
        descriptor: Int32, path: String, permissions: UInt32?, times: (access: UInt64, modification: UInt64)?
    ) throws(LocalFileError) {
        if let permissions, fchmod(descriptor, mode_t(permissions & 0o777)) != 0 { throw LocalFileError(path: path) }
        if let times {
            var values = [
                timespec(tv_sec: Int(clamping: times.access), tv_nsec: 0),
                timespec(tv_sec: Int(clamping: times.modification), tv_nsec: 0),
            ]
            guard futimens(descriptor, &values) == 0 else { throw LocalFileError(path: path) }
        }
    }

    /// The process's umask, read without changing it (`/proc/self/status`; setting it to read
    /// it back would race with another thread making a file): what a made directory's mode
    /// is masked with once its files are in.
    package static let umask: UInt32 = {
        if let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = UInt32(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
        {
            return value
        }
        let value = Glibc.umask(0o022)
        Glibc.umask(value)
        return UInt32(value)
    }()
}

/// A local file operation that failed: the path and the system's words for errno.
package struct LocalFileError: Error, Equatable {
    package var path: String
    package var reason: String
    /// errno, when the reason is the system's.
    package var code: Int32?

    package init(path: String, reason: String? = nil) {
        self.path = path
        self.reason = reason ?? String(cString: strerror(errno))
        code = reason == nil ? errno : nil
    }
}

/// Path arithmetic both sides of a copy share.
package enum CopyPaths {
    /// `name` inside `directory` ("." and "" are the current or login directory).
    package static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty || directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last component of a path ("a/b/" is "b").
    package static func baseName(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    /// A remote path as the SFTP server takes it: relative to the login directory, where
    /// scp's `~/` and `~` (and `host:`) point.
    package static func remotePath(_ path: String) -> String {
        if path.isEmpty || path == "~" { return "." }
        if path.hasPrefix("~/") { return path.dropFirst(2).isEmpty ? "." : String(path.dropFirst(2)) }
        return path
    }
}
