import Foundation
import RemoteTermCore
import RemoteTermFront

/// A regular expression of a script (`wait /…/`, `not /…/`, `capture NAME /…/`, a snapshot's
/// mask), compiled when the script is parsed so that a bad pattern is a script error before
/// any connection is made.
///
/// The screen is matched as its rows joined with "\n", so the pattern is compiled with
/// `.anchorsMatchLines`: `^` and `$` match at the start and end of every row.
///
/// `${env:NAME}` is filled in when the script is parsed and `${NAME}` (a value captured from
/// the screen) when the step runs, each as literal text: a captured `1.5` matches `1.5`, not
/// `145`. `\${` is a dollar sign and a brace, as in any regex.
package struct ScriptPattern: Equatable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: NSRegularExpression is immutable after init and documented as safe to
    // use from several threads at once; the other stored properties are values.

    /// The pattern as written between the slashes, with `\/` already turned into `/`
    /// (references as written too, so a message never shows an environment's value).
    package let source: String
    /// The compiled expression (with captured values still to come, one with them empty).
    package let expression: NSRegularExpression
    /// The pattern's pieces: regex text (environment values filled in) and captured values.
    private let pieces: [Piece]

    private enum Piece: Equatable {
        case regex(String)
        case captured(String)
    }

    /// Compiles `source`, filling in `${env:NAME}` from `environment`; throws the reason, one
    /// line, when it is not a valid pattern or names a variable that is not set.
    package init(source: String, environment: [String: String] = [:]) throws(ScriptPatternError) {
        self.source = source
        var pieces: [Piece] = []
        var text = ""
        let scalars = Array(source.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                text.unicodeScalars.append(contentsOf: scalars[index...(index + 1)])
                index += 2
                continue
            }
            guard scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" else {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            switch ScriptReference.read(scalars, at: index) {
            case .failure(let problem):
                throw ScriptPatternError(source: source, reason: problem.message)
            case .success((.environment(let name), let next)):
                guard let value = environment[name] else {
                    throw ScriptPatternError(source: source, reason: "${env:\(name)}: \(name) is not set in the environment")
                }
                text += NSRegularExpression.escapedPattern(for: value)
                index = next
            case .success((.captured(let name), let next)):
                pieces.append(.regex(text))
                pieces.append(.captured(name))
                text = ""
                index = next
            }
        }
        pieces.append(.regex(text))
        self.pieces = pieces
        expression = try Self.compile(pieces, values: [:], source: source)
    }

    private static func compile(_ pieces: [Piece], values: [String: String], source: String) throws(ScriptPatternError)
        -> NSRegularExpression
    {
        let pattern = pieces.map { piece in
            switch piece {
            case .regex(let text): return text
            case .captured(let name): return NSRegularExpression.escapedPattern(for: values[name] ?? "")
            }
        }.joined()
        do {
            return try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        } catch {
            throw ScriptPatternError(source: source)
        }
    }

    /// The names of the captured values the pattern uses.
    package var capturedNames: [String] {
        pieces.compactMap { if case .captured(let name) = $0 { name } else { nil } }
    }

    /// The expression with the captured `values` filled in.
    package func expression(with values: [String: String]) -> NSRegularExpression {
        guard !capturedNames.isEmpty else { return expression }
        return (try? Self.compile(pieces, values: values, source: source)) ?? expression
    }

    /// True when the pattern (with captured `values`) occurs anywhere in `text`.
    package func matches(_ text: String, values: [String: String] = [:]) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression(with: values).firstMatch(in: text, options: [], range: range) != nil
    }

    /// The first match's first group (the whole match when the pattern has no group, or the
    /// group took no part in the match), or nil when the pattern does not occur.
    package func firstGroup(in text: String, values: [String: String] = [:]) -> String? {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        guard let match = expression(with: values).firstMatch(in: text, options: [], range: range) else { return nil }
        let group = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range
        return Range(group, in: text).map { String(text[$0]) }
    }

    /// `text` with every match replaced by `replacement` (a snapshot's masks).
    package func masking(_ text: String, with replacement: String, values: [String: String] = [:]) -> String {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        let template = NSRegularExpression.escapedTemplate(for: replacement)
        return expression(with: values).stringByReplacingMatches(in: text, options: [], range: range, withTemplate: template)
    }

    /// Two patterns are equal when they were written the same way.
    package static func == (lhs: ScriptPattern, rhs: ScriptPattern) -> Bool {
        lhs.source == rhs.source
    }

    /// The pattern as it would be written in a script: `/a\/b/`.
    package var description: String {
        "/" + source.replacingOccurrences(of: "/", with: "\\/") + "/"
    }
}

/// A pattern that cannot be used. NSRegularExpression's own error text differs between
/// platforms and spans lines, so the message only names the pattern, unless a reference in
/// it is the problem.
package struct ScriptPatternError: Error, Equatable, Sendable {
    /// The rejected pattern.
    package var source: String
    /// What is wrong with a reference in it; nil when the regex itself does not compile.
    package var reason: String?

    package init(source: String, reason: String? = nil) {
        self.source = source
        self.reason = reason
    }
}
