import RemoteTermCore
import RemoteTermFront

/// Reads the arguments of one step in order and turns every problem into a `ScriptError`
/// pointing at the offending token, or just past the line's end when one is missing.
struct ScriptArgumentReader {
    let file: String
    let line: Int
    /// The step keyword as written, for messages (`'wait' needs …`).
    let step: String
    private let tokens: [ScriptToken]
    private var position = 0
    /// Where `${env:NAME}` is read from.
    let environment: [String: String]
    /// The values captured by earlier steps, which `${NAME}` may use.
    let captured: Set<String>
    /// Where a missing argument is reported: just past the last token of the line.
    private let endColumn: Int

    init(
        file: String, line: Int, keyword: ScriptToken, step: String, arguments: [ScriptToken],
        environment: [String: String] = [:], captured: Set<String> = []
    ) {
        self.environment = environment
        self.captured = captured
        self.file = file
        self.line = line
        self.step = step
        self.tokens = arguments
        self.endColumn = arguments.last?.endColumn ?? keyword.endColumn
    }

    var isAtEnd: Bool { position == tokens.count }

    /// The next token if it is the bare word `word` (case-insensitive), consumed; else nil.
    mutating func take(word: String) -> ScriptToken? {
        guard position < tokens.count, case .word(let text) = tokens[position].value,
            text.lowercased() == word
        else { return nil }
        position += 1
        return tokens[position - 1]
    }

    /// The next token, which must exist; `expected` names it in the message ("a pattern /…/").
    mutating func next(_ expected: String) throws(ScriptError) -> ScriptToken {
        guard position < tokens.count else { throw error(at: endColumn, "'\(step)' needs \(expected)") }
        position += 1
        return tokens[position - 1]
    }

    /// A bare word, parsed by `convert` (one of the `ScriptValues` parsers).
    mutating func word<Value>(
        _ expected: String, _ convert: (String) -> Result<Value, ScriptValues.Message> = { .success($0) }
    ) throws(ScriptError) -> Value {
        let token = try next(expected)
        guard case .word(let text) = token.value else {
            throw error(at: token.column, "'\(step)' expects \(expected), not \(token.summary)")
        }
        switch convert(text) {
        case .success(let value): return value
        case .failure(let message): throw error(at: token.column, message.text)
        }
    }

    /// A quoted string's bytes, `${env:NAME}` filled in; a captured value is refused (it is
    /// for `type`, `paste` and patterns).
    mutating func string(_ expected: String = "a quoted string \"…\"") throws(ScriptError) -> [UInt8] {
        let text = try sendText(expected, capturesAllowed: false)
        return text.literalBytes
    }

    /// A quoted string as text to send: `${env:NAME}` filled in, `${NAME}` kept for the run
    /// (a value some earlier step captures).
    mutating func sendText(
        _ expected: String = "a quoted string \"…\"", capturesAllowed: Bool = true
    ) throws(ScriptError) -> ScriptText {
        let token = try next(expected)
        guard case .string(let pieces) = token.value else {
            throw error(at: token.column, "'\(step)' expects \(expected), not \(token.summary)")
        }
        return try text(of: pieces, capturesAllowed: capturesAllowed)
    }

    /// A string's pieces as text, its references checked.
    private func text(of pieces: [ScriptToken.StringPiece], capturesAllowed: Bool) throws(ScriptError) -> ScriptText {
        var parts: [ScriptText.Part] = []
        for piece in pieces {
            switch piece {
            case .bytes(let bytes):
                parts.append(.bytes(bytes))
            case .reference(.environment(let name), let column):
                guard let value = environment[name] else {
                    throw error(at: column, "${env:\(name)}: \(name) is not set in the environment")
                }
                parts.append(.bytes(Array(value.utf8)))
            case .reference(.captured(let name), let column):
                guard capturesAllowed else {
                    throw error(at: column, "'\(step)' cannot use a captured value (${\(name)}): type, paste and patterns can")
                }
                try checkCaptured(name, at: column)
                parts.append(.captured(name))
            }
        }
        return ScriptText(parts: parts)
    }

    /// `${NAME}` must name a value an earlier step captures.
    private func checkCaptured(_ name: String, at column: Int) throws(ScriptError) {
        guard captured.contains(name) else {
            throw error(
                at: column,
                "${\(name)}: no earlier step captures \(name) (capture \(name) /…/ first; write \\${ for a dollar sign and a brace)")
        }
    }

    /// A word or a quoted string, as text: labels and names that may need spaces or `#`.
    mutating func text(_ expected: String) throws(ScriptError) -> (text: String, column: Int) {
        let token = try next(expected)
        switch token.value {
        case .word(let text):
            return (text, token.column)
        case .string(let pieces):
            let bytes = try text(of: pieces, capturesAllowed: false).literalBytes
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw error(at: token.column, "\(expected) must be valid UTF-8")
            }
            return (text, token.column)
        case .regex:
            throw error(at: token.column, "'\(step)' expects \(expected), not a pattern")
        }
    }

    /// A `/…/` pattern, compiled.
    mutating func pattern() throws(ScriptError) -> ScriptPattern {
        let expected = "a pattern /…/"
        let token = try next(expected)
        guard case .regex(let source) = token.value else {
            throw error(at: token.column, "'\(step)' expects \(expected), not \(token.summary)")
        }
        let pattern: ScriptPattern
        do {
            pattern = try ScriptPattern(source: source, environment: environment)
        } catch {
            throw self.error(at: token.column, error.reason ?? "bad regex /\(source)/: not a valid regular expression")
        }
        for name in pattern.capturedNames { try checkCaptured(name, at: token.column) }
        return pattern
    }

    /// Fails on anything left over, so a typo is not silently ignored.
    func finish() throws(ScriptError) {
        guard position < tokens.count else { return }
        let extra = tokens[position]
        throw error(at: extra.column, "unexpected \(extra.summary) after the arguments of '\(step)'")
    }

    func error(at column: Int, _ message: String) -> ScriptError {
        ScriptError(file: file, line: line, column: column, message: message)
    }
}
