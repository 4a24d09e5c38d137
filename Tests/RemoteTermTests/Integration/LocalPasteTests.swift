import Foundation
import Testing

@testable import RemoteTermFront

/// Issue 54, item 3: a large paste into a local program (`rterm --local`) arrives whole, and a
/// Ctrl+C behind it still reaches the program, as a terminal's line discipline delivers it.
/// Before, the local pty was never polled for room once a write would block: a 100 KB paste
/// into `wc -c` after `sleep 2` stopped where the pty filled, and the keys after it with it.
/// Real local pseudo-terminals (bash), waits on the screen.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct LocalPasteTests {
    /// A megabyte in lines of 75 characters, as a paste (bracketed, as a terminal sends it).
    static let paste: (bytes: [UInt8], count: Int) = {
        var line = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!@#$%^&*()_+-".utf8)
        line.append(0x0A)
        var text: [UInt8] = []
        while text.count + line.count <= 1_000_000 { text += line }
        return (Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8), text.count)
    }()

    /// rterm itself in a tmux pane, pasted into by tmux as a person pastes: with nothing else
    /// to wake it while the pty is full, only polling the pty for room moves the paste on.
    @Test func aMegabytePasteIntoAProgramThatReadsLaterArrivesWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = String(decoding: Self.paste.bytes.dropFirst(6).dropLast(6), as: UTF8.self)
        try directory.write(text, to: "paste.txt")
        let bash = ProgramsInTheFrontTests.bash.map { "'\($0)'" }.joined(separator: " ")
        let pane = try TmuxPane(
            command: "HOME='\(directory.path)' '\(RTermProcess.executable)' --local -- \(bash); echo EXITED=$?; sleep 60")
        defer { pane.kill() }
        #expect(try pane.waitFor("$", timeout: 20), "\((try? pane.screen()) ?? "")")
        try pane.type("stty -echo; echo READY; sleep 2; wc -c")
        try pane.keys("Enter")
        #expect(try pane.waitFor("READY"), "\((try? pane.screen()) ?? "")")
        try pane.tmux(["load-buffer", directory.path + "/paste.txt"])
        try pane.tmux(["paste-buffer", "-p"])
        try pane.keys("C-d")
        #expect(try pane.waitFor("\(Self.paste.count)", timeout: 60), "wc -c did not count it: \((try? pane.screen()) ?? "")")
        try pane.type("stty echo; exit")
        try pane.keys("Enter")
        #expect(try pane.waitFor("EXITED=0", timeout: 20), "\((try? pane.screen()) ?? "")")
    }

    /// `sleep` never reads: the paste fills the pty, and Ctrl+C (typed after all of it) is
    /// acted on at once, the input before it flushed as the line discipline flushes it, so
    /// no pasted line reaches the shell afterwards.
    @Test func controlCReachesAProgramThatNeverReadsAfterAPasteIntoIt() throws {
        let front = try ProgramsInTheFrontTests.front(ProgramsInTheFrontTests.bash)
        #expect(front.wait { front.text.first == "$" }, "no prompt: \(front.text)")
        front.type("echo READY; sleep 1000\r")
        #expect(front.wait { front.shows("READY") }, "\(front.text)")
        front.type(bytes: Self.paste.bytes)
        front.type("\u{03}")
        front.type("echo back-$((40+2))\r")
        #expect(front.wait(seconds: 30) { front.shows("back-42") }, "Ctrl+C never arrived: \(front.text)")
        #expect(!front.shows("command not found"), "a pasted line reached the shell: \(front.text)")
        front.type("exit\r")
        #expect(front.wait(seconds: 20) { front.workspace.isFinished }, "\(front.text)")
    }
}
