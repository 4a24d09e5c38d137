/// A bad option value, before it is tied to a file and line or to the command line.
package struct SSHOptionValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "bad port 'x'".
    package var message: String

    /// An error with `message`.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}

/// Parsers for ssh_config value syntaxes, with OpenSSH's rules (readconf.c, misc.c).
package enum SSHOptionValue {
    /// A TCP port 1...65535 written in decimal (OpenSSH's a2port), or nil.
    package static func port(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCIIDigit),
            let value = Int(text), (1...65535).contains(value)
        else { return nil }
        return value
    }

    /// A port, or the error "bad port 'text'".
    package static func requirePort(_ text: String) throws(SSHOptionValueError) -> Int {
        guard let value = port(text) else { throw SSHOptionValueError("bad port '\(text)'") }
        return value
    }

    /// A yes/no flag (`yes`/`true`, `no`/`false`, any case).
    /// A tmux session name for `RTermResume` / `--resume`: letters, digits, `_` and `-`, at
    /// most 64 (tmux turns `.` and `:` into `_`, and the name goes into a remote command
    /// line, so nothing that a shell or tmux would read differently), or `none`.
    package static func resumeName(_ text: String) throws(SSHOptionValueError) -> String {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D
        }
        guard !text.isEmpty, text.utf8.count <= 64, allowed, text.first != "-" else {
            throw SSHOptionValueError(
                "bad session name '\(text)' (letters, digits, _ and - only, at most 64, not starting with -)")
        }
        return text
    }

    /// OpenSSH's log levels and the `-v` count each means here (-1: quiet, warnings too).
    package static let logLevels: [String: Int] = [
        "QUIET": -1, "FATAL": -1, "ERROR": -1, "INFO": 0, "VERBOSE": 1, "DEBUG": 1, "DEBUG1": 1, "DEBUG2": 2,
        "DEBUG3": 3,
    ]

    package static func flag(_ text: String) throws(SSHOptionValueError) -> Bool {
        switch text.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw SSHOptionValueError("unsupported value '\(text)' (expected yes or no)")
        }
    }

    /// A non-negative decimal integer.
    package static func nonNegativeInteger(_ text: String) throws(SSHOptionValueError) -> Int {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
            value <= Int(Int32.max)
        else {
            throw SSHOptionValueError("bad integer value '\(text)'")
        }
        return value
    }

    /// A time in seconds in OpenSSH's format: a sequence of `number[s|m|h|d|w]` (any case),
    /// e.g. `30`, `90m`, `1h30m`.
    package static func seconds(_ text: String) throws(SSHOptionValueError) -> Int {
        var total = 0
        var number = ""
        func addPart(multiplier: Int) -> Bool {
            guard let value = Int(number) else { return false }
            let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
            guard !overflow, product <= Int(Int32.max) - total else { return false }
            total += product
            number = ""
            return true
        }
        guard !text.isEmpty else { throw SSHOptionValueError("invalid time value ''") }
        for character in text {
            if character.isASCIIDigit {
                number.append(character)
                continue
            }
            let multiplier: Int
            switch character.lowercased() {
            case "s": multiplier = 1
            case "m": multiplier = 60
            case "h": multiplier = 3600
            case "d": multiplier = 86400
            case "w": multiplier = 604800
            default: throw SSHOptionValueError("invalid time value '\(text)'")
            }
            guard addPart(multiplier: multiplier) else {
                throw SSHOptionValueError("invalid time value '\(text)'")
            }
        }
        if !number.isEmpty, !addPart(multiplier: 1) {
            throw SSHOptionValueError("invalid time value '\(text)'")
        }
        return total
    }

    /// `StrictHostKeyChecking`: `yes`/`true`, `no`/`false`/`off`, `ask`, `accept-new`.
    package static func strictHostKeyChecking(_ text: String) throws(SSHOptionValueError)
        -> StrictHostKeyChecking
    {
        switch text.lowercased() {
        case "yes", "true": return .yes
        case "no", "false", "off": return .no
        case "ask": return .ask
        case "accept-new": return .acceptNew
        default:
            throw SSHOptionValueError("unsupported value '\(text)' (expected yes, no, ask or accept-new)")
        }
    }

    /// `RequestTTY`: `yes`/`true`, `no`/`false`, `force`, `auto`.
    package static func requestTTY(_ text: String) throws(SSHOptionValueError) -> RequestTTY {
        switch text.lowercased() {
        case "yes", "true": return .yes
        case "no", "false": return .no
        case "force": return .force
        case "auto": return .auto
        default:
            throw SSHOptionValueError("unsupported value '\(text)' (expected yes, no, force or auto)")
        }
    }

    /// A `SetEnv` word: `NAME=value` with a non-empty name.
    package static func environmentAssignment(_ text: String) throws(SSHOptionValueError)
        -> SSHEnvironmentVariable
    {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw SSHOptionValueError("invalid SetEnv '\(text)' (expected NAME=value)")
        }
        return SSHEnvironmentVariable(
            name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    package var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
