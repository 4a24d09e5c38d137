import RemoteTermEngine

/// Reader mode's output: the remote's screen as plain lines for a console screen reader or a
/// braille display (speakup, fenrir, brltty, Orca on a terminal), which follow what is written
/// to the terminal line by line. Pure: the terminal and the clock come in, bytes to write come
/// out; only text, CR, LF, blanks and backspaces, never an escape sequence.
///
/// On the main screen the transcript is a teletype:
/// - every line is written once, in order, when it is complete (the cursor has left it: a
///   line feed, or it scrolled off); a soft-wrapped line runs on into the next;
/// - the line the cursor is on is written as it grows (a prompt, the echo of what is typed);
/// - a line rewritten in place (a progress counter, a prompt being edited) is written again,
///   over itself after a CR, only once it has settled (`settleDelay` unchanged), and at most
///   once per `rewriteInterval`;
/// - the local cursor is moved back (backspaces) to the remote's cursor on that line.
///
/// A full-screen program (the alternate screen) gets one line naming it and its size; what
/// changes there is summarised, the changed rows as text, at most a screenful per
/// `summaryInterval`, once the screen has been still for a moment; one line says when it ends.
///
/// rterm's own words (a question, a notice, a lost link) are written as lines of their own.
package struct ReaderTranscript: Sendable {
    /// How long a rewritten line must stay unchanged before it is written again.
    package static let settleDelay: UInt64 = 400_000_000
    /// The least time between two writes of the same line.
    package static let rewriteInterval: UInt64 = 1_000_000_000
    /// The least time between two summaries of a full screen.
    package static let summaryInterval: UInt64 = 1_000_000_000
    /// How long a full screen must be still before it is summarised (unless it never is).
    package static let stillDelay: UInt64 = 150_000_000

    /// What the transcript reads at a moment.
    package struct View {
        /// The shown session's terminal.
        package var terminal: Terminal
        /// The program running, when something names it (the key set's rule), for the line
        /// that announces a full screen.
        package var programName: String?
        /// rterm's own line (a question, a notice, the lost link), nil when it says nothing.
        package var message: String?

        /// A view.
        package init(terminal: Terminal, programName: String? = nil, message: String? = nil) {
            self.terminal = terminal
            self.programName = programName
            self.message = message
        }
    }

    /// The first line not completely written (a stable line number), nil before the first look.
    private var nextLine: Int?
    /// What is written of that line so far, on the local terminal's current line.
    private var written: [String] = []
    /// Characters of `written` left of the local cursor (backspaces moved it back).
    private var localColumn = 0
    /// The current line as last seen, and when it last changed.
    private var seen: [String] = []
    private var seenChangedAt: UInt64 = 0
    /// When the current line was last written over itself.
    private var lastRewrite: UInt64?
    /// A full screen being followed.
    private var fullScreen: FullScreen?
    /// rterm's last line written (its digits left out: a countdown is not news), and when.
    private var lastMessage: String?

    private struct FullScreen {
        /// The rows as last summarised, and as last seen.
        var rows: [String]
        var seenRows: [String]
        var summarisedAt: UInt64
        var changedAt: UInt64
        var firstUnsummarisedChange: UInt64?
        var name: String
    }

    /// A transcript that starts with what is on the screen at the first look.
    package init() {}

    /// The bytes to write for `view` at `now`.
    package mutating func update(_ view: View, now: UInt64) -> [UInt8] {
        var out = Output()
        say(view.message, into: &out)
        let terminal = view.terminal
        if terminal.isAlternateScreenActive {
            if fullScreen == nil { enterFullScreen(terminal, name: view.programName, now: now, into: &out) }
            followFullScreen(terminal, now: now, into: &out)
        } else {
            if let ended = fullScreen {
                fullScreen = nil
                out.line("[\(ended.name) ended]")
            }
            followLines(terminal, now: now, into: &out)
        }
        return out.bytes
    }

    /// When the transcript may have something to write without new output (a line settling,
    /// a summary due), or nil.
    package func nextDeadline() -> UInt64? {
        if let fullScreen, let first = fullScreen.firstUnsummarisedChange {
            let still = fullScreen.changedAt &+ Self.stillDelay
            let forced = first &+ 2 * Self.summaryInterval
            return max(min(still, forced), fullScreen.summarisedAt &+ Self.summaryInterval)
        }
        // Only a line rewritten in place waits for anything (what grows is written at once).
        guard !seen.starts(with: written) else { return nil }
        let settled = seenChangedAt &+ Self.settleDelay
        return max(settled, (lastRewrite ?? 0) &+ Self.rewriteInterval)
    }

    // MARK: - The main screen

    private mutating func followLines(_ terminal: Terminal, now: UInt64, into out: inout Output) {
        let cursorLine = terminal.screenTopLineNumber + terminal.cursorRow
        completeLines(terminal, upTo: cursorLine, into: &out) { terminal.line(number: $0) }
        followCurrentLine(terminal, cursorLine, now: now, into: &out)
    }

    /// Writes the lines before `end` not written yet, each once (through `lineAt`).
    private mutating func completeLines(
        _ terminal: Terminal, upTo cursorLine: Int, into out: inout Output, lineAt: (Int) -> TerminalLine?
    ) {
        if nextLine == nil { nextLine = terminal.screenTopLineNumber }
        guard var line = nextLine else { return }
        if line < terminal.oldestLineNumber {
            // More came at once than the scrollback holds.
            finishLocalLine(into: &out)
            out.line("[\(terminal.oldestLineNumber - line) lines not read: they came faster than they could be kept]")
            line = terminal.oldestLineNumber
        }
        if cursorLine < line {
            // The screen was cleared or redrawn above what was written: start again there.
            finishLocalLine(into: &out)
            line = cursorLine
        }
        // The complete lines: each once.
        while line < cursorLine, let text = lineAt(line) {
            let cells = Self.characters(text, trimmed: !text.isWrapped)
            moveToEnd(into: &out)
            if cells.starts(with: written) {
                out.text(cells[written.count...].joined())
            } else {
                out.rewrite(cells, over: written.count)
            }
            if text.isWrapped {
                // The same logical line goes on: its next row follows without a newline.
                written = []
            } else {
                out.newline()
                written = []
            }
            localColumn = 0
            line += 1
            seen = []
            lastRewrite = nil
        }
        nextLine = line
    }

    /// The line the cursor is on: written as it grows, again once it settles.
    private mutating func followCurrentLine(_ terminal: Terminal, _ cursorLine: Int, now: UInt64, into out: inout Output) {
        guard let current = terminal.line(number: cursorLine) else { return }
        // Blanks count up to the cursor (a prompt's last blank), not after it.
        var cells = Self.characters(current, trimmed: true)
        let cursor = min(terminal.cursorColumn, terminal.columns)
        if cells.count < cursor { cells += Array(repeating: " ", count: cursor - cells.count) }
        if cells != seen {
            seen = cells
            seenChangedAt = now
        }
        if cells.starts(with: written) {
            if cells.count > written.count {
                moveToEnd(into: &out)
                out.text(cells[written.count...].joined())
                written = cells
                localColumn = cells.count
            }
        } else if now &- seenChangedAt >= Self.settleDelay, now >= (lastRewrite ?? 0) &+ Self.rewriteInterval
            || lastRewrite == nil
        {
            out.rewrite(cells, over: written.count)
            written = cells
            localColumn = cells.count
            lastRewrite = now
        }
        // The local cursor where the remote's is, within what was written.
        let target = min(terminal.cursorColumn, written.count)
        if written == cells, target < localColumn {
            out.backspaces(localColumn - target)
            localColumn = target
        } else if written == cells, target > localColumn {
            // Right again: over the same characters.
            out.text(written[localColumn..<target].joined())
            localColumn = target
        }
    }

    /// Ends the local line if something is written on it.
    private mutating func finishLocalLine(into out: inout Output) {
        if !written.isEmpty { out.newline() }
        written = []
        localColumn = 0
        seen = []
    }

    /// Moves the local cursor back to the end of what is written (after backspaces).
    private mutating func moveToEnd(into out: inout Output) {
        if localColumn < written.count { out.text(written[localColumn...].joined()) }
        localColumn = written.count
    }

    // MARK: - Full screen

    private mutating func enterFullScreen(_ terminal: Terminal, name: String?, now: UInt64, into out: inout Output) {
        // What the shell wrote before (the command line) first: the main screen's lines up
        // to its last one with text, as complete.
        let top = terminal.screenTopLineNumber
        let used = (0..<terminal.rows).last { row in
            terminal.mainScreenLine(number: top + row).map { !Self.characters($0, trimmed: true).isEmpty } ?? false
        }
        if let used { completeLines(terminal, upTo: top + used + 1, into: &out) { terminal.mainScreenLine(number: $0) } }
        finishLocalLine(into: &out)
        // Said as a screen reader reads it well: words, not `24x80`.
        out.line("[\(name.map { $0 + ": " } ?? "")full screen, \(terminal.rows) rows by \(terminal.columns) columns]")
        fullScreen = FullScreen(
            rows: Array(repeating: "", count: terminal.rows), seenRows: [], summarisedAt: 0, changedAt: now,
            firstUnsummarisedChange: now, name: name ?? "the full-screen program")
    }

    private mutating func followFullScreen(_ terminal: Terminal, now: UInt64, into out: inout Output) {
        guard var screen = fullScreen else { return }
        let rows = (0..<terminal.rows).map { row in
            terminal.line(number: terminal.screenTopLineNumber + row).map { Self.characters($0, trimmed: true).joined() }
                ?? ""
        }
        if rows != screen.seenRows {
            screen.seenRows = rows
            screen.changedAt = now
            if rows != screen.rows, screen.firstUnsummarisedChange == nil { screen.firstUnsummarisedChange = now }
        }
        if let first = screen.firstUnsummarisedChange, now >= screen.summarisedAt &+ Self.summaryInterval,
            now &- screen.changedAt >= Self.stillDelay || now &- first >= 2 * Self.summaryInterval
        {
            var previous = screen.rows
            if previous.count != rows.count { previous = Array(repeating: "", count: rows.count) }
            for row in rows.indices where rows[row] != previous[row] && !rows[row].isEmpty {
                out.line(rows[row])
            }
            screen.rows = rows
            screen.summarisedAt = now
            screen.firstUnsummarisedChange = nil
        }
        fullScreen = screen
    }

    // MARK: - rterm's own words

    /// rterm says `text` now (the bar's keys read out, what a number sent): a line of its own.
    package mutating func announce(_ text: String) -> [UInt8] {
        var out = Output()
        finishLocalLine(into: &out)
        out.line("[rterm] " + InertText.make(text))
        return out.bytes
    }

    private mutating func say(_ message: String?, into out: inout Output) {
        let key = message.map { String($0.unicodeScalars.filter { !("0"..."9").contains($0) }) }
        guard key != lastMessage else { return }
        lastMessage = key
        guard let message, !message.isEmpty else { return }
        finishLocalLine(into: &out)
        // The bar's row may carry a server's text (a notice, an ended line): inert here too,
        // written as it is to the user's terminal.
        out.line("[rterm] " + InertText.make(message.trimmingBlanks()))
    }

    // MARK: - Text

    /// A line's characters, one per column that starts one (a wide character's second cell
    /// is skipped, an empty cell is a blank), anything a terminal would act on left out;
    /// trailing blanks cut when `trimmed`.
    static func characters(_ line: TerminalLine, trimmed: Bool) -> [String] {
        var result: [String] = []
        result.reserveCapacity(line.cells.count)
        for column in line.cells.indices where !line.cells[column].attributes.contains(.wideContinuation) {
            let text = line.text(at: column)
            let safe = String(String.UnicodeScalarView(text.unicodeScalars.filter { !InertText.isActive($0) }))
            result.append(safe.isEmpty ? " " : safe)
        }
        if trimmed { while result.last == " " { result.removeLast() } }
        return result
    }

    /// Bytes being put together.
    struct Output {
        var bytes: [UInt8] = []

        mutating func text(_ text: String) { bytes += Array(text.utf8) }
        mutating func newline() { bytes += [0x0D, 0x0A] }
        mutating func line(_ text: String) {
            self.text(text)
            newline()
        }
        /// `cells` over a local line that holds `old` characters: CR, the text, and blanks
        /// over what is left of the old one (then back to the end of the new).
        mutating func rewrite(_ cells: [String], over old: Int) {
            bytes.append(0x0D)
            text(cells.joined())
            if old > cells.count {
                bytes += Array(repeating: 0x20, count: old - cells.count)
                backspaces(old - cells.count)
            }
        }
        mutating func backspaces(_ count: Int) { bytes += Array(repeating: 0x08, count: count) }
    }
}

extension String {
    /// Without blanks at either end.
    func trimmingBlanks() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
