import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 53: another local user plants the fleet's spill directories before the run. Before,
/// the directory was `$TMPDIR/rterm-fleet-PID`, a failed `mkdir` was ignored and the files
/// were opened without `O_EXCL` or `O_NOFOLLOW`: links planted at `0.out`… had rterm
/// overwrite the victim's file with a host's output. Now the directory is mkdtemp's, and
/// nothing planted is used: the victim's file is untouched and every output comes back
/// whole. The directories are planted for the next 64 process ids, so the old name would
/// have been among them; `--local` targets, so no server is needed.
@Suite struct SpillPlantTests {
    @Test func anotherUsersPlantedSpillDirectoriesChangeNothing() throws {
        let run = try ClosedPipeFleetTests.Run(targets: 3)
        defer { run.directory.remove() }
        chmod(run.temporary, 0o1777)
        let victim = run.directory.path + "/victim"
        let original = Data("the victim's own file\n".utf8)
        #expect(FileManager.default.createFile(atPath: victim, contents: original))
        let lastPid = try String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8)
        let next = try #require(Int(lastPid.trimmingCharacters(in: .whitespacesAndNewlines))) + 1
        var planted: [String] = []
        for pid in next..<(next + 64) {
            let directory = run.temporary + "/rterm-fleet-\(pid)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for index in 0..<3 { symlink(victim, directory + "/\(index).out") }
            chmod(directory, 0o777)
            if getuid() == 0 { lchown(directory, 65534, 65534) }
            planted.append("rterm-fleet-\(pid)")
        }
        // 20,000 lines each (108,894 bytes): past the 16 KiB kept in memory, so each spills.
        let process = run.process(["--hosts", run.hosts, "seq 20000"])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.contents(atPath: victim) == original)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expected = (1...20000).map { "--local: \($0)" }
        #expect(lines.count == 3 * 20000 + 2)
        for target in 0..<3 {
            let start = target * 20000
            let shown: [String] = lines[start..<(start + 20000)].map(String.init)
            #expect(shown == expected, "target \(target + 1)")
        }
        #expect(lines.suffix(2) == ["3 passed, 0 failed", ""])
        // The planted directories are as they were; the run's own is gone.
        #expect(run.leftInTemporary.sorted() == planted.sorted())
        for name in planted {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: run.temporary + "/" + name)) ?? []
            #expect(entries.sorted() == ["0.out", "1.out", "2.out"])
        }
    }
}
