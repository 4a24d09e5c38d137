import Foundation
import RemoteTermCore
import RemoteTermFront

/// A regular expression of a script (`wait /…/`, `not /…/`), compiled when the script is
/// parsed so that a bad pattern is a script error before any connection is made.
///
/// The screen is matched as its rows joined with "\n", so the pattern is compiled with
/// `.anchorsMatchLines`: `^` and `$` match at the start and end of every row.
public struct ScriptPattern: Equatable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: NSRegularExpression is immutable after init and documented as safe to
    // use from several threads at once; the other stored property is a String.

    /// The pattern as written between the slashes, with `\/` already turned into `/`.
    public let source: String
    /// The compiled expression.
    public let expression: NSRegularExpression

    /// Compiles `source`; throws the reason, one line, when it is not a valid pattern.
    public init(source: String) throws(ScriptPatternError) {
        do {
            expression = try NSRegularExpression(pattern: source, options: [.anchorsMatchLines])
        } catch {
            throw ScriptPatternError(source: source)
        }
        self.source = source
    }

    /// True when the pattern occurs anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    /// Two patterns are equal when they were written the same way.
    public static func == (lhs: ScriptPattern, rhs: ScriptPattern) -> Bool {
        lhs.source == rhs.source
    }

    /// The pattern as it would be written in a script: `/a\/b/`.
    public var description: String {
        "/" + source.replacingOccurrences(of: "/", with: "\\/") + "/"
    }
}

/// A pattern NSRegularExpression rejected. Its own error text differs between platforms
/// and spans lines, so the message only names the pattern.
public struct ScriptPatternError: Error, Equatable, Sendable {
    /// The rejected pattern.
    public var source: String
}
