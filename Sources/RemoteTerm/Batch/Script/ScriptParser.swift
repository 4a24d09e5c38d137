import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermSSH

/// Turns script text into a `Script`, checking everything that can be checked without a
/// connection: step names, argument syntax, regexes, sizes, key names, escapes.
///
/// The language is line-based: one step per line, blanks between tokens, `#` to the end of
/// the line is a comment (unless inside a string or pattern), blank lines are ignored.
/// `expect-screen` is the only step that spans lines: the lines after it that start with
/// `|` (after optional indentation) are its expected screen lines. docs/script-format.md
/// describes every step.
///
/// Parsing stops at the first error: later errors are often consequences of the first
/// (an unterminated block, a missing size), and the run is refused either way.
package enum ScriptParser {
    /// Parses `text`; `file` names it in locations and messages, and `include` reads files
    /// beside it. `${env:NAME}` is filled in from `environment`.
    package static func parse(_ text: String, file: String, environment: [String: String] = [:]) throws(ScriptError)
        -> Script
    {
        var parser = LineParser(file: file, environment: environment)
        try parser.parseLines(of: text)
        return Script(steps: parser.steps)
    }

    /// How deep `include` may nest: deeper is a loop the cycle check did not name, or a mistake.
    static let includeDepth = 16

    /// The state carried from line to line (and into included files).
    private struct LineParser {
        var file: String
        let environment: [String: String]
        var steps: [ScriptStep] = []
        /// The screen's size at this point of the script: `size`, then each `resize`.
        var size = (rows: 24, columns: 80)
        /// The values captured so far, which `${NAME}` may use.
        var captured: Set<String> = []
        /// The files being read, the including ones first (for cycles).
        var including: [String] = []

        init(file: String, environment: [String: String]) {
            self.file = file
            self.environment = environment
        }

        mutating func parseLines(of text: String) throws(ScriptError) {
            // "\r\n" is a single Character, so CRLF (scripts written on Windows) must be
            // named as a separator of its own or its \r would end up in the last token.
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            var index = 0
            while index < lines.count {
                index = try parseLine(at: index, of: lines)
            }
        }

        /// `include FILE`: its steps here, read from beside the including file, with the same
        /// screen size and captured values; its own lines in its errors.
        private mutating func include(_ path: String, at location: ScriptLocation) throws(ScriptError) {
            let directory = (file as NSString).deletingLastPathComponent
            let resolved = path.hasPrefix("/") || directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
            let identity = (resolved as NSString).standardizingPath
            if including.contains(identity) || identity == (file as NSString).standardizingPath {
                throw ScriptError(location: location, message: "include \(path): it includes itself (through \(file))")
            }
            guard including.count < ScriptParser.includeDepth else {
                throw ScriptError(location: location, message: "include \(path): included more than \(ScriptParser.includeDepth) deep")
            }
            guard let data = FileManager.default.contents(atPath: resolved) else {
                throw ScriptError(
                    location: location, message: "include \(path): cannot read \(resolved): \(String(cString: strerror(errno)))")
            }
            let outer = file
            including.append((outer as NSString).standardizingPath)
            file = resolved
            defer {
                file = outer
                including.removeLast()
            }
            try parseLines(of: String(decoding: data, as: UTF8.self))
        }

        /// Parses the line at `index` (0-based) and returns the index of the next unread line.
        mutating func parseLine(at index: Int, of lines: [Substring]) throws(ScriptError) -> Int {
            let lineNumber = index + 1
            if let bar = ScreenBlock.barColumn(of: lines[index]) {
                throw ScriptError(
                    file: file, line: lineNumber, column: bar,
                    message: "screen line '|' outside an expect-screen block")
            }
            let tokens: [ScriptToken]
            do {
                tokens = try ScriptLexer.tokens(of: lines[index])
            } catch {
                throw ScriptError(file: file, line: lineNumber, column: error.column, message: error.message)
            }
            guard let keyword = tokens.first else { return index + 1 }
            guard case .word(let name) = keyword.value else {
                throw ScriptError(
                    file: file, line: lineNumber, column: keyword.column,
                    message: "expected a step name, not \(keyword.summary)")
            }
            var arguments = ScriptArgumentReader(
                file: file, line: lineNumber, keyword: keyword, step: name, arguments: Array(tokens.dropFirst()),
                environment: environment, captured: captured)
            let location = ScriptLocation(file: file, line: lineNumber, column: keyword.column)
            var nextLine = index + 1
            let kind: ScriptStep.Kind
            if name == "include" {
                let path = try arguments.text("a script file to include").text
                try arguments.finish()
                try include(path, at: location)
                return nextLine
            } else if name == "expect-screen" {
                let rows = try arguments.take(word: "rows") != nil ? arguments.word("a row range A-B", ScriptValues.rows) : nil
                try arguments.finish()
                let block = try ScreenBlock.read(after: index, of: lines, file: file, rows: rows)
                nextLine = block.nextLine
                kind = .expectScreen(lines: block.lines, rows: rows)
            } else {
                kind = try Self.kind(of: name, keyword: keyword, arguments: &arguments)
                try arguments.finish()
            }
            try checkOrder(of: kind, at: location)
            try checkFits(kind, at: location)
            if case .capture(let name, _, _) = kind { captured.insert(name) }
            let written = lines[index].trimmingCharacters(in: .whitespaces)
            steps.append(ScriptStep(location: location, kind: kind, text: Self.withoutComment(written, tokens: tokens)))
            return nextLine
        }

        /// The step as written, up to its last token (a comment after it left out).
        private static func withoutComment(_ line: String, tokens: [ScriptToken]) -> String {
            guard let last = tokens.last else { return line }
            let scalars = Array(line.unicodeScalars)
            let leading = scalars.prefix { $0 == " " || $0 == "\t" }.count
            let firstColumn = tokens[0].column - 1 - leading
            // Columns count the line as written, before it was trimmed.
            let start = max(0, firstColumn)
            let end = min(scalars.count, last.endColumn - 1 - leading)
            guard start < end else { return line }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<end])
            return String(text)
        }

        /// Rows and columns a step names must be on the screen as it is at that point (the
        /// declared `size`, then each `resize`), or the step could never pass.
        private mutating func checkFits(_ kind: ScriptStep.Kind, at location: ScriptLocation) throws(ScriptError) {
            func outside(_ what: String) -> ScriptError {
                ScriptError(
                    location: location,
                    message: "\(what) is outside the \(size.rows)x\(size.columns) screen (size and resize set it)")
            }
            switch kind {
            case .size(let rows, let columns), .resize(let rows, let columns):
                size = (rows, columns)
            case .expectScreen(let lines, let rows):
                let last = rows?.upperBound ?? lines.count
                if last > size.rows { throw outside(rows.map { "rows \($0.lowerBound)-\($0.upperBound)" } ?? "row \(last)") }
            case .expectCursor(let row, let column), .expectStyle(let row, let column, _):
                if row > size.rows || column > size.columns { throw outside("\(row),\(column)") }
            default:
                break
            }
        }

        /// `size` fixes the size the session opens with, so it must come before anything
        /// that touches the session; only `set` (and comments) may precede it.
        private func checkOrder(of kind: ScriptStep.Kind, at location: ScriptLocation) throws(ScriptError) {
            guard case .size = kind else { return }
            if let earlier = steps.first(where: { if case .setTimeout = $0.kind { false } else { true } }) {
                let what = if case .size = earlier.kind { "another 'size'" } else { "other steps" }
                throw ScriptError(
                    location: location,
                    message: "'size' must come before \(what) (first step at line \(earlier.location.line)); "
                        + "the size is fixed when the session opens, use 'resize' later")
            }
        }

        /// The single-line steps.
        private static func kind(
            of name: String, keyword: ScriptToken, arguments: inout ScriptArgumentReader
        ) throws(ScriptError) -> ScriptStep.Kind {
            switch name {
            case "size":
                let size = try arguments.word("a size ROWSxCOLS", ScriptValues.size)
                return .size(rows: size.rows, columns: size.columns)
            case "set":
                let setting = try arguments.text("a setting name (timeout)")
                guard setting.text == "timeout" else {
                    throw arguments.error(at: setting.column, "unknown setting '\(setting.text)': the only setting is timeout")
                }
                return .setTimeout(seconds: try positiveDuration(&arguments, "a timeout such as 5s"))
            case "type":
                return .type(try arguments.sendText())
            case "key":
                let (name, column) = try arguments.text("a key name such as Enter, Ctrl+C, F5")
                do {
                    return .key(try KeyEvent(name: name))
                } catch {
                    throw arguments.error(at: column, "bad key name: \(error)")
                }
            case "click":
                return .click(label: try arguments.text("a key-bar label").text)
            case "paste":
                return .paste(try arguments.sendText())
            case "capture":
                let name = try arguments.word("a name for the value (letters, digits, _)") { text in
                    ScriptReference.isName(text)
                        ? .success(text) : .failure(ScriptValues.Message("bad name '\(text)': letters, digits and _, not first a digit"))
                }
                let pattern = try arguments.pattern()
                var timeout: Double?
                if arguments.take(word: "timeout") != nil {
                    timeout = try positiveDuration(&arguments, "a timeout such as 10s")
                }
                return .capture(name: name, pattern: pattern, timeout: timeout)
            case "wait":
                let pattern = try arguments.pattern()
                var timeout: Double?
                if arguments.take(word: "timeout") != nil {
                    timeout = try positiveDuration(&arguments, "a timeout such as 10s")
                }
                return .wait(pattern, timeout: timeout)
            case "not":
                return .not(try arguments.pattern())
            case "expect-cursor":
                let cursor = try arguments.word("a position ROW,COL", ScriptValues.cursor)
                return .expectCursor(row: cursor.row, column: cursor.column)
            case "expect-title":
                let bytes = try arguments.string()
                guard let title = String(validating: bytes, as: UTF8.self) else {
                    throw arguments.error(at: keyword.endColumn + 1, "the title must be valid UTF-8")
                }
                return .expectTitle(title)
            case "resize":
                let size = try arguments.word("a size ROWSxCOLS", ScriptValues.size)
                return .resize(rows: size.rows, columns: size.columns)
            case "sleep":
                return .sleep(seconds: try arguments.word("a duration such as 200ms", ScriptValues.seconds))
            case "snapshot":
                let name = try arguments.word("a snapshot name", ScriptValues.snapshotName)
                var masks: [ScriptPattern] = []
                while arguments.take(word: "mask") != nil { masks.append(try arguments.pattern()) }
                return .snapshot(name: name, masks: masks)
            case "expect-exit":
                return .expectExit(code: try arguments.word("an exit code 0-255", ScriptValues.exitCode))
            case "wait-prompt":
                // `timeout` may be left out: `wait-prompt 5s` reads as `wait-prompt timeout 5s`.
                var timeout: Double?
                if arguments.take(word: "timeout") != nil || !arguments.isAtEnd {
                    timeout = try positiveDuration(&arguments, "a timeout such as 10s")
                }
                return .waitPrompt(timeout: timeout)
            case "expect-status":
                let code = try arguments.word("a command's status 0-255") { text in
                    ScriptValues.exitCode(text).mapError { _ in
                        ScriptValues.Message("bad status '\(text)': expected a number from 0 to 255")
                    }
                }
                return .expectStatus(code: code)
            case "wait-idle":
                let seconds = try positiveDuration(&arguments, "a quiet time such as 500ms")
                var timeout: Double?
                if arguments.take(word: "timeout") != nil {
                    timeout = try positiveDuration(&arguments, "a timeout such as 10s")
                }
                return .waitIdle(seconds: seconds, timeout: timeout)
            case "expect-style":
                let cell = try arguments.word("a position ROW,COL", ScriptValues.cursor)
                var style = ExpectedStyle()
                while !arguments.isAtEnd {
                    let (word, column) = try arguments.text("fg=COLOUR, bg=COLOUR or an attribute")
                    if word.hasPrefix("fg=") || word.hasPrefix("bg=") {
                        guard let color = ExpectedStyle.color(String(word.dropFirst(3))) else {
                            throw arguments.error(
                                at: column,
                                "bad colour '\(word.dropFirst(3))': expected default, 0-255, a colour name (red, bright-blue) or #rrggbb")
                        }
                        if word.hasPrefix("fg=") { style.foreground = color } else { style.background = color }
                    } else if ExpectedStyle.attributeNames.contains(word) {
                        style.on.append(word)
                    } else if word.hasPrefix("no-"), ExpectedStyle.attributeNames.contains(String(word.dropFirst(3))) {
                        style.off.append(String(word.dropFirst(3)))
                    } else {
                        throw arguments.error(
                            at: column,
                            "unknown style '\(word)': expected fg=…, bg=… or \(ExpectedStyle.attributeNames.joined(separator: ", ")) (no-… for off)")
                    }
                }
                return .expectStyle(row: cell.row, column: cell.column, style: style)
            case "put", "get":
                let first = try arguments.text(name == "put" ? "a local file" : "a remote file").text
                let second = try arguments.text(name == "put" ? "a remote path" : "a local path").text
                var timeout: Double?
                if arguments.take(word: "timeout") != nil {
                    timeout = try positiveDuration(&arguments, "a timeout such as 60s")
                }
                let request = name == "put"
                    ? FileTransferRequest(.upload, local: first, remote: second)
                    : FileTransferRequest(.download, local: second, remote: first)
                return .transfer(request, timeout: timeout)
            case "expect-disconnect", "reconnect":
                var timeout: Double?
                if arguments.take(word: "timeout") != nil {
                    timeout = try positiveDuration(&arguments, "a timeout such as 30s")
                }
                return name == "reconnect" ? .reconnect(timeout: timeout) : .expectDisconnect(timeout: timeout)
            default:
                throw arguments.error(at: keyword.column, "unknown step '\(name)': expected one of \(stepNames.joined(separator: ", "))")
            }
        }

        /// A duration that must be more than zero: a zero timeout could never succeed.
        private static func positiveDuration(
            _ arguments: inout ScriptArgumentReader, _ expected: String
        ) throws(ScriptError) -> Double {
            let seconds = try arguments.word(expected) { text in
                ScriptValues.seconds(text).flatMap { seconds in
                    seconds > 0 ? .success(seconds) : .failure(ScriptValues.Message("timeout '\(text)' must be more than zero"))
                }
            }
            return seconds
        }
    }

    /// Every step name, for the unknown-step message.
    static let stepNames = [
        "size", "set", "type", "key", "click", "paste", "wait", "not", "expect-screen", "expect-cursor",
        "expect-title", "resize", "sleep", "snapshot", "expect-exit", "expect-disconnect", "reconnect", "wait-idle",
        "expect-style", "capture", "include", "put", "get", "wait-prompt", "expect-status",
    ]
}
