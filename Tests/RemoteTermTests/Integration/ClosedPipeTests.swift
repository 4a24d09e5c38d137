import Foundation
import Testing

/// Issue 45 item 2: writing to a closed pipe ends rterm quietly with its status, never with
/// a trap and a backtrace (Foundation's FileHandle.write trapped on EPIPE: exit 132).
@Suite struct ClosedPipeTests {
    /// rterm with standard output and error on a pipe whose reader is already gone.
    static func runIntoClosedPipe(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RTermProcess.executable)
        process.arguments = arguments
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(arguments: [
        (["--lcoal"], 2), (["-v"], 2), (["cp"], 2),
        (["render", "--format", "ansi", TestSSHD.packageRoot + "/Tests/RemoteTermTests/Fixtures/Golden/vim-syntax-c.bytes"], 0),
    ] as [([String], Int32)])
    func aClosedPipeEndsRTermWithItsStatus(_ arguments: [String], _ status: Int32) throws {
        #expect(try Self.runIntoClosedPipe(arguments) == status)
    }
}

/// Issue 45 item 2, fleets and scripts: a fleet whose standard output's reader goes away
/// (`rterm --hosts FILE cmd | head -1`, `rterm script --hosts … | head -1`) stops every
/// target, says nothing more and exits 255 — ssh's status for a connection it closed because
/// nobody reads its output (pdsh, which does not ignore SIGPIPE, dies of it instead: a shell
/// reports 141) — and its spill directory (`$TMPDIR/rterm-fleet-XXXXXX`) is gone on every way
/// out. Before, the fleet ran every target to its end with nobody reading, and exited 0.
/// Every target is a `--local` line, so no server is needed; the first target prints and
/// ends, each later one would sleep ten minutes, so a fleet that is not stopped is seen
/// (the test's time limit), and nothing waits a fixed time.
@Suite struct ClosedPipeFleetTests {
    /// A run's directory: its TMPDIR (which must be empty at the end), a hosts file of
    /// `--local` lines, and the marker the first target leaves.
    struct Run {
        let directory: TemporaryDirectory
        var temporary: String { directory.path + "/tmp" }
        var marker: String { directory.path + "/first-done" }
        var hosts: String { directory.path + "/hosts" }

        init(targets: Int = 3) throws {
            directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory.path + "/tmp", withIntermediateDirectories: true)
            try directory.write(String(repeating: "--local\n", count: targets), to: "hosts")
        }

        /// A shell command: the first target to run it leaves the marker, each later one sleeps.
        var firstOnlyEnds: String { "if [ -e \(marker) ]; then exec sleep 600; fi; touch \(marker)" }

        /// What the run left in its TMPDIR.
        var leftInTemporary: [String] { (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? ["?"] }

        func process(_ arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: RTermProcess.executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
            process.environment = [
                "HOME": directory.path, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "SHELL": "/bin/sh",
                "TMPDIR": temporary,
            ]
            process.standardInput = FileHandle.nullDevice
            return process
        }

        /// rterm with standard output (and error, with `errorToo`) on a pipe: the test reads
        /// one line (or lines up to one that starts with `until`), closes the pipe and waits
        /// for rterm to end (killed and recorded after `timeLimit`). The status, the first
        /// line and what rterm wrote on standard error.
        func readOneLineThenClose(
            _ arguments: [String], errorToo: Bool = false, until: String? = nil, timeLimit: Double = 60
        ) throws -> (status: Int32, line: String, errors: String) {
            let process = process(arguments)
            let pipe = Pipe()
            process.standardOutput = pipe
            let errorPath = directory.path + "/stderr"
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            process.standardError = errorToo ? pipe : errorFile
            try process.run()
            try pipe.fileHandleForWriting.close()
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
            if let until {
                var current: [UInt8] = []
                while !current.starts(with: Array(until.utf8)), read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) == 1 {
                    if byte == 0x0A { current = [] } else { current.append(byte) }
                }
            }
            try pipe.fileHandleForReading.close()
            if !FileArrival.waitForExit(of: process.processIdentifier, timeout: timeLimit) {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("rterm \(arguments.joined(separator: " ")) went on after its reader left; killed")
            }
            process.waitUntilExit()
            try errorFile.close()
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            return (process.terminationStatus, String(decoding: line, as: UTF8.self), errors)
        }
    }

    @Test(arguments: [false, true])
    func aCommandFleetWhoseReaderLeavesStopsQuietlyWith255AndLeavesNothing(errorToo: Bool) throws {
        let run = try Run()
        defer { run.directory.remove() }
        // 100,000 lines: more than a target's output kept in memory, so it spilled to disk.
        let result = try run.readOneLineThenClose(
            ["--hosts", run.hosts, "-j", "1", "seq 100000; " + run.firstOnlyEnds], errorToo: errorToo)
        #expect(result.line == "--local: 1")
        #expect(result.status == 255)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(run.leftInTemporary.isEmpty, "\(run.leftInTemporary)")
    }

    @Test func aScriptFleetWhoseReaderLeavesStopsQuietlyWith255() throws {
        let run = try Run()
        defer { run.directory.remove() }
        try run.directory.write(
            "set timeout 900s\ntype \"\(run.firstOnlyEnds); exit\\r\"\nexpect-exit 0\n", to: "first.rts")
        let result = try run.readOneLineThenClose(["script", "first.rts", "--tap", "--hosts", run.hosts, "-j", "1"])
        #expect(result.line == "TAP version 13")
        #expect(result.status == 255)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(run.leftInTemporary.isEmpty, "\(run.leftInTemporary)")
    }

    /// The reader leaves after the first entry, when rterm has nothing more to write until a
    /// target that never ends does: rterm still notices at once (standard output polls
    /// POLLERR) and stops with 255 (before: it went on, working for nobody, until killed).
    @Test func aFleetWhoseReaderLeavesBetweenEntriesStopsAtOnce() throws {
        let run = try Run()
        defer { run.directory.remove() }
        try run.directory.write(
            "set timeout 900s\ntype \"\(run.firstOnlyEnds); exit\\r\"\nexpect-exit 0\n", to: "first.rts")
        let result = try run.readOneLineThenClose(
            ["script", "first.rts", "--tap", "--hosts", run.hosts, "-j", "1"], until: "ok 1", timeLimit: 30)
        #expect(result.line == "TAP version 13")
        #expect(result.status == 255)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(run.leftInTemporary.isEmpty, "\(run.leftInTemporary)")
    }

    /// One script, one target: its report is written once the run is over, so a reader that
    /// leaves after its first line changes nothing: the script's own status, quietly (as ssh
    /// keeps a remote status that came before the write failed).
    @Test func aScriptWhoseReaderLeavesAfterItsFirstLineKeepsItsStatus() throws {
        let run = try Run()
        defer { run.directory.remove() }
        try run.directory.write("type \"exit 0\\r\"\nexpect-exit 0\n", to: "one.rts")
        let result = try run.readOneLineThenClose(["script", "one.rts", "--tap", "--", "--local"], errorToo: true)
        #expect(result.line == "TAP version 13")
        #expect(result.status == 0)
        #expect(run.leftInTemporary.isEmpty, "\(run.leftInTemporary)")
    }

    /// SIGTERM, SIGINT and SIGHUP once the first output spilled: the status a shell gives a
    /// run cut short by the signal, and no spill directory left.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalLeavesNoSpillDirectory(signal: Int32) throws {
        let run = try Run(targets: 1)
        defer { run.directory.remove() }
        let process = run.process(["--hosts", run.hosts, "seq 100000; touch \(run.marker); exec sleep 600"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Acknowledged by the files: the output spilled (into a directory named at random,
        // mkdtemp's), and the command went on to sleep.
        let spill = FileArrival.waitForEntry(in: run.temporary) { $0.hasPrefix("rterm-fleet-") }
        #expect(spill.map { FileArrival.wait(for: $0 + "/0.out") } == true, "never spilled: \(run.leftInTemporary)")
        #expect(FileArrival.wait(for: run.marker), "the command never went on to sleep")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(run.leftInTemporary.isEmpty, "\(run.leftInTemporary)")
    }
}
