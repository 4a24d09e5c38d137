import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// A problem with one line of the key-bar config: the file, the line and what is wrong.
/// `description` is the one line the front prints (`keybar:7: unknown key 'Ecs' …`).
public struct KeyBarConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The config file's name as given to the parser.
    public var fileName: String
    /// The 1-based line number.
    public var line: Int
    /// What is wrong with the line.
    public var problem: String

    /// The problem quotes the line, which may hold control characters: they are made
    /// visible, never echoed to the terminal.
    public var description: String { InertText.make("\(fileName):\(line): \(problem)") }
}

/// The key-bar config (`~/.config/rterm/keybar`, read by the front), parsed from its text.
///
/// One button per line, in order; blank lines and lines whose first non-blank character is
/// `#` are ignored. The format is documented in docs/keybar.md:
///
/// ```
/// key Esc
/// key Ctrl+c label ^C
/// text "git status\r" label gs
/// macro "Ctrl+a d" label detach
/// modifier Ctrl
/// page
/// menu
/// ```
///
/// A bad line is skipped with an error naming the file and line; the rest still loads.
public struct KeyBarConfig: Equatable, Sendable {
    /// The buttons, in order; the default bar when the config has none.
    public var items: [KeyBarItem]
    /// One entry per line that could not be used.
    public var errors: [KeyBarConfigError]

    /// The config for a file's text, or the default bar when there is no file (`text` nil).
    public static func load(text: String?, fileName: String, asciiOnly: Bool = false) -> KeyBarConfig {
        guard let text else { return KeyBarConfig(items: KeyBarItem.defaultItems(asciiOnly: asciiOnly), errors: []) }
        var config = parse(text, fileName: fileName)
        // A file that defines no button (empty, or every line bad) would leave no way to
        // reach the menu, so it falls back to the defaults; its errors are still reported.
        if config.items.isEmpty { config.items = KeyBarItem.defaultItems(asciiOnly: asciiOnly) }
        return config
    }

    /// Parses config text; `items` is exactly what the good lines define (maybe empty).
    public static func parse(_ text: String, fileName: String) -> KeyBarConfig {
        var items: [KeyBarItem] = []
        var errors: [KeyBarConfigError] = []
        var pageBreakPending = false
        // Split on scalars: "\r\n" is one Character, and CRLF files should work too.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, scalars) in lines.enumerated() {
            var line = String(String.UnicodeScalarView(scalars))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            do {
                switch try parseLine(line) {
                case nil: break
                case .pageBreak?: pageBreakPending = true
                case .item(var item)?:
                    item.startsPage = pageBreakPending && !items.isEmpty
                    pageBreakPending = false
                    items.append(item)
                }
            } catch {
                errors.append(KeyBarConfigError(fileName: fileName, line: offset + 1, problem: error.problem))
            }
        }
        return KeyBarConfig(items: items, errors: errors)
    }

    /// What one line defines.
    private enum Entry {
        case item(KeyBarItem)
        case pageBreak
    }

    /// A line's problem, thrown inside the parser.
    private struct LineError: Error {
        var problem: String
        init(_ problem: String) { self.problem = problem }
    }

    private static func parseLine(_ line: String) throws(LineError) -> Entry? {
        let words = try tokenize(line)
        guard let command = words.first else { return nil }
        if command.text.hasPrefix("#"), !command.quoted { return nil }
        var rest = Array(words.dropFirst())
        switch command.text.lowercased() {
        case "page":
            guard rest.isEmpty else { throw LineError("'page' takes nothing after it") }
            return .pageBreak
        case "key":
            let name = try argument(&rest, for: "key", what: "a key name such as Esc or Ctrl+c")
            let event = try keyEvent(name)
            return .item(try item(action: .key(event), defaultLabel: name, options: rest))
        case "text":
            let string = try argument(&rest, for: "text", what: "a quoted string such as \"ls -l\\r\"")
            guard !string.isEmpty else { throw LineError("'text' needs a non-empty string") }
            return .item(try item(action: .text(Array(string.utf8)), defaultLabel: nil, options: rest))
        case "macro":
            let names = try argument(&rest, for: "macro", what: "quoted key names such as \"Ctrl+a d\"")
            let events = try names.split(separator: " ").map { name throws(LineError) in try keyEvent(String(name)) }
            guard !events.isEmpty else { throw LineError("'macro' needs at least one key name") }
            return .item(try item(action: .macro(events), defaultLabel: nil, options: rest))
        case "modifier":
            let name = try argument(&rest, for: "modifier", what: "Ctrl or Alt")
            let modifier: KeyModifiers
            switch name.lowercased() {
            case "ctrl", "control": modifier = .control
            case "alt": modifier = .alt
            default: throw LineError("unknown modifier '\(name)': the bar's modifiers are Ctrl and Alt")
            }
            let label = modifier == .control ? "Ctrl" : "Alt"
            return .item(try item(action: .modifier(modifier), defaultLabel: label, options: rest))
        case "menu":
            return .item(try item(action: .menu, defaultLabel: "☰", options: rest))
        default:
            throw LineError("unknown entry '\(command.text)': expected key, text, macro, modifier, menu or page")
        }
    }

    /// The first word after the command, required.
    private static func argument(_ rest: inout [Word], for command: String, what: String) throws(LineError) -> String {
        guard !rest.isEmpty else { throw LineError("'\(command)' needs \(what)") }
        return rest.removeFirst().text
    }

    private static func keyEvent(_ name: String) throws(LineError) -> KeyEvent {
        do {
            return try KeyEvent(name: name)
        } catch {
            throw LineError(error.description)
        }
    }

    /// An item from the options after the argument: `label L`, `short S`, `repeat`, `norepeat`.
    private static func item(action: KeyBarItem.Action, defaultLabel: String?, options: [Word]) throws(LineError)
        -> KeyBarItem
    {
        var label = defaultLabel
        var short: String?
        var repeats: Bool?
        var index = 0
        while index < options.count {
            let option = options[index].text.lowercased()
            switch option {
            case "label", "short":
                guard index + 1 < options.count else { throw LineError("'\(option)' needs a value") }
                let value = options[index + 1].text
                try validateLabel(value, option: option)
                if option == "label" { label = value } else { short = value }
                index += 2
            case "repeat", "norepeat":
                repeats = option == "repeat"
                index += 1
            default:
                throw LineError(
                    "unexpected '\(options[index].text)': options are label, short, repeat and norepeat")
            }
        }
        guard let label else { throw LineError("this entry needs a label (label NAME)") }
        if let short, terminalColumns(short) > terminalColumns(label) {
            throw LineError("short label '\(short)' is wider than the label '\(label)'")
        }
        return KeyBarItem(label: label, shortLabel: short, action: action, repeats: repeats)
    }

    private static func validateLabel(_ value: String, option: String) throws(LineError) {
        guard !value.isEmpty else { throw LineError("\(option) must not be empty") }
        guard !value.unicodeScalars.contains(where: { KeyEvent.isControl($0) }) else {
            throw LineError("\(option) '\(value)' contains a control character")
        }
        let columns = terminalColumns(value)
        guard columns <= KeyBarItem.maximumLabelWidth else {
            throw LineError(
                "\(option) '\(value)' is \(columns) columns wide; at most \(KeyBarItem.maximumLabelWidth) fit a narrow bar")
        }
    }

    /// A word of a line: bare text up to a blank, or a double-quoted string with escapes.
    private struct Word {
        var text: String
        var quoted: Bool
    }

    /// Splits a line into words. Quoted strings understand `\r \n \t \e \\ \"` and `\xHH`.
    private static func tokenize(_ line: String) throws(LineError) -> [Word] {
        var words: [Word] = []
        var scalars = line.unicodeScalars[...]
        while let first = scalars.first {
            if first == " " || first == "\t" {
                scalars.removeFirst()
                continue
            }
            if first == "\"" {
                scalars.removeFirst()
                words.append(Word(text: try quotedString(&scalars), quoted: true))
            } else {
                var word = String.UnicodeScalarView()
                while let next = scalars.first, next != " ", next != "\t" {
                    word.append(next)
                    scalars.removeFirst()
                }
                words.append(Word(text: String(word), quoted: false))
            }
        }
        return words
    }

    /// The rest of a quoted string after its opening quote, consuming the closing quote.
    private static func quotedString(_ scalars: inout Substring.UnicodeScalarView) throws(LineError) -> String {
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                return String(result)
            case "\\":
                guard let escaped = scalars.popFirst() else { throw LineError("a quoted string ends in '\\'") }
                switch escaped {
                case "r": result.append("\r")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "e": result.append("\u{1B}")
                case "\\", "\"": result.append(escaped)
                case "x":
                    let digits = String(String.UnicodeScalarView(scalars.prefix(2)))
                    guard digits.count == 2, let value = UInt8(digits, radix: 16), value < 0x80 else {
                        throw LineError("'\\x' needs two hex digits from 00 to 7f")
                    }
                    scalars.removeFirst(2)
                    result.append(Unicode.Scalar(value))
                default:
                    throw LineError("unknown escape '\\\(escaped)': use \\r \\n \\t \\e \\\\ \\\" or \\xHH")
                }
            default:
                result.append(scalar)
            }
        }
        throw LineError("a quoted string has no closing '\"'")
    }
}
