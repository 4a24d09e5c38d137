import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// One session an agent opened: the session, the front's decisions for its keys and clicks
/// (`HeadlessFront`, as a script's), and how it reads to the agent.
final class MCPSession {
    let id: String
    let label: String
    let session: Session
    var front: HeadlessFront

    init(id: String, label: String, session: Session, bar: KeyBar) {
        self.id = id
        self.label = label
        self.session = session
        front = HeadlessFront(bar: bar)
    }

    var terminal: Terminal { session.terminal }

    /// The screen as the front's controller sees it: the whole session, the bar below it.
    func view(now: UInt64) -> FrontView { FrontView(terminal: terminal, now: now) }

    /// The screen as text, rows `range` (1-based) or all: each row without its trailing
    /// blanks, and the whole screen without its empty rows at the bottom (the cursor says
    /// where it is). Cells hold no control character (the engine interprets them all); the
    /// characters that reorder or hide text (bidirectional controls, tag characters) are
    /// made visible for the agent (`InertText.forAgent`); a wide character is one character.
    func text(rows range: ClosedRange<Int>? = nil) -> String {
        var lines = Self.slice(TextRenderer.lines(of: terminal), range)
        if range == nil { while lines.last?.isEmpty == true { lines.removeLast() } }
        return InertText.forAgent(lines.joined(separator: "\n"), keepingNewlines: true)
    }

    /// The screen with its colours and attributes as SGR sequences (rterm's own, never the
    /// remote's bytes), rows `range` or all; what reorders or hides text made visible. As
    /// `text`: the whole screen without its empty rows at the bottom, no newline after the last.
    func ansi(rows range: ClosedRange<Int>? = nil) -> String {
        // One line per row, each ending with a newline; a row of default blanks is empty.
        var lines = ANSIRenderer.text(of: terminal).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
        lines = Self.slice(lines, range)
        if range == nil { while lines.last?.isEmpty == true { lines.removeLast() } }
        return InertText.forAgentKeepingControls(lines.joined(separator: "\n"))
    }

    /// The rows that scrolled off the top of the screen, oldest first, as `text` writes rows:
    /// the last `count` of them, or all the scrollback holds. With the number returned.
    func scrollback(last count: Int?) -> (text: String, lines: Int) {
        let end = terminal.screenTopLineNumber
        let start = max(terminal.oldestLineNumber, count.map { end - $0 } ?? terminal.oldestLineNumber)
        let rows = (start..<max(start, end)).compactMap { terminal.line(number: $0) }
            .map { TextRenderer.text(ofCells: $0.cells[...], extras: $0.extras) }
        return (InertText.forAgent(rows.joined(separator: "\n"), keepingNewlines: true), rows.count)
    }

    private static func slice(_ lines: [String], _ range: ClosedRange<Int>?) -> [String] {
        guard let range else { return lines }
        let first = max(0, range.lowerBound - 1)
        let last = min(lines.count, range.upperBound)
        return first < last ? Array(lines[first..<last]) : []
    }

    /// Whether `pattern` matches the screen as scripts read it.
    func matches(_ pattern: ScriptPattern) -> Bool {
        ScriptScreen.firstGroup(of: pattern, in: terminal) != nil
    }

    /// Whether anything is on the screen yet.
    var hasDrawn: Bool { TextRenderer.lines(of: terminal).contains { !$0.isEmpty } || terminal.cursorColumn > 0 }

    /// `connecting`, `live`, `reconnecting` or `ended`.
    var state: String {
        if session.ending != nil { return "ended" }
        if session.reconnection != nil { return "reconnecting" }
        return session.state == .connecting ? "connecting" : "live"
    }

    /// The window title, inert.
    var title: String { InertText.forAgent(terminal.title) }
}
