/// Something the terminal asks of the world outside it, returned as a value from `feed`.
///
/// Replies travel back to the remote through the input path and are never drawn.
public enum TerminalEffect: Equatable, Sendable {
    /// Bytes to send to the remote (DA, DSR/CPR, DECRQM, DECRQSS, XTWINOPS, DECRQCRA answers).
    case reply([UInt8])
    /// BEL in the ground state.
    case bell
    /// OSC 0 or OSC 2 set the window title (already stripped of control characters).
    case titleChanged(String)
    /// OSC 0 or OSC 1 set the icon name.
    case iconNameChanged(String)
    /// OSC 52: the remote asks to set (or query) a clipboard. The front applies its own policy.
    case clipboardRequest(selection: String, data: String)
    /// The remote resized the screen (XTWINOPS 4 or 8, DECSLPP, DECSNLS, DECCOLM); the terminal
    /// has its new size already. The session tells the remote's pty.
    case resized(rows: Int, columns: Int)
    /// OSC 9, OSC 777 `notify` or OSC 99: a notification for the user, text already cleaned.
    case notification(TerminalNotification)
    /// OSC 9 ; 4: a progress report, nil when the program removed it.
    case progress(TerminalProgress?)
    /// OSC 133 ; D: the shell's command finished, with its status when the shell said.
    case commandFinished(status: Int?)
}
