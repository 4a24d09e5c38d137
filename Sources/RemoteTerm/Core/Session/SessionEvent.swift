import RemoteTermEngine
import RemoteTermSSH

/// What a session tells the front driving it, as values (drained with `takeEvents()`).
package enum SessionEvent: Equatable, Sendable {
    /// Remote output changed the screen (at most one per loop turn).
    case screenChanged
    /// The remote rang the bell.
    case bell
    /// The remote set the window title (already cleaned of controls).
    case titleChanged(String)
    /// The remote asked to set the clipboard (OSC 52): the selection and base64 data.
    case clipboardRequest(selection: String, data: String)
    /// The connection is set up and the remote side is running.
    case connected
    /// The connection tells the user something while it is set up (a warning, "Permission
    /// denied, please try again."), already inert.
    case notice(String)
    /// The connection asks the user something (a password, a passphrase, a host key);
    /// answer with `Session.answerPrompt`.
    case prompt(PromptRequest)
    /// The link was lost (the reason, one line); the session waits to reconnect
    /// (`Session.reconnection` says how it stands).
    case linkLost(String)
    /// A reconnection attempt started or failed: what the bar shows changed.
    case linkStatusChanged
    /// A new connection took over the screen after a loss.
    case reconnected
    /// Keys typed while the link was down were dropped, not kept for the new shell.
    case inputDropped
    /// A file transfer on the session's connection moved on (at most four times a second)
    /// or ended (arrived or failed).
    case transfersChanged
    /// The remote asked for a desktop notification (OSC 9, 777, 99), its text cleaned.
    case notification(TerminalNotification)
    /// The remote's progress report changed (OSC 9 ; 4), nil when it removed it.
    case progressChanged(TerminalProgress?)
    /// The shell said its command finished (OSC 133 ; D), with the status when it said.
    case commandFinished(status: Int?)
    /// The session ended; it does nothing more.
    case ended(SessionEnding)
}
