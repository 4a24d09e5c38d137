import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm cp` against the test sshd's SFTP server: files up and down arrive byte for byte,
/// `-r` trees with links and modes, `-p` times, `-a` resuming a partial file (and rewriting
/// one that does not match), a file that fails is one line and the others still go, a
/// connection that fails is 255, and the progress line only on a terminal. The remote side
/// is `SSHHarness.shared` (the test user's), read and written here directly as well.
extension SSHIntegrationTests {
    @Suite struct CopyTests {
        let harness: SSHHarness

        init() throws {
            harness = try SSHHarness.withTestKey()
        }

        var home: String { harness.process.home }
        var shared: String { harness.shared }

        /// `rterm cp -F config -B -P port WORDS`.
        func cp(_ words: [String], timeLimit: Double = 60) throws -> RTermProcess.Result {
            try harness.process.run(
                ["cp", "-F", harness.config, "-B", "-P", harness.sshd.port] + words, timeLimit: timeLimit)
        }

        /// `path` on the test server, as cp's word.
        func remote(_ path: String) -> String { harness.sshd.host + ":" + path }

        // MARK: Files

        /// `count` random bytes.
        static func randomBytes(_ count: Int) throws -> Data {
            let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
            defer { try? random.close() }
            let data = random.readData(ofLength: count)
            try #require(data.count == count)
            return data
        }

        /// Writes `data` at `path` with `mode`.
        @discardableResult
        static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws -> Data {
            try data.write(to: URL(fileURLWithPath: path))
            chmod(path, mode)
            return data
        }

        static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

        /// What sha256sum says of each file, in order.
        static func sha256(_ paths: [String]) throws -> [String] {
            guard !paths.isEmpty else { return [] }
            let result = try Spawn.run(["/usr/bin/sha256sum", "--"] + paths)
            try #require(result.status == 0, "\(result.errorOutput)")
            return result.output.split(separator: "\n").map { String($0.prefix(64)) }
        }

        static func status(_ path: String) throws -> stat {
            var info = stat()
            try #require(lstat(path, &info) == 0, "lstat \(path): \(String(cString: strerror(errno)))")
            return info
        }

        /// Sets the access and modification times of `path`.
        static func setTimes(_ path: String, access: Int, modification: Int) throws {
            var times = [timespec(tv_sec: access, tv_nsec: 0), timespec(tv_sec: modification, tv_nsec: 0)]
            try #require(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
        }

        /// Every entry under `root`, sorted by path: kind, permission bits, size, and a link's
        /// target or a file's SHA-256.
        static func listing(_ root: String) throws -> [String] {
            var entries: [(path: String, line: String)] = []
            var files: [String] = []
            func walk(_ relative: String) throws {
                let path = relative.isEmpty ? root : root + "/" + relative
                let info = try status(path)
                let mode = String(info.st_mode & 0o7777, radix: 8)
                let name = relative.isEmpty ? "." : relative
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    let target = try FileManager.default.destinationOfSymbolicLink(atPath: path)
                    entries.append((name, "\(name) link -> \(target)"))
                case S_IFDIR:
                    entries.append((name, "\(name)/ dir \(mode)"))
                    for child in try FileManager.default.contentsOfDirectory(atPath: path) {
                        try walk(relative.isEmpty ? child : relative + "/" + child)
                    }
                case S_IFREG:
                    entries.append((name, "\(name) file \(mode) \(info.st_size)"))
                    files.append(name)
                default:
                    entries.append((name, "\(name) other"))
                }
            }
            try walk("")
            let digests = Dictionary(
                uniqueKeysWithValues: zip(files, try sha256(files.map { root + "/" + $0 })))
            return entries.sorted { $0.path < $1.path }.map { entry in
                digests[entry.path].map { entry.line + " " + $0 } ?? entry.line
            }
        }

        /// A tree of 200 files in nested folders (one empty, sizes up to 3 KB), a link to a
        /// file in another folder and one that points nowhere, a file of mode 600, an
        /// executable of 755, a folder of mode 750 and one of 555 with files in them, and
        /// four files with awkward names.
        static func makeTree(_ root: String) throws {
            let manager = FileManager.default
            var folders = [""]
            for top in 0..<4 {
                folders.append("d\(top)")
                for sub in 0..<3 { folders.append("d\(top)/s\(sub)") }
            }
            folders.append("d0/s0/deep/deeper")
            folders.append("private")
            folders.append("read-only")
            for folder in folders {
                try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            let bytes = try randomBytes(200 * 3000)
            for index in 0..<200 {
                let folder = folders[index % folders.count]
                let size = index == 7 ? 0 : (index * 37) % 3000 + 1
                let path = root + "/" + (folder.isEmpty ? "" : folder + "/") + String(format: "f%03d.dat", index)
                let start = index * 3000
                try write(bytes.subdata(in: start..<start + size), to: path)
            }
            // (File n is in folders[n % folders.count].)
            try #require(chmod(root + "/d1/f005.dat", 0o600) == 0)
            try #require(chmod(root + "/d2/s0/f010.dat", 0o755) == 0)
            try #require(chmod(root + "/private", 0o750) == 0)
            // Names a shell or scp would trip on, and a folder nobody may write (its mode set
            // after its files are written).
            for name in ["with space.txt", "ünïcødé.txt", "colon:name.txt", "-dash.txt"] {
                try write(Data(name.utf8), to: root + "/" + name)
            }
            try #require(chmod(root + "/read-only", 0o555) == 0)
            try manager.createSymbolicLink(atPath: root + "/d3/link", withDestinationPath: "../d1/f005.dat")
            try manager.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "no/such/file")
        }

        // MARK: Up and down

        /// 16 MiB of random bytes up (to a path relative to the login directory) and back down:
        /// the same SHA-256 each way, nothing on standard error or output, mode kept.
        @Test func sixteenMiBUpAndDownArriveUnchanged() throws {
            defer { harness.remove() }
            let source = home + "/big.bin"
            try Self.write(try Self.randomBytes(16 << 20), to: source, mode: 0o640)
            let relative = (shared as NSString).lastPathComponent + "/big.bin"
            let up = try cp([source, remote(relative)])
            #expect(up.status == 0, "\(up.errorOutput)")
            #expect(up.errorOutput.isEmpty && up.output.isEmpty, "\(up.errorOutput)")
            let back = home + "/back.bin"
            let down = try cp([remote(shared + "/big.bin"), back])
            #expect(down.status == 0, "\(down.errorOutput)")
            #expect(down.errorOutput.isEmpty && down.output.isEmpty, "\(down.errorOutput)")
            let digests = try Self.sha256([source, shared + "/big.bin", back])
            #expect(digests[1] == digests[0])
            #expect(digests[2] == digests[0])
            #expect(try Self.status(shared + "/big.bin").st_size == 16 << 20)
            #expect(try Self.status(shared + "/big.bin").st_mode & 0o777 == 0o640)
            #expect(try Self.status(back).st_mode & 0o777 == 0o640)
            // The remote file is the test user's: the server wrote it.
            #expect(try Self.status(shared + "/big.bin").st_uid == getpwnam(harness.sshd.userName)?.pointee.pw_uid)
        }

        /// Several sources into a directory, up and down, each by its name.
        @Test func severalFilesGoIntoADirectoryByTheirNames() throws {
            defer { harness.remove() }
            let a = try Self.write(Data("alpha\n".utf8), to: home + "/a.txt")
            let b = try Self.write(try Self.randomBytes(70_000), to: home + "/b.bin")
            let up = try cp([home + "/a.txt", home + "/b.bin", remote(shared)])
            #expect(up.status == 0, "\(up.errorOutput)")
            #expect(Self.contents(shared + "/a.txt") == a)
            #expect(Self.contents(shared + "/b.bin") == b)
            let into = home + "/into"
            try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
            let down = try cp([remote(shared + "/a.txt"), remote(shared + "/b.bin"), into])
            #expect(down.status == 0, "\(down.errorOutput)")
            #expect(Self.contents(into + "/a.txt") == a)
            #expect(Self.contents(into + "/b.bin") == b)
            // More than one source and a target that is not a directory: one line, status 1.
            let notDirectory = try cp([home + "/a.txt", home + "/b.bin", remote(shared + "/a.txt")])
            #expect(notDirectory.status == 1)
            #expect(notDirectory.errorLines == ["rterm: \(shared)/a.txt: not a directory (more than one source)"])
        }

        // MARK: -r

        /// A tree of 200 files with links and modes, up and back down, is reproduced exactly.
        @Test func recursiveCopiesReproduceATreeExactly() throws {
            defer { harness.remove() }
            let tree = home + "/tree"
            try Self.makeTree(tree)
            // The folders nobody may write, writable again for the clean-up.
            defer {
                for root in [tree, shared + "/tree", shared + "/tree/tree", home + "/back"] {
                    chmod(root + "/read-only", 0o755)
                }
            }
            let expected = try Self.listing(tree)
            #expect(expected.filter { $0.contains(" file ") }.count == 204)
            #expect(expected.contains { $0.hasPrefix("colon:name.txt file 644 ") })
            #expect(expected.contains("read-only/ dir 555"))
            #expect(expected.contains("d3/link link -> ../d1/f005.dat"))
            #expect(expected.contains("dangling link -> no/such/file"))
            #expect(expected.contains { $0.hasPrefix("d1/f005.dat file 600 ") })
            #expect(expected.contains { $0.hasPrefix("d2/s0/f010.dat file 755 ") })
            #expect(expected.contains { $0.hasPrefix("d1/s1/f007.dat file 644 0 ") })
            #expect(expected.contains("private/ dir 750"))
            #expect(expected.contains { $0.hasPrefix("private/f018.dat file 644 ") })
            #expect(expected.contains { $0.hasPrefix("d0/s0/deep/deeper/f017.dat file 644 ") })

            let up = try cp(["-r", tree, remote(shared + "/tree")])
            #expect(up.status == 0, "\(up.errorOutput)")
            #expect(up.errorOutput.isEmpty, "\(up.errorOutput)")
            #expect(try Self.listing(shared + "/tree") == expected)

            let back = home + "/back"
            let down = try cp(["-r", remote(shared + "/tree"), back])
            #expect(down.status == 0, "\(down.errorOutput)")
            #expect(down.errorOutput.isEmpty, "\(down.errorOutput)")
            #expect(try Self.listing(back) == expected)

            // Onto an existing directory, a tree goes inside it by its name, as with scp.
            let again = try cp(["-r", tree, remote(shared + "/tree")])
            #expect(again.status == 0, "\(again.errorOutput)")
            #expect(try Self.listing(shared + "/tree/tree") == expected)
        }

        /// Without -r a directory is refused, one line, status 1, either way; the other
        /// sources still go.
        @Test func aDirectoryWithoutRecursiveFails() throws {
            defer { harness.remove() }
            try FileManager.default.createDirectory(atPath: home + "/dir", withIntermediateDirectories: false)
            let file = try Self.write(Data("file\n".utf8), to: home + "/file.txt")
            let up = try cp([home + "/dir", home + "/file.txt", remote(shared)])
            #expect(up.status == 1)
            #expect(up.errorLines == ["rterm: \(home)/dir: is a directory (use -r)"], "\(up.errorOutput)")
            #expect(Self.contents(shared + "/file.txt") == file)
            #expect(!FileManager.default.fileExists(atPath: shared + "/dir"))

            try FileManager.default.createDirectory(atPath: shared + "/rdir", withIntermediateDirectories: false)
            let down = try cp([remote(shared + "/rdir"), home + "/got"])
            #expect(down.status == 1)
            #expect(down.errorLines == ["rterm: \(shared)/rdir: is a directory (use -r)"], "\(down.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: home + "/got"))
        }

        // MARK: -p

        /// -p keeps the modification and access times and the mode, of files and (with -r)
        /// of directories, up and down; without it the time is the copy's.
        @Test func preserveKeepsTimesAndModes() throws {
            defer { harness.remove() }
            let modified = 981_173_106  // 2001-02-03 04:05:06 UTC
            let accessed = 1_000_000_000
            let source = home + "/old.txt"
            try Self.write(Data("old\n".utf8), to: source, mode: 0o604)
            try Self.setTimes(source, access: accessed, modification: modified)

            let up = try cp(["-p", source, remote(shared + "/old.txt")])
            #expect(up.status == 0, "\(up.errorOutput)")
            let uploaded = try Self.status(shared + "/old.txt")
            #expect(uploaded.st_mtim.tv_sec == modified)
            #expect(uploaded.st_atim.tv_sec == accessed)
            #expect(uploaded.st_mode & 0o777 == 0o604)

            let plain = try cp([source, remote(shared + "/new.txt")])
            #expect(plain.status == 0, "\(plain.errorOutput)")
            #expect(try Self.status(shared + "/new.txt").st_mtim.tv_sec > modified + 86_400 * 365)

            // Down: the remote file gets times of its own first.
            try Self.setTimes(shared + "/old.txt", access: accessed + 7, modification: modified + 3)
            let down = try cp(["-p", remote(shared + "/old.txt"), home + "/down.txt"])
            #expect(down.status == 0, "\(down.errorOutput)")
            let downloaded = try Self.status(home + "/down.txt")
            #expect(downloaded.st_mtim.tv_sec == modified + 3)
            #expect(downloaded.st_atim.tv_sec == accessed + 7)
            #expect(downloaded.st_mode & 0o777 == 0o604)

            // A directory's times are set after its files are written.
            let folder = home + "/folder"
            try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
            try Self.write(Data("x".utf8), to: folder + "/inner/x")
            try Self.setTimes(folder + "/inner/x", access: accessed, modification: modified)
            try Self.setTimes(folder + "/inner", access: accessed, modification: modified + 60)
            try Self.setTimes(folder, access: accessed, modification: modified + 120)
            let tree = try cp(["-rp", folder, remote(shared + "/folder")])
            #expect(tree.status == 0, "\(tree.errorOutput)")
            for (path, time) in [("", modified + 120), ("/inner", modified + 60), ("/inner/x", modified)] {
                #expect(try Self.status(shared + "/folder" + path).st_mtim.tv_sec == time, "\(path)")
            }
            let treeDown = try cp(["-rp", remote(shared + "/folder"), home + "/folder-back"])
            #expect(treeDown.status == 0, "\(treeDown.errorOutput)")
            for (path, time) in [("", modified + 120), ("/inner", modified + 60), ("/inner/x", modified)] {
                #expect(try Self.status(home + "/folder-back" + path).st_mtim.tv_sec == time, "\(path)")
            }
        }

        // MARK: -a

        /// What is already at the target before `cp -a`.
        enum Partial: String, CaseIterable, Sendable {
            /// Nothing: a plain copy.
            case none
            /// The source's first 1.1 MiB.
            case prefix
            /// All of it already.
            case whole
            /// The first part of the source with its last byte changed: rewritten whole.
            case lastPartDiffers
            /// Longer than the source: rewritten whole.
            case longer
            /// A single byte that is not the source's first: rewritten whole.
            case wrongByte
        }

        enum Way: String, CaseIterable, Sendable { case up, down }

        /// The source's size, and the partial file's: past the 1 MiB that `-a` compares.
        static let resumeSize = 1 << 20 + 200 << 10 + 12_345
        static let partialSize = 1 << 20 + 100 << 10 + 777

        func partial(_ kind: Partial, of source: Data) -> Data? {
            switch kind {
            case .none: return nil
            case .prefix: return source.prefix(Self.partialSize)
            case .whole: return source
            case .lastPartDiffers:
                var bytes = source.prefix(Self.partialSize)
                bytes[bytes.endIndex - 1] ^= 0xFF
                return bytes
            case .longer: return source + Data("more".utf8)
            case .wrongByte: return Data([source[0] ^ 0x01])
            }
        }

        /// The source and the target of a copy `way`.
        func ends(_ way: Way) -> (from: String, to: String) {
            way == .up ? (home + "/src.bin", shared + "/dst.bin") : (shared + "/src.bin", home + "/dst.bin")
        }

        /// `cp -a` completes a partial file or rewrites one that does not match: the result
        /// is the source, status 0, nothing said.
        @Test(arguments: Way.allCases, Partial.allCases)
        func resumeCompletesOrRewritesAPartialFile(way: Way, kind: Partial) throws {
            defer { harness.remove() }
            let source = try Self.randomBytes(Self.resumeSize)
            let (from, to) = ends(way)
            try Self.write(source, to: from)
            if let existing = partial(kind, of: source) {
                try Self.write(existing, to: to)
                if way == .up { try harness.giveToTestUser(to) }
            }
            let result = try cp(
                way == .up ? ["-a", from, remote(to)] : ["-a", remote(from), to])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            let digests = try Self.sha256([from, to])
            #expect(digests[1] == digests[0], "\(kind) \(way)")
            #expect(try Self.status(to).st_size == Self.resumeSize)
        }

        /// `-a` sends only what is missing: it compares the partial file's last MiB with the
        /// source and appends the rest, so a difference before that window stays (what shows
        /// that the first part was not sent again).
        @Test(arguments: Way.allCases)
        func resumeSendsOnlyWhatIsMissing(way: Way) throws {
            defer { harness.remove() }
            let source = try Self.randomBytes(Self.resumeSize)
            let (from, to) = ends(way)
            try Self.write(source, to: from)
            var existing = source.prefix(Self.partialSize)
            existing[0] ^= 0xFF  // more than 1 MiB before the end of the partial file
            try Self.write(existing, to: to)
            if way == .up { try harness.giveToTestUser(to) }
            let result = try cp(way == .up ? ["-a", from, remote(to)] : ["-a", remote(from), to])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(Self.contents(to) == existing + source.dropFirst(existing.count))
        }

        /// An upload killed in the middle (through a relay that throttles it, killed once the
        /// remote file has grown past 256 KiB) is completed by `cp -a` without the relay.
        @Test func aKilledUploadIsCompletedWithResume() throws {
            defer { harness.remove() }
            let from = home + "/src.bin"
            let to = shared + "/dst.bin"
            let (relay, upload, source) = try throttledCopy(from: from, to: to, [from, remote(to)])
            let logOffset = harness.sshd.log.utf8.count
            #expect(upload.stop(SIGKILL) == 128 + SIGKILL)
            try relay.close()
            // The server has seen the connection end (its sftp-server writes nothing more).
            #expect(SSHHarness.connectionEnded(harness.serverLog(from: logOffset)))
            // What arrived is the source's beginning, not all of it.
            let arrived = try #require(Self.contents(to))
            #expect(arrived.count >= 256 << 10 && arrived.count < source.count)
            #expect(arrived == source.prefix(arrived.count))

            let resumed = try cp(["-a", from, remote(to)])
            #expect(resumed.status == 0, "\(resumed.errorOutput)")
            #expect(resumed.errorOutput.isEmpty, "\(resumed.errorOutput)")
            let digests = try Self.sha256([from, to])
            #expect(digests[1] == digests[0])
        }

        /// A download interrupted (Ctrl+C) leaves nothing: it was written under a temporary
        /// name, removed as rterm ends by the signal. With -a it is written in place instead,
        /// and the part left is completed by the next `cp -a`.
        @Test(arguments: [false, true])
        func anInterruptedDownloadLeavesNothingOrWithResumeItsPart(resume: Bool) throws {
            defer { harness.remove() }
            let from = shared + "/src.bin"
            let to = home + "/dst.bin"
            let (relay, download, source) = try throttledCopy(from: from, to: to, (resume ? ["-a"] : []) + [remote(from), to])
            #expect(download.stop(SIGINT) == 128 + SIGINT)
            try relay.close()
            #expect(Self.partials(of: to).isEmpty)
            guard resume else {
                #expect(!FileManager.default.fileExists(atPath: to))
                return
            }
            let arrived = try #require(Self.contents(to))
            #expect(arrived.count >= 256 << 10 && arrived.count < source.count)
            #expect(arrived == source.prefix(arrived.count))
            let resumed = try cp(["-a", remote(from), to])
            #expect(resumed.status == 0, "\(resumed.errorOutput)")
            #expect(Self.contents(to) == source)
        }

        /// The size of `path` once it has reached `size` bytes (the acknowledgement that a copy
        /// is under way), or when `process` ended, or after 30 s; polled every 10 ms. A
        /// download is written beside its name until whole (`.NAME.rterm-XXXXXXXX`): that
        /// file counts too.
        static func waitUntil(_ path: String, hasGrownTo size: Int, while process: BackgroundProcess) -> Int {
            let deadline = Date().addingTimeInterval(30)
            var current = 0
            while process.isRunning, Date() < deadline {
                for candidate in [path] + partials(of: path) {
                    var info = stat()
                    if lstat(candidate, &info) == 0 { current = max(current, Int(info.st_size)) }
                }
                if current >= size { break }
                usleep(10_000)
            }
            return current
        }

        /// The temporary files a download of `path` is written in before it takes its name.
        static func partials(of path: String) -> [String] {
            let directory = (path as NSString).deletingLastPathComponent
            let prefix = "." + (path as NSString).lastPathComponent + ".rterm-"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.hasPrefix(prefix) }.map { directory + "/" + $0 }
        }

        /// `cp WORDS` through a relay, not waited for (the relay's port learnt as a new host).
        /// `rterm cp words` of 2 MiB of random bytes written at `from`, through a relay that
        /// throttles it to 512 KiB/s, once `to` has grown past 256 KiB (the acknowledgement
        /// that the copy is under way) and while it still runs.
        func throttledCopy(from: String, to: String, _ words: [String]) throws -> (TestRelay, BackgroundProcess, Data) {
            let relay = try TestRelay(targetPort: try #require(Int(harness.sshd.port)))
            let source = try Self.randomBytes(2 << 20)
            try Self.write(source, to: from)
            try relay.throttle(bytesPerSecond: 512 << 10)
            let copy = try throughRelay(relay, words)
            let size = Self.waitUntil(to, hasGrownTo: 256 << 10, while: copy)
            try #require(copy.isRunning, "the copy ended first: \(copy.errorOutput)")
            try #require(size >= 256 << 10 && size < source.count, "size \(size)")
            return (relay, copy, source)
        }

        func throughRelay(_ relay: TestRelay, _ words: [String]) throws -> BackgroundProcess {
            try BackgroundProcess(
                [RTermProcess.executable, "cp", "-F", harness.config, "-B", "-o", "StrictHostKeyChecking=accept-new",
                 "-o", "UserKnownHostsFile=\(home)/relay_known_hosts", "-P", String(relay.port)] + words,
                environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        }

        /// The connection closed under a copy, of one file or of a tree, either way: status
        /// 255 and one line, at once.
        @Test(arguments: Way.allCases, [false, true])
        func aConnectionLostMidCopyIsStatus255(way: Way, tree: Bool) throws {
            defer { harness.remove() }
            let relay = try TestRelay(targetPort: try #require(Int(harness.sshd.port)))
            let base = way == .up ? home : shared
            let source = base + (tree ? "/tree" : "/big.bin")
            let big = tree ? source + "/sub/big.bin" : source
            if tree {
                try FileManager.default.createDirectory(atPath: source + "/sub", withIntermediateDirectories: true)
                try Self.write(Data("first\n".utf8), to: source + "/a.txt")
                try Self.write(Data("last\n".utf8), to: source + "/z.txt")
            }
            try Self.write(try Self.randomBytes(2 << 20), to: big)
            let target = (way == .up ? shared : home) + "/copy"
            let growing = tree ? target + "/sub/big.bin" : target
            try relay.throttle(bytesPerSecond: 512 << 10)
            let options = tree ? ["-r"] : []
            let copy = try throughRelay(
                relay, options + (way == .up ? [source, remote(target)] : [remote(source), target]))
            let size = Self.waitUntil(growing, hasGrownTo: 128 << 10, while: copy)
            try #require(copy.isRunning && size >= 128 << 10, "\(size): \(copy.errorOutput)")
            try relay.close()
            let status = copy.wait(timeout: 30)
            // (accept-new's warning aside.)
            let lines = copy.errorOutput.split(separator: "\n").filter { !$0.hasPrefix("Warning: Permanently added") }
            #expect(status == 255, "\(copy.errorOutput)")
            #expect(lines.count == 1, "\(copy.errorOutput)")
            #expect(lines.first?.hasPrefix("rterm: 127.0.0.1 port \(relay.port): ") == true, "\(copy.errorOutput)")
            // A download cut off leaves no half file under its name, nor its temporary one.
            if way == .down {
                #expect(!FileManager.default.fileExists(atPath: growing))
                #expect(Self.partials(of: growing).isEmpty)
            }
        }

        // MARK: Failures

        /// A missing local file: one line, status 1; with another source, that one arrives.
        @Test func aMissingLocalFileIsOneLineAndTheOthersStillGo() throws {
            defer { harness.remove() }
            let alone = try cp([home + "/missing", remote(shared + "/x")])
            #expect(alone.status == 1)
            #expect(alone.errorLines == ["rterm: \(home)/missing: No such file or directory"], "\(alone.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: shared + "/x"))

            let present = try Self.write(Data("present\n".utf8), to: home + "/present.txt")
            let two = try cp([home + "/missing", home + "/present.txt", remote(shared)])
            #expect(two.status == 1)
            #expect(two.errorLines == ["rterm: \(home)/missing: No such file or directory"], "\(two.errorOutput)")
            #expect(Self.contents(shared + "/present.txt") == present)
        }

        /// Issue 54, item 7: an upload into a remote directory that is not there names it, as
        /// scp does (the server itself says only `Failure`).
        @Test func anUploadIntoAMissingRemoteDirectoryNamesIt() throws {
            defer { harness.remove() }
            _ = try Self.write(Data("file\n".utf8), to: home + "/file.txt")
            for target in [shared + "/nowhere/", shared + "/nowhere/file.txt"] {
                let result = try cp([home + "/file.txt", remote(target)])
                #expect(result.status == 1)
                #expect(result.errorLines == ["rterm: \(shared)/nowhere\(target.hasSuffix("/") ? "/" : ""): No such file or directory"],
                        "\(result.errorOutput)")
            }
        }

        /// A missing remote file on a download: one line, status 1; the other source arrives.
        @Test func aMissingRemoteFileIsOneLineAndTheOthersStillGo() throws {
            defer { harness.remove() }
            let alone = try cp([remote(shared + "/missing"), home + "/x"])
            #expect(alone.status == 1)
            #expect(alone.errorLines == ["rterm: \(shared)/missing: No such file or directory"], "\(alone.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: home + "/x"))

            let present = try Self.write(Data("present\n".utf8), to: shared + "/present.txt")
            let into = home + "/into"
            try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
            let two = try cp([remote(shared + "/missing"), remote(shared + "/present.txt"), into])
            #expect(two.status == 1)
            #expect(two.errorLines == ["rterm: \(shared)/missing: No such file or directory"], "\(two.errorOutput)")
            #expect(Self.contents(into + "/present.txt") == present)
        }

        /// A file the test user may not read, in a tree: one line, status 1, the rest of the
        /// tree arrives (and nothing is left where the unreadable file would have gone).
        @Test func anUnreadableFileInATreeIsOneLineAndTheRestArrives() throws {
            defer { harness.remove() }
            let tree = shared + "/tree"
            try FileManager.default.createDirectory(atPath: tree + "/sub", withIntermediateDirectories: true)
            let one = try Self.write(Data("one\n".utf8), to: tree + "/one")
            let two = try Self.write(Data("two\n".utf8), to: tree + "/sub/two")
            let zed = try Self.write(Data("zed\n".utf8), to: tree + "/zed")
            // Mode 000: the test user may not read it (whether or not it is this process's).
            try Self.write(Data("secret\n".utf8), to: tree + "/secret", mode: 0o000)
            let result = try cp(["-r", remote(tree), home + "/got"])
            #expect(result.status == 1)
            #expect(result.errorLines == ["rterm: \(tree)/secret: Permission denied"], "\(result.errorOutput)")
            #expect(Self.contents(home + "/got/one") == one)
            #expect(Self.contents(home + "/got/sub/two") == two)
            #expect(Self.contents(home + "/got/zed") == zed)
            #expect(!FileManager.default.fileExists(atPath: home + "/got/secret"))
        }

        /// A remote folder the test user may not write: one line, status 1, for a file and
        /// for a tree.
        @Test func aFolderTheServerWillNotWriteIsOneLine() throws {
            defer { harness.remove() }
            let locked = shared + "/locked"
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            try #require(chmod(locked, 0o555) == 0)
            try Self.write(Data("a\n".utf8), to: home + "/a.txt")
            let file = try cp([home + "/a.txt", remote(locked + "/a.txt")])
            #expect(file.status == 1)
            #expect(file.errorLines == ["rterm: \(locked)/a.txt: Permission denied"], "\(file.errorOutput)")
            try FileManager.default.createDirectory(atPath: home + "/dir", withIntermediateDirectories: false)
            try Self.write(Data("b\n".utf8), to: home + "/dir/b.txt")
            let tree = try cp(["-r", home + "/dir", remote(locked + "/dir")])
            #expect(tree.status == 1)
            #expect(tree.errorLines == ["rterm: \(locked)/dir: Permission denied"], "\(tree.errorOutput)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
        }

        /// A tree downloaded onto an existing local file: one line, status 1, and the file is
        /// left as it was (its contents and its mode).
        @Test func aTreeOntoAnExistingFileLeavesTheFileAlone() throws {
            defer { harness.remove() }
            let tree = shared + "/tree"
            try FileManager.default.createDirectory(atPath: tree + "/sub", withIntermediateDirectories: true)
            try Self.write(Data("one\n".utf8), to: tree + "/one")
            try Self.write(Data("two\n".utf8), to: tree + "/sub/two")
            let file = home + "/file"
            let original = try Self.write(Data("mine\n".utf8), to: file, mode: 0o600)
            let result = try cp(["-r", remote(tree), file])
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1, "\(result.errorOutput)")
            #expect(result.errorLines.first?.hasPrefix("rterm: \(file)") == true, "\(result.errorOutput)")
            #expect(Self.contents(file) == original)
            #expect(try Self.status(file).st_mode & 0o7777 == 0o600)
        }

        /// A port nothing listens on: one `rterm:` line, status 255, nothing copied.
        @Test func anUnreachableHostIsStatus255() throws {
            defer { harness.remove() }
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                    guard bind(socket, pointer, size) == 0 else { return -1 }
                    return getsockname(socket, pointer, &size)
                }
            }
            Glibc.close(socket)
            try #require(bound == 0)
            let port = String(UInt16(bigEndian: address.sin_port))
            try Self.write(Data("x".utf8), to: home + "/x")
            let result = try harness.process.run(
                ["cp", "-F", harness.config, "-B", "-P", port, home + "/x", remote(shared + "/x")])
            #expect(result.status == 255)
            #expect(result.isOneErrorLine, "\(result.errorOutput)")
            #expect(result.errorOutput.contains("Connection refused"), "\(result.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: shared + "/x"))
        }

        /// A command-line mistake: status 2, the message and the usage, before connecting.
        @Test func aCommandLineMistakeIsStatus2WithTheUsage() throws {
            defer { harness.remove() }
            let result = try harness.process.run(["cp", "a", "b"])
            #expect(result.status == 2)
            #expect(
                result.errorLines == [
                    "rterm cp: no remote side: write one side as [user@]host:path",
                    "usage: rterm cp [-r] [-a] [-p] [-q] [-v] [-P port] [-i identity] [-F config] [-J jump] "
                        + "[-o option] SOURCE... TARGET",
                ], "\(result.errorOutput)")
        }

        // MARK: Progress

        /// Standard error not a terminal: nothing on it when everything arrived.
        @Test func noProgressWhenStandardErrorIsNotATerminal() throws {
            defer { harness.remove() }
            try Self.write(try Self.randomBytes(1 << 20), to: home + "/p.bin")
            let result = try cp([home + "/p.bin", remote(shared + "/p.bin")])
            #expect(result.status == 0)
            #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            #expect(result.output.isEmpty)
        }

        /// On a terminal (script(1)'s pty): the progress line, ending at 100 % with the time
        /// taken; none with -q.
        @Test func theProgressLineOnATerminalAndNotWithQuiet() throws {
            defer { harness.remove() }
            try Self.write(try Self.randomBytes(1 << 20), to: home + "/p.bin")
            func onTerminal(_ options: [String]) throws -> (status: Int32, screen: String) {
                let words = [RTermProcess.executable, "cp", "-F", harness.config, "-B", "-P", harness.sshd.port]
                    + options + [home + "/p.bin", remote(shared + "/p.bin")]
                let line = words.map { "'\($0)'" }.joined(separator: " ")
                let result = try Spawn.run(
                    ["/usr/bin/script", "-qec", line, "/dev/null"],
                    environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
                return (result.status, result.output)
            }
            let shown = try onTerminal([])
            #expect(shown.status == 0, "\(shown.screen)")
            let lines = shown.screen.components(separatedBy: "\r").filter { !$0.isEmpty && $0 != "\n" }
            #expect(lines.first?.hasPrefix("p.bin ") == true, "\(shown.screen.debugDescription)")
            let last = lines.last { $0.contains("%") } ?? ""
            #expect(last.hasPrefix("p.bin "), "\(shown.screen.debugDescription)")
            #expect(last.contains(" 100%  1.0MiB "), "\(last.debugDescription)")
            let timeTaken = last.range(of: #"/s   \d\d:\d\d    $"#, options: .regularExpression)
            #expect(timeTaken != nil, "\(last.debugDescription)")
            // The line ended (the pty's "\r\n").
            #expect(shown.screen.utf8.suffix(2).elementsEqual("\r\n".utf8))

            let quiet = try onTerminal(["-q"])
            #expect(quiet.status == 0, "\(quiet.screen)")
            #expect(quiet.screen.isEmpty, "\(quiet.screen.debugDescription)")
        }
    }
}
