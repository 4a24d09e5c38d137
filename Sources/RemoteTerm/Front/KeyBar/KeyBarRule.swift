import Foundation

/// A program and the key set the bar shows while it runs: a regular expression, matched
/// (case-insensitively) against the window title, which shells set to the command they run
/// and full-screen programs to their own name (vim's `file - VIM`). `rule /PATTERN/ SET` in
/// the key-bar file; the file's rules are tried before rterm's.
package struct KeyBarRule: Equatable, @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable and safe to share between threads.

    /// The pattern as written.
    package let source: String
    /// How a title is matched.
    private let matcher: Matcher
    /// The set shown while the pattern matches.
    package let setName: String

    /// A file's rule is a compiled pattern; rterm's own are the same patterns written as code
    /// (`CommandTitle`), because compiling the first regular expression builds ICU's tables,
    /// about a twentieth of a second of processor time at every start.
    private enum Matcher {
        case expression(NSRegularExpression)
        case command(CommandTitle)
    }

    /// A rule; nil when `source` is not a valid regular expression.
    package init?(pattern source: String, setName: String) {
        guard let expression = try? NSRegularExpression(pattern: source, options: [.caseInsensitive]) else {
            return nil
        }
        self.source = source
        self.matcher = .expression(expression)
        self.setName = setName
    }

    /// One of rterm's rules: `source` is the pattern it stands for (what `rule` would say).
    private init(source: String, command: CommandTitle, setName: String) {
        self.source = source
        self.matcher = .command(command)
        self.setName = setName
    }

    /// Whether the pattern occurs in `title`.
    package func matches(_ title: String) -> Bool {
        switch matcher {
        case .expression(let expression):
            let range = NSRange(title.startIndex..<title.endIndex, in: title)
            return expression.firstMatch(in: title, options: [], range: range) != nil
        case .command(let command):
            return command.matches(title)
        }
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
    /// title (`user@host: ~/src`) never matches. Each matches as its `source` would
    /// (`KeyBarSetsTests` compares them on every title they are tried with).
    package static let builtIn: [KeyBarRule] = [
        KeyBarRule(
            source: #"^\s*(sudo\s+)?(n?vim?|vi|view|vimdiff)(\s|$)|\s-\s(N?VIM|VIM\d*)$"#,
            command: CommandTitle(programs: ["vi", "vim", "nvi", "nvim", "view", "vimdiff"], sudo: true, vimSuffix: true),
            setName: "vim"),
        KeyBarRule(
            source: #"^\s*(sudo\s+)?(less|more|most|man)(\s|$)"#,
            command: CommandTitle(programs: ["less", "more", "most", "man"], sudo: true), setName: "less"),
        KeyBarRule(
            source: #"^\s*(sudo\s+)?(htop|top|btop|atop)(\s|$)"#,
            command: CommandTitle(programs: ["htop", "top", "btop", "atop"], sudo: true), setName: "htop"),
        KeyBarRule(
            source: #"^\s*(tmux|screen)(\s|$)"#, command: CommandTitle(programs: ["tmux", "screen"], sudo: false),
            setName: "tmux"),
    ]
}

/// A title that is a command line running one of `programs` (`^\s*(sudo\s+)?(PROGRAMS)(\s|$)`,
/// ignoring case), or, with `vimSuffix`, that vim or neovim set (`\s-\s(N?VIM|VIM\d*)$`).
private struct CommandTitle {
    var programs: Set<String>
    var sudo: Bool
    var vimSuffix = false

    func matches(_ title: String) -> Bool {
        let scalars = Array(title.unicodeScalars)
        var index = 0
        while index < scalars.count && scalars[index].properties.isWhitespace { index += 1 }
        var word = self.word(in: scalars, from: &index)
        if sudo && word == "sudo" && index < scalars.count {
            while index < scalars.count && scalars[index].properties.isWhitespace { index += 1 }
            word = self.word(in: scalars, from: &index)
        }
        if programs.contains(word) { return true }
        return vimSuffix && endsAsVim(scalars)
    }

    /// The lowercased run of non-space characters at `index`, which is moved past it.
    private func word(in scalars: [Unicode.Scalar], from index: inout Int) -> String {
        var word = String.UnicodeScalarView()
        while index < scalars.count && !scalars[index].properties.isWhitespace {
            word.append(scalars[index])
            index += 1
        }
        return String(word).lowercased()
    }

    /// ` - VIM`, ` - NVIM` or ` - VIM` and digits at the end, in any case.
    private func endsAsVim(_ scalars: [Unicode.Scalar]) -> Bool {
        var end = scalars.count
        while end > 0, ("0"..."9").contains(scalars[end - 1]) { end -= 1 }
        guard end >= 3, String(String.UnicodeScalarView(scalars[(end - 3)..<end])).lowercased() == "vim" else { return false }
        // `VIM` after ` - `, or (without digits) `NVIM` after it.
        func afterDash(_ start: Int) -> Bool {
            start >= 3 && scalars[start - 1].properties.isWhitespace && scalars[start - 2] == "-"
                && scalars[start - 3].properties.isWhitespace
        }
        let nvim = end == scalars.count && end >= 4 && (scalars[end - 4] == "n" || scalars[end - 4] == "N")
        return afterDash(end - 3) || (nvim && afterDash(end - 4))
    }
}
