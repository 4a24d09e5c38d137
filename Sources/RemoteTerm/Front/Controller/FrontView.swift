import RemoteTermEngine
import RemoteTermCore

/// What the controller needs to know of the session and the screen to decide.
package struct FrontView: Sendable {
    /// Rows of the area above the bar: the bar row is the row below them.
    package var remoteRows: Int
    /// Columns of the local terminal.
    package var columns: Int
    /// The remote's modes, which decide whether the mouse goes to it.
    package var encoding: KeyEncodingOptions
    /// The terminal as it is now: the text selections and links are read from, the
    /// history's bounds, the alternate screen and its scroll mode.
    package var terminal: Terminal
    /// Whether the front stopped reading its input (the session holds too much unsent):
    /// a paste that pauses then is not a paste that lost its end.
    package var isInputPaused: Bool
    /// The lost link, while the session waits to reconnect: the bar row shows it, and the
    /// screen is drawn stale.
    package var reconnection: Reconnection?
    /// The loop's time, for how long ago the link was lost.
    package var now: UInt64 = 0
    /// Typed keys are being shown before their echo (the bar says so).
    package var isPredicting = false
    /// The shown session's name while its connection is set up: the bar row says so.
    package var connectingTo: String?

    /// A view of `terminal` in an area of `remoteRows` (the terminal's own rows unless
    /// given) above the bar, `columns` wide.
    package init(
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
    package var scrollbackCount: Int { terminal.scrollbackCount }
}
