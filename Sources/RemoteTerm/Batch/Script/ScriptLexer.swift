import RemoteTermCore
import RemoteTermFront

/// Splits one script line into tokens: bare words, `"…"` strings and `/…/` patterns,
/// separated by blanks. A `#` at the start of a token begins a comment to the end of the
/// line; inside a string or pattern, or in the middle of a word (`C#`), it is text.
struct ScriptLexer {
    /// A problem in the line, at a 1-based column.
    struct Failure: Error, Equatable {
        var column: Int
        var message: String
    }

    /// The tokens of `line`, comment and blanks removed.
    static func tokens(of line: Substring) throws(Failure) -> [ScriptToken] {
        var lexer = ScriptLexer(scalars: Array(line.unicodeScalars))
        return try lexer.readTokens()
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// 1-based column of a scalar index.
    private func column(_ index: Int) -> Int { index + 1 }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    private mutating func readTokens() throws(Failure) -> [ScriptToken] {
        var tokens: [ScriptToken] = []
        while true {
            while index < scalars.count, Self.isBlank(scalars[index]) { index += 1 }
            guard index < scalars.count, scalars[index] != "#" else { return tokens }
            let start = index
            let value: ScriptToken.Value
            switch scalars[index] {
            case "\"": value = .string(try readString())
            case "/": value = .regex(try readRegex())
            default: value = .word(readWord())
            }
            // `"a"b` or `/x/i` would otherwise silently become two tokens.
            if case .word = value {
            } else if index < scalars.count, !Self.isBlank(scalars[index]) {
                throw Failure(column: column(index), message: "expected a blank after \(describe(value))")
            }
            tokens.append(ScriptToken(value: value, column: column(start), endColumn: column(index)))
        }
    }

    private func describe(_ value: ScriptToken.Value) -> String {
        if case .regex = value { return "the closing '/' of a pattern" }
        return "the closing '\"' of a string"
    }

    private mutating func readWord() -> String {
        var word = String.UnicodeScalarView()
        while index < scalars.count, !Self.isBlank(scalars[index]) {
            word.append(scalars[index])
            index += 1
        }
        return String(word)
    }

    /// A pattern from the opening `/` to the next unescaped `/`. Only `\/` is rewritten;
    /// everything else (`\d`, `\\`) is the regex's business.
    private mutating func readRegex() throws(Failure) -> String {
        let start = index
        index += 1
        var pattern = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/" {
                index += 1
                return String(pattern)
            }
            if scalar == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if next != "/" { pattern.append(scalar) }
                pattern.append(next)
                index += 2
                continue
            }
            pattern.append(scalar)
            index += 1
        }
        throw Failure(column: column(start), message: "unterminated pattern: no closing '/' (write \\/ for a slash inside it)")
    }

    /// A string from the opening quote to the closing one, decoded to bytes: characters as
    /// UTF-8, escapes as the bytes they name. `\xNN` gives one raw byte, so strings can hold
    /// bytes that are not UTF-8. `${NAME}` and `${env:NAME}` are references, kept apart.
    private mutating func readString() throws(Failure) -> [ScriptToken.StringPiece] {
        let start = index
        index += 1
        var pieces: [ScriptToken.StringPiece] = []
        var bytes: [UInt8] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                index += 1
                if !bytes.isEmpty || pieces.isEmpty { pieces.append(.bytes(bytes)) }
                return pieces
            }
            if scalar == "\\" {
                try readEscape(into: &bytes)
                continue
            }
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" {
                switch ScriptReference.read(scalars, at: index) {
                case .success(let (reference, next)):
                    if !bytes.isEmpty { pieces.append(.bytes(bytes)) }
                    bytes = []
                    pieces.append(.reference(reference, column: column(index)))
                    index = next
                    continue
                case .failure(let problem):
                    throw Failure(column: column(index), message: problem.message)
                }
            }
            bytes.append(contentsOf: Array(String(scalar).utf8))
            index += 1
        }
        throw Failure(column: column(start), message: "unterminated string: no closing '\"'")
    }

    private static let simpleEscapes: [Unicode.Scalar: UInt8] = [
        "r": 0x0D, "n": 0x0A, "t": 0x09, "e": 0x1B, "\\": 0x5C, "\"": 0x22, "$": 0x24,
    ]

    /// Decodes the escape at `index` (a backslash) and moves past it.
    private mutating func readEscape(into bytes: inout [UInt8]) throws(Failure) {
        let backslash = index
        guard index + 1 < scalars.count else {
            throw Failure(column: column(backslash), message: "unterminated string: ends with a lone '\\'")
        }
        let letter = scalars[index + 1]
        index += 2
        if let byte = Self.simpleEscapes[letter] {
            bytes.append(byte)
            return
        }
        switch letter {
        case "x":
            let digits = hexDigits(maximum: 2)
            guard digits.count == 2, let byte = UInt8(digits, radix: 16) else {
                throw Failure(column: column(backslash), message: "bad escape: \\x needs exactly two hex digits (\\x1b)")
            }
            index += 2
            bytes.append(byte)
        case "u":
            try readUnicodeEscape(startingAt: backslash, into: &bytes)
        default:
            throw Failure(
                column: column(backslash),
                message: "bad escape '\\\(letter)': known escapes are \\r \\n \\t \\e \\\\ \\\" \\$ \\xNN \\u{…}")
        }
    }

    /// `\u{1F600}`: 1 to 6 hex digits of a Unicode scalar, sent as UTF-8.
    private mutating func readUnicodeEscape(startingAt backslash: Int, into bytes: inout [UInt8]) throws(Failure) {
        let failure = Failure(
            column: column(backslash), message: "bad escape: \\u needs 1 to 6 hex digits of a Unicode scalar in braces (\\u{e9})")
        guard index < scalars.count, scalars[index] == "{" else { throw failure }
        index += 1
        let digits = hexDigits(maximum: 7)
        index += digits.count
        guard index < scalars.count, scalars[index] == "}", (1...6).contains(digits.count),
            let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
        else { throw failure }
        index += 1
        bytes.append(contentsOf: Array(String(scalar).utf8))
    }

    private static func isASCIIHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    /// Up to `maximum` hex digits starting at `index`, without consuming them.
    private func hexDigits(maximum: Int) -> String {
        var digits = ""
        var position = index
        while position < scalars.count, digits.count < maximum, Self.isASCIIHexDigit(scalars[position]) {
            digits.unicodeScalars.append(scalars[position])
            position += 1
        }
        return digits
    }
}
