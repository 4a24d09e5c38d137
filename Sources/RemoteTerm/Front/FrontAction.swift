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
    /// Something rterm draws changed (the bar row, the history view): draw without waiting.
    case redraw
}

/// What the controller needs to know of the session and the screen to decide.
public struct FrontView: Equatable, Sendable {
    /// Rows of the remote screen: the bar row is the row below them.
    public var remoteRows: Int
    /// Columns of the local terminal.
    public var columns: Int
    /// The remote's modes, which decide whether the mouse goes to it.
    public var encoding: KeyEncodingOptions
    /// Lines in the scrollback, for the history view.
    public var scrollbackCount: Int
    /// Whether the front stopped reading its input (the session holds too much unsent):
    /// a paste that pauses then is not a paste that lost its end.
    public var isInputPaused: Bool

    /// A view.
    public init(
        remoteRows: Int, columns: Int, encoding: KeyEncodingOptions = KeyEncodingOptions(), scrollbackCount: Int = 0,
        isInputPaused: Bool = false
    ) {
        self.remoteRows = remoteRows
        self.columns = columns
        self.encoding = encoding
        self.scrollbackCount = scrollbackCount
        self.isInputPaused = isInputPaused
    }
}
