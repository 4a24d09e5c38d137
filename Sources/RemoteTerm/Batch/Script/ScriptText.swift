/// Text a script sends (`type`, `paste`): bytes, and values captured earlier in the run
/// (`${NAME}`), filled in when the step runs. `${env:NAME}` was filled in when the script
/// was parsed, so it is bytes here.
package struct ScriptText: Equatable, Sendable, CustomStringConvertible {
    /// One piece of the text.
    package enum Part: Equatable, Sendable {
        /// Bytes as written (escapes decoded) or from the environment.
        case bytes([UInt8])
        /// The value a `capture NAME` step took from the screen.
        case captured(String)
    }

    /// The pieces in order.
    package var parts: [Part]

    /// Text of these pieces (bytes next to bytes joined, so equal texts compare equal).
    package init(parts: [Part]) {
        var joined: [Part] = []
        for part in parts {
            if case .bytes(let bytes) = part, case .bytes(let before)? = joined.last {
                joined[joined.count - 1] = .bytes(before + bytes)
            } else {
                joined.append(part)
            }
        }
        self.parts = joined
    }

    /// Text that is only these bytes.
    package init(_ bytes: [UInt8]) {
        parts = [.bytes(bytes)]
    }

    /// The names of the captured values the text uses.
    package var capturedNames: [String] {
        parts.compactMap { if case .captured(let name) = $0 { name } else { nil } }
    }

    /// The bytes, with each captured value as UTF-8 (a value never captured is empty: the
    /// parser refuses a name no earlier step captures).
    package func bytes(with values: [String: String]) -> [UInt8] {
        parts.flatMap { part -> [UInt8] in
            switch part {
            case .bytes(let bytes): return bytes
            case .captured(let name): return Array((values[name] ?? "").utf8)
            }
        }
    }

    /// The bytes when no value is captured, as the parser's tests compare them.
    package var literalBytes: [UInt8] { bytes(with: [:]) }

    package var description: String {
        parts.map { part in
            switch part {
            case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
            case .captured(let name): return "${\(name)}"
            }
        }.joined()
    }
}

/// `${NAME}` and `${env:NAME}` in the text of a script: where they are and what they name.
enum ScriptReference: Equatable {
    /// A value captured earlier in the run.
    case captured(String)
    /// A variable of rterm's environment.
    case environment(String)

    /// Reads the reference whose `$` is at `start` of `scalars` (`${` must follow): the
    /// reference and the index after its `}`, or nil and why not.
    static func read(_ scalars: [Unicode.Scalar], at start: Int) -> Result<(ScriptReference, Int), Problem> {
        var index = start + 2
        var name = ""
        while index < scalars.count, scalars[index] != "}" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else {
            return .failure(Problem(message: "unterminated ${…}: no closing '}' (write \\$ for a dollar sign)"))
        }
        let isEnvironment = name.hasPrefix("env:")
        let bare = isEnvironment ? String(name.dropFirst(4)) : name
        guard isName(bare) else {
            return .failure(Problem(message:
                "bad name '\(name)' in ${…}: expected ${NAME} (a captured value) or ${env:NAME}, "
                    + "NAME of letters, digits and _ (write \\$ for a dollar sign)"))
        }
        return .success((isEnvironment ? .environment(bare) : .captured(bare), index + 1))
    }

    /// Why a `${…}` cannot be read.
    struct Problem: Error {
        var message: String
    }

    /// Whether `text` can name a value: a letter or `_`, then letters, digits or `_`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII
        else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
