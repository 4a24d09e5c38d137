import Foundation
import Testing

@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// What a download writes under, in-process: a server's name is one path component or it is
/// refused (table), and every entry is made relative to a held directory, never through a
/// link, whatever the server listed before it: the hostile orders of rsync's and scp's
/// CVEs leave nothing outside the target (a sibling directory "outside" is listed whole
/// after each).
@Suite struct LocalDirectoryTests {
    /// A scratch directory holding `target` (where writes go) and `outside` (which must stay
    /// empty), removed at the end.
    final class Scratch {
        let root: String
        var target: String { root + "/target" }
        var outside: String { root + "/outside" }

        init() throws {
            root = NSTemporaryDirectory() + "rterm-localdir-" + UUID().uuidString
            for path in [root, root + "/target", root + "/outside"] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Every path under `path`, relative, sorted (links not followed).
        func listing(_ path: String) -> [String] {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            return names.sorted()
        }

        func kind(_ path: String) -> String {
            var info = stat()
            guard lstat(path, &info) == 0 else { return "none" }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: return "link"
            case S_IFDIR: return "directory"
            case S_IFREG: return "file"
            default: return "other"
            }
        }
    }

    static func name(_ text: String) throws -> PathComponent { try #require(PathComponent(text)) }

    static func write(_ text: String, to file: LocalNewFile) throws {
        try Array(text.utf8).withUnsafeBytes { try file.write($0) }
    }

    // MARK: - The name check

    static let refused: [([UInt8], PathComponent.Refusal)] = [
        ([], .empty),
        (Array(".".utf8), .dot),
        (Array("..".utf8), .dotDot),
        (Array("../escaped".utf8), .slash),
        (Array("../../escaped-dir".utf8), .slash),
        (Array("a/b".utf8), .slash),
        (Array("/etc".utf8), .slash),
        (Array("dir/".utf8), .slash),
        (Array("nul".utf8) + [0] + Array("../x".utf8), .nul),
        ([0], .nul),
        (Array("..".utf8) + [0], .nul),
        ([0x66, 0xFF, 0x6F], .notUTF8),
        ([0xC0, 0xAF], .notUTF8),  // an overlong "/"
    ]

    @Test(arguments: refused)
    func aNameThatIsNotOneComponentIsRefused(bytes: [UInt8], refusal: PathComponent.Refusal) {
        #expect(PathComponent.checking(bytes: bytes) == .failure(refusal))
    }

    @Test(arguments: ["good.txt", "...", ".hidden", "..x", "x..", "esc\u{1B}]0;pwned\u{07}name", "ünïcødé", "a\\b", " ", "-r"])
    func anyOtherNameIsOne(name: String) throws {
        #expect(try PathComponent.checking(name).get().name == name)
    }

    /// The line a refused name is said in holds no control a terminal acts on, and no newline.
    @Test func aRefusalIsOneInertLine() {
        let line = PathComponent.refusalLine(
            directory: "/dir\u{1B}[2J", name: "../\u{1B}]0;x\u{07}\n\u{202E}evil", .slash)
        #expect(line == #"/dir\033[2J: the server listed "../\033]0;x\007\n\342\200\256evil", a name holding /: not copied"#)
    }

    // MARK: - Writes held under the target

    /// rsync's CVE-2024-12088 order: a link to a file outside, then a file of the same name.
    /// The file replaces the link; nothing is written through it.
    @Test func aFileAfterALinkOfTheSameNameReplacesTheLink() throws {
        let scratch = try Scratch()
        let directory = try LocalDirectory.open(scratch.target)
        try directory.makeSymlink(try Self.name("link"), pointingTo: scratch.outside + "/x")
        let file = try directory.newFile(try Self.name("link"), permissions: 0o644)
        try Self.write("through link\n", to: file)
        try file.commit(permissions: nil, times: nil)
        #expect(scratch.listing(scratch.outside).isEmpty)
        #expect(scratch.kind(scratch.target + "/link") == "file")
        #expect(try String(contentsOfFile: scratch.target + "/link", encoding: .utf8) == "through link\n")
    }

    /// A link to a directory outside, then a directory of the same name with a file in it: the
    /// directory replaces the link, and the file lands inside the target.
    @Test func aDirectoryAfterALinkOfTheSameNameReplacesTheLink() throws {
        let scratch = try Scratch()
        let directory = try LocalDirectory.open(scratch.target)
        try directory.makeSymlink(try Self.name("sub"), pointingTo: scratch.outside)
        let (sub, made) = try directory.subdirectory(try Self.name("sub"), permissions: 0o755, replacingLinks: true)
        #expect(made)
        let file = try sub.newFile(try Self.name("planted"), permissions: 0o644)
        try Self.write("planted\n", to: file)
        try file.commit(permissions: nil, times: nil)
        #expect(scratch.listing(scratch.outside).isEmpty)
        #expect(scratch.listing(scratch.target) == ["sub", "sub/planted"])
        #expect(scratch.kind(scratch.target + "/sub") == "directory")
    }

    /// The root of a tree is the user's name: a link there is refused, as cp refuses to copy
    /// a directory over one, and left as it was.
    @Test func aLinkWhereTheTreesRootGoesIsRefusedNotFollowed() throws {
        let scratch = try Scratch()
        symlink(scratch.outside, scratch.target + "/root")
        let directory = try LocalDirectory.open(scratch.target)
        #expect(throws: LocalFileError.self) {
            _ = try directory.subdirectory(try Self.name("root"), permissions: 0o755, replacingLinks: false)
        }
        #expect(scratch.kind(scratch.target + "/root") == "link")
        #expect(scratch.listing(scratch.outside).isEmpty)
    }

    /// A directory that is there is used as it is (a copy merges into it, as scp -r does).
    @Test func anExistingDirectoryIsUsedNotMade() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.target + "/d", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: scratch.target + "/d/kept", contents: Data("kept".utf8))
        let directory = try LocalDirectory.open(scratch.target)
        let (_, made) = try directory.subdirectory(try Self.name("d"), permissions: 0o700, replacingLinks: true)
        #expect(!made)
        #expect(scratch.listing(scratch.target) == ["d", "d/kept"])
        // A file where a directory goes is refused.
        _ = FileManager.default.createFile(atPath: scratch.target + "/f", contents: nil)
        #expect(throws: LocalFileError(path: scratch.target + "/f", reason: "Not a directory")) {
            _ = try directory.subdirectory(try Self.name("f"), permissions: 0o700, replacingLinks: true)
        }
    }

    /// A file takes its name only when committed: until then (and when discarded, or dropped
    /// uncommitted) the name holds what it held, and no temporary file stays.
    @Test func aFileTakesItsNameOnlyWhole() throws {
        let scratch = try Scratch()
        _ = FileManager.default.createFile(atPath: scratch.target + "/f", contents: Data("old".utf8))
        let directory = try LocalDirectory.open(scratch.target)
        do {
            let file = try directory.newFile(try Self.name("f"), permissions: 0o644)
            try Self.write("half", to: file)
            #expect(try String(contentsOfFile: scratch.target + "/f", encoding: .utf8) == "old")
            #expect(scratch.listing(scratch.target).count == 2)
            file.discard()
        }
        #expect(scratch.listing(scratch.target) == ["f"])
        do {
            let dropped = try directory.newFile(try Self.name("f"), permissions: 0o644)
            try Self.write("dropped", to: dropped)
        }
        #expect(scratch.listing(scratch.target) == ["f"])
        let file = try directory.newFile(try Self.name("f"), permissions: 0o600)
        try Self.write("new", to: file)
        try file.commit(permissions: nil, times: nil)
        #expect(try String(contentsOfFile: scratch.target + "/f", encoding: .utf8) == "new")
        #expect(scratch.listing(scratch.target) == ["f"])
    }

    /// A name of 255 bytes (the most a file system takes) still gets a temporary name.
    @Test func theLongestNameStillGetsATemporaryName() throws {
        let scratch = try Scratch()
        let long = String(repeating: "é", count: 127) + "x"
        #expect(long.utf8.count == 255)
        let directory = try LocalDirectory.open(scratch.target)
        let file = try directory.newFile(try Self.name(long), permissions: 0o644)
        try file.commit(permissions: nil, times: nil)
        #expect(scratch.listing(scratch.target) == [long])
    }

    /// `-a` completes only a regular file at the name: a link there is not opened.
    @Test func anExistingFileIsOpenedInPlaceButNeverThroughALink() throws {
        let scratch = try Scratch()
        _ = FileManager.default.createFile(atPath: scratch.outside + "/victim", contents: Data("victim".utf8))
        symlink(scratch.outside + "/victim", scratch.target + "/link")
        _ = FileManager.default.createFile(atPath: scratch.target + "/part", contents: Data("part".utf8))
        let directory = try LocalDirectory.open(scratch.target)
        #expect(try directory.existingFile(try Self.name("link")) == nil)
        #expect(try directory.existingFile(try Self.name("missing")) == nil)
        let part = try #require(try directory.existingFile(try Self.name("part")))
        close(part)
    }

    /// A link replaces a file of its name; a directory of its name is refused, untouched.
    @Test func aLinkReplacesAFileButNotADirectory() throws {
        let scratch = try Scratch()
        _ = FileManager.default.createFile(atPath: scratch.target + "/f", contents: Data("f".utf8))
        try FileManager.default.createDirectory(atPath: scratch.target + "/d", withIntermediateDirectories: false)
        let directory = try LocalDirectory.open(scratch.target)
        try directory.makeSymlink(try Self.name("f"), pointingTo: "/etc/passwd")
        #expect(scratch.kind(scratch.target + "/f") == "link")
        #expect(throws: LocalFileError.self) { try directory.makeSymlink(try Self.name("d"), pointingTo: "/") }
        #expect(scratch.kind(scratch.target + "/d") == "directory")
        #expect(scratch.listing(scratch.target) == ["d", "f"])
    }

    /// Modes from a server: setuid, setgid and sticky are never set, even with -p.
    @Test func setuidSetgidAndStickyAreNeverSet() throws {
        let scratch = try Scratch()
        let directory = try LocalDirectory.open(scratch.target)
        let file = try directory.newFile(try Self.name("tool"), permissions: 0o6755)
        try file.commit(permissions: 0o7755, times: (1_000_000_000, 1_000_000_000))
        var info = stat()
        #expect(lstat(scratch.target + "/tool", &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o755)
        #expect(info.st_mtim.tv_sec == 1_000_000_000)
        let (sub, _) = try directory.subdirectory(try Self.name("sub"), permissions: 0o1777, replacingLinks: true)
        try sub.setAttributes(permissions: 0o3777, times: nil)
        #expect(lstat(scratch.target + "/sub", &info) == 0)
        #expect(info.st_mode & 0o7000 == 0)
    }

    // MARK: - What the user typed

    @Test(arguments: [
        ("file", ".", "file"), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("/b", "/", "b"), ("/", "/", ""),
        ("a//b//", "a/", "b"),
    ])
    func aTypedPathSplitsIntoItsDirectoryAndName(path: String, parent: String, last: String) {
        let split = LocalDestination.split(path)
        #expect(split.parent == parent && split.last == last)
    }

    /// A single file's name that the user typed may be a link, written through as cp does;
    /// one that points nowhere is refused as cp refuses it.
    @Test func aTypedFileNameThatIsALinkIsFollowedUnlessItDangles() throws {
        let scratch = try Scratch()
        _ = FileManager.default.createFile(atPath: scratch.outside + "/real", contents: Data("real".utf8))
        symlink(scratch.outside + "/real", scratch.target + "/link")
        symlink(scratch.outside + "/nowhere", scratch.target + "/dangling")
        let followed = try LocalDestination.named(scratch.target + "/link").followingFileLink()
        #expect(followed.directory.pathOf(followed.name) == scratch.outside + "/real")
        #expect(throws: LocalFileError(path: scratch.target + "/dangling", reason: "not writing through dangling symlink")) {
            _ = try LocalDestination.named(scratch.target + "/dangling").followingFileLink()
        }
        #expect(throws: LocalFileError.self) { _ = try LocalDestination.named(scratch.target + "/..") }
    }
}
