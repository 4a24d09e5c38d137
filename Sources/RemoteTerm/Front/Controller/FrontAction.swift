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
    /// What only the front that draws can do, passed through the workspace as it is (one
    /// vocabulary, `WorkspaceEffect`): draw, suspend, the bar shown or hidden (the workspace
    /// resizes its sessions first), the clipboard, a link, a new session, a word to the user.
    case front(WorkspaceEffect)
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
    /// Close the shown session, which has ended (its status was read), then decide `then`,
    /// the key that closed it, on the session shown next (nil: a click or Esc closed it).
    case dismissSession(then: KeyEvent?)
    /// Show the next key set on the shown session's bar (a click on the set's name).
    case cycleKeySet
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

    /// Suspend rterm (`~^Z`): restore the terminal, stop, redraw on resume.
    package static let suspend = front(.suspend)
    /// The bar was hidden or shown: the remote size changes (window-change at once).
    package static let barVisibilityChanged = front(.barVisibilityChanged)
    /// Something rterm draws changed (the bar row, the history view, a selection, a panel):
    /// draw without waiting.
    package static let redraw = front(.redraw)
    /// Put this text on the user's clipboard (OSC 52 to the local terminal).
    package static func copy(_ text: String) -> FrontAction { .front(.copy(text)) }
    /// Open this link (a single click on it, once the double-click interval has passed).
    package static func openLink(_ url: String) -> FrontAction { .front(.openLink(url)) }
    /// Open a new session to this destination, as typed after `~c` (ssh's syntax).
    package static func openSession(_ destination: String) -> FrontAction { .front(.openSession(destination)) }
    /// Tell the user this (reader mode writes it as a line; the screen shows it on the bar
    /// row): the bar's buttons read out, what a number sent.
    package static func say(_ text: String) -> FrontAction { .front(.say(text)) }

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
