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
    /// Where a missing argument is reported: just past the last token of the line.
    private let endColumn: Int

    init(file: String, line: Int, keyword: ScriptToken, step: String, arguments: [ScriptToken]) {
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

    /// A quoted string's bytes.
    mutating func string(_ expected: String = "a quoted string \"…\"") throws(ScriptError) -> [UInt8] {
        let token = try next(expected)
        guard case .string(let bytes) = token.value else {
            throw error(at: token.column, "'\(step)' expects \(expected), not \(token.summary)")
        }
        return bytes
    }

    /// A word or a quoted string, as text: labels and names that may need spaces or `#`.
    mutating func text(_ expected: String) throws(ScriptError) -> (text: String, column: Int) {
        let token = try next(expected)
        switch token.value {
        case .word(let text):
            return (text, token.column)
        case .string(let bytes):
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
        do {
            return try ScriptPattern(source: source)
        } catch {
            throw self.error(at: token.column, "bad regex /\(source)/: not a valid regular expression")
        }
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
