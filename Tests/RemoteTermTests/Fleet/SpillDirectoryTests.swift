import Foundation
import Testing

@testable import RemoteTermBatch

#if canImport(Glibc)
    import Glibc
#endif

/// The fleet's spill directory against another local user: the names it could once have
/// been given (`rterm-fleet-PID`) planted beforehand, owned by someone else, full of links
/// to a file of the victim's, change nothing: the run makes a directory of its own (mkdtemp,
/// 0700), every output comes back whole, the victim's file is untouched, and everything the
/// run made is gone at the end. A link inside its own directory is never written through.
@Suite struct SpillDirectoryTests {
    /// A temporary directory of the test's own, standing for /tmp.
    final class Shared {
        let path = NSTemporaryDirectory() + "rterm-shared-tmp-" + UUID().uuidString
        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            chmod(path, 0o1777)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// Another user's uid: nobody's (65534), which root can give files to.
    static let otherUser: uid_t = 65534

    @Test func plantedDirectoriesAndLinksChangeNothingAndEveryOutputComesBackWhole() throws {
        let shared = try Shared()
        let victim = shared.path + "/victim"
        let original = Data("the victim's own file\n".utf8)
        #expect(FileManager.default.createFile(atPath: victim, contents: original))
        // What the run was once named, for this process and the ones near it, planted with
        // links where each output went, owned by another user.
        let me = Int(getpid())
        var planted: [String] = []
        for pid in (me - 2)...(me + 2) {
            let directory = shared.path + "/rterm-fleet-\(pid)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for index in 0..<4 { symlink(victim, directory + "/\(index).out") }
            chmod(directory, 0o777)
            if getuid() == 0 { lchown(directory, Self.otherUser, Self.otherUser) }
            planted.append("rterm-fleet-\(pid)")
        }
        let before = shared.entries
        let spill = SpillDirectory(parent: shared.path)
        var outputs: [(CapturedOutput, [UInt8])] = []
        for index in 0..<4 {
            let output = CapturedOutput(spillingTo: spill, name: "\(index).out")
            let bytes = (0..<(CapturedOutput.memoryLimit * 3 + index)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            bytes.withUnsafeBytes { output.append($0) }
            output.closeFile()
            outputs.append((output, bytes))
        }
        let made = try #require(spill.path)
        let name = (made as NSString).lastPathComponent
        #expect(!planted.contains(name))
        #expect(name.hasPrefix("rterm-fleet-") && name.count == "rterm-fleet-XXXXXX".count)
        #expect(shared.entries == (before + [name]).sorted())
        var info = stat()
        #expect(lstat(made, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
        for (output, bytes) in outputs {
            #expect(output.dropped == 0)
            #expect(output.bytes == bytes)
        }
        #expect(FileManager.default.contents(atPath: victim) == original)
        spill.removeAll()
        #expect(shared.entries == before)
    }

    /// Two runs never share a directory, and one whose outputs all fit in memory makes none.
    @Test func eachRunMakesADirectoryOfItsOwnAndOnlyWhenAnOutputSpills() throws {
        let shared = try Shared()
        let first = SpillDirectory(parent: shared.path)
        let second = SpillDirectory(parent: shared.path)
        let small = CapturedOutput(spillingTo: first, name: "0.out")
        Array("small".utf8).withUnsafeBytes { small.append($0) }
        #expect(first.path == nil && shared.entries.isEmpty)
        for spill in [first, second] {
            let output = CapturedOutput(spillingTo: spill, name: "1.out")
            [UInt8](repeating: 1, count: CapturedOutput.memoryLimit + 1).withUnsafeBytes { output.append($0) }
        }
        #expect(try #require(first.path) != (try #require(second.path)))
        #expect(shared.entries.count == 2)
        first.removeAll()
        second.removeAll()
        #expect(shared.entries.isEmpty)
    }

    /// A file is made with O_EXCL|O_NOFOLLOW: a link already at its name (in its own
    /// directory) is not written through; that output stays within its memory limit, counted.
    @Test func aLinkAtASpillFilesNameIsNeverWrittenThrough() throws {
        let shared = try Shared()
        let victim = shared.path + "/victim"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("victim".utf8)))
        let spill = SpillDirectory(parent: shared.path)
        let first = CapturedOutput(spillingTo: spill, name: "0.out")
        [UInt8](repeating: 1, count: CapturedOutput.memoryLimit + 1).withUnsafeBytes { first.append($0) }
        let directory = try #require(spill.path)
        symlink(victim, directory + "/1.out")
        #expect(spill.create("1.out") == -1)
        let second = CapturedOutput(spillingTo: spill, name: "1.out")
        [UInt8](repeating: 2, count: CapturedOutput.memoryLimit + 1).withUnsafeBytes { second.append($0) }
        #expect(second.dropped > 0)
        #expect(FileManager.default.contents(atPath: victim) == Data("victim".utf8))
        unlink(directory + "/1.out")
        spill.removeAll()
        #expect(shared.entries == ["victim"])
    }
}
