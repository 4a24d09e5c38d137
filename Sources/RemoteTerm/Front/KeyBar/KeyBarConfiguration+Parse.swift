import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// A problem with one line of the key-bar config: the file, the line and what is wrong.
/// `description` is the one line the front prints (`keybar:7: unknown key 'Ecs' …`).
package struct KeyBarConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The config file's name as given to the parser.
    package var fileName: String
    /// The 1-based line number.
    package var line: Int
    /// What is wrong with the line.
    package var problem: String

    /// The problem quotes the line, which may hold control characters: they are made
    /// visible, never echoed to the terminal.
    package var description: String { InertText.make("\(fileName):\(line): \(problem)") }
}

/// The key-bar file (`~/.config/rterm/keybar`, read by the front), parsed from its text.
///
/// One button per line, in order; blank lines and lines whose first non-blank character is
/// `#` are ignored. The format is documented in docs/keybar.md:
///
/// ```
/// rows 2
/// labels words
/// key Esc
/// key Ctrl+c label ^C
/// key - popup "_ = +"
/// text "git status\r" label gs
/// macro "Ctrl+a d" label detach
/// popup "F1 F2 F3 F4" label Fn
/// modifier Ctrl
/// page
/// menu
/// set vim
/// key Esc
/// text ":w\r" label :w
/// rule /^vim/ vim
/// ```
///
/// The buttons before any `set` line are the `shell` set; `set NAME` starts another (or
/// replaces rterm's set of that name); `rule /PATTERN/ SET` shows SET while a program whose
/// title matches runs. A bad line is skipped with an error naming the file and line; the
/// rest still loads.
extension KeyBarConfiguration {
    /// The configuration of a file's text, or of the default bar when there is no file
    /// (`text` nil): rterm's sets and rules with the file's.
    package static func load(text: String?, fileName: String, asciiOnly: Bool = false) -> KeyBarConfiguration {
        guard let text else { return made(items: KeyBarItem.defaultItems(asciiOnly: asciiOnly), sets: [], rules: []) }
        var configuration = parse(text, fileName: fileName)
        // A file that defines no button (empty, or every line bad) would leave no way to
        // reach the menu, so it falls back to the defaults; its errors are still reported.
        if configuration.items.isEmpty, let shell = configuration.sets.firstIndex(where: { $0.name == KeyBarSet.defaultName }) {
            configuration.sets[shell].items = KeyBarItem.defaultItems(asciiOnly: asciiOnly)
        }
        return configuration
    }

    /// rterm's sets (the `shell` set's buttons being `items`), each replaced by one of `sets`
    /// of the same name, then the others; `rules` before rterm's.
    private static func made(items: [KeyBarItem], sets: [KeyBarSet], rules: [KeyBarRule]) -> KeyBarConfiguration {
        var configuration = KeyBarConfiguration()
        configuration.sets = KeyBarSet.builtIn
        configuration.sets[0].items = items
        for set in sets {
            if let index = configuration.sets.firstIndex(where: { $0.name == set.name }) {
                configuration.sets[index] = set
            } else {
                configuration.sets.append(set)
            }
        }
        configuration.rules = rules + KeyBarRule.builtIn
        return configuration
    }

    /// Parses a file's text; `items` is exactly what the good lines define (maybe empty).
    package static func parse(_ text: String, fileName: String) -> KeyBarConfiguration {
        var sets: [KeyBarSet] = []
        var rules: [KeyBarRule] = []
        var rows: Int?
        var labels: FrontPreferences.Labels?
        var readerKey: KeyEvent??
        var items: [KeyBarItem] = []
        var errors: [KeyBarConfigError] = []
        var pageBreakPending = false
        // The set being read (`set NAME` until the next), nil before the first.
        var currentSet: KeyBarSet?
        func finishSet() {
            if let set = currentSet, !set.items.isEmpty {
                sets.removeAll { $0.name == set.name }
                sets.append(set)
            }
        }
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
                    item.startsPage = pageBreakPending && !(currentSet?.items ?? items).isEmpty
                    pageBreakPending = false
                    if currentSet != nil { currentSet?.items.append(item) } else { items.append(item) }
                case .set(let name)?:
                    finishSet()
                    currentSet = KeyBarSet(name: name, items: [])
                    pageBreakPending = false
                case .rule(let rule)?:
                    rules.append(rule)
                case .rows(let value)?:
                    rows = value
                case .labels(let value)?:
                    labels = value
                case .readerKey(let key)?:
                    readerKey = .some(key)
                }
            } catch {
                errors.append(KeyBarConfigError(fileName: fileName, line: offset + 1, problem: error.problem))
            }
        }
        finishSet()
        var configuration = made(items: items, sets: sets, rules: rules)
        if let rows { configuration.rows = rows }
        configuration.labels = labels
        if let readerKey { configuration.readerKey = readerKey }
        configuration.errors = errors
        return configuration
    }

    /// What one line defines.
    private enum Entry {
        case item(KeyBarItem)
        case pageBreak
        case set(String)
        case rule(KeyBarRule)
        case rows(Int)
        case labels(FrontPreferences.Labels)
        case readerKey(KeyEvent?)
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
        case "popup":
            let names = try argument(&rest, for: "popup", what: "quoted key names such as \"F1 F2 F3\"")
            let alternatives = try popupItems(names)
            var entry = try item(action: .popup, defaultLabel: nil, options: rest)
            entry.alternatives = alternatives
            return .item(entry)
        case "set":
            let name = try argument(&rest, for: "set", what: "a name such as vim")
            guard rest.isEmpty else { throw LineError("'set' takes one name") }
            do {
                return .set(try FrontPreferences.setName(name))
            } catch {
                throw LineError(error.message)
            }
        case "rule":
            guard rest.count == 2 else { throw LineError("'rule' needs a /pattern/ and a set name: rule /^vim/ vim") }
            let pattern = rest[0].text
            guard pattern.count >= 2, pattern.hasPrefix("/"), pattern.hasSuffix("/") else {
                throw LineError("a rule's pattern is written between slashes: /^vim/")
            }
            guard let rule = KeyBarRule(pattern: String(pattern.dropFirst().dropLast()), setName: rest[1].text) else {
                throw LineError("bad pattern \(pattern)")
            }
            return .rule(rule)
        case "rows":
            return .rows(try setting(rest, "'rows' takes 1, 2 or 3", FrontPreferences.barRows))
        case "reader-key":
            guard rest.count == 1 else { throw LineError("'reader-key' takes a key name such as F12, or none") }
            return .readerKey(rest[0].text.lowercased() == "none" ? nil : try keyEvent(rest[0].text))
        case "labels":
            return .labels(try setting(rest, "'labels' takes words, glyphs or auto", FrontPreferences.labels))
        default:
            throw LineError(
                "unknown entry '\(command.text)': expected key, text, macro, modifier, menu, popup, page, set, rule, "
                    + "rows, labels or reader-key")
        }
    }

    /// A setting's one value, read by `parse` (the front's own checks: one-line messages).
    private static func setting<Value>(
        _ rest: [Word], _ usage: String, _ parse: (String) throws(SSHOptionValueError) -> Value
    ) throws(LineError) -> Value {
        guard rest.count == 1 else { throw LineError(usage) }
        do {
            return try parse(rest[0].text)
        } catch {
            throw LineError(error.message)
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

    /// A popup's alternatives: key names separated by blanks, each a button labelled by its
    /// name.
    private static func popupItems(_ names: String) throws(LineError) -> [KeyBarItem] {
        let words = names.split(separator: " ").map(String.init)
        guard !words.isEmpty else { throw LineError("'popup' needs at least one key name") }
        var items: [KeyBarItem] = []
        for name in words {
            let event = try keyEvent(name)
            try validateLabel(name, option: "popup key")
            items.append(KeyBarItem(label: name, action: .key(event)))
        }
        return items
    }

    /// An item from the options after the argument: `label L`, `short S`, `repeat`,
    /// `norepeat`, `popup "KEYS"`.
    private static func item(action: KeyBarItem.Action, defaultLabel: String?, options: [Word]) throws(LineError)
        -> KeyBarItem
    {
        var label = defaultLabel
        var short: String?
        var repeats: Bool?
        var alternatives: [KeyBarItem] = []
        var index = 0
        while index < options.count {
            let option = options[index].text.lowercased()
            switch option {
            case "popup":
                guard index + 1 < options.count else { throw LineError("'popup' needs quoted key names") }
                alternatives = try popupItems(options[index + 1].text)
                index += 2
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
                    "unexpected '\(options[index].text)': options are label, short, repeat, norepeat and popup")
            }
        }
        guard let label else { throw LineError("this entry needs a label (label NAME)") }
        if let short, terminalColumns(short) > terminalColumns(label) {
            throw LineError("short label '\(short)' is wider than the label '\(label)'")
        }
        var item = KeyBarItem(label: label, shortLabel: short, action: action, repeats: repeats)
        item.alternatives = alternatives
        return item
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
