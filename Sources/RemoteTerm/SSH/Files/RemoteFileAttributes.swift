import CSSH2

/// What `stat` says of a remote file, from the attributes the server sent.
package struct RemoteFileAttributes: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case file, directory, symlink, other }

    package var kind: Kind
    package var size: UInt64
    /// The permission bits (`0o7777` of the mode), nil when the server did not send them.
    package var permissions: UInt32?
    /// Access and modification times, seconds since 1970, nil when not sent.
    package var accessTime: UInt64?
    package var modificationTime: UInt64?

    package init(kind: Kind, size: UInt64, permissions: UInt32?, accessTime: UInt64?, modificationTime: UInt64?) {
        self.kind = kind
        self.size = size
        self.permissions = permissions
        self.accessTime = accessTime
        self.modificationTime = modificationTime
    }

    init(_ raw: LIBSSH2_SFTP_ATTRIBUTES) {
        let flags = raw.flags
        let mode = UInt32(truncatingIfNeeded: raw.permissions)
        let hasMode = flags & UInt(LIBSSH2_SFTP_ATTR_PERMISSIONS) != 0
        switch mode & UInt32(LIBSSH2_SFTP_S_IFMT) {
        case _ where !hasMode: kind = .other
        case UInt32(LIBSSH2_SFTP_S_IFREG): kind = .file
        case UInt32(LIBSSH2_SFTP_S_IFDIR): kind = .directory
        case UInt32(LIBSSH2_SFTP_S_IFLNK): kind = .symlink
        default: kind = .other
        }
        size = flags & UInt(LIBSSH2_SFTP_ATTR_SIZE) != 0 ? UInt64(raw.filesize) : 0
        permissions = hasMode ? mode & 0o7777 : nil
        let hasTimes = flags & UInt(LIBSSH2_SFTP_ATTR_ACMODTIME) != 0
        accessTime = hasTimes ? UInt64(raw.atime) : nil
        modificationTime = hasTimes ? UInt64(raw.mtime) : nil
    }
}

/// One entry of a remote directory listing ("." and ".." left out).
package struct RemoteDirectoryEntry: Equatable, Sendable {
    /// The name as the server sent it, for messages only (bytes that are not UTF-8 read as
    /// U+FFFD): what rterm writes under is `component`.
    package var name: String
    /// The name checked as one path component, or why it is refused.
    package var component: Result<PathComponent, PathComponent.Refusal>
    package var attributes: RemoteFileAttributes

    package init<Bytes: Collection>(nameBytes: Bytes, attributes: RemoteFileAttributes) where Bytes.Element == UInt8 {
        name = String(decoding: nameBytes, as: UTF8.self)
        component = PathComponent.checking(bytes: nameBytes)
        self.attributes = attributes
    }
}
