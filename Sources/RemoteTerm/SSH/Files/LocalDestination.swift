#if canImport(Glibc)
    import Glibc
#endif

/// Where a download lands, from what the user typed: the directory that holds it (held open,
/// `LocalDirectory`) and the name it takes there. What the user typed is taken as cp takes
/// it: the directory is reached by its path, links followed, and a file's own name may be a
/// link to the file to write (`followingFileLink`); only what lies below it comes from the
/// server, and that goes through `LocalDirectory` alone.
package struct LocalDestination {
    package let directory: LocalDirectory
    package let name: PathComponent

    /// The path the user typed itself: its parent directory and its last component (`a/b/`
    /// is `b` in `a`). A last component that is not a name (`/`, `..`) is refused.
    package static func named(_ path: String) throws(LocalFileError) -> LocalDestination {
        let (parent, last) = split(path)
        guard let name = PathComponent(last) else { throw LocalFileError(path: path, reason: "not a file name to write") }
        return LocalDestination(directory: try LocalDirectory.open(parent), name: name)
    }

    /// `name` inside the directory `path` (the user's).
    package static func inside(_ path: String, name: PathComponent) throws(LocalFileError) -> LocalDestination {
        LocalDestination(directory: try LocalDirectory.open(path), name: name)
    }

    /// For a file whose name the user typed: when that name is a symbolic link, the file it
    /// points to instead, as cp writes through it; one that points nowhere is refused, as cp
    /// refuses ("not writing through dangling symlink").
    package func followingFileLink() throws(LocalFileError) -> LocalDestination {
        guard try directory.status(name)?.kind == .symlink else { return self }
        let link = directory.pathOf(name)
        guard let resolved = realpath(link, nil) else {
            throw LocalFileError(path: link, reason: "not writing through dangling symlink")
        }
        defer { free(resolved) }
        return try Self.named(String(cString: resolved))
    }

    /// The parent and the last component of `path` (`"."` when it has no slash).
    static func split(_ path: String) -> (parent: String, last: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let parent = trimmed[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }
}
