import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Port forwarding against the test sshd, with real programs at both ends: Python's
/// http.server serving a 20 MB file of random bytes, curl fetching it through `-L`, `-D`
/// (SOCKS 5 with host names, SOCKS 4a) and `-R`, checksums compared. `rterm -N` holds the
/// forwards without a shell until it is stopped.
extension SSHIntegrationTests {
    @Suite struct ForwardingTests {
        let harness: SSHHarness
        let directory: String
        let web: BackgroundProcess
        let webPort: Int
        /// The SHA-256 of `big.bin`.
        let checksum: String

        init() throws {
            harness = try SSHHarness.withTestKey()
            directory = NSTemporaryDirectory() + "rterm-forward-" + UUID().uuidString.prefix(8)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
            let bytes = random.readData(ofLength: 8 * 1024 * 1024)
            try random.close()
            #expect(FileManager.default.createFile(atPath: directory + "/big.bin", contents: bytes))
            checksum = try Self.sha256(directory + "/big.bin")
            web = try BackgroundProcess([
                "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory,
            ])
            webPort = try #require(web.waitForNumber(after: "port "), "http.server did not start: \(web.errorOutput)")
        }

        /// Removes the files (the server and rterm are stopped by their deinit).
        func cleanUp() {
            web.stop()
            harness.remove()
            try? FileManager.default.removeItem(atPath: directory)
        }

        static func sha256(_ path: String) throws -> String {
            String(try Spawn.run(["sha256sum", path]).output.prefix(64))
        }

        /// rterm in the background: `rterm -F config OPTIONS -p PORT 127.0.0.1 [COMMAND]`.
        func rterm(_ options: [String], _ command: String? = nil) throws -> BackgroundProcess {
            try BackgroundProcess(
                [RTermProcess.executable, "-F", harness.config] + options + ["-p", harness.sshd.port, harness.sshd.host]
                    + (command.map { [$0] } ?? []),
                environment: ["HOME": harness.process.home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"])
        }

        /// curl ARGUMENTS into a file; the file's checksum, or curl's failure.
        func fetch(_ arguments: [String]) throws -> String {
            let target = directory + "/fetched-" + UUID().uuidString.prefix(8)
            defer { try? FileManager.default.removeItem(atPath: target) }
            let result = try Spawn.run(["curl", "-sS", "--max-time", "60", "-o", target] + arguments)
            guard result.status == 0 else { return "curl exit \(result.status): \(result.errorOutput)" }
            return try Self.sha256(target)
        }

        /// rterm's interactive front in-process on a login shell with `-L 0:` to the web
        /// server, once its prompt is there; the port comes from its `-E` log ("Allocated
        /// port N"). Forwards move only while the front's loop turns: the tests wait on it.
        func shellWithForward() throws -> (FrontHarness, Int) {
            let log = directory + "/rterm.log"
            let front = try FrontHarness(realTime: true)
            front.start([try front.open(
                ["-F", harness.config, "-E", log, "-L", "0:127.0.0.1:\(webPort)", "-p", harness.sshd.port, harness.sshd.host])])
            #expect(front.wait(seconds: 20) { front.text.dropLast().contains { $0.hasSuffix("#") || $0.hasSuffix("$") } }, "\(front.text)")
            let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            guard let port = logged.range(of: "Allocated port ").flatMap({ Int(logged[$0.upperBound...].prefix { $0.isNumber }) })
            else {
                throw Spawn.Failure(description: "no port in the log: \(logged)")
            }
            return (front, port)
        }

        /// curl ARGUMENTS into a file in the background while `front` turns; the file's
        /// checksum, or curl's failure.
        func fetch(_ arguments: [String], through front: FrontHarness) throws -> String {
            let target = directory + "/fetched-" + UUID().uuidString.prefix(8)
            defer { try? FileManager.default.removeItem(atPath: target) }
            let curl = try BackgroundProcess(["curl", "-sS", "--max-time", "60", "-o", target] + arguments)
            #expect(front.wait(seconds: 60) { !curl.isRunning })
            let status = curl.wait(timeout: 1)
            guard status == 0 else { return "curl exit \(status): \(curl.errorOutput)" }
            return try Self.sha256(target)
        }

        @Test func localForwardCarriesADownloadAndNHoldsItWithoutAShell() throws {
            defer { cleanUp() }
            let forward = try rterm(["-N", "-L", "0:127.0.0.1:\(webPort)"])
            let port = try #require(
                forward.waitForNumber(after: "Allocated port "), "no port announced: \(forward.errorOutput)")
            #expect(try fetch(["http://127.0.0.1:\(port)/big.bin"]) == checksum)
            // -N: no shell ran, and the forward is still there for the next connection.
            #expect(forward.isRunning)
            #expect(try fetch(["http://127.0.0.1:\(port)/big.bin"]) == checksum)
            #expect(forward.stop() == 255)
            #expect(forward.errorOutput.hasSuffix("rterm: terminated by signal TERM; connection closed\n"), "\(forward.errorOutput)")
        }

        @Test func tenParallelDownloadsArriveWholeWhileTheShellAnswers() throws {
            defer { cleanUp() }
            let (front, listen) = try shellWithForward()
            // Ten slow readers (4 MB/s each, two seconds per file): their channels fill
            // and wait, and the terminal must not wait with them.
            var script = "cd \(directory) || exit 1; "
            for index in 1...10 {
                script += "curl -sS --limit-rate 4M -o d\(index) http://127.0.0.1:\(listen)/big.bin & "
            }
            script += "wait; sha256sum d* | cut -c1-64 | sort | uniq -c"
            let downloads = try BackgroundProcess(["sh", "-c", script])
            front.type("echo answer-$((6*7))\r")
            #expect(front.wait(seconds: 20) { front.shows("answer-42") }, "\(front.text)")
            #expect(downloads.isRunning, "the shell answered only after the downloads ended")
            #expect(front.wait(seconds: 120) { !downloads.isRunning })
            #expect(downloads.wait(timeout: 1) == 0)
            #expect(downloads.output.trimmingCharacters(in: .whitespacesAndNewlines) == "10 \(checksum)", "\(downloads.output) \(downloads.errorOutput)")
        }

        @Test func aFloodingTerminalDoesNotStarveAForward() throws {
            defer { cleanUp() }
            let (front, port) = try shellWithForward()
            // The terminal busy with output that never ends; the download must still finish.
            front.type("base64 /dev/urandom\r")
            #expect(front.wait(seconds: 20) { front.text.filter { !$0.isEmpty }.count > 10 })
            #expect(try fetch(["http://127.0.0.1:\(port)/big.bin"], through: front) == checksum)
            front.type("\u{03}")
            front.type("echo flood-$((6*7))\r")
            #expect(front.wait(seconds: 20) { front.shows("flood-42") }, "\(front.text)")
        }

        @Test func dynamicForwardSpeaksSOCKS5WithNamesAndSOCKS4a() throws {
            defer { cleanUp() }
            let forward = try rterm(["-N", "-D", "127.0.0.1:0"])
            let port = try #require(forward.waitForNumber(after: "Allocated port "), "\(forward.errorOutput)")
            #expect(try fetch(["--socks5-hostname", "127.0.0.1:\(port)", "http://localhost:\(webPort)/big.bin"]) == checksum)
            #expect(try fetch(["--socks4a", "127.0.0.1:\(port)", "http://localhost:\(webPort)/big.bin"]) == checksum)
            #expect(try fetch(["--socks5", "127.0.0.1:\(port)", "http://127.0.0.1:\(webPort)/big.bin"]) == checksum)
            // A destination the server cannot reach is refused as such (SOCKS5 reply 5), and
            // said in one line.
            let refused = try fetch(["--socks5-hostname", "127.0.0.1:\(port)", "http://localhost:9/"])
            #expect(refused.hasPrefix("curl exit 97"), "\(refused)")
            #expect(forward.waitFor { _, errors in errors.contains("the server could not open localhost port 9") })
            #expect(forward.isRunning)
        }

        @Test func remoteForwardIsReachableOnTheServer() throws {
            defer { cleanUp() }
            // The server's side fetches through its own port; which port the server chose
            // reaches the remote command through a file (this server is this machine).
            let portFile = directory + "/remote-port"
            let command = "while [ ! -s \(portFile) ]; do sleep 0.05; done; "
                + "curl -sS http://127.0.0.1:$(cat \(portFile))/big.bin | sha256sum | cut -c1-64"
            let session = try rterm(["-R", "0:127.0.0.1:\(webPort)"], command)
            let port = try #require(session.waitForNumber(after: "Allocated port "), "\(session.errorOutput)")
            #expect(session.errorOutput.contains("for remote forward to 127.0.0.1:\(webPort)"))
            try "\(port)\n".write(toFile: portFile, atomically: false, encoding: .utf8)
            #expect(session.wait(timeout: 60) == 0, "\(session.errorOutput)")
            #expect(session.output == checksum + "\n", "\(session.output) \(session.errorOutput)")
        }

        @Test func unixSocketsOnEitherSide() throws {
            defer { cleanUp() }
            // -L local_socket:host:hostport, and -L port:remote_socket (direct-streamlocal).
            let local = directory + "/local.sock"
            let remote = directory + "/remote.sock"
            let echo = try BackgroundProcess([
                "python3", "-u", "-c",
                "import os,socket\ns=socket.socket(socket.AF_UNIX)\ns.bind('\(remote)')\n"
                    // The server's end connects as the test user.
                    + "os.chmod('\(remote)',0o666)\ns.listen()\nprint('ready')\n"
                    + "while True:\n c,_=s.accept()\n c.sendall(c.recv(100).upper())\n c.close()",
            ])
            #expect(echo.waitFor { output, _ in output.contains("ready") })
            let forward = try rterm(["-N", "-L", "\(local):127.0.0.1:\(webPort)", "-L", "0:\(remote)"])
            let port = try #require(forward.waitForNumber(after: "Allocated port "), "\(forward.errorOutput)")
            #expect(forward.waitFor { _, _ in FileManager.default.fileExists(atPath: local) })
            #expect(try fetch(["--unix-socket", local, "http://rterm/big.bin"]) == checksum)
            let answer = try Spawn.run([
                "python3", "-c",
                "import socket\nc=socket.create_connection(('127.0.0.1',\(port)))\nc.sendall(b'hello')\nprint(c.recv(100).decode())",
            ])
            #expect(answer.output == "HELLO\n", "\(answer.errorOutput) \(forward.errorOutput)")
            #expect(forward.stop() == 255)
            // The local socket's file goes with rterm.
            #expect(!FileManager.default.fileExists(atPath: local))
        }

        @Test func aPortInUseIsAWarningOrWithExitOnForwardFailureTheEnd() throws {
            defer { cleanUp() }
            let taken = "127.0.0.1:\(webPort):127.0.0.1:1"
            let warned = try harness.rterm(["-L", taken], "echo ran")
            #expect(warned.status == 0)
            #expect(warned.outputText == "ran\n")
            #expect(warned.errorLines == ["rterm: -L \(taken): cannot listen on port \(webPort): Address already in use"])
            let ended = try harness.rterm(["-o", "ExitOnForwardFailure=yes", "-L", taken], "echo ran")
            #expect(ended.status == 255)
            #expect(ended.outputText == "")
            #expect(ended.errorLines == [
                "rterm: -L \(taken): cannot listen on port \(webPort): Address already in use (ExitOnForwardFailure is set)"
            ])
        }

    }
}
