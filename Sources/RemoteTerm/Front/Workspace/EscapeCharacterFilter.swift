import RemoteTermEngine
import RemoteTermSSH

/// OpenSSH's escape character for the interactive session: a `~` (or the `-e` / EscapeChar
/// character) typed at the start of a line (after Enter, or first thing in the session) is
/// held back, and the key after it decides: `.` disconnects, the escape character again
/// sends one, `?` lists the escapes, Ctrl+Z suspends rterm; any other key sends the escape
/// character and then itself, so nothing typed is lost. With `sessionEscapes` (the
/// interactive front, which can hold several sessions), `c` opens a new session, `n` and `p`
/// show the next and previous one, `1`…`9` one by number, `u` and `d` upload and
/// download a file over the shown session's connection, and `[` and `]` show the history
/// from the shell's previous and next prompt.
///
/// It speaks the front's one vocabulary (`FrontAction`): the keys it lets through are
/// `.send(.key(_))`, an escape is what the workspace carries out.
package struct EscapeCharacterFilter: Sendable {
    private var isAtLineStart = true
    private var isHoldingTilde = false
    /// The escape character as the key that types it.
    private let tilde: KeyEvent
    /// Whether `c`, `n`, `p`, `1`…`9`, `u`, `d`, `[` and `]` after the escape character are
    /// rterm's session escapes (off, they are sent like any other key).
    private let sessionEscapes: Bool

    /// A filter at the start of a line, as at the start of a session, for the escape
    /// character `escape` (a byte as typed: `~`, or a control character such as 0x1D).
    package init(escape: UInt8 = 0x7E, sessionEscapes: Bool = false) {
        tilde = LocalInputDecoder.controlOrCharacter(escape)
        self.sessionEscapes = sessionEscapes
    }

    /// The key that types the escape character.
    package var escapeKey: KeyEvent { tilde }

    /// The session escape `event` stands for after the escape character, if any.
    private func sessionEscape(_ event: KeyEvent) -> FrontAction? {
        guard sessionEscapes, event.modifiers.isEmpty, case .character(let scalar) = event.key else { return nil }
        switch scalar {
        case "c": return .askForSession
        case "u": return .askForTransfer(.upload)
        case "d": return .askForTransfer(.download)
        case "n": return .nextSession
        case "p": return .previousSession
        case "[": return .previousPrompt
        case "]": return .nextPrompt
        case "1"..."9": return .showSession(Int(scalar.value) - 0x31)  // tabs count from 1
        default: return nil
        }
    }

    /// Filters one key typed by the user.
    package mutating func filter(_ event: KeyEvent) -> [FrontAction] {
        if isHoldingTilde {
            isHoldingTilde = false
            switch event {
            case .character("."): return [.disconnect]
            case .character("?"):
                isAtLineStart = true
                return [.showHelp]
            case .character("z", modifiers: .control):
                isAtLineStart = true
                return [.suspend]
            case .character("b"):
                isAtLineStart = true
                return [.toggleBar]
            case .character("k"):
                isAtLineStart = true
                return [.readKeys]
            case tilde:
                isAtLineStart = false
                return [.key(tilde)]
            default:
                if let action = sessionEscape(event) {
                    // The line is where it was: another escape may follow at once.
                    isAtLineStart = true
                    return [action]
                }
                isAtLineStart = event.key == .enter
                return [.key(tilde), .key(event)]
            }
        }
        if isAtLineStart && event == tilde {
            isHoldingTilde = true
            return []
        }
        isAtLineStart = event.key == .enter
        return [.key(event)]
    }

    /// A paste or other input that is not a key ends any pending escape (the held `~` is
    /// sent first) and leaves the line started or not depending on its last byte.
    package mutating func passThrough(endsWithNewline: Bool) -> [FrontAction] {
        defer {
            isHoldingTilde = false
            isAtLineStart = endsWithNewline
        }
        return isHoldingTilde ? [.key(tilde)] : []
    }
}
