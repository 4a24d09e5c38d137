/// The keyboard protocol rterm turns on in the user's terminal while its screen is up, so
/// that keys legacy bytes cannot tell apart (Shift+Enter from Enter, Ctrl+I from Tab, Esc
/// from the start of a sequence) reach rterm as themselves, and reach a remote program that
/// asked for them (`LocalInputDecoder` reads every form back into the same keys; a remote
/// that asked for nothing still gets legacy bytes). Chosen by what the terminal answered at
/// start (`LocalKeyboardAnswers`); a terminal that answered neither question is left alone.
package enum LocalKeyboardProtocol: Equatable, Sendable {
    /// Neither: the terminal's own legacy bytes.
    case legacy
    /// xterm's modifyOtherKeys at level 2; `previous` is the level the terminal reported,
    /// put back on every way out.
    case modifyOtherKeys(previous: Int)
    /// The kitty keyboard protocol: its flag 1 (disambiguate) pushed on the terminal's stack
    /// of flags, and popped on every way out, which gives back whatever the shell had.
    case kitty

    /// What turns the protocol on: `CSI > 1 u` (push), or `CSI > 4 ; 2 m`.
    package var enableSequence: String {
        switch self {
        case .legacy: ""
        case .modifyOtherKeys: "\u{1B}[>4;2m"
        case .kitty: "\u{1B}[>1u"
        }
    }

    /// What turns it off again: `CSI < u` (pop), or modifyOtherKeys back at its level.
    package var disableSequence: String {
        switch self {
        case .legacy: ""
        case .modifyOtherKeys(let previous): "\u{1B}[>4;\(previous)m"
        case .kitty: "\u{1B}[<u"
        }
    }
}
