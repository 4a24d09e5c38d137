import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Fleet runs against the test sshd: many host names (mapped to the one server by the
/// config), one rterm process, a closed and a silent host among them.
extension SSHIntegrationTests {
    @Suite struct FleetTests {
        /// A TCP port on 127.0.0.1 that refuses connections (bound, then closed) and one that
        /// accepts them and never says anything (listening, never accepted: the kernel
        /// completes the handshake into the backlog). The listener is closed by `close()`.
        struct BadPorts {
            let closed: Int
            let silent: Int
            let listener: Int32

            init() throws {
                func bound() throws -> (Int32, Int) {
                    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                    var address = sockaddr_in()
                    address.sin_family = sa_family_t(AF_INET)
                    address.sin_addr.s_addr = inet_addr("127.0.0.1")
                    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
                    let result = withUnsafeMutablePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                            guard bind(socket, pointer, size) == 0 else { return -1 }
                            return getsockname(socket, pointer, &size)
                        }
                    }
                    try #require(result == 0)
                    return (socket, Int(UInt16(bigEndian: address.sin_port)))
                }
                let (refusing, closedPort) = try bound()
                Glibc.close(refusing)
                let (silentSocket, silentPort) = try bound()
                try #require(listen(silentSocket, 64) == 0)
                closed = closedPort
                silent = silentPort
                listener = silentSocket
            }

            func close() { Glibc.close(listener) }
        }

        /// The config's blocks for the fleet's names: `bad-closed-*` and `bad-silent-*` go to
        /// the bad ports, every other name to the test sshd.
        static func config(_ sshd: TestSSHD, _ bad: BadPorts) -> String {
            """
              IdentityFile \(sshd.keys)/id_ed25519
            Host bad-closed-*
              HostName 127.0.0.1
              Port \(bad.closed)
            Host bad-silent-*
              HostName 127.0.0.1
              Port \(bad.silent)
            Host *
              HostName \(sshd.host)
              Port \(sshd.port)

            """
        }

        /// Runs `body` with a harness whose config sends the fleet's names to the test sshd
        /// and the bad ports.
        static func withFleet(_ body: (SSHHarness, TestSSHD) throws -> Void) throws {
            let sshd = try #require(TestSSHD.current)
            let bad = try BadPorts()
            defer { bad.close() }
            let harness = try SSHHarness(extraConfig: Self.config(sshd, bad))
            defer { harness.remove() }
            try body(harness, sshd)
        }

        /// 5 % of 40 hosts closed or silent: each named with its reason, `--failed-hosts`
        /// lists exactly them, exit 1, and the silent one given up within the connect timeout
        /// (5 s in the harness's config) of its start.
        @Test func aCommandOnFortyHostsNamesTheClosedAndTheSilentOne() throws {
            try Self.withFleet { harness, sshd in
                let names = (1...38).map { String(format: "h%02d", $0) } + ["bad-closed-1", "bad-silent-1"]
                let hosts = try harness.process.file("hosts", names.joined(separator: "\n") + "\n")
                let failed = harness.process.home + "/failed.txt"
                let junit = harness.process.home + "/report.xml"
                let result = try harness.process.run(
                    ["-F", harness.config, "--hosts", hosts, "-j", "16", "--failed-hosts", failed, "--junit", junit,
                     "echo", "up", "on", "$(hostname)"], timeLimit: 120)
                #expect(result.status == 1, "\(result.errorOutput)")
                let lines = result.outputText.split(separator: "\n").map(String.init)
                let hostname = ProcessInfo.processInfo.hostName
                // (Only the command's lines: the machine's own shell start-up may add its noise.)
                #expect(Set(lines.filter { $0.contains(": up on ") }) == Set((1...38).map { String(format: "h%02d: up on \(hostname)", $0) }))
                #expect(lines.suffix(3).first == "38 passed, 2 failed: bad-closed-1,bad-silent-1", "\(result.outputText)")
                #expect(lines.contains("  Connection refused: bad-closed-1"), "\(result.outputText)")
                #expect(lines.last?.hasSuffix(": bad-silent-1") == true && lines.last?.contains("5 s") == true, "\(result.outputText)")
                // One prefix on each failure's line, on standard error.
                #expect(result.errorLines.contains { $0.hasPrefix("rterm: bad-closed-1: cannot connect to 127.0.0.1 port ") })
                #expect(result.errorLines.allSatisfy { !$0.contains(": rterm: ") })
                #expect(try String(contentsOfFile: failed, encoding: .utf8) == "bad-closed-1\nbad-silent-1\n")
                // The silent host's own time: the connect timeout, not the run's.
                let xml = try String(contentsOfFile: junit, encoding: .utf8)
                let silentCase = try #require(xml.components(separatedBy: "<testcase ").first { $0.contains("host=\"bad-silent-1\"") })
                let time = try #require(Double(silentCase.components(separatedBy: "time=\"")[1].prefix { $0 != "\"" }))
                #expect(time >= 4.5 && time < 8, "\(silentCase)")
                #expect(xml.contains("<system-out>up on \(hostname)\n"))
                // Retrying exactly the failed ones.
                let retry = try harness.process.run(["-F", harness.config, "--hosts", failed, "true"], timeLimit: 60)
                #expect(retry.status == 1)
                #expect(retry.outputText.hasPrefix("0 passed, 2 failed: bad-closed-1,bad-silent-1\n"), "\(retry.outputText)")
            }
        }

        /// 300 hosts printing 20 KB each (past the memory limit: spilled to files) under a
        /// limit of 128 descriptors, 16 at once: every one passes. A spilled output held its
        /// file open until the summary, and 180 of them failed on whatever file their
        /// connection opened first (a config, known_hosts, a key), each said as that.
        @Test func threeHundredSpilledOutputsUnderADescriptorLimitAllPass() throws {
            try Self.withFleet { harness, _ in
                let names = (1...300).map { String(format: "h%03d", $0) }
                let hosts = try harness.process.file("hosts", names.joined(separator: "\n") + "\n")
                let line = "ulimit -n 128 && rterm -F \(harness.config) --hosts \(hosts) -j 16 'yes x | head -c 20000' | tail -1"
                let result = try harness.process.run(["-c", line], timeLimit: 240, executable: "/bin/bash")
                #expect(result.status == 0, "\(result.errorOutput.prefix(2000))")
                #expect(result.outputText == "300 passed, 0 failed\n", "\(result.errorOutput.prefix(2000))")
            }
        }

        /// `--merge`: the identical hosts are one block; the one whose output differs (its
        /// line sets an environment variable the command prints) stands alone.
        @Test func mergeFoldsIdenticalOutputsAndLeavesTheChangedHostAlone() throws {
            try Self.withFleet { harness, sshd in
                let names = (1...24).map { String(format: "web-%02d", $0) } + ["-o SetEnv=RTERM_TAG=-changed web-25"]
                let hosts = try harness.process.file("hosts", names.joined(separator: "\n") + "\n")
                let result = try harness.process.run(
                    ["-F", harness.config, "--hosts", hosts, "--merge", "--", "echo", "same$RTERM_TAG"], timeLimit: 120)
                #expect(result.status == 0, "\(result.errorOutput)")
                #expect(result.outputText == """
                    ---------------
                    web-[01-24] (24)
                    ---------------
                    same
                    ---------------
                    web-25 (1)
                    ---------------
                    same-changed
                    25 passed, 0 failed

                    """, "\(result.outputText)")
                #expect(result.errorOutput.isEmpty, "\(result.errorOutput)")
            }
        }

        /// A `--local` line gives the same bytes as an ssh host for the same command (issue
        /// 54: its pty's CR LF kept `--merge` from folding it, and JUnit showed U+FFFD).
        @Test func aLocalLineFoldsWithSSHHostsAndItsReportHasNoCarriageReturn() throws {
            try Self.withFleet { harness, sshd in
                let hosts = try harness.process.file("hosts", "web-01\nweb-02\n--local\n")
                let junit = harness.process.home + "/report.xml"
                let result = try harness.process.run(
                    ["-F", harness.config, "--hosts", hosts, "--merge", "--junit", junit, "--", "printf 'a\\nb\\n'"],
                    timeLimit: 120)
                #expect(result.status == 0, "\(result.errorOutput)")
                #expect(result.outputText.hasPrefix("---------------\n--local,web-[01-02] (3)\n"), "\(result.outputText)")
                #expect(result.outputText.hasSuffix("a\nb\n3 passed, 0 failed\n"), "\(result.outputText)")
                let report = try String(contentsOfFile: junit, encoding: .utf8)
                #expect(!report.contains("\u{FFFD}") && !report.contains("&#13;") && !report.contains("\r"), "\(report)")
            }
        }

        /// On a terminal (script(1) gives standard error one), a progress line rewritten in
        /// place and cleared before every host's output and before the summary.
        @Test func aProgressLineOnATerminalOnly() throws {
            try Self.withFleet { harness, sshd in
                let hosts = try harness.process.file("hosts", "p1\np2\np3\n")
                let line = "\(RTermProcess.executable) -F \(harness.config) --hosts \(hosts) -j 2 echo hi"
                let result = try harness.process.run(["-qfec", line, "/dev/null"], timeLimit: 60, executable: "/usr/bin/script")
                #expect(result.status == 0, "\(result.errorOutput)")
                let text = result.outputText
                #expect(text.contains("\r\u{1B}[K[0/3] 0 passed, 0 failed, 2 running, 0s"), "\(text)")
                #expect(text.contains("\r\u{1B}[K[3/3] 3 passed, 0 failed, 0 running, "), "\(text)")
                #expect(text.hasSuffix("\u{1B}[K3 passed, 0 failed\r\n"), "\(text)")
                // Each host's line starts a line: after the cleared progress line, or right after
                // another host's line when two ended in one turn (no progress drawn between).
                for name in ["p1", "p2", "p3"] {
                    let startsALine = text.contains("\u{1B}[K\(name): hi\r\n") || text.contains("\r\n\(name): hi\r\n")
                        || text.hasPrefix("\(name): hi")
                    #expect(startsALine, "\(name): \(text.debugDescription)")
                }
            }
        }

        /// A script on a fleet, one process: the script's screen size, the per-host line of a
        /// failure, JUnit with the screen as each host's output, and no directory made for a
        /// host that passed.
        @Test func aScriptOnAFleetLeavesNoEmptyDirectories() throws {
            try Self.withFleet { harness, sshd in
                let script = try harness.process.file("s.rts", "size 20x60\nset timeout 10s\ntype \"stty size; echo fleet-ok\\r\"\nwait /^20 60\\nfleet-ok$/\n")
                let hosts = try harness.process.file("hosts", "h1\nh2\nbad-closed-1\n")
                let shots = harness.process.home + "/shots"
                let result = try harness.process.run(
                    ["script", script, "--hosts", hosts, "--snapshots", shots, "--junit", harness.process.home + "/r.xml",
                     "--", "-F", harness.config], timeLimit: 60)
                #expect(result.status == 1, "\(result.errorOutput)")
                #expect(result.outputText.hasPrefix("2 passed, 1 failed: bad-closed-1\n"), "\(result.outputText)")
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: shots)) ?? []).isEmpty)
                let xml = try String(contentsOfFile: harness.process.home + "/r.xml", encoding: .utf8)
                #expect(xml.contains("fleet-ok"))
                // A script option after the target is said as what it is.
                let misplaced = try harness.process.run(["script", script, "h1", "--junit", "x.xml"], timeLimit: 30)
                #expect(misplaced.status == 2)
                #expect(misplaced.errorOutput == "rterm: --junit is a script option: script options go before `--` and the target\n")
            }
        }
    }
}
