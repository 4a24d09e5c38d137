import Foundation

/// A program and the key set the bar shows while it runs: a regular expression, matched
/// (case-insensitively) against the window title, which shells set to the command they run
/// and full-screen programs to their own name (vim's `file - VIM`). `rule /PATTERN/ SET` in
/// the key-bar file; the file's rules are tried before rterm's.
package struct KeyBarRule: Equatable, @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable and safe to share between threads.

    /// The pattern as written.
    package let source: String
    /// The compiled pattern.
    let expression: NSRegularExpression
    /// The set shown while the pattern matches.
    package let setName: String

    /// A rule; nil when `source` is not a valid regular expression.
    package init?(pattern source: String, setName: String) {
        guard let expression = try? NSRegularExpression(pattern: source, options: [.caseInsensitive]) else {
            return nil
        }
        self.source = source
        self.expression = expression
        self.setName = setName
    }

    /// Whether the pattern occurs in `title`.
    package func matches(_ title: String) -> Bool {
        let range = NSRange(title.startIndex..<title.endIndex, in: title)
        return expression.firstMatch(in: title, options: [], range: range) != nil
    }

    /// Equal when written the same way for the same set.
    package static func == (a: KeyBarRule, b: KeyBarRule) -> Bool { a.source == b.source && a.setName == b.setName }

    /// The set of the first rule that matches `title`, if any.
    package static func setName(for title: String, in rules: [KeyBarRule]) -> String? {
        guard !title.isEmpty else { return nil }
        return rules.first { $0.matches(title) }?.setName
    }

    /// rterm's rules, for its built-in sets: a command line starting with the program (a
    /// shell's title, `sudo` allowed), or the title the program sets itself. A prompt's
    /// title (`user@host: ~/src`) never matches.
    package static let builtIn: [KeyBarRule] = [
        KeyBarRule(pattern: #"^\s*(sudo\s+)?(n?vim?|vi|view|vimdiff)(\s|$)|\s-\s(N?VIM|VIM\d*)$"#, setName: "vim")!,
        KeyBarRule(pattern: #"^\s*(sudo\s+)?(less|more|most|man)(\s|$)"#, setName: "less")!,
        KeyBarRule(pattern: #"^\s*(sudo\s+)?(htop|top|btop|atop)(\s|$)"#, setName: "htop")!,
        KeyBarRule(pattern: #"^\s*(tmux|screen)(\s|$)"#, setName: "tmux")!,
    ]
}
