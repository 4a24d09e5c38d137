import RemoteTermEngine

/// What the front sent to the shown session, as the front decided it: a key (with any
/// modifiers the bar's latch added), a paste, raw bytes, or a key-bar button by its label
/// (what the button sends is not told again). Not bytes: an observer never has to parse
/// the remote's encoding back.
package enum FrontInput: Equatable, Sendable {
    /// A key from the keyboard, or let through by the escape filter.
    case key(KeyEvent)
    /// A paste (bracketed or not is the session's business).
    case paste([UInt8])
    /// Raw bytes that are not a key or a paste.
    case bytes([UInt8])
    /// A press on the key-bar button with this label (its keys, text or modifier follow
    /// from the bar's logic, so they are not told).
    case click(label: String)
}

/// Someone who follows what the user does in the front (`rterm record` writes a script of
/// it): told each input as it goes to the shown session with the screen it was decided on,
/// the screen after each loop turn (when the remote's answer has been read), and the end.
/// The front only tells; it never waits for an observer or asks it anything.
package protocol FrontInputObserver: AnyObject {
    /// `input` went to the shown session, whose screen was `screen` when it was decided.
    func frontSent(_ input: FrontInput, screen: Terminal)
    /// The shown session's screen after a loop turn.
    func frontShowed(_ screen: Terminal)
    /// Every session has ended; rterm exits with `exitStatus`, and `screen` is the shown
    /// session's last screen.
    func frontEnded(exitStatus: Int32, screen: Terminal)
}
