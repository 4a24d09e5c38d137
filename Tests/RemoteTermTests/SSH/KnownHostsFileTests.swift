import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct KnownHostsFileTests {
    typealias F = KnownHostsFixtures

    @Test func appendKeepsCommentsAndEverythingElse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The last line has no newline: the new entry must not be glued to it.
        let original = """
            # Managed by hand. Keep this comment.
            |1|Wy5EhQV15FURrrfA3c38qQHiFGs=|QGbrvRxK0J/VmCtytuTlf31SWd4= ssh-ed25519 \(F.ed25519)

            a line this parser does not understand
            other.com,10.0.0.2 ecdsa-sha2-nistp256 \(F.ecdsa) # trailing comment
            """
        try directory.write(original, to: "known_hosts")
        let path = directory.path + "/known_hosts"
        let line = KnownHosts.appendEntry(
            host: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
        try KnownHostsFile.append(line: line, to: path)
        try KnownHostsFile.append(line: "example.com ssh-ed25519 \(F.otherEd25519)", to: path)
        let expected = original + "\n" + line + "\n" + "example.com ssh-ed25519 \(F.otherEd25519)\n"
        #expect(try directory.read("known_hosts") == expected)

        let (knownHosts, unreadable) = KnownHostsFile.load(paths: [path])
        #expect(unreadable.isEmpty)
        #expect(knownHosts.unparsedLines == [KnownHostsLocation(file: path, line: 4)])
        let result = knownHosts.lookup(
            host: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
        #expect(result == .match(KnownHostsLocation(file: path, line: 6)))
    }

    @Test func appendCreatesTheDirectoryAndFileWithPrivateModes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/.ssh/known_hosts"
        try KnownHostsFile.append(line: "example.com ssh-ed25519 \(F.ed25519)", to: path)
        #expect(try directory.read(".ssh/known_hosts") == "example.com ssh-ed25519 \(F.ed25519)\n")
        #expect(try directory.permissions(".ssh") == 0o700)
        #expect(try directory.permissions(".ssh/known_hosts") == 0o600)
    }

    /// Adding a line writes a whole new file beside the old one and renames it over it: the
    /// file is another inode after, with the old one's mode, and nothing else is left beside.
    @Test func appendReplacesTheFileWholeKeepingItsMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old.example ssh-ed25519 \(F.ed25519)\n", to: "known_hosts")
        let path = directory.path + "/known_hosts"
        chmod(path, 0o640)
        var before = stat()
        #expect(stat(path, &before) == 0)
        try KnownHostsFile.append(line: "new.example ssh-ed25519 \(F.otherEd25519)", to: path)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino != before.st_ino)
        #expect(after.st_mode & 0o777 == 0o640)
        #expect(try directory.read("known_hosts")
            == "old.example ssh-ed25519 \(F.ed25519)\nnew.example ssh-ed25519 \(F.otherEd25519)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["known_hosts"])
    }

    /// A known_hosts that is a link (kept with the user's dotfiles) stays a link; the file it
    /// leads to gets the line.
    @Test func aLinkedKnownHostsIsWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("", to: "dotfiles/known_hosts")
        try FileManager.default.createDirectory(atPath: directory.path + "/.ssh", withIntermediateDirectories: false)
        symlink("../dotfiles/known_hosts", directory.path + "/.ssh/known_hosts")
        try KnownHostsFile.append(line: "example.com ssh-ed25519 \(F.ed25519)", to: directory.path + "/.ssh/known_hosts")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path + "/.ssh/known_hosts")
            == "../dotfiles/known_hosts")
        #expect(try directory.read("dotfiles/known_hosts") == "example.com ssh-ed25519 \(F.ed25519)\n")
    }

    /// Eight writers adding 25 lines each at once (as eight rterms learning hosts): every line
    /// is kept, once.
    @Test func concurrentAppendsKeepEveryLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/known_hosts"
        let group = DispatchGroup()
        let failures = Failures()
        for writer in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for index in 0..<25 {
                    do {
                        try KnownHostsFile.append(line: "host-\(writer)-\(index) ssh-ed25519 \(F.ed25519)", to: path)
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
        }
        group.wait()
        #expect(failures.all.isEmpty)
        let lines = try directory.read("known_hosts").split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
        #expect(lines.count == 200)
        #expect(Set(lines) == Set((0..<8).flatMap { writer in (0..<25).map { "host-\(writer)-\($0)" } }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["known_hosts"])
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test func appendFailsWithAClearMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/missing/deeper/known_hosts"
        #expect(throws: KnownHostsFileError.self) {
            try KnownHostsFile.append(line: "x ssh-ed25519 \(F.ed25519)", to: path)
        }
        let message = KnownHostsFileError.cannotAppend(path: "/k", reason: "Permission denied")
            .description
        #expect(
            message
                == "rterm: cannot add the host key to /k: Permission denied (check the file's owner and permissions)"
        )
    }

    @Test func loadReadsFilesInOrderAndSkipsMissingOnes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("example.com ecdsa-sha2-nistp256 \(F.ecdsa)\n", to: "first")
        try directory.write("example.com ssh-ed25519 \(F.ed25519)\n", to: "second")
        let paths = [directory.path + "/first", directory.path + "/absent", directory.path + "/second"]
        let (knownHosts, unreadable) = KnownHostsFile.load(paths: paths)
        #expect(unreadable.isEmpty)
        #expect(knownHosts.entries.map(\.location.file) == [paths[0], paths[2]])
        #expect(
            knownHosts.lookup(
                host: "example.com", port: 22, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
                == .match(KnownHostsLocation(file: paths[2], line: 1)))
    }

    /// The connection's way of reading (only the entries for the names it will look up):
    /// the same entries, lines and lookups as reading everything, for every kind of line,
    /// across the chunks it reads in.
    @Test func readingOnlyTheNamesLookedUpKeepsTheSameAnswers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let filler = (1...10_000).map { "host\($0).example.org,10.0.\($0 % 250).\($0 % 7) ssh-ed25519 \(F.otherEd25519)" }
        let text = [
            "# a comment", "", "@revoked other.example ssh-ed25519 \(F.otherEd25519)",
            "EXAMPLE.com,alias ecdsa-sha2-nistp256 \(F.ecdsa)",
        ] + filler + [
            "*.com ssh-ed25519 \(F.otherEd25519)", "[example.com]:2222 ssh-ed25519 \(F.ed25519)",
            "example.com ssh-ed25519 not-base64!", "!example.com,*.example ssh-ed25519 \(F.ed25519)",
            "@revoked example.com ssh-ed25519 \(F.otherEd25519)\r",
        ] + F.hashedFile.split(separator: "\n").map(String.init)
        try directory.write(text.joined(separator: "\n"), to: "known")
        let path = directory.path + "/known"
        for (host, port) in [("example.com", 22), ("example.com", 2222), ("host17.example.org", 22), ("nowhere", 22)] {
            var names = [KnownHosts.lookupName(host: host, port: port)]
            if port != 22 { names.append(host) }
            let all = KnownHostsFile.load(paths: [path]).knownHosts
            let some = KnownHostsFile.load(paths: [path], onlyFor: names).knownHosts
            #expect(some.entries == all.entries.filter { entry in names.contains { entry.matches(name: $0) } }, "\(host):\(port)")
            for blob in [F.ed25519Blob, F.otherEd25519Blob, F.ecdsaBlob] {
                let type = SSHKeyBlob.typeName(of: blob) ?? ""
                #expect(
                    some.lookup(host: host, port: port, keyType: type, keyBlob: blob)
                        == all.lookup(host: host, port: port, keyType: type, keyBlob: blob), "\(host):\(port) \(type)")
            }
        }
    }
}
