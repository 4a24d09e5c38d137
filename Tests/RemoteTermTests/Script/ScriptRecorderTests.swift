// rterm record's recorder on values: what the front sent and the screens it showed, with a
// manual clock, written as a script that parses and says what was done.

import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop

/// A recorder on a manual clock, and the lines it wrote.
private final class Recording {
    let clock = ManualClock()
    private(set) var text = ""
    private(set) lazy var recorder = ScriptRecorder(clock: clock) { [unowned self] in self.text += $0 }

    /// The script's lines without the header (the comment and `size`).
    var steps: [String] { text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("size ") && !$0.hasPrefix("# recorded") } }

    /// Types `text` key by key on `screen` (Enter for "\r").
    func type(_ text: String, on screen: RecordedScreen) {
        for scalar in text.unicodeScalars {
            recorder.sent(.key(LocalInputDecoder.keyEvent(forTyped: scalar)), screen: screen)
        }
    }

    func advance(seconds: Double) { clock.advance(by: UInt64(seconds * 1e9)) }
}

private func key(_ name: String) -> FrontInput {
    do { return .key(try KeyEvent(name: name)) } catch { fatalError("bad key name in test: \(name)") }
}

@Suite struct ScriptRecorderTests {
    @Test func aLineTypedAtAPromptIsAWaitOnThePromptThenTheLine() {
        let recording = Recording()
        recording.recorder.begin(target: ["--local", "bash"], size: (rows: 23, columns: 80))
        let prompt = RecordedScreen(prompt: "ok> ")
        recording.type("echo hi\r", on: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "ok> ", above: ["ok> echo hi", "hi"]))
        #expect(recording.text.hasPrefix("# recorded with rterm record on "))
        #expect(recording.text.split(separator: "\n")[0].hasSuffix("target: --local bash"))
        #expect(recording.text.split(separator: "\n")[1] == "size 23x80")
        #expect(recording.steps == [#"wait /^ok> $/"#, #"type "echo hi\r""#])
    }

    @Test func aPromptsTimeAndCounterAreGeneralised() {
        let recording = Recording()
        let prompt = "[12:34:56] user@host:/srv (42)$ "
        recording.type("ls\r", on: RecordedScreen(prompt: prompt))
        recording.recorder.showed(RecordedScreen(prompt: prompt + "ls"))
        #expect(recording.steps.first == #"wait /^\[\d+:\d+:\d+\] user@host:\/srv \(\d+\)\$ $/"#)
        // It matches the prompt at another time and count, as the runner reads the pattern.
        let script = try? Script(parsing: recording.text, file: "r.rts")
        guard case .wait(let pattern, _)? = script?.steps.first?.kind else { return #expect(Bool(false)) }
        #expect(pattern.matches("$ ls\n[09:05:01] user@host:/srv (1043)$ "))
        #expect(!pattern.matches("[09:05:01] user@host:/srv (1043)$ ls"))
    }

    @Test func aBarClickIsTheButtonsLabelNotItsKeys() {
        let recording = Recording()
        let screen = RecordedScreen(prompt: "$ ")
        recording.recorder.sent(.click(label: "Esc"), screen: screen)
        recording.recorder.sent(.click(label: "My macro"), screen: screen)
        #expect(recording.steps == [#"wait /^\$ $/"#, "click Esc", #"click "My macro""#])
    }

    @Test func ctrlCAndAnArrowAreKeysAndCtrlCEndsTheLine() {
        let recording = Recording()
        let prompt = RecordedScreen(prompt: "$ ")
        recording.type("sleep 9", on: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "$ sleep 9"))
        recording.recorder.sent(key("Ctrl+C"), screen: RecordedScreen(prompt: "$ sleep 9"))
        recording.recorder.sent(key("Up"), screen: prompt)
        #expect(recording.steps == [#"wait /^\$ $/"#, #"type "sleep 9""#, "key Ctrl+C", #"wait /^\$ $/"#, "key Up"])
    }

    /// Issue 54, item 1: a shell that marks its prompts is waited for by its marks, which
    /// only a prompt that began after the last input meets.
    @Test func aShellThatMarksItsPromptsIsWaitedForByTheMarks() {
        let recording = Recording()
        var prompt = RecordedScreen(prompt: "$ ")
        prompt.marksPrompts = true
        recording.type("true\r", on: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "$ ", above: ["$ true"]))
        recording.type("exit 3\r", on: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "$ exit 3", above: ["$ true"]))
        #expect(recording.steps == ["wait-prompt", #"type "true\r""#, "wait-prompt", #"type "exit 3\r""#])
    }

    /// A signal key while a command runs (no prompt since its line): a moment first, so that
    /// a replay's Ctrl+C reaches the command, not the shell starting it.
    @Test func aSignalKeyWhileACommandRunsWaitsForItToStart() {
        let recording = Recording()
        recording.type("cat\r", on: RecordedScreen(prompt: "$ "))
        let running = RecordedScreen(rows: ["$ cat", ""], cursorRow: 1, cursorColumn: 0)
        recording.recorder.showed(running)
        recording.advance(seconds: 1)
        recording.recorder.sent(key("Ctrl+C"), screen: running)
        recording.type("exit 3\r", on: RecordedScreen(prompt: "$ ", above: ["$ cat", "^C"]))
        recording.recorder.showed(RecordedScreen(prompt: "$ exit 3", above: ["$ cat", "^C"]))
        #expect(recording.steps == [
            #"wait /^\$ $/"#, #"type "cat\r""#, "sleep 500ms", "key Ctrl+C", #"wait /^\$ $/"#, #"type "exit 3\r""#,
        ])
        // The script replays: `sleep` takes the duration as written.
        #expect((try? Script(parsing: recording.text, file: "r.rts")) != nil)
    }

    @Test func aPauseOfMoreThanTwoSecondsIsAWaitIdle() {
        let recording = Recording()
        let prompt = RecordedScreen(prompt: "$ ")
        recording.recorder.sent(key("Up"), screen: prompt)
        recording.advance(seconds: 1.5)
        recording.recorder.sent(key("Down"), screen: prompt)
        recording.advance(seconds: 2.5)
        recording.recorder.sent(key("Up"), screen: prompt)
        #expect(recording.steps == [#"wait /^\$ $/"#, "key Up", "key Down", "wait-idle 1s", "key Up"])
    }

    @Test func aLineTypedWithEchoOffIsAPlaceholderAndNeverWritten() {
        let recording = Recording()
        let asked = RecordedScreen(prompt: "Password: ", above: ["$ sudo true"])
        recording.type("hunter2\r", on: asked)
        // The echo never comes: the cursor stays after the question, then the next line goes.
        recording.recorder.showed(RecordedScreen(rows: ["$ sudo true", "Password: ", "$ "], cursorRow: 2, cursorColumn: 2))
        #expect(!recording.text.contains("hunter2"))
        recording.advance(seconds: 3)
        recording.recorder.ended(exitStatus: 0, screen: RecordedScreen(prompt: "$ "))
        #expect(recording.steps == [
            "wait /^Password: $/", "# typed with echo off: set RTERM_SECRET_1 before replaying",
            #"type "${env:RTERM_SECRET_1}\r""#, "expect-exit 0",
        ])
        #expect(!recording.text.contains("hunter"))
    }

    @Test func textThatEchoesLaterIsWrittenAsTypedAndTheStepsKeepTheirOrder() {
        let recording = Recording()
        recording.type("echo a\r", on: RecordedScreen(prompt: "$ "))
        // Typed ahead: the echo has not come when the next line starts.
        recording.type("echo b\r", on: RecordedScreen(prompt: "$ "))
        #expect(recording.steps == [#"wait /^\$ $/"#])
        recording.recorder.showed(RecordedScreen(prompt: "$ ", above: ["$ echo a", "a", "$ echo b", "b"]))
        #expect(recording.steps == [#"wait /^\$ $/"#, #"type "echo a\r""#, #"wait /^\$ $/"#, #"type "echo b\r""#])
    }

    @Test func aLineThatWrapsIsSeenAcrossItsRows() {
        let recording = Recording()
        let line = "echo " + String(repeating: "x", count: 14) + " end"
        recording.type(line + "\r", on: RecordedScreen(prompt: "$ "))
        // 20 columns: the blank after the x's is where the row wraps, trimmed off it.
        recording.recorder.showed(RecordedScreen(prompt: "$ ", above: ["$ echo xxxxxxxxxxxxxx", "end", "xxxxxxxxxxxxxx end"]))
        #expect(recording.steps == [#"wait /^\$ $/"#, #"type "\#(line)\r""#])
    }

    @Test func theEndIsTheExitStatus() {
        let recording = Recording()
        recording.type("exit 3\r", on: RecordedScreen(prompt: "$ "))
        recording.recorder.ended(exitStatus: 3, screen: RecordedScreen(rows: ["$ exit 3"], cursorRow: 1, cursorColumn: 0))
        #expect(recording.steps == [#"wait /^\$ $/"#, #"type "exit 3\r""#, "expect-exit 3"])
    }

    @Test func stringsAreWrittenWithTheLanguagesEscapes() {
        #expect(RecordedText.quoted(Array("a\"b\\c\r\n\t\u{1B}\u{7}é".utf8)) == #""a\"b\\c\r\n\t\e\x07é""#)
        #expect(RecordedText.quoted(Array("${HOME} $x".utf8)) == #""\x24{HOME} $x""#)
        #expect(RecordedText.quoted([0xFF, 0x41]) == #""\xffA""#)
    }

    @Test func theWrittenFileParsesAndSaysWhatWasDone() throws {
        let recording = Recording()
        recording.recorder.begin(target: ["user@host"], size: (rows: 30, columns: 100))
        let prompt = RecordedScreen(prompt: "user@host:~/a b$ ")
        recording.type("vim \"x/y\" # c\r", on: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "user@host:~/a b$ vim \"x/y\" # c"))
        let vim = RecordedScreen(rows: ["", "~"], cursorRow: 0, cursorColumn: 0, isAlternate: true)
        recording.type("iIt works.", on: vim)
        recording.recorder.sent(.click(label: "Esc"), screen: vim)
        recording.type(":wq\r", on: vim)
        recording.recorder.sent(.paste(Array("pasted\r".utf8)), screen: prompt)
        recording.recorder.showed(RecordedScreen(prompt: "user@host:~/a b$ pasted"))
        recording.recorder.sent(key("F5"), screen: prompt)
        recording.recorder.ended(exitStatus: 0, screen: prompt)
        let script = try Script(parsing: recording.text, file: "r.rts")
        #expect(script.screenSize == (rows: 30, columns: 100))
        #expect(script.steps.map(\.kind).dropFirst() == [
            .wait(try ScriptPattern(source: #"^user@host:~/a b\$ $"#), timeout: nil),
            .type(ScriptText(Array("vim \"x/y\" # c\r".utf8))),
            .type(ScriptText(Array("iIt works.".utf8))), .click(label: "Esc"), .type(ScriptText(Array(":wq\r".utf8))),
            .wait(try ScriptPattern(source: #"^user@host:~/a b\$ $"#), timeout: nil),
            .paste(ScriptText(Array("pasted\r".utf8))),
            .wait(try ScriptPattern(source: #"^user@host:~/a b\$ $"#), timeout: nil),
            .key(try KeyEvent(name: "F5")), .expectExit(code: 0),
        ], "\(recording.text)")
    }

    /// The example in docs/script-format.md ("Recording a script") is what the recorder
    /// writes for the session it describes, and parses.
    @Test func theDocumentedRecordingIsWhatTheRecorderWrites() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/script-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```sh recorded\n").dropFirst().first?
            .components(separatedBy: "```").first)
        _ = try Script(parsing: block, file: "deploy.rts", environment: ["RTERM_SECRET_1": "x"])

        let recording = Recording()
        recording.recorder.begin(target: ["--local", "bash", "--norc"], size: (rows: 23, columns: 80))
        recording.type("sudo -k; sudo true && echo ok\r", on: RecordedScreen(prompt: "[14:05:12] demo$ "))
        let asked = RecordedScreen(prompt: "[sudo] password for demo: ", above: ["[14:05:12] demo$ sudo -k; sudo true && echo ok"])
        recording.type("hunter2\r", on: asked)
        recording.advance(seconds: 3)
        let prompt = RecordedScreen(prompt: "[14:05:20] demo$ ", above: ["ok"])
        recording.recorder.sent(.click(label: "Ctrl"), screen: prompt)
        recording.recorder.sent(key("Ctrl+c"), screen: prompt)
        recording.type("exit\r", on: RecordedScreen(prompt: "[14:05:21] demo$ "))
        recording.recorder.ended(exitStatus: 130, screen: RecordedScreen(prompt: "[14:05:21] demo$ exit"))
        let documented = block.split(separator: "\n").map(String.init)
        #expect(documented.first?.hasPrefix("# recorded with rterm record on ") == true)
        #expect(Array(recording.text.split(separator: "\n").map(String.init).dropFirst()) == Array(documented.dropFirst()))
    }
}

/// The recorder on the real front's input path, in-process: bash on a local terminal, keys
/// and a bar click written into the front's standard input.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ScriptRecorderFrontTests {
    @Test func theFrontTellsKeysAndABarClickAsTheUserGaveThem() throws {
        let front = try FrontHarness(rows: 12, realTime: true)
        front.start([try front.open(["--local", "--"] + ProgramsInTheFrontTests.bash)])
        var text = ""
        let recorder = ScriptRecorder(clock: front.clock) { text += $0 }
        front.workspace.inputObserver = recorder
        #expect(front.wait { front.text.first == "$" }, "no prompt: \(front.text)")
        front.type("echo one\r")
        #expect(front.wait { front.text.contains("one") && text.contains("echo one") }, "\(front.text)\n\(text)")
        // Ctrl on the bar, then c from the keyboard: the click, then the key it made (bash
        // then exits with the interrupted status, 130).
        try front.click("Ctrl")
        front.type("c")
        #expect(front.wait { front.text.contains { $0.hasSuffix("^C") } && front.text.contains("$") }, "\(front.text)")
        front.type("\u{1B}[B")
        front.type("exit\r")
        #expect(front.wait { front.workspace.isFinished }, "\(front.text)")
        recorder.frontEnded(exitStatus: front.workspace.exitStatus, screen: front.workspace.shown.terminal)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"wait /^\$ $/"#, #"type "echo one\r""#, #"wait /^\$ $/"#, "click Ctrl", "key Ctrl+c",
            #"wait /^\$ $/"#, "key Down", #"type "exit\r""#, "expect-exit 130",
        ], "\(text)")
        _ = try Script(parsing: text, file: "r.rts", environment: ["RTERM_SECRET_1": "x"])
    }
}
