import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermSSH

/// A parsed `rterm script` file: the steps in source order, each with where it was written,
/// so a failing step can be reported as `file:line:column`. The language is described in
/// docs/script-format.md; `ScriptParser` builds this from text.
package struct Script: Equatable, Sendable {
    /// The steps in the order they run.
    package var steps: [ScriptStep]

    /// A script of the given steps.
    package init(steps: [ScriptStep]) {
        self.steps = steps
    }

    /// The screen the session starts with: the last `size` step's, else 24×80 (the size is
    /// asked for with the pseudo-terminal, before any step runs).
    package var screenSize: (rows: Int, columns: Int) {
        var size = (rows: 24, columns: 80)
        for step in steps {
            if case .size(let rows, let columns) = step.kind { size = (rows, columns) }
        }
        return size
    }

    /// Parses script text; see `ScriptParser.parse(_:file:environment:)`.
    package init(parsing text: String, file: String, environment: [String: String] = [:]) throws(ScriptError) {
        self = try ScriptParser.parse(text, file: file, environment: environment)
    }
}

/// Where something was written in a script: 1-based line and column. Columns count
/// Unicode scalars, so a non-ASCII character before the error counts as one.
package struct ScriptLocation: Hashable, Sendable, CustomStringConvertible {
    /// The script's path as given to the parser.
    package var file: String
    /// 1-based line number.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers use, so editors can jump to it.
    package var description: String { "\(file):\(line):\(column)" }
}

/// One step of a script and where it was written.
package struct ScriptStep: Equatable, Sendable {
    /// The step's keyword position (the first column of `wait`, `type`…).
    package var location: ScriptLocation
    /// What the step does.
    package var kind: Kind
    /// The step as written (without its comment), for the trace.
    package var text: String

    package init(location: ScriptLocation, kind: Kind, text: String = "") {
        self.location = location
        self.kind = kind
        self.text = text
    }

    /// What a step does. Rows and columns are 1-based everywhere, as people count them on screen.
    package enum Kind: Equatable, Sendable {
        /// `size ROWSxCOLS`: the terminal size to connect with. Only before any other step
        /// except `set`, since the size is fixed when the session opens.
        case size(rows: Int, columns: Int)
        /// `set timeout 5s`: the default timeout of `wait` and `expect-exit` from here on.
        case setTimeout(seconds: Double)
        /// `type "text"`: send the bytes as typed input.
        case type(ScriptText)
        /// `key NAME`: press a key, encoded for the remote's current modes.
        case key(KeyEvent)
        /// `click LABEL`: press the key-bar button with this label.
        case click(label: String)
        /// `paste "text"`: paste the bytes (bracketed when the remote asked for it).
        case paste(ScriptText)
        /// `wait /regex/ [timeout 10s]`: until the rendered screen matches; nil timeout means
        /// the one from `set timeout`.
        case wait(ScriptPattern, timeout: Double?)
        /// `not /regex/`: the rendered screen must not match now.
        case not(ScriptPattern)
        /// `expect-screen [rows A-B]` and its `| ` lines: the screen (or those rows) must
        /// read exactly these lines. nil rows means the whole screen.
        case expectScreen(lines: [String], rows: ClosedRange<Int>?)
        /// `expect-cursor ROW,COL`: where the cursor must be.
        case expectCursor(row: Int, column: Int)
        /// `expect-title "…"`: the window title the remote set.
        case expectTitle(String)
        /// `resize ROWSxCOLS`: change the size and send window-change.
        case resize(rows: Int, columns: Int)
        /// `sleep 200ms`: pause.
        case sleep(seconds: Double)
        /// `snapshot NAME [mask /re/ …]`: write the screen as text, ANSI and SVG under this
        /// name, and compare it with `NAME.golden.txt` when there is one (each mask's matches
        /// blanked on both sides).
        case snapshot(name: String, masks: [ScriptPattern])
        /// `capture NAME /re(group)/ [timeout 10s]`: wait for the pattern, then keep its first
        /// group (the whole match without one) as `${NAME}` for the steps after.
        case capture(name: String, pattern: ScriptPattern, timeout: Double?)
        /// `expect-exit CODE`: wait for the session to end with this exit status.
        case expectExit(code: Int)
        /// `expect-disconnect [timeout 30s]`: wait for the link to be lost (any other lost
        /// link fails the script with 255); the screen stays until `reconnect`.
        case expectDisconnect(timeout: Double?)
        /// `reconnect [timeout 30s]`: connect again (retrying until the timeout while the
        /// network is down, never after a refusal) and go on with the same screen.
        case reconnect(timeout: Double?)
        /// `wait-idle 500ms [timeout 10s]`: until the screen has not changed for that long
        /// (for programs with no marker to wait for).
        case waitIdle(seconds: Double, timeout: Double?)
        /// `expect-style ROW,COL [fg=…] [bg=…] [bold] [no-italic] …`: one cell's colours and
        /// attributes.
        case expectStyle(row: Int, column: Int, style: ExpectedStyle)
        /// `wait-prompt [timeout 10s]`: until the shell is back at its prompt (its OSC 133
        /// marks say so), at a prompt that began after the last input the script sent.
        case waitPrompt(timeout: Double?)
        /// `expect-status N`: once the shell is back at its prompt (as `wait-prompt`), its
        /// last command finished with status N (`OSC 133 ; D ; N`).
        case expectStatus(code: Int)
        /// `put LOCAL REMOTE [timeout 60s]` and `get REMOTE LOCAL [timeout 60s]`: a file over
        /// the session's own connection (SFTP, beside the shell), until it arrived whole.
        case transfer(FileTransferRequest, timeout: Double?)
    }
}

extension Script {
    /// The first `click` whose label the key bar does not have (on any page, long or short
    /// label), as an error at that step: found before connecting, not halfway through a run.
    package func unknownClick(on bar: KeyBar) -> ScriptError? {
        let labels = Set(bar.items.flatMap { [$0.label] + ($0.shortLabel.map { [$0] } ?? []) })
        for step in steps {
            guard case .click(let label) = step.kind, !labels.contains(label) else { continue }
            let known = bar.items.map(\.label).joined(separator: " ")
            return ScriptError(
                location: step.location, message: "there is no button '\(label)' on the key bar (it has: \(known))")
        }
        return nil
    }
}
