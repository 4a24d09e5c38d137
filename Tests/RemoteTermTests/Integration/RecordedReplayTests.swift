import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermFront

/// Issue 54, item 1: a recording replays as the session happened, twenty times in twenty.
/// Sessions are recorded in-process (the interactive front on a real shell, keys written into
/// its standard input, `ScriptRecorder` watching as `rterm record` does), then replayed by
/// the real `rterm script` on twenty targets at once (`--hosts`, one process): every replay
/// must pass. Before, each `wait` for the prompt was met by the prompt the last line was
/// typed at, so the next keys went out at once: `cat`'s Ctrl+C then `exit 3` replayed green 3
/// to 5 times in 8 (`-bash: xit: command not found`, or status 130).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct RecordedReplayTests {
    /// What the person does, one step a line; each waits on the screen before the next.
    enum Act {
        /// A line typed, then back at the prompt with `showing` on the screen.
        case line(String, showing: String)
        /// A line typed whose command keeps running (its line echoed, no prompt).
        case start(String)
        /// Ctrl+C, then the prompt back.
        case interrupt
        /// A line that ends the session (`exit 3`).
        case end(String)
    }

    /// The script `rterm record` writes for `acts` on a session the front opens with `words`,
    /// whose prompt ends with `prompt`.
    static func record(_ words: [String], prompt: String, _ acts: [Act]) throws -> String {
        let front = try FrontHarness(rows: 24, columns: 100, realTime: true)
        front.start([try front.open(words)])
        var text = ""
        let recorder = ScriptRecorder(clock: front.clock) { text += $0 }
        front.workspace.inputObserver = recorder
        recorder.begin(target: words, size: (rows: 23, columns: 100))
        let lastRow = { front.text.dropLast().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? "" }
        let atPrompt = { lastRow().hasSuffix(prompt) }
        #expect(front.wait(seconds: 20) { atPrompt() }, "no prompt: \(front.text)")
        for act in acts {
            switch act {
            case .line(let line, let showing):
                front.type(line + "\r")
                #expect(front.wait(seconds: 20) { front.shows(showing) && atPrompt() && !lastRow().hasSuffix(line) }, "\(line): \(front.text)")
            case .start(let line):
                front.type(line + "\r")
                #expect(front.wait { lastRow().hasSuffix(line) }, "\(line): \(front.text)")
            case .interrupt:
                front.type("\u{03}")
                #expect(front.wait { atPrompt() }, "Ctrl+C: \(front.text)")
            case .end(let line):
                front.type(line + "\r")
            }
        }
        #expect(front.wait(seconds: 20) { front.workspace.isFinished }, "\(front.text)")
        recorder.frontEnded(exitStatus: front.workspace.exitStatus, screen: front.workspace.shown.terminal)
        return text
    }

    /// Replays `script` on `count` copies of the hosts line `target`, all at once; the run's
    /// summary and status.
    static func replay(_ script: String, on target: String, count: Int = 20, jobs: Int = 20, process: RTermProcess) throws
        -> RTermProcess.Result
    {
        _ = try process.file("replay.rts", script)
        _ = try process.file("hosts", String(repeating: target + "\n", count: count))
        return try process.run(
            ["-c", "cd '\(process.home)' && '\(RTermProcess.executable)' script replay.rts --hosts hosts -j \(jobs)"],
            timeLimit: 120, executable: "/bin/bash")
    }

    static let catThenInterrupt: [Act] = [.start("cat"), .interrupt, .end("exit 3")]

    static let longer: [Act] = [
        .line("echo recorded-$((6*7))", showing: "recorded-42"), .line("ls /", showing: "usr"),
        .line("sleep 3", showing: "sleep 3"), .start("cat"), .interrupt, .end("exit 3"),
    ]

    @Test(arguments: [false, true])
    func aLocalRecordingReplaysTwentyTimesInTwenty(longer: Bool) throws {
        let bash = ProgramsInTheFrontTests.bash
        let script = try Self.record(["--local", "--"] + bash, prompt: "$", longer ? Self.longer : Self.catThenInterrupt)
        #expect(script.contains("sleep 500ms\nkey Ctrl+c\n"), "\(script)")
        #expect(script.hasSuffix("expect-exit 3\n"), "\(script)")
        let process = try RTermProcess()
        defer { process.remove() }
        // A hosts line is words, without a shell's quotes: the same bash, from a script.
        let shell = try process.script("shell.sh", "exec " + bash.map { "'\($0)'" }.joined(separator: " "))
        let result = try Self.replay(script, on: "--local -- " + shell, process: process)
        #expect(result.status == 0, "\(result.outputText)\(result.errorOutput)\n\(script)")
        #expect(result.outputText.hasPrefix("20 passed, 0 failed"), "\(result.outputText)\(result.errorOutput)")
    }
}

/// The same over SSH, against the test sshd: the test user's login shell and its own prompt.
extension SSHIntegrationTests {
    @Suite struct RecordedReplayOverSSHTests {
        @Test func anSSHRecordingReplaysTwentyTimesInTwenty() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let words = ["-F", harness.config, "-p", sshd.port, sshd.host]
            let script = try RecordedReplayTests.record(words, prompt: "$", RecordedReplayTests.catThenInterrupt)
            #expect(script.contains("sleep 500ms\nkey Ctrl+c\n"), "\(script)")
            // Eight at a time: sshd drops connections past ten that have not logged in yet
            // (MaxStartups 10:30:100).
            let result = try RecordedReplayTests.replay(
                script, on: words.joined(separator: " "), jobs: 8, process: harness.process)
            #expect(result.status == 0, "\(result.outputText)\(result.errorOutput)\n\(script)")
            #expect(result.outputText.hasPrefix("20 passed, 0 failed"), "\(result.outputText)\(result.errorOutput)")
        }
    }
}
