import RemoteTermEngine

/// `run`: one command typed at a shell's prompt, then what it printed and how it ended, read
/// from the screen between where its output began and where it ended.
///
/// Those two places come from the prompt marks (OSC 133, `ShellPrompts`). A shell that sets
/// them (bash, zsh or fish set up as docs/ssh.md says, fish 4 by itself) marks them for any
/// command: rterm types the command alone. A shell that sets none gets rterm's marks on the
/// command line it types, as printf calls around the command, and the first of them also
/// writes the echoed line over with the command alone: the screen shows `$ echo hi`, then
/// `hi`, as if it had been typed, and neither the marks nor the printf calls are in what
/// `run` returns. That needs a POSIX shell's `printf` and `$?` (sh, bash, zsh, ksh; fish 3
/// has neither, fish 4 marks its own prompts).
struct MCPCommandRun {
    /// Where the start and end of the command's output are marked.
    enum Marks: Equatable {
        /// By the shell's own prompt marks.
        case shell
        /// By the marks rterm added to the command line.
        case rterm
    }

    let marks: Marks
    /// The shell's counts when the command was typed: marks after them are the command's.
    let promptsBefore: Int
    let startedBefore: Int
    let finishedBefore: Int
    /// Where the command line was typed: the cursor, just after the prompt.
    let typedAt: TextPosition
    /// The rows the echoed command line takes.
    let echoRows: Int
    /// What is typed: the command line and a carriage return.
    let keys: [UInt8]
    /// When the command's end mark came (rterm's marks: the prompt is drawn just after it).
    var finishedAt: UInt64?

    /// How long after rterm's end mark `run` waits for the prompt to be drawn again, at most.
    static let promptRedrawWait: UInt64 = 300_000_000

    /// A run of `command` at the prompt `terminal` shows, or why there is none to type it at.
    static func start(_ command: String, on terminal: Terminal) -> Result<MCPCommandRun, Refusal> {
        if terminal.isAlternateScreenActive {
            return .failure(
                Refusal(
                    "A full-screen program has the screen (the alternate screen is on; in a resume session, tmux): "
                        + "run types only at the session's own shell prompt. Use type and wait."))
        }
        let prompts = terminal.shellPrompts
        let marks: Marks = prompts.promptsBegun > 0 ? .shell : .rterm
        if marks == .shell, prompts.phase != .prompt {
            return .failure(
                Refusal("The shell is not at its prompt (its prompt marks say a command runs): wait for it, or key Ctrl+C."))
        }
        if marks == .rterm, !looksLikePrompt(terminal) {
            return .failure(
                Refusal(
                    "The session is not at a shell prompt, as far as the screen shows (the cursor's row does not end "
                        + "in $, #, % or ❯, and the shell sets no prompt marks): wait for it, or use type and wait."))
        }
        let typedAt = TextPosition(
            line: terminal.screenTopLineNumber + terminal.cursorRow, column: terminal.cursorColumn)
        let columns = terminal.columns
        // Rows the echo takes. A line that ends exactly at the right margin gets a space, so
        // that its Enter is the only move to the next row whatever the shell's editor does.
        func rows(_ line: String) -> (line: String, rows: Int) {
            let width = typedAt.column + line.unicodeScalars.reduce(0) { $0 + max(0, characterWidth($1.value)) }
            return width % columns == 0 && width > 0 ? (line + " ", width / columns + 1) : (line, width / columns + 1)
        }
        var typed: (line: String, rows: Int)
        switch marks {
        case .shell:
            typed = rows(command)
        case .rterm:
            // The echo's row count is part of the line that overwrites it: found by trying
            // until the count written gives a line of that many rows.
            var count = 1
            typed = rows(markedLine(command, echoRows: count, column: typedAt.column, rewrite: true))
            while typed.rows != count, count < 1000 {
                count = typed.rows
                typed = rows(markedLine(command, echoRows: count, column: typedAt.column, rewrite: true))
            }
            if typed.rows >= terminal.rows {
                // The echo would reach past the screen's top: kept as the shell wrote it.
                typed = rows(markedLine(command, echoRows: 0, column: 0, rewrite: false))
            }
        }
        return .success(
            MCPCommandRun(
                marks: marks, promptsBefore: prompts.promptsBegun, startedBefore: prompts.commandsStarted,
                finishedBefore: prompts.commandsFinished, typedAt: typedAt, echoRows: typed.rows,
                keys: Array((typed.line + "\r").utf8)))
    }

    /// Why `run` types nothing.
    struct Refusal: Error {
        let sentence: String
        init(_ sentence: String) { self.sentence = sentence }
    }

    /// The command line with rterm's marks: a leading space (kept out of the history where
    /// the shell ignores such lines, as Debian's bash does), a printf that moves back over the
    /// echo, writes the command alone and marks where its output starts (OSC 133 `C`), the
    /// command, and a printf that marks its end with its status (`D`). The command goes to
    /// printf as a single-quoted argument, so nothing in it is interpreted twice.
    static func markedLine(_ command: String, echoRows: Int, column: Int, rewrite: Bool) -> String {
        var trimmed = Substring(command)
        while trimmed.last == " " { trimmed.removeLast() }
        // `cmd;` and `cmd &` must not be followed by another `;`.
        if trimmed.last == ";" { trimmed.removeLast() }
        let background = trimmed.hasSuffix("&") && !trimmed.hasSuffix("&&")
        let start =
            rewrite
            ? "printf '\\033[%dA\\033[%dG\\033[J%s\\r\\n\\033]133;C\\007' \(echoRows) \(column + 1) \(singleQuoted(String(trimmed)))"
            : "printf '\\033]133;C\\007'"
        return " \(start); \(trimmed)\(background ? " " : "; ")printf '\\033]133;D;%s\\007' \"$?\""
    }

    /// `text` as one single-quoted shell word.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether the cursor's row looks like a shell prompt: what is left of the cursor ends in
    /// `$`, `#`, `%` or `❯`. Not `>`: the prompts that end in it are other programs' (Python's
    /// `>>>`, `mysql>`, a shell's continuation `> `), which rterm's printf lines would garble.
    static func looksLikePrompt(_ terminal: Terminal) -> Bool {
        guard let line = terminal.line(number: terminal.screenTopLineNumber + terminal.cursorRow) else { return false }
        let before = TextRenderer.text(
            ofCells: line.cells[..<min(terminal.cursorColumn, line.cells.count)], extras: line.extras)
        // The text is without its trailing blanks: `$ ` reads as `$`.
        guard let last = before.last else { return false }
        return "$#%❯".contains(last)
    }

    /// Whether the command has finished and the shell is back at its prompt.
    mutating func isFinished(_ terminal: Terminal, now: UInt64) -> Bool {
        let prompts = terminal.shellPrompts
        switch marks {
        case .shell:
            return prompts.promptsBegun > promptsBefore && prompts.phase == .prompt
        case .rterm:
            guard prompts.commandsFinished > finishedBefore else { return false }
            if finishedAt == nil { finishedAt = now }
            return Self.looksLikePrompt(terminal) || now &- (finishedAt ?? now) >= Self.promptRedrawWait
        }
    }

    /// The command's status, when its end was marked with one.
    func status(_ terminal: Terminal) -> Int? {
        terminal.shellPrompts.commandsFinished > finishedBefore ? terminal.shellPrompts.lastStatus : nil
    }

    /// What the command printed, as `screen` writes rows (a row wrapped onto the next is one
    /// line), as far as the history still holds it: from its start mark (or the row after its
    /// echo) to its end mark (or the next prompt; while it runs, the screen's last row).
    func output(_ terminal: Terminal) -> String {
        let prompts = terminal.shellPrompts
        var start = TextPosition(line: typedAt.line + echoRows, column: 0)
        if prompts.commandsStarted > startedBefore, let marked = prompts.outputStart, marked.line >= typedAt.line {
            start = marked
        }
        var end = TextPosition(line: terminal.endLineNumber - 1, column: terminal.columns)
        if prompts.commandsFinished > finishedBefore, let marked = prompts.outputEnd, marked.line >= start.line {
            end = marked
        } else if prompts.promptsBegun > promptsBefore, let prompt = prompts.lines.last, prompt >= start.line {
            end = TextPosition(line: prompt, column: 0)
        }
        var lines: [String] = []
        var current = ""
        var number = max(start.line, terminal.oldestLineNumber)
        while number <= end.line, let line = terminal.mainScreenLine(number: number) {
            let from = number == start.line ? min(start.column, line.cells.count) : 0
            let to = number == end.line ? min(end.column, line.cells.count) : line.cells.count
            if number == end.line, to == 0 { break }
            current += from < to ? TextRenderer.text(ofCells: line.cells[from..<to], extras: line.extras) : ""
            if !line.isWrapped || number == end.line {
                lines.append(current)
                current = ""
            }
            number += 1
        }
        if !current.isEmpty { lines.append(current) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return InertText.forAgent(lines.joined(separator: "\n"), keepingNewlines: true)
    }
}
