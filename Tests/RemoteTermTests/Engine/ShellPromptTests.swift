import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// OSC 133, what a shell says of its prompts (`Terminal.shellPrompts`): where each prompt
/// began, by stable line number as lines scroll; whether the shell is at a prompt or running
/// a command; the status of the command that finished. Fed every way (`feedAllWays`).
@Suite struct ShellPromptTests {
    typealias Phase = ShellPrompts.Phase

    /// Marks in order, and what they leave: the phase, the last status, how many commands
    /// finished, and the statuses reported as effects.
    @Test(arguments: [
        ("", Phase.unknown, Int?.none, 0, [Int?]()),
        ("⎋]133;A\u{07}", .prompt, nil, 0, []),
        ("⎋]133;A\u{07}⎋]133;B\u{07}", .prompt, nil, 0, []),
        ("⎋]133;A\u{07}⎋]133;B\u{07}⎋]133;C\u{07}", .running, nil, 0, []),
        ("⎋]133;A\u{07}⎋]133;B\u{07}⎋]133;C\u{07}⎋]133;D;0\u{07}", .finished, 0, 1, [0]),
        ("⎋]133;A\u{07}⎋]133;C\u{07}⎋]133;D;1⎋\\⎋]133;A\u{07}", .prompt, 1, 1, [1]),
        ("⎋]133;C\u{07}⎋]133;D\u{07}", .finished, nil, 1, [nil]),
        // A shell that never marks a command's start (bash without PS0): every D counts.
        ("⎋]133;D;2\u{07}⎋]133;A\u{07}⎋]133;D;0\u{07}", .finished, 0, 2, [2, 0]),
        // One that does: a D after a prompt with no command between (Enter on an empty line,
        // Ctrl+C) reports nothing new.
        ("⎋]133;C\u{07}⎋]133;D;0\u{07}⎋]133;A\u{07}⎋]133;D;130\u{07}", .prompt, 0, 1, [0]),
        // The status: a number, then options; anything else is no status.
        ("⎋]133;C\u{07}⎋]133;D;3;aid=12\u{07}", .finished, 3, 1, [3]),
        ("⎋]133;C\u{07}⎋]133;D;abc\u{07}", .finished, nil, 1, [nil]),
        ("⎋]133;C\u{07}⎋]133;D;-1\u{07}", .finished, nil, 1, [nil]),
        ("⎋]133;C\u{07}⎋]133;D;1234567\u{07}", .finished, nil, 1, [nil]),
        ("⎋]133;C\u{07}⎋]133;D;255\u{07}", .finished, 255, 1, [255]),
        // fish 4 adds options to A; unknown marks are ignored.
        ("⎋]133;A;click_events=1\u{07}⎋]133;P;k=i\u{07}", .prompt, nil, 0, []),
    ])
    func marksSayWhereTheShellIs(_ input: String, _ phase: Phase, _ status: Int?, _ finished: Int, _ reported: [Int?]) {
        let (t, effects) = feedAllWays(rows: 3, columns: 20, input)
        #expect(t.shellPrompts.phase == phase)
        #expect(t.shellPrompts.lastStatus == status)
        #expect(t.shellPrompts.commandsFinished == finished)
        #expect(effects.compactMap { if case .commandFinished(let status) = $0 { status } else { nil } } == reported)
        expectScreen(t, [], cursor: (0, 0))
    }

    /// A session of three commands on a 3-row screen: the prompts' lines keep their numbers
    /// (and their text) as the screen scrolls them into the history.
    @Test func promptsAreKeptByLineNumberAsLinesScroll() {
        let session = (1...3).map { "⎋]133;A\u{07}$ ⎋]133;B\u{07}cmd\($0)\r\n⎋]133;C\u{07}out\($0)\r\n⎋]133;D;0\u{07}" }
            .joined() + "⎋]133;A\u{07}$ "
        let (t, _) = feedAllWays(rows: 3, columns: 20, session)
        #expect(t.shellPrompts.lines == [0, 2, 4, 6])
        #expect(t.screenTopLineNumber == 4)
        for (number, text) in [(0, "$ cmd1"), (2, "$ cmd2"), (4, "$ cmd3"), (6, "$")] {
            let line = t.line(number: number)
            let shown = line.map { line in (0..<line.cells.count).map { line.text(at: $0) }.joined() }
            #expect(shown?.trimmingCharacters(in: .whitespaces) == text, "line \(number)")
        }
        #expect(t.shellPrompts.prompt(before: 4, oldest: t.oldestLineNumber) == 2)
        #expect(t.shellPrompts.prompt(before: 2, oldest: 1) == nil, "older than the oldest line kept")
        #expect(t.shellPrompts.prompt(after: 2) == 4)
        #expect(t.shellPrompts.prompt(after: 6) == nil)
        #expect(t.shellPrompts.promptsBegun == 4)
    }

    /// A prompt drawn again where it was (a redraw after a resize) or above (the screen was
    /// cleared) replaces the ones from there on; each still counts as begun.
    @Test func aRedrawnPromptReplacesTheOnesFromItsLine() {
        let (redrawn, _) = feedAllWays(rows: 3, columns: 20, "⎋]133;A\u{07}$ \r⎋]133;A\u{07}$ ")
        #expect(redrawn.shellPrompts.lines == [0])
        #expect(redrawn.shellPrompts.promptsBegun == 2)
        let (cleared, _) = feedAllWays(rows: 5, columns: 20, "⎋]133;A\u{07}$ \r\n⎋]133;A\u{07}$ clear\r\n⎋[H⎋[2J⎋]133;A\u{07}$ ")
        #expect(cleared.shellPrompts.lines == [0])
    }

    /// A full-screen program's marks are not the shell's: its prompts are not kept.
    @Test func theAlternateScreenIsIgnored() {
        let (t, _) = feedAllWays(rows: 3, columns: 20, "⎋]133;A\u{07}$ vim\r\n⎋[?1049h⎋]133;A\u{07}⎋[2;1H⎋]133;A\u{07}")
        #expect(t.shellPrompts.lines == [0])
        #expect(t.shellPrompts.promptsBegun == 1)
    }

    /// At most `ShellPrompts.limit` prompts are kept, the oldest forgotten first.
    @Test func theOldestPromptsAreForgottenPastTheLimit() {
        var t = Terminal(rows: 3, columns: 10, scrollbackLimit: 100)
        let count = ShellPrompts.limit + 5
        for _ in 0..<count { _ = t.feed(esc("⎋]133;A\u{07}$\r\n")) }
        #expect(t.shellPrompts.lines.count == ShellPrompts.limit)
        #expect(t.shellPrompts.lines.first == 5)
        #expect(t.shellPrompts.lines.last == count - 1)
        #expect(t.shellPrompts.promptsBegun == count)
        // Lines the scrollback forgot are not jumped to.
        let oldest = t.oldestLineNumber
        #expect(t.shellPrompts.lines.contains(oldest - 1))
        #expect(t.shellPrompts.prompt(before: oldest, oldest: oldest) == nil)
        #expect(t.shellPrompts.prompt(before: oldest + 1, oldest: oldest) == oldest)
        #expect(t.shellPrompts.prompt(before: t.screenTopLineNumber, oldest: t.oldestLineNumber) == t.screenTopLineNumber - 1)
    }
}
