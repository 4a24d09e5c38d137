import RemoteTermCore
import RemoteTermEngine

/// What the front controller asks of the front after an event.
public enum FrontAction: Equatable, Sendable {
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
    /// Close the shown session, which has ended (its status was read).
    case dismissSession
}

/// What the controller needs to know of the session and the screen to decide.
public struct FrontView: Sendable {
    /// Rows of the area above the bar: the bar row is the row below them.
    public var remoteRows: Int
    /// Columns of the local terminal.
    public var columns: Int
    /// The remote's modes, which decide whether the mouse goes to it.
    public var encoding: KeyEncodingOptions
    /// The terminal as it is now: the text selections and links are read from, the
    /// history's bounds, the alternate screen and its scroll mode.
    public var terminal: Terminal
    /// Whether the front stopped reading its input (the session holds too much unsent):
    /// a paste that pauses then is not a paste that lost its end.
    public var isInputPaused: Bool
    /// The lost link, while the session waits to reconnect: the bar row shows it, and the
    /// screen is drawn stale.
    public var reconnection: Reconnection?
    /// The loop's time, for how long ago the link was lost.
    public var now: UInt64 = 0
    /// Typed keys are being shown before their echo (the bar says so).
    public var isPredicting = false

    /// A view of `terminal` in an area of `remoteRows` (the terminal's own rows unless
    /// given) above the bar, `columns` wide.
    public init(
        terminal: Terminal, remoteRows: Int? = nil, columns: Int? = nil, isInputPaused: Bool = false,
        reconnection: Reconnection? = nil, now: UInt64 = 0
    ) {
        self.reconnection = reconnection
        self.now = now
        self.terminal = terminal
        self.remoteRows = remoteRows ?? terminal.rows
        self.columns = columns ?? terminal.columns
        self.encoding = KeyEncodingOptions.matching(terminal.modes)
        self.isInputPaused = isInputPaused
    }

    /// Lines in the scrollback, for the history view.
    public var scrollbackCount: Int { terminal.scrollbackCount }
}
