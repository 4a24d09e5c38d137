import RemoteTermEngine

/// Jumping between the shell's prompts in the history: `~[` and `~]`, then `[` and `]` while
/// the history is shown. The lines where prompts began come from the shell's OSC 133 marks
/// (`Terminal.shellPrompts`) by stable line number, so a jump lands on the same prompt however
/// much output arrived since, and the history shows that prompt on its top row: the command
/// and its output below it, as the wheel would have shown them.
extension FrontController {
    /// What the bar row says when the shell marks no prompts: where to read how to set them
    /// up (one short line, as it must fit the row).
    package static let noPromptMarks = "no prompt marks: see docs/ssh.md, Prompt marks"

    /// Shows the history from the prompt before the top row shown (`previous`), or after it;
    /// past the last prompt above the live screen, the live screen. Returns what to draw.
    package mutating func jumpToPrompt(previous: Bool, view: FrontView, now: UInt64) -> [FrontAction] {
        let terminal = view.terminal
        let prompts = terminal.shellPrompts
        guard !prompts.lines.isEmpty else {
            showNotice(Self.noPromptMarks, now: now)
            return [.redraw]
        }
        let live = terminal.screenTopLineNumber
        let top = FrameComposer.firstLine(of: terminal, topLine: historyTop)
        if previous {
            guard let line = prompts.prompt(before: top, oldest: terminal.oldestLineNumber) else {
                showNotice("no earlier prompt in the history", now: now)
                return [.redraw]
            }
            mode = .history(top: line)
            return [.redraw]
        }
        guard historyTop != nil else {
            showNotice("no later prompt: this is the live screen", now: now)
            return [.redraw]
        }
        // A prompt on the live screen cannot be brought to the top row: the live screen shows it.
        if let line = prompts.prompt(after: top), line < live {
            mode = .history(top: line)
        } else {
            mode = .live
        }
        return [.redraw]
    }

    /// Whether `typed` in the history jumps to a prompt: a plain `[` or `]`, when the shell
    /// marks its prompts (else it only returns to the live screen, as any key does).
    static func isPromptJump(_ typed: KeyEvent, view: FrontView) -> Bool {
        guard typed.modifiers.isEmpty, case .character(let scalar) = typed.key, scalar == "[" || scalar == "]" else {
            return false
        }
        return !view.terminal.shellPrompts.lines.isEmpty
    }
}
