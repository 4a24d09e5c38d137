import RemoteTermCore
import RemoteTermFront

/// One token of a script line, with the columns it spans (1-based, in Unicode scalars).
struct ScriptToken: Equatable, Sendable {
    enum Value: Equatable, Sendable {
        /// Text up to the next blank: a step name, a key name, `24x80`, `5s`…
        case word(String)
        /// A `"…"` string, escapes decoded to the bytes they stand for, and its `${…}`
        /// references.
        case string([StringPiece])
        /// A `/…/` pattern, with `\/` turned into `/` and other escapes left to the regex.
        case regex(String)
    }

    /// A piece of a string: bytes, or a `${…}` reference at a column.
    enum StringPiece: Equatable, Sendable {
        case bytes([UInt8])
        case reference(ScriptReference, column: Int)
    }

    var value: Value
    /// Column of the first character (the quote or slash for strings and patterns).
    var column: Int
    /// Column just past the last character.
    var endColumn: Int

    /// How the token is named in messages: `'24by80'`, `a string`, `a pattern`.
    var summary: String {
        switch value {
        case .word(let text): return "'\(text)'"
        case .string: return "a string"
        case .regex: return "a pattern"
        }
    }
}
