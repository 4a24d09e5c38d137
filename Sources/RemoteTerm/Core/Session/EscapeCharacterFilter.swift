import RemoteTermEngine

/// OpenSSH's escape character, on what the user types into a session: the escape character
/// (`~`, or `-e` / EscapeChar's) typed at the start of a line (first thing, or after Enter)
/// is held, and what comes after it decides, as in ssh's `process_escapes`: `.` disconnects,
/// `?` lists the escapes, Ctrl+Z suspends rterm, the escape character again sends one; any
/// other key sends the escape character and then itself, so nothing typed is lost.
///
/// One state machine serves both kinds of input:
/// - **keys**, in the full-screen front (`filter(_:)`), where `b` hides or shows the bar and
///   `k` reads its keys out, and with `sessionEscapes` (a front that can hold several
///   sessions) `c` opens a new session, `n` and `p` show the next and previous one, `1`…`9`
///   one by number, `u` and `d` upload and download a file over the shown session's
///   connection, and `[` and `]` show the history from the shell's previous and next prompt;
/// - **bytes**, in a session rterm does not draw (`filter(bytes:)`: `rterm -t host cmd > file`,
///   `rterm host > log`), where only ssh's own escapes are read and what is typed or pasted
///   goes on exactly as it came. ssh reads its escapes whenever it allocated a pseudo-terminal,
///   whatever standard output is (ssh(1), ESCAPE CHARACTERS), so rterm does too.
package struct EscapeCharacterFilter: Sendable {
    /// What an escape asks for.
    package enum Escape: Equatable, Sendable {
        /// `~.`: close the connection (anything typed after it is dropped).
        case disconnect
        /// `~?`: the list of escapes.
        case help
        /// `~^Z`: stop rterm until it is continued.
        case suspend
        /// `~b`, `~k` (keys only): hide or show the bar, read its keys out.
        case toggleBar, readKeys
        /// rterm's session escapes (keys, with `sessionEscapes`): `~c`, `~u`, `~d`, `~n`,
        /// `~p`, `~[`, `~]`, and `~1`…`~9` (the session's index, from 0).
        case newSession, upload, download, nextSession, previousSession, previousPrompt, nextPrompt
        case showSession(Int)
    }

    /// What typed input comes to, in order: input for the remote side, or an escape.
    package enum Action<Input: Equatable & Sendable>: Equatable, Sendable {
        case send(Input)
        case escape(Escape)
    }

    /// The escape character, as a byte.
    package let escape: UInt8
    /// The key that types the escape character.
    package let escapeKey: KeyEvent
    /// Whether rterm's session escapes are read from keys (off, they are sent like any other
    /// key, as in ssh).
    private let sessionEscapes: Bool
    private var isAtLineStart = true
    private var isHoldingEscape = false

    /// A filter at the start of a line, as at the start of a session, for the escape
    /// character `escape` (a byte as typed: `~`, or a control character such as 0x1D for
    /// `-e ^]`).
    package init(escape: UInt8 = 0x7E, sessionEscapes: Bool = false) {
        self.escape = escape
        escapeKey = KeyEvent.typed(escape)
        self.sessionEscapes = sessionEscapes
    }

    // MARK: - The one state machine

    private enum Step {
        /// What was typed goes on.
        case pass
        /// The escape character, held until what comes next decides.
        case hold
        /// The held escape character goes on, then what was typed.
        case passAfterEscape
        case escape(Escape)
    }

    /// One thing typed: whether it is the escape character, whether it ends a line, and the
    /// escape it names after the escape character (asked only then).
    private mutating func step(isEscape: Bool, endsLine: Bool, names escape: () -> Escape?) -> Step {
        if isHoldingEscape {
            isHoldingEscape = false
            if let escape = escape() {
                // The line is where it was: another escape may follow at once.
                isAtLineStart = true
                return .escape(escape)
            }
            isAtLineStart = endsLine
            // The escape character twice is one.
            return isEscape ? .pass : .passAfterEscape
        }
        if isAtLineStart && isEscape {
            isHoldingEscape = true
            return .hold
        }
        isAtLineStart = endsLine
        return .pass
    }

    // MARK: - Keys

    /// Filters one key typed by the user.
    package mutating func filter(_ key: KeyEvent) -> [Action<KeyEvent>] {
        let sessionEscapes = sessionEscapes
        let names = { Self.keyEscape(key, sessionEscapes: sessionEscapes) }
        switch step(isEscape: key == escapeKey, endsLine: key.key == .enter, names: names) {
        case .pass: return [.send(key)]
        case .hold: return []
        case .passAfterEscape: return [.send(escapeKey), .send(key)]
        case .escape(let escape): return [.escape(escape)]
        }
    }

    /// A paste or other input that is not a key ends any pending escape (the held escape
    /// character is sent first) and leaves the line started or not depending on its last byte.
    package mutating func passThrough(endsWithNewline: Bool) -> [Action<KeyEvent>] {
        defer {
            isHoldingEscape = false
            isAtLineStart = endsWithNewline
        }
        return isHoldingEscape ? [.send(escapeKey)] : []
    }

    /// The escape `key` names after the escape character.
    private static func keyEscape(_ key: KeyEvent, sessionEscapes: Bool) -> Escape? {
        switch key {
        case .character("."): return .disconnect
        case .character("?"): return .help
        case .character("z", modifiers: .control): return .suspend
        case .character("b"): return .toggleBar
        case .character("k"): return .readKeys
        default: break
        }
        guard sessionEscapes, key.modifiers.isEmpty, case .character(let scalar) = key.key else { return nil }
        switch scalar {
        case "c": return .newSession
        case "u": return .upload
        case "d": return .download
        case "n": return .nextSession
        case "p": return .previousSession
        case "[": return .previousPrompt
        case "]": return .nextPrompt
        case "1"..."9": return .showSession(Int(scalar.value) - 0x31)  // tabs count from 1
        default: return nil
        }
    }

    // MARK: - Bytes

    /// Filters `bytes` as typed: runs of bytes to send, between the escapes.
    package mutating func filter<Bytes: Sequence<UInt8>>(bytes: Bytes) -> [Action<[UInt8]>] {
        var actions: [Action<[UInt8]>] = []
        var passed: [UInt8] = []
        for byte in bytes {
            switch step(isEscape: byte == escape, endsLine: byte == 0x0D || byte == 0x0A, names: { Self.byteEscape(byte) }) {
            case .pass: passed.append(byte)
            case .hold: break
            case .passAfterEscape: passed += [escape, byte]
            case .escape(let escape):
                if !passed.isEmpty { actions.append(.send(passed)) }
                passed = []
                actions.append(.escape(escape))
                if escape == .disconnect { return actions }
            }
        }
        if !passed.isEmpty { actions.append(.send(passed)) }
        return actions
    }

    /// The escape a byte names after the escape character: ssh's own only.
    private static func byteEscape(_ byte: UInt8) -> Escape? {
        switch byte {
        case UInt8(ascii: "."): .disconnect
        case UInt8(ascii: "?"): .help
        case 0x1A: .suspend
        default: nil
        }
    }

    // MARK: - Words

    /// The escape character as ssh writes it: `~`, or `^]` for a control character.
    package static func name(_ escape: UInt8) -> String {
        escape < 0x20 ? "^" + String(UnicodeScalar(escape + 0x40)) : String(UnicodeScalar(escape))
    }

    /// What `~?` lists in a session rterm does not draw, as ssh words it, each line ending
    /// CR LF (the terminal is raw).
    package static func help(escape: UInt8) -> String {
        let e = name(escape)
        return [
            "\(e)?", "Supported escape sequences:", " \(e).   - terminate connection", " \(e)^Z  - suspend rterm",
            " \(e)?   - this message", " \(e)\(e)   - send the escape character by typing it twice",
            "(Note that escapes are only recognized immediately after newline.)",
        ].map { $0 + "\r\n" }.joined()
    }
}
