import RemoteTermSSH
import RemoteTermCore
import RemoteTermEngine

/// What the front controller asks of the front after an event.
package enum FrontAction: Equatable, Sendable {
    /// Send this to the session (encoded there for the remote's modes).
    case send(SessionInput)
    /// Answer the connection's question (nil: cancel it).
    case answerPrompt(String?)
    /// Disconnect (the menu's Disconnect).
    case disconnect
    /// Suspend rterm (`~^Z`): restore the terminal, stop, redraw on resume.
    case suspend
    /// The bar was hidden or shown: the remote size changes (window-change at once).
    case barVisibilityChanged
    /// Something rterm draws changed (the bar row, the history view, a selection, a panel):
    /// draw without waiting.
    case redraw
    /// Put this text on the user's clipboard (OSC 52 to the local terminal).
    case copy(String)
    /// Open this link (a single click on it, once the double-click interval has passed).
    case openLink(String)
    /// The link is down: try to reconnect now (`[Reconnect now]`).
    case reconnectNow
    /// The link is down: give up (`[Quit]`), exit 255 with the reason.
    case quit
    /// Show the workspace's session at this index (a tab, the menu, `~1`…`~9`).
    case showSession(Int)
    /// Show the next session (`~n`), wrapping.
    case nextSession
    /// Show the previous session (`~p`), wrapping.
    case previousSession
    /// Open a new session to this destination, as typed after `~c` (ssh's syntax).
    case openSession(String)
    /// Close the shown session, which has ended (its status was read), then decide `then`,
    /// the key that closed it, on the session shown next (nil: a click or Esc closed it).
    case dismissSession(then: KeyEvent?)
    /// Show the next key set on the shown session's bar (a click on the set's name).
    case cycleKeySet
    /// Tell the user this (reader mode writes it as a line; the screen shows it on the bar
    /// row): the bar's buttons read out, what a number sent.
    case say(String)
    /// `~?`: show the list of escapes.
    case showHelp
    /// `~b`: hide or show the key bar.
    case toggleBar
    /// `~k`: read out the bar's buttons, to take one by number (reader mode).
    case readKeys
    /// `~c`: ask on the bar row for the destination of a new session.
    case askForSession
    /// `~u`, `~d`: ask on the bar row for the file to upload or download.
    case askForTransfer(FileTransferRequest.Direction)
    /// The file `~u` or `~d` was answered with: copy it over the shown session's connection.
    case transfer(FileTransferRequest.Direction, path: String)
    /// ☰'s `Cancel …`: stop the transfer under way with this index in the menu's list.
    case cancelTransfer(Int)
    /// Tab on `~d`'s question: list the remote directory of this answer, to complete it.
    case completeRemotePath(String)
    /// `~[`: show the history from the shell's previous prompt (OSC 133 marks).
    case previousPrompt
    /// `~]`: show the history from the shell's next prompt, or the live screen after the last.
    case nextPrompt
    /// ☰ on the bar: open the menu on the bar row.
    case showMenu
    /// A button's alternatives, to show above the bar (a long press, a right click, `Fn`).
    case showPopup(KeyBarPopup)
    /// The user's terminal says its colour scheme changed: every session's programs that
    /// asked (?2031) are told.
    case colorSchemeChanged(TerminalColorScheme)

    /// Send this key to the shown session (what the escape filter lets through).
    package static func key(_ key: KeyEvent) -> FrontAction { .send(.key(key)) }

    /// What the front does for an escape typed into its shown session (`~.`, `~c`…).
    package init(_ escape: EscapeCharacterFilter.Escape) {
        self =
            switch escape {
            case .disconnect: .disconnect
            case .help: .showHelp
            case .suspend: .suspend
            case .toggleBar: .toggleBar
            case .readKeys: .readKeys
            case .newSession: .askForSession
            case .upload: .askForTransfer(.upload)
            case .download: .askForTransfer(.download)
            case .nextSession: .nextSession
            case .previousSession: .previousSession
            case .previousPrompt: .previousPrompt
            case .nextPrompt: .nextPrompt
            case .showSession(let index): .showSession(index)
            }
    }

    /// What the front does for what the escape filter made of a key.
    package init(_ action: EscapeCharacterFilter.Action<KeyEvent>) {
        switch action {
        case .send(let key): self = .key(key)
        case .escape(let escape): self.init(escape)
        }
    }
}
