/// OpenSSH's escape character on the bytes typed into a session that rterm does not draw:
/// a command with a pseudo-terminal whose output goes elsewhere (`rterm -t host cmd > file`,
/// `rterm host > log`). ssh reads its escapes whenever it allocated a pseudo-terminal,
/// whatever standard output is (ssh(1), ESCAPE CHARACTERS: "When a pseudo-terminal has been
/// requested"; ssh.c hands the escape character to its client loop only then), so rterm
/// does too. The escape character at the start of a line (first thing, or after CR or LF) is
/// held, and the byte after it decides, as in ssh's `process_escapes`: `.` disconnects, `?`
/// lists the escapes, Ctrl+Z suspends, the escape character again sends one; any other byte
/// sends the escape character and itself, so nothing typed is lost. It works on bytes, not
/// keys, so what is typed or pasted goes on exactly as it came (the full-screen front reads
/// the same escapes from decoded keys: `EscapeCharacterFilter`).
package struct EscapeByteFilter: Sendable {
    /// What the typed bytes ask for, in order.
    package enum Action: Equatable, Sendable {
        /// Bytes for the remote side.
        case send([UInt8])
        /// `~.`: close the connection (anything typed after it is dropped).
        case disconnect
        /// `~?`: the list of escapes (`help(escape:)`).
        case help
        /// `~^Z`: stop rterm until it is continued.
        case suspend
    }

    /// The escape character, as a byte.
    package let escape: UInt8
    private var isAtLineStart = true
    private var isHoldingEscape = false

    /// A filter at the start of a line, as at the start of a session, for the escape
    /// character `escape` (`~`, or a control character such as 0x1D for `-e ^]`).
    package init(escape: UInt8 = 0x7E) {
        self.escape = escape
    }

    /// Filters `bytes` as typed.
    package mutating func filter<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Action] {
        var actions: [Action] = []
        var passed: [UInt8] = []
        func take(_ action: Action) {
            if !passed.isEmpty { actions.append(.send(passed)) }
            passed = []
            actions.append(action)
        }
        for byte in bytes {
            if isHoldingEscape {
                isHoldingEscape = false
                switch byte {
                case UInt8(ascii: "."):
                    take(.disconnect)
                    return actions
                case UInt8(ascii: "?"):
                    // Still at the start of a line: another escape may follow at once.
                    take(.help)
                    continue
                case 0x1A:
                    take(.suspend)
                    continue
                default:
                    // The escape character twice is one; before anything else it is sent too.
                    if byte != escape { passed.append(escape) }
                }
            } else if isAtLineStart, byte == escape {
                isHoldingEscape = true
                continue
            }
            isAtLineStart = byte == 0x0D || byte == 0x0A
            passed.append(byte)
        }
        if !passed.isEmpty { actions.append(.send(passed)) }
        return actions
    }

    /// The escape character as ssh writes it: `~`, or `^]` for a control character.
    package static func name(_ escape: UInt8) -> String {
        escape < 0x20 ? "^" + String(UnicodeScalar(escape + 0x40)) : String(UnicodeScalar(escape))
    }

    /// What `~?` lists, as ssh words it, each line ending CR LF (the terminal is raw).
    package static func help(escape: UInt8) -> String {
        let e = name(escape)
        return [
            "\(e)?", "Supported escape sequences:", " \(e).   - terminate connection", " \(e)^Z  - suspend rterm",
            " \(e)?   - this message", " \(e)\(e)   - send the escape character by typing it twice",
            "(Note that escapes are only recognized immediately after newline.)",
        ].map { $0 + "\r\n" }.joined()
    }
}
