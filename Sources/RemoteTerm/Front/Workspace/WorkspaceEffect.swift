/// What the workspace asks of the front that draws it (the ncurses adapter), as values: its
/// own (output arrived, a bell, a title) and the controller's that only the front carries
/// out, passed on as they are (`FrontAction.front`).
package enum WorkspaceEffect: Equatable, Sendable {
    /// Something rterm draws changed: draw without waiting.
    case redraw
    /// The shown session's screen changed: draw at frame pace.
    case outputArrived
    /// Another session is shown: draw everything again (the old frame says nothing about
    /// this screen) and put this title (the session's last, possibly empty) on the window.
    case sessionShown(title: String)
    /// The bar was hidden or shown: the remote size changes (every session resized).
    case barVisibilityChanged
    /// Suspend rterm (`~^Z`).
    case suspend
    /// Ring the local terminal's bell.
    case bell
    /// Set the local window's title (already cleaned of controls).
    case setTitle(String)
    /// The shown session's remote asked to set the clipboard (OSC 52).
    case remoteClipboard(selection: String, data: String)
    /// Put this text on the user's clipboard.
    case copy(String)
    /// Open this link.
    case openLink(String)
    /// Open a new session to this destination (`~c`, as typed): the front parses it, and
    /// adds the session or shows why it cannot.
    case openSession(String)
    /// Write this sequence of rterm's own making to the user's terminal (a remote program's
    /// notification or progress report, written again from cleaned text: `PassedOnSequence`),
    /// if the terminal takes rterm's own sequences.
    case passOn([UInt8])
    /// Tell the user this: reader mode writes it as a line, the screen shows it as a notice.
    case say(String)
}
