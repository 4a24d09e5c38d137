import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Real programs in the interactive front, in-process: bash, vim and less on local
/// pseudo-terminals (`--local`), keys and clicks written into the front's standard input, the
/// frame read back. Every wait is on the screen, by a deadline.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ProgramsInTheFrontTests {
    /// A front on `command` (a local program) in a local terminal of `rows` x `columns`.
    static func front(_ command: [String], rows: Int = 24, columns: Int = 80) throws -> FrontHarness {
        let front = try FrontHarness(rows: rows, columns: columns, realTime: true)
        front.start([try front.open(["--local", "--"] + command)])
        return front
    }

    /// A bash with no startup files, a `$ ` prompt and a UTF-8 locale.
    static let bash = ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PS1=$ ", "INPUTRC=/dev/null", "bash", "--norc"]

    /// Widths that agree with the remote (issue 10): bash's readline counts columns with
    /// glibc's wcwidth, code point by code point, so a line holding an emoji with a skin-tone
    /// modifier is edited inside rterm as in a plain terminal: six ← from the end put Z
    /// between the thumb and its modifier, where plain bash in xterm or tmux puts it.
    @Test func editingALineWithASkinToneLooksAsInPlainBash() throws {
        let front = try Self.front(Self.bash, rows: 10)
        #expect(front.wait { front.text.first == "$" }, "no prompt: \(front.text)")
        front.type("echo A👍\u{1F3FD}B end")
        #expect(front.wait { front.shows("B end") }, "not echoed: \(front.text)")
        front.type(String(repeating: "\u{1B}[D", count: 6) + "Z\r")
        #expect(front.wait { front.text.contains("A👍Z\u{1F3FD}B end") && front.text.filter { $0 == "$" }.count == 1 },
                "\(front.text)")
        #expect(front.text.first == "$ echo A👍Z\u{1F3FD}B end", "\(front.text)")
        front.type("exit\r")
        #expect(front.wait { front.workspace.isFinished })
    }

    /// vim driven from the bar: the bar's Esc leaves insert mode, so what follows is a
    /// command.
    @Test func vimDrivenFromTheBar() throws {
        let directory = NSTemporaryDirectory() + "rterm-vim-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/bar.txt"
        try "one\n".write(toFile: file, atomically: false, encoding: .utf8)
        let front = try Self.front(["sh", "-c", "cd \(directory) && exec vim -u NONE -n bar.txt"])
        #expect(front.wait { front.shows("one") }, "\(front.text)")
        front.type("Otwo")
        #expect(front.wait { front.text.first == "two" }, "\(front.text)")
        try front.click("Esc")
        front.type(":wq\r")
        #expect(front.wait { front.workspace.isFinished }, "\(front.text)")
        #expect(front.workspace.exitStatus == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "two\none\n")
    }

    /// The wheel in less (the alternate screen, alternate scroll): ↓ three lines a step.
    @Test func theWheelScrollsLess() throws {
        let front = try Self.front(["sh", "-c", "seq 1 200 | less"])
        #expect(front.wait { front.text.starts(with: ["1", "2"]) }, "\(front.text)")
        front.type(FrontHarness.mouse(65, 10, 5) + FrontHarness.mouse(65, 10, 5))
        #expect(front.wait { front.text.starts(with: ["7", "8"]) }, "\(front.text)")
        front.type("q")
        #expect(front.wait { front.workspace.isFinished })
    }
}
