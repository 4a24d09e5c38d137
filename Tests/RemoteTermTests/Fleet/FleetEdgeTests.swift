import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The fleet's sharp edges (issue 41), in-process: options parsed once and checked as ssh
/// checks them, a hosts line without a host, names that tell two entries on one host apart,
/// a TAP stream, `--local` lines through the shell, spilled outputs that hold no descriptor,
/// and a run that runs out of descriptors saying so.
@Suite struct FleetEdgeTests {
    // MARK: Options

    @Test func sshOptionsAfterHostsAreCheckedWithTheirOwnValues() throws {
        let parsed = try BatchOptions.commandTail(
            ["-o", "ConnectTimeout=3", "-j", "4", "-p", "22", "--tap", "-A", "uname", "-a"], environment: [:])
        #expect(parsed.sshOptions == ["-o", "ConnectTimeout=3", "-p", "22", "-A"])
        #expect(parsed.command == ["uname", "-a"])
        #expect(parsed.options.jobs == 4 && parsed.options.tap)
        // Glued values and flags in one word take one word.
        #expect(try BatchOptions.commandTail(["-p22", "-At", "true"], environment: [:]).sshOptions == ["-p22", "-At"])
    }

    @Test(arguments: [
        (["-p", "abc", "true"], "rterm: bad port 'abc' (a port is a number from 1 to 65535)"),
        (["-o", "Bogus=1", "true"], "rterm: unknown -o option 'Bogus' (see rterm -h for the options rterm knows)"),
        (["-o"], "rterm: option -o needs a value"),
        (["--junit", "--", "true"], "rterm: option --junit needs a value, not '--'"),
        (["--failed-hosts", "--tap", "true"], "rterm: option --failed-hosts needs a value, not '--tap'"),
        (["-j", "0", "true"], "rterm: bad -j '0': expected a number of targets at once, from 1 to 1024"),
    ])
    func aMistakeAfterHostsIsItsOwnLine(words: [String], message: String) {
        #expect(throws: BatchOptionProblem(message)) { try BatchOptions.commandTail(words, environment: [:]) }
    }

    @Test(arguments: ["--junit", "--record", "--snapshots", "--hosts", "--failed-hosts"])
    func aScriptReportOptionNeedsAValueThatIsNotTheEndOfOptions(option: String) {
        var options = BatchOptions()
        var index = 0
        #expect(throws: BatchOptionProblem("rterm: option \(option) needs a value, not '--'")) {
            try options.take([option, "--", "--local", "bash"], at: &index, for: .script, environment: [:])
        }
    }

    @Test func scriptOptionsAreTakenUntilTheTarget() throws {
        var options = BatchOptions()
        var index = 0
        let words = ["--junit", "r.xml", "--tap", "--snapshots", "shots", "-j", "3", "--local", "bash"]
        while try options.take(words, at: &index, for: .script, environment: [:]) {}
        #expect(index == 7)
        #expect(options.junit == "r.xml" && options.tap && options.snapshots == "shots" && options.jobs == 3)
        // `--hosts` and `--record` are a script's, not a command's.
        var command = BatchOptions()
        var at = 0
        #expect(try command.take(["--record", "x"], at: &at, for: .hostsCommand, environment: [:]) == false)
    }

    // MARK: Hosts files

    private func hostsFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "rterm-hosts-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aLineWithoutAHostIsAnErrorAtItsLine() throws {
        let path = try hostsFile("web-01\n-p 34294\n")
        defer { unlink(path) }
        guard case .failure(let problem) = HostsFile.entries(path, options: [], command: ["uname"]) else {
            Issue.record("a line of options only was taken")
            return
        }
        #expect(problem.exitStatus == 2)
        #expect(problem.message == "rterm: \(path):2: no host on this line (a line is [ssh options] [user@]host, or --local)")
    }

    @Test func aLocalLineRunsTheCommandThroughTheShellAsAnSSHLineDoes() throws {
        let path = try hostsFile("--local\n--local -- make check\nweb\n")
        defer { unlink(path) }
        let entries = try HostsFile.entries(path, options: [], command: ["echo", "a", "|", "tr", "a", "b"], shell: "/bin/sh").get()
        #expect(entries[0].words == ["--local", "--", "/bin/sh", "-c", "echo a | tr a b"])
        #expect(entries[1].words == ["--local", "--", "/bin/sh", "-c", "make check echo a | tr a b"])
        #expect(entries[2].words == ["web", "echo", "a", "|", "tr", "a", "b"])
    }

    // MARK: Names

    @Test func entriesOnOneHostAreNamedWithTheirPortOrUser() throws {
        let lines = [["127.0.0.1", "-p", "2222"], ["127.0.0.1", "-p", "2223"], ["-l", "bob", "127.0.0.1"], ["web"], ["db"], ["db"]]
        let targets = try lines.enumerated().map { index, words in
            FleetTarget(line: index + 1, lineWords: words, words: words, target: try SessionTarget.parse(words))
        }
        #expect(FleetTarget.distinctlyNamed(targets).map(\.name) == [
            "127.0.0.1:2222", "127.0.0.1:2223", "bob@127.0.0.1", "web", "db (line 5)", "db (line 6)",
        ])
    }

    // MARK: TAP

    @Test func aTAPStreamStartsWithItsPlanAndCarriesTheRestAsDiagnostics() {
        var result = ScriptResult(script: "uname", target: "web", status: 3, message: "exited with status 3", seconds: 0)
        let output = CapturedOutput(spillingTo: nil)
        Array("Linux\r\nweb\r\n".utf8).withUnsafeBytes { output.append($0) }
        result.output = output
        #expect(ScriptReport.tapHeader(count: 2) == "TAP version 13\n1..2\n")
        #expect(ScriptReport.tapEntry(result, number: 2) == """
            not ok 2 - uname on web
              ---
              message: |
                exited with status 3
              output: |
                Linux
                web
              ...

            """)
        #expect(ScriptReport.tapDiagnostics("1 passed, 1 failed: web\n  exited with status 3: web\n")
            == "# 1 passed, 1 failed: web\n#   exited with status 3: web\n")
    }

    /// A script's last screen ends in the rows it left empty: the entry ends with its last
    /// written row (issue 54: TAP output ended with empty rows).
    @Test func aTAPEntryEndsWithTheScreensLastWrittenRow() {
        var result = ScriptResult(script: "t.rts", target: "--local sh", status: 1, message: "t.rts:4:1: timed out\n", seconds: 0)
        result.screen = "# echo hi\nhi\n#\n\n\n\n"
        #expect(ScriptReport.tapEntry(result, number: 1) == """
            not ok 1 - t.rts on --local sh
              ---
              message: |
                t.rts:4:1: timed out
              output: |
                # echo hi
                hi
                #
              ...

            """)
    }

    // MARK: Descriptors

    @Test func aSpilledOutputHoldsNoDescriptorOnceItsCommandIsOver() throws {
        let spill = SpillDirectory()
        defer { spill.removeAll() }
        let captured = CapturedOutput(spillingTo: spill, name: "0.out")
        let piece = Array(repeating: UInt8(ascii: "x"), count: CapturedOutput.memoryLimit + 1)
        piece.withUnsafeBytes { captured.append($0) }
        #expect(captured.holdsDescriptor)
        captured.closeFile()
        #expect(!captured.holdsDescriptor)
        Array("late".utf8).withUnsafeBytes { captured.append($0) }
        captured.closeFile()
        #expect(captured.bytes == piece + Array("late".utf8))
        let path = try #require(spill.path) + "/0.out"
        #expect(FileManager.default.fileExists(atPath: path))
        captured.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aRunOutOfDescriptorsSaysSoAndOpensNothing() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        var opened = 0
        let fleet = FleetRun(targets: FleetRunTests.targets(3), jobs: 2, loop: loop, work: .command("true", spill: nil)) {
            _, output in
            opened += 1
            let session = Session(rows: 24, columns: 80, clock: clock, output: output)
            session.attach(MemoryTransport(exit: .status(0)))
            return .success(session)
        }
        fleet.descriptorsFree = { DescriptorBudget.perTarget - 1 }
        try fleet.run()
        #expect(opened == 0)
        let results = fleet.results.compactMap { $0 }
        #expect(results.map(\.status) == [255, 255, 255])
        #expect(FleetSummary.summary(results)
            == "0 passed, 3 failed: h[01-03]\n  too many open files: raise ulimit -n or lower -j: h[01-03]\n")
    }

    @Test func targetsWaitForDescriptorsWhileOthersRun() throws {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        var running = 0
        var most = 0
        let fleet = FleetRun(targets: FleetRunTests.targets(6), jobs: 4, loop: loop, work: .command("true", spill: nil)) {
            _, output in
            running += 1
            most = max(most, running)
            let session = Session(rows: 24, columns: 80, clock: clock, output: output)
            session.attach(MemoryTransport(exit: .status(0)))
            return .success(session)
        }
        fleet.onFinish = { _ in running -= 1 }
        // Room for two targets at a time, though -j allows four.
        fleet.descriptorsFree = { 2 * DescriptorBudget.perTarget }
        try fleet.run()
        #expect(most == 2)
        #expect(fleet.results.allSatisfy { $0?.passed == true })
    }
}
