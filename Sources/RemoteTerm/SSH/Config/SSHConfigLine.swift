/// One ssh_config line split into its keyword and arguments, with OpenSSH's rules
/// (readconf.c `process_config_line` and misc.c `argv_split`):
///
/// * the keyword is separated from its value by whitespace and/or one `=`
///   (`Port 22`, `Port=22`, `Port = 22`), and is case-insensitive;
/// * arguments are separated by whitespace; `"..."` and `'...'` quote, and a backslash
///   escapes a quote, a backslash, or (outside quotes) a space;
/// * `#` at the start of a word ends the line (a comment); `a#b` is one word.
package struct SSHConfigLine: Sendable, Equatable {
    /// The keyword, lower-cased.
    package var keyword: String
    /// The arguments with quotes and escapes removed.
    package var arguments: [String]
    /// The text after the keyword (and its `=`) as written, trailing blanks trimmed: what
    /// `ProxyCommand` takes whole, quotes and all, for the shell to read.
    package var raw: String

    /// A split line (`raw`: the arguments joined, unless given).
    package init(keyword: String, arguments: [String], raw: String? = nil) {
        self.keyword = keyword
        self.arguments = arguments
        self.raw = raw ?? arguments.joined(separator: " ")
    }

    /// Lines are the same when their keyword and arguments are (how they were quoted aside).
    package static func == (a: SSHConfigLine, b: SSHConfigLine) -> Bool {
        a.keyword == b.keyword && a.arguments == b.arguments
    }

    /// The arguments as `SSHConfigValues.apply` takes them for `keyword`: ProxyCommand and
    /// RemoteCommand get the raw text as one argument, every other keyword its split arguments.
    package func arguments(for keyword: SSHConfigKeyword) -> [String] {
        keyword == .proxyCommand || keyword == .remoteCommand ? [raw] : arguments
    }

    /// Splits `text`. Returns nil for a blank or comment line; throws for unbalanced quotes or
    /// a keyword without a value.
    package static func parse(_ text: Substring) throws(SSHOptionValueError) -> SSHConfigLine? {
        var rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" }
        while let last = rest.last, last == " " || last == "\t" || last == "\r" || last == "\u{0C}" {
            rest.removeLast()
        }
        guard let first = rest.first, first != "#" else { return nil }
        let keywordEnd = rest.firstIndex { $0 == " " || $0 == "\t" || $0 == "=" } ?? rest.endIndex
        let keyword = rest[..<keywordEnd].lowercased()
        rest = rest[keywordEnd...]
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if rest.first == "=" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard !keyword.isEmpty else { return nil }
        let arguments = try splitArguments(rest)
        guard !arguments.isEmpty else {
            throw SSHOptionValueError("no argument after keyword \"\(keyword)\"")
        }
        return SSHConfigLine(keyword: keyword, arguments: arguments, raw: String(rest))
    }

    /// OpenSSH's `argv_split(..., terminate_on_comment = 1)`.
    package static func splitArguments(_ text: Substring) throws(SSHOptionValueError) -> [String] {
        let characters = Array(text)
        var arguments: [String] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                index += 1
                continue
            }
            if character == "#" { break }
            var argument = ""
            var quote: Character?
            while index < characters.count {
                let current = characters[index]
                if current == "\\", index + 1 < characters.count {
                    let next = characters[index + 1]
                    if next == "'" || next == "\"" || next == "\\" || (quote == nil && next == " ") {
                        argument.append(next)
                        index += 2
                        continue
                    }
                    argument.append(current)
                } else if quote == nil && (current == " " || current == "\t") {
                    break
                } else if quote == nil && (current == "\"" || current == "'") {
                    quote = current
                } else if let open = quote, current == open {
                    quote = nil
                } else {
                    argument.append(current)
                }
                index += 1
            }
            if quote != nil { throw SSHOptionValueError("invalid quotes") }
            arguments.append(argument)
        }
        return arguments
    }
}

extension Character {
    /// A line break in a config or known_hosts file. Swift treats "\r\n" as one Character,
    /// so splitting on "\n" alone would leave CRLF files as a single line.
    var isLineSeparator: Bool { self == "\n" || self == "\r\n" }
}
