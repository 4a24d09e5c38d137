import Foundation
import RemoteTerm
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 53: downloads from a hostile SFTP server (`Scripts/hostile-sftpd`, on Debian's
/// paramiko). Its `/hostile` lists names that climb out (`../escaped-file`,
/// `../../escaped-dir`), an empty name, `.`, `..`, `a/b`, a NUL followed by `../x`, a
/// symbolic link to a directory outside and then a file of the same name (rsync's
/// CVE-2024-12087/12088 order), a link to a directory outside and then a directory of that
/// name with a file in it, a name of escape sequences, a setuid file and a file that grows
/// past its stated size; `/rootlink` is a tree whose root is a link, `/deep` never ends, and
/// the login directory may call itself `..`. Through `rterm cp -r`, `~d` and a script's
/// `get`: every file under the test's scratch directory is listed after each run, and
/// nothing lands outside the target, no link is written through, each refused name is one
/// escaped line, the good files arrive, and the status is 1.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct HostileSFTPTests {
    /// A hostile server of the test's own, and the scratch directory rterm works in (its
    /// HOME): `target` is where downloads go, `outside` where the server's links point.
    final class Server {
        let process: RTermProcess
        let server: Process
        let port: String
        var home: String { process.home }
        var target: String { home + "/target" }
        var outside: String { home + "/outside" }
        var key: String { home + "/key" }

        init(mode: String = "normal") throws {
            let process = try RTermProcess()
            let home = process.home
            for directory in [home + "/target", home + "/outside"] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            let keygen = try Spawn.run(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", home + "/key"])
            try #require(keygen.status == 0, "\(keygen.errorOutput)")
            let portFile = home + "/port"
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            server.arguments = [TestSSHD.packageRoot + "/Scripts/hostile-sftpd", portFile, mode]
            server.environment = ["HOSTILE_OUTSIDE": home + "/outside", "PATH": "/usr/bin:/bin"]
            server.standardError = FileHandle.nullDevice
            try server.run()
            guard FileArrival.wait(for: portFile, timeout: 20), server.isRunning else {
                if server.isRunning { kill(server.processIdentifier, SIGKILL) }
                server.waitUntilExit()
                process.remove()
                throw TestSSHDError(message: "hostile-sftpd did not start")
            }
            self.process = process
            self.server = server
            port = try String(contentsOfFile: portFile, encoding: .utf8)
        }

        func stop() {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
            process.remove()
        }

        /// The ssh options that reach the server: its key, learnt on first use, no agent.
        var sshOptions: [String] {
            [
                "-F", "none", "-i", key, "-o", "IdentityAgent=none", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=\(home)/.ssh/known_hosts", "-o", "LogLevel=ERROR",
            ]
        }

        func cp(_ words: [String]) throws -> RTermProcess.Result {
            try process.run(["cp", "-B", "-P", port] + sshOptions + words, timeLimit: 60)
        }

        /// Every entry under the scratch directory but rterm's own (the key, the port file,
        /// ~/.ssh), relative, with what it is: `d` a directory, `l -> target` a link, `f N`
        /// a file of N bytes with its permission bits.
        func listing() -> [String] {
            let own: Set<String> = ["key", "key.pub", "port", ".ssh", ".ssh/known_hosts"]
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: home)) ?? []
            return names.filter { !own.contains($0) }.sorted().map { name in
                var info = stat()
                guard lstat(home + "/" + name, &info) == 0 else { return name + " ?" }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: return name + " d"
                case S_IFLNK:
                    return name + " l -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: home + "/" + name)) ?? "?")
                default: return name + " f \(info.st_size) " + String(info.st_mode & 0o7777, radix: 8)
                }
            }
        }

        func contents(_ relative: String) -> String? {
            (try? String(contentsOfFile: home + "/" + relative, encoding: .utf8))
        }
    }

    /// The name of escape sequences, as it lands (a local name may hold them: only what is
    /// printed is made inert).
    static let escapeName = "esc\u{1B}]0;pwned\u{07}\u{1B}[6n\u{202E}name"

    /// `rterm cp -r host:/hostile target/`: the five names that are not one component are
    /// refused, a line each, escaped; `link` and `sub` end as a file and a directory inside
    /// the target; nothing is written outside it; setuid is dropped; `grows` is the 5 bytes
    /// its size said; status 1.
    @Test func aRecursiveCopyFromAHostileServerStaysInsideTheTarget() throws {
        let server = try Server()
        defer { server.stop() }
        let result = try server.cp(["-r", "tester@127.0.0.1:/hostile", server.target + "/"])
        #expect(result.status == 1)
        #expect(result.errorLines == [
            #"rterm: /hostile: the server listed "", an empty name: not copied"#,
            #"rterm: /hostile: the server listed "../../escaped-dir", a name holding /: not copied"#,
            #"rterm: /hostile: the server listed "../escaped-file", a name holding /: not copied"#,
            #"rterm: /hostile: the server listed "a/b", a name holding /: not copied"#,
            #"rterm: /hostile: the server listed "nul\000../x", a name holding NUL: not copied"#,
        ], "\(result.errorOutput)")
        #expect(server.listing() == [
            "outside d",
            "target d",
            "target/hostile d",
            "target/hostile/\(Self.escapeName) f 7 644",
            "target/hostile/good.txt f 5 644",
            "target/hostile/grows f 5 644",
            "target/hostile/link f 13 644",
            "target/hostile/setuid f 10 755",
            "target/hostile/sub d",
            "target/hostile/sub/planted f 8 644",
        ])
        #expect(server.contents("target/hostile/link") == "through link\n")
        #expect(server.contents("target/hostile/grows") == "GGGGG")
        #expect(server.contents("target/hostile/sub/planted") == "planted\n")
    }

    /// A tree whose root is a link on the server: the user named it, so it is copied as the
    /// tree it leads to.
    @Test func aTreeWhoseRootIsALinkIsCopiedAsItsTree() throws {
        let server = try Server()
        defer { server.stop() }
        let result = try server.cp(["-r", "tester@127.0.0.1:/rootlink", server.target])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(server.listing() == [
            "outside d", "target d", "target/rootlink d", "target/rootlink/a.txt f 2 644", "target/rootlink/sub d",
            "target/rootlink/sub/b.txt f 2 644",
        ])
    }

    /// A directory that holds a directory forever: the copy stops 128 deep, one line, status 1.
    @Test func anEndlessTreeStopsAtTheDepthLimit() throws {
        let server = try Server()
        defer { server.stop() }
        let result = try server.cp(["-r", "tester@127.0.0.1:/deep", server.target])
        #expect(result.status == 1)
        let deepest = "/deep" + String(repeating: "/d", count: 128)
        #expect(result.errorLines == ["rterm: \(deepest): more than 128 directories deep: not copied"], "\(result.errorOutput)")
        let listing = server.listing()
        #expect(listing.count == 2 + 128)
        #expect(listing.last == "target/deep" + String(repeating: "/d", count: 127) + " d")
    }

    /// The login directory copied into a directory takes the name the server gives it:
    /// `..` is refused, one line, and nothing is written.
    @Test func aLoginDirectoryTheServerCallsDotDotIsRefused() throws {
        let server = try Server(mode: "dotdot-home")
        defer { server.stop() }
        let result = try server.cp(["-r", "tester@127.0.0.1:", server.target])
        #expect(result.status == 1)
        #expect(result.errorLines == [#"rterm: .: the server gave its name as "..", the name ..: not copied"#], "\(result.errorOutput)")
        #expect(server.listing() == ["outside d", "target d"])
    }

    /// On a terminal, the progress line names each file: the server's escape sequences are
    /// drawn as text, and no escape reaches the terminal.
    @Test func theProgressLineShowsAServersNamesInert() throws {
        let server = try Server()
        defer { server.stop() }
        let arguments = [RTermProcess.executable, "cp", "-r", "-B", "-P", server.port] + server.sshOptions
            + ["tester@127.0.0.1:/hostile", server.target]
        let terminal = try LocalPTYTransport(
            arguments: arguments, environment: ["HOME": server.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            term: "xterm", rows: 24, columns: 200)
        defer { terminal.close() }
        var written: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(60)
        reading: while Date() < end {
            switch try terminal.read(into: &buffer, from: .output) {
            case .transferred(let count): written += buffer[0..<count]
            case .wouldBlock:
                var descriptors = terminal.pollInterests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
                _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            case .endOfStream: break reading
            }
        }
        let text = String(decoding: written, as: UTF8.self)
        #expect(!written.contains(0x1B), "an escape reached the terminal: \(text.debugDescription)")
        #expect(!text.unicodeScalars.contains { InertText.isBidiOrSeparator($0.value) }, "\(text.debugDescription)")
        #expect(text.contains(#"esc\033]0;pwned\007\033[6n\342\200\256name"#), "\(text.debugDescription)")
        #expect(text.contains("good.txt"), "\(text.debugDescription)")
        #expect(server.listing().contains("target/hostile/good.txt f 5 644"))
    }

    /// A script's `get` against the server: what it asked for arrives under the names it gave
    /// (the server chooses none), `grows` as the 5 bytes its size said, `setuid` without the
    /// bit; nothing else is written.
    @Test func aScriptsGetWritesOnlyTheNamesItGave() throws {
        let server = try Server()
        defer { server.stop() }
        _ = try server.process.file(
            "get.rts",
            """
            set timeout 30s
            wait /hostile\\$/
            get "/hostile/grows" target/grown
            get "/hostile/link" target
            get "/hostile/sub/planted" target/planted.txt
            get "/hostile/setuid" target
            type "exit\\r"
            expect-exit 0

            """)
        let result = try server.process.run(
            ["-c", "cd '\(server.home)' && '\(RTermProcess.executable)' script get.rts -- "
                + (["-p", server.port] + server.sshOptions).map { "'\($0)'" }.joined(separator: " ") + " tester@127.0.0.1"],
            timeLimit: 60, executable: "/bin/bash")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(server.listing().filter { !$0.hasPrefix("get.rts ") } == [
            "outside d", "target d", "target/grown f 5 644", "target/link f 13 644", "target/planted.txt f 8 644",
            "target/setuid f 10 755",
        ])
        #expect(server.contents("target/link") == "through link\n")
    }
}

/// `~d` against the hostile server, in a real tmux pane: Tab offers only names that are one
/// component and hold nothing a terminal acts on (in the login directory, `notes.txt` alone
/// of three), and a download writes the name the user asked for, in rterm's directory.
extension HostileSFTPTests {
    @Test func tildeDCompletesOnlyCleanNamesAndWritesWhatWasAsked() throws {
        let server = try Server()
        defer { server.stop() }
        let options = (["-p", server.port] + server.sshOptions).map { "'\($0)'" }.joined(separator: " ")
        let line = "cd '\(server.target)' && HOME='\(server.home)' '\(RTermProcess.executable)' \(options) tester@127.0.0.1;"
            + " echo EXITED=$?; sleep 60"
        let pane = try TmuxPane(command: "sh -c \"\(line.replacingOccurrences(of: "\"", with: "\\\""))\"", columns: 120)
        defer { pane.kill() }
        #expect(try pane.waitFor("hostile$", timeout: 20), "\((try? pane.screen()) ?? "")")

        /// `~d`, `typed`, Tab when it should complete to `completed`, Enter; then the bar's line.
        func download(_ typed: String, completingTo completed: String? = nil, says said: String) throws {
            try pane.keys("Enter")
            try pane.type("~d")
            #expect(try pane.waitFor("download (Tab completes):"), "\((try? pane.screen()) ?? "")")
            try pane.type(typed)
            if let completed {
                try pane.keys("Tab")
                #expect(try pane.waitFor("download (Tab completes): " + completed), "\((try? pane.screen()) ?? "")")
            }
            try pane.keys("Enter")
            #expect(try pane.waitFor(said), "\((try? pane.screen()) ?? "")")
        }
        // Three names are listed in the login directory; the one of escapes and `a/b` are
        // never offered, so Tab completes the only other one.
        try download("/home/tester/", completingTo: "/home/tester/notes.txt", says: "6 B copied to notes.txt")
        try download("/hostile/gr", completingTo: "/hostile/grows", says: "5 B copied to grows")
        try download("/hostile/link", says: "13 B copied to link")

        try pane.type("exit")
        try pane.keys("Enter")
        #expect(try pane.waitFor("EXITED=0", timeout: 20), "\((try? pane.screen()) ?? "")")
        #expect(server.listing() == [
            "outside d", "target d", "target/grows f 5 644", "target/link f 13 644", "target/notes.txt f 6 644",
        ])
        #expect(server.contents("target/grows") == "GGGGG")
    }
}
