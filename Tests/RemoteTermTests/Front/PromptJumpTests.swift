import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The shell's prompt marks (OSC 133) in the front: `~[` and `~]` show the history from the
/// previous and next prompt, `[` and `]` go on jumping there, the bar says what to do
/// without marks, and a tab shows `✗N` while the last command failed. In-process on memory
/// sessions, reading the frame and what the remote received.
@Suite struct PromptJumpTests {
    typealias Rig = WorkspaceRig

    /// A command as a marking shell shows it: its prompt, `lines` of output, its status.
    static func command(_ number: Int, lines: Int, status: Int = 0) -> String {
        "\u{1B}]133;A\u{07}$ \u{1B}]133;B\u{07}cmd\(number)\r\n\u{1B}]133;C\u{07}"
            + (1...lines).map { "out\(number).\($0)\r\n" }.joined() + "\u{1B}]133;D;\(status)\u{07}"
    }

    /// Three commands of four lines each, then a prompt: prompts on lines 0, 5, 10 and 15;
    /// 5 remote rows show lines 11 to 15.
    static func session() -> Rig {
        let rig = Rig(rows: 6, columns: 40)
        rig.feed((1...3).map { command($0, lines: 4) }.joined() + "\u{1B}]133;A\u{07}$ ")
        return rig
    }

    /// The top row as drawn.
    static func topRow(_ rig: Rig) -> String { rig.frame.lines[0].text }

    @Test func escapesAndBracketsWalkThePromptsAndBackToTheLiveScreen() {
        let rig = Self.session()
        #expect(rig.session.terminal.shellPrompts.lines == [0, 5, 10, 15])
        #expect(rig.session.terminal.screenTopLineNumber == 11)
        rig.type("~[")
        #expect(rig.workspace.controller.historyTop == 10)
        #expect(Self.topRow(rig) == "$ cmd3")
        #expect(rig.barRow.contains("[history -1]") && rig.barRow.contains("[ ] prompts"), "\(rig.barRow)")
        rig.type("[")
        #expect(rig.workspace.controller.historyTop == 5)
        #expect(Self.topRow(rig) == "$ cmd2")
        rig.type("[")
        #expect(rig.workspace.controller.historyTop == 0)
        rig.type("[")
        #expect(rig.workspace.controller.historyTop == 0, "no earlier prompt: the history stays")
        #expect(rig.barMessage.contains("no earlier prompt"), "\(rig.barMessage)")
        rig.type("]")
        #expect(rig.workspace.controller.historyTop == 5)
        rig.type("~]")  // the escape character out of habit: `]` still jumps
        #expect(rig.workspace.controller.historyTop == 10)
        rig.type("]")
        #expect(rig.workspace.controller.mode == .live, "the last prompt is on the live screen")
        #expect(Self.topRow(rig) == "out3.1")
        rig.type("~]")
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.barMessage.contains("no later prompt"), "\(rig.barMessage)")
        #expect(rig.sent.isEmpty, "no key of the jumps reached the remote: \(rig.sent)")
    }

    @Test func theJumpHoldsItsPromptWhileOutputArrivesAndAnotherKeyReturnsUnsent() {
        let rig = Self.session()
        rig.type("~[")
        rig.type("~[")  // in the history, the escape character before `[` changes nothing
        #expect(rig.workspace.controller.historyTop == 5)
        rig.feed("cmd4\r\n" + (1...20).map { "more \($0)" }.joined(separator: "\r\n"))
        #expect(rig.workspace.controller.historyTop == 5)
        #expect(Self.topRow(rig) == "$ cmd2")
        rig.type("x")
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent.isEmpty, "the key that leaves the history is not sent")
        // Ctrl+[ is Esc, not `[`: it returns too.
        rig.type("~[")
        #expect(rig.workspace.controller.historyTop != nil)
        rig.type("\u{1B}", after: FrontController.escapeWait)
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent.isEmpty)
    }

    @Test func withoutMarksTheBarSaysWhereToSetThemUpAndBracketsReturn() {
        let rig = Rig(rows: 6, columns: 60)
        rig.feed((1...30).map { "line \($0)" }.joined(separator: "\r\n"))
        rig.type("~[")
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.barRow.contains(FrontController.noPromptMarks), "\(rig.barRow)")
        rig.type("\u{1B}[<64;10;3M")  // the wheel: into the history
        #expect(rig.workspace.controller.historyTop != nil)
        #expect(!rig.barRow.contains("prompts"), "\(rig.barRow)")
        rig.type("[")
        #expect(rig.workspace.controller.mode == .live, "without marks `[` returns like any key")
        #expect(rig.sent.isEmpty)
    }

    @Test func theHelpAndTheEscapeFilterKnowTheEscapes() {
        let help = FrontHelp.panel(escape: "~").paragraphs.joined(separator: "\n")
        #expect(help.contains("~[ previous") && help.contains("~] next"), "\(help)")
        #expect(help.contains("✗N"))
        var filter = EscapeCharacterFilter(sessionEscapes: true)
        let keys: [KeyEvent] = [.character("~"), .character("["), .character("~"), .character("]")]
        #expect(keys.flatMap { filter.frontActions($0) } == [.previousPrompt, .nextPrompt])
        // Without session escapes (scripts, pumps) they are two characters each, as in ssh.
        var plain = EscapeCharacterFilter()
        #expect(plain.frontActions(.character("~")).isEmpty)
        #expect(plain.frontActions(.character("[")) == [.key(.character("~")), .key(.character("["))])
    }

    @Test func aTabShowsTheFailedStatusUntilACommandSucceeds() {
        let rig = Rig(names: ["alpha", "beta"], rows: 6, columns: 60)
        rig.feed(Self.command(1, lines: 1, status: 2), to: 1)
        #expect(rig.workspace.tabLabels[1].contains("✗2"), "\(rig.workspace.tabLabels)")
        rig.feed(Self.command(2, lines: 1, status: 0), to: 1)
        #expect(!rig.workspace.tabLabels[1].contains("✗"), "\(rig.workspace.tabLabels)")
        // The shown session's tab too, and its failure stays while it is shown again.
        rig.feed(Self.command(1, lines: 1, status: 1))
        #expect(rig.workspace.tabLabels[0] == "1:alpha*✗1", "\(rig.workspace.tabLabels)")
        rig.type("~n")
        rig.type("~p")
        #expect(rig.workspace.tabLabels[0] == "1:alpha*✗1")
        rig.feed("\u{1B}]133;A\u{07}$ " + Self.command(3, lines: 1))
        #expect(rig.workspace.tabLabels[0] == "1:alpha*")
    }
}
