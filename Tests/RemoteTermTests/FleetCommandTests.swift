import Foundation
import Testing

@testable import RemoteTermBatch

/// Fleet runs as CI meets them, without a server: local commands as the targets (`--local`
/// lines), `rterm report merge`'s one-line mistakes, and `-j` lowered to what the
/// descriptor limit allows, said in one line.
@Suite(.timeLimit(.minutes(2))) struct FleetCommandTests {
    @Test func aCommandOnLocalTargetsPrintsEachOutputAndOneSummary() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let hosts = try process.file("hosts", "--local\n--local\n")
        let result = try process.run(["--hosts", hosts, "echo", "hi"], timeLimit: 60)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.outputText == "--local: hi\n--local: hi\n2 passed, 0 failed\n")
        #expect(result.errorOutput.isEmpty)
    }

    @Test func jobsAreLoweredToTheDescriptorLimitInOneLine() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let hosts = try process.file("hosts", "--local\n")
        let line = "ulimit -n 64 && rterm --hosts \(hosts) -j 100 true"
        let result = try process.run(["-c", line], timeLimit: 60, executable: "/bin/bash")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput == "rterm: -j 100 needs 532 file descriptors and the limit is 64: running 6 at once\n")
    }

    /// Ctrl+C: the running targets are closed, the summary names them, status 130.
    @Test func anInterruptedRunSaysWhatRanAndExits130() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let hosts = try process.file("hosts", "--local\n--local\n--local\n")
        // Each target's command says it started on a FIFO; the test reads those lines (it
        // holds the FIFO open for writing too, so a read waits instead of seeing its end).
        let started = process.home + "/started"
        try #require(mkfifo(started, 0o600) == 0)
        let acknowledgements = open(started, O_RDWR | O_NONBLOCK)
        try #require(acknowledgements >= 0)
        defer { close(acknowledgements) }
        let rterm = Process()
        rterm.executableURL = URL(fileURLWithPath: RTermProcess.executable)
        rterm.arguments = ["--hosts", hosts, "-j", "2", "echo up > \(started); exec sleep 30"]
        rterm.environment = ["HOME": process.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        rterm.standardOutput = output
        rterm.standardError = FileHandle.nullDevice
        rterm.standardInput = FileHandle.nullDevice
        try rterm.run()
        defer { if rterm.isRunning { kill(rterm.processIdentifier, SIGKILL) } }
        // Both running targets have started their command (the acknowledgement), then Ctrl+C.
        var heard = ""
        let deadline = Date().addingTimeInterval(20)
        while heard.split(separator: "\n").count < 2, Date() < deadline {
            var ready = pollfd(fd: acknowledgements, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) == 1 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(acknowledgements, &buffer, buffer.count)
            if count > 0 { heard += String(decoding: buffer.prefix(count), as: UTF8.self) }
        }
        try #require(heard == "up\nup\n", "the targets' commands did not start: \(heard.debugDescription)")
        kill(rterm.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        rterm.waitUntilExit()
        #expect(rterm.terminationStatus == 130)
        #expect(text.hasPrefix("0 passed, 3 failed: --local\n"), "\(text)")
        #expect(text.contains("  not started, interrupted by SIGINT: --local\n"), "\(text)")
    }

    @Test(arguments: [
        (["report"], "rterm: report needs a subcommand: rterm report merge REPORT.xml ..."),
        (["report", "merge"], "rterm: report merge needs the reports to merge: rterm report merge REPORT.xml ..."),
        (["report", "merge", "HOME/missing.xml"], "rterm: cannot read report 'HOME/missing.xml': No such file or directory"),
        (["report", "merge", "HOME/hosts"], "rterm: HOME/hosts: not a JUnit report (no <testsuite>)"),
        (["--hosts", "HOME/hosts", "--merge"], "rterm: fleet options (-j, --merge, --junit, …) need a COMMAND: rterm --hosts FILE [options] COMMAND"),
        (["--hosts", "HOME/hosts", "-j", "0", "true"], "rterm: bad -j '0': expected a number of targets at once, from 1 to 1024"),
        (["--hosts", "HOME/hosts", "--junit", "HOME/no/such/r.xml", "true"], "rterm: --junit HOME/no/such/r.xml: the directory HOME/no/such does not exist"),
        (["--hosts", "HOME/hosts", "-o", "ConnectTimeout=x", "true"], "rterm: -o 'ConnectTimeout=x': invalid time value 'x'"),
        (["script", "HOME/hosts", "--junit", "--", "--local", "bash"], "rterm: option --junit needs a value, not '--'"),
        (["script", "HOME/hosts", "--record", "--", "--local", "bash"], "rterm: option --record needs a value, not '--'"),
    ])
    func mistakesAreOneLineAndTwo(arguments: [String], message: String) throws {
        let process = try RTermProcess()
        defer { process.remove() }
        _ = try process.file("hosts", "--local\n")
        let result = try process.run(arguments.map { $0.replacingOccurrences(of: "HOME", with: process.home) }, timeLimit: 30)
        #expect(result.status == 2)
        #expect(result.errorOutput == message.replacingOccurrences(of: "HOME", with: process.home) + "\n")
    }

    /// `--tap` makes standard output a TAP stream from its first line, the targets' output
    /// inside their entries and the summary as diagnostics; a `--local` line's command goes
    /// through the shell, as an ssh line's does.
    @Test func aTAPFleetRunIsTAPFromItsFirstLineAndLocalLinesUseTheShell() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let hosts = try process.file("hosts", "--local\n--local\n")
        let result = try process.run(["--hosts", hosts, "--tap", "-j", "1", "echo a | tr a b; exit 3"], timeLimit: 60)
        #expect(result.status == 1, "\(result.errorOutput)")
        let entry = { (number: Int) in
            "not ok \(number) - echo a | tr a b; exit 3 on --local (hosts line \(number))\n  ---\n  message: |\n"
                + "    exited with status 3\n  output: |\n    b\n  ...\n"
        }
        #expect(result.outputText == "TAP version 13\n1..2\n" + entry(1) + entry(2)
            + "# 0 passed, 2 failed: --local\n#   exited with status 3: --local\n")
    }

    /// Spilled outputs hold no descriptor while they wait for the summary: more targets with
    /// outputs past the memory limit than descriptors, all pass.
    @Test func spilledOutputsDoNotRunTheFleetOutOfDescriptors() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let hosts = try process.file("hosts", String(repeating: "--local\n", count: 60))
        let line = "ulimit -n 48 && rterm --hosts \(hosts) -j 2 'yes x | head -c 20000' | tail -1"
        let result = try process.run(["-c", line], timeLimit: 120, executable: "/bin/bash")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.outputText == "60 passed, 0 failed\n", "\(result.errorOutput)")
    }
}

/// The fleet's exit status, decided in the batch layer (issue 54 item 8): a signal first, as a
/// shell's; then a reader that left before every target ran, as ssh's closed connection;
/// else what the reports say.
@Suite struct FleetExitStatusTests {
    @Test(arguments: [
        (Int32(0), Int32?.none, false, Int32(0)), (1, nil, false, 1), (0, SIGINT, false, 130), (1, SIGTERM, true, 143),
        (0, nil, true, 255), (1, nil, true, 255),
    ])
    func theStatusSaysHowTheRunEnded(_ reported: Int32, _ signal: Int32?, _ outputLost: Bool, _ status: Int32) {
        #expect(FleetCommand.exitStatus(reported: reported, interruptedBy: signal, outputLostBeforeTheEnd: outputLost) == status)
    }

    /// A mistake found before anything starts: one line, 2, nothing connected.
    @Test func aReportThatCannotBeWrittenIsFoundFirst() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("--local\n", to: "hosts")
        var options = BatchOptions()
        options.junit = directory.path + "/no/such/dir/junit.xml"
        let lines = LockedLines()
        let status = FleetCommand(
            hostsFile: directory.path + "/hosts", targetOptions: [], work: .command(["true"]), options: options,
            say: { lines.append($0) }
        ).run()
        let said = lines.all
        #expect(status == 2)
        #expect(said.count == 1 && said[0].contains("--junit"), "\(said)")
    }
}

/// Lines said from any thread.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
