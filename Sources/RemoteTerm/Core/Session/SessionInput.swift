import RemoteTermEngine

/// Something the user does that the remote side should receive, before it is encoded: the
/// session encodes it for the remote's current modes (DECCKM, bracketed paste, mouse and
/// focus reporting) at the moment it is sent, in one place for every front.
package enum SessionInput: Equatable, Sendable {
    /// A key, from the keyboard or the key bar, with its modifiers (latched ones applied).
    case key(KeyEvent)
    /// Several keys in a row (a bar macro, a held button's repeats).
    case keys([KeyEvent])
    /// Pasted text: bracketed when the remote asked for it (mode 2004), written in pieces as
    /// the connection allows, whatever its size.
    case paste([UInt8])
    /// A mouse event over the remote screen; sent only if the remote asked for the mouse.
    case mouse(MouseEvent)
    /// The local window gained (true) or lost focus; sent only if the remote asked (1004).
    case focus(Bool)
    /// Bytes sent as they are: a `text` button of the key bar, standard input of a
    /// non-interactive command, an unknown sequence typed locally.
    case bytes([UInt8])
}
