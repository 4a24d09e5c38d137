import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A local directory held open by its descriptor, under which a download writes: every entry
/// is made relative to the descriptor, one checked name (`PathComponent`) at a time, and no
/// path string is ever rebuilt from a server's names. A directory inside it is opened with
/// `O_DIRECTORY|O_NOFOLLOW`, a file is made under a temporary name with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` and renamed into place (`LocalNewFile`), and a symbolic link
/// found where an entry goes is replaced, never followed: a link the same copy made
/// (`link -> /tmp/x`, then a file `link`) leads nowhere. This is how rsync writes since
/// CVE-2024-12087/12088.
///
/// Only the directory the user named is opened by its path, links followed, as cp follows
/// them.
package final class LocalDirectory {
    /// The directory's descriptor (`O_DIRECTORY`).
    package let descriptor: Int32
    /// Its path, for messages only: nothing is opened by it again.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The directory at `path`, as the user named it (a link to a directory is followed).
    package static func open(_ path: String) throws(LocalFileError) -> LocalDirectory {
        let descriptor = Glibc.open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LocalFileError(path: path) }
        return LocalDirectory(descriptor: descriptor, path: path)
    }

    /// The path of `name` inside this directory, for messages.
    package func pathOf(_ name: PathComponent) -> String { CopyPaths.join(path, name.name) }

    /// What is at `name` (a link is a link), nil when nothing is.
    package func status(_ name: PathComponent) throws(LocalFileError) -> LocalFile.Status? {
        var info = stat()
        guard fstatat(descriptor, name.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw LocalFileError(path: pathOf(name))
        }
        return LocalFile.Status(info)
    }

    /// The directory `name` inside this one: used as it is when one is there, made with
    /// `permissions` (the umask applies) when nothing is. A symbolic link there is replaced
    /// by the directory when `replacingLinks` (a name from the server: the link may be the
    /// server's own, made earlier in the same copy), else refused, as cp refuses to copy a
    /// directory over one; anything else there is refused. Whatever another process puts
    /// there meanwhile, the directory opened is never reached through a link.
    package func subdirectory(_ name: PathComponent, permissions: UInt32, replacingLinks: Bool) throws(LocalFileError)
        -> (directory: LocalDirectory, made: Bool)
    {
        var made = mkdirat(descriptor, name.name, mode_t(permissions)) == 0
        if !made {
            guard errno == EEXIST else { throw LocalFileError(path: pathOf(name)) }
            if replacingLinks, try status(name)?.kind == .symlink {
                guard unlinkat(descriptor, name.name, 0) == 0, mkdirat(descriptor, name.name, mode_t(permissions)) == 0
                else { throw LocalFileError(path: pathOf(name)) }
                made = true
            }
        }
        let opened = openat(descriptor, name.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            // ELOOP: a link (refused, or put there by someone else since); ENOTDIR: a file.
            let notDirectory = errno == ELOOP || errno == ENOTDIR
            throw LocalFileError(path: pathOf(name), reason: notDirectory ? "Not a directory" : nil)
        }
        return (LocalDirectory(descriptor: opened, path: pathOf(name)), made)
    }

    /// A file to be written as `name`: made under a temporary name beside it, moved into
    /// place (over whatever is at `name`, a link included, never through it) by
    /// `LocalNewFile.commit`, removed by `discard` or when dropped uncommitted.
    /// `permissions` (the umask applies) are the file's from its first byte.
    package func newFile(_ name: PathComponent, permissions: UInt32) throws(LocalFileError) -> LocalNewFile {
        for _ in 0..<Self.temporaryNameAttempts {
            let temporary = Self.temporaryName(for: name)
            let file = openat(
                descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                mode_t(permissions & 0o777))
            if file >= 0 { return LocalNewFile(directory: self, name: name, temporaryName: temporary, descriptor: file) }
            guard errno == EEXIST else { throw LocalFileError(path: pathOf(name)) }
        }
        throw LocalFileError(path: pathOf(name), reason: "no free temporary name beside it")
    }

    /// The file `name` opened to be written in place from its start (`-a`: a copy cut off
    /// leaves its part under the name, to be completed), made with `permissions` when it is
    /// not there; a link at the name is replaced, never followed.
    package func fileInPlace(_ name: PathComponent, permissions: UInt32) throws(LocalFileError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC
        var file = openat(descriptor, name.name, flags, mode_t(permissions & 0o777))
        if file < 0, errno == ELOOP {
            guard unlinkat(descriptor, name.name, 0) == 0 else { throw LocalFileError(path: pathOf(name)) }
            file = openat(descriptor, name.name, flags | O_EXCL, mode_t(permissions & 0o777))
        }
        guard file >= 0 else { throw LocalFileError(path: pathOf(name)) }
        return file
    }

    /// The regular file at `name` opened to read and write in place (`-a` completing it),
    /// nil when it is not a regular file; a link there is not followed.
    package func existingFile(_ name: PathComponent) throws(LocalFileError) -> Int32? {
        let file = openat(descriptor, name.name, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            if errno == ENOENT || errno == ELOOP || errno == EISDIR || errno == ENXIO { return nil }
            throw LocalFileError(path: pathOf(name))
        }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(file)
            return nil
        }
        return file
    }

    /// A symbolic link `name` pointing to `target` (any text: it is made, never followed),
    /// in place of whatever is at `name` but a directory.
    package func makeSymlink(_ name: PathComponent, pointingTo target: String) throws(LocalFileError) {
        for _ in 0..<Self.temporaryNameAttempts {
            let temporary = Self.temporaryName(for: name)
            guard symlinkat(target, descriptor, temporary) == 0 else {
                if errno == EEXIST { continue }
                throw LocalFileError(path: pathOf(name))
            }
            guard renameat(descriptor, temporary, descriptor, name.name) == 0 else {
                let error = LocalFileError(path: pathOf(name))
                unlinkat(descriptor, temporary, 0)
                throw error
            }
            return
        }
        throw LocalFileError(path: pathOf(name), reason: "no free temporary name beside it")
    }

    /// Sets the directory's own permission bits (setuid, setgid and sticky never) and times.
    package func setAttributes(permissions: UInt32?, times: (access: UInt64, modification: UInt64)?)
        throws(LocalFileError)
    {
        try LocalFile.setAttributes(descriptor: descriptor, path: path, permissions: permissions, times: times)
    }

    // MARK: - Temporary names

    static let temporaryNameAttempts = 100

    /// `.NAME.rterm-XXXXXXXX`: hidden, recognisable, random, and within NAME_MAX (255
    /// bytes) however long NAME is.
    static func temporaryName(for name: PathComponent) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let suffix = String((0..<8).map { _ in alphabet.randomElement()! })
        var kept = ""
        var bytes = 0
        for character in name.name {
            bytes += character.utf8.count
            guard bytes <= 200 else { break }
            kept.append(character)
        }
        return "." + kept + ".rterm-" + suffix
    }
}

/// A file being written under a temporary name in a `LocalDirectory` (`newFile`): it takes
/// its name only when whole (`commit`), so an interrupted or cancelled download never leaves
/// half a file under the name, and whatever was there before stays until then.
package final class LocalNewFile {
    private let directory: LocalDirectory
    private let name: PathComponent
    private let temporaryName: String
    /// The open file (-1 once committed or discarded).
    package private(set) var descriptor: Int32

    fileprivate init(directory: LocalDirectory, name: PathComponent, temporaryName: String, descriptor: Int32) {
        self.directory = directory
        self.name = name
        self.temporaryName = temporaryName
        self.descriptor = descriptor
        PartialFileCleanup.note(directory: directory.descriptor, name: temporaryName)
    }

    deinit { discard() }

    /// The file's path once in place, for messages.
    package var path: String { directory.pathOf(name) }

    /// Writes all of `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(LocalFileError) {
        try LocalFile.write(descriptor, path, bytes)
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws(LocalFileError) {
        try LocalFile.write(descriptor, path, bytes)
    }

    /// Sets the permission bits (nil: those it was made with) and times, then moves the file
    /// into place under its name. Failing, it removes the temporary file.
    package func commit(permissions: UInt32?, times: (access: UInt64, modification: UInt64)?) throws(LocalFileError) {
        do throws(LocalFileError) {
            try LocalFile.setAttributes(descriptor: descriptor, path: path, permissions: permissions, times: times)
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0, renameat(directory.descriptor, temporaryName, directory.descriptor, name.name) == 0 else {
                throw LocalFileError(path: path)
            }
            isOver = true
            PartialFileCleanup.forget()
        } catch {
            discard()
            throw error
        }
    }

    /// Whether the temporary file is gone (renamed into place, or removed).
    private var isOver = false

    /// Closes and removes the temporary file (nothing once committed).
    package func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        guard !isOver else { return }
        isOver = true
        unlinkat(directory.descriptor, temporaryName, 0)
        PartialFileCleanup.forget()
    }
}

/// `rterm cp` ended by a signal (Ctrl+C) leaves no temporary file behind: the one being
/// written is removed by the signal's handler, which then ends the process as the signal
/// would have. (A session's transfers need none: there, signals reach the loop, which ends
/// in order.)
package enum PartialFileCleanup {
    /// Installs the handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT.
    package static func installHandlers() { rterm_partial_install_handlers() }

    static func note(directory: Int32, name: String) { rterm_partial_note(directory, name) }

    static func forget() { rterm_partial_forget() }
}
