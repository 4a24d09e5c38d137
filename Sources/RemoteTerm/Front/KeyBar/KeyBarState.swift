import RemoteTermEngine

/// What using the bar changes: the buttons shown (the set's and the session tabs), the
/// page, the one-shot modifiers, a held button, whether the bar is shown, and the width it
/// is laid out for.
package struct KeyBarState: Equatable, Sendable {
    /// The shown set's name, first on the bar when there are several sets to cycle.
    package var setName: String?
    /// The buttons, in order (the shown set's).
    package var items: [KeyBarItem]
    /// The workspace's session tabs, on a page of their own after the buttons (none with a
    /// single session).
    package var sessionTabs: [KeyBarItem] = []
    /// The file transfers' progress (`↑45%`), first on the bar while one runs; it opens ☰.
    package var transferProgress: KeyBarItem?
    /// The page asked for; the layout clamps it to the pages there are.
    package var page = 0
    /// The one-shot modifiers (Ctrl, Alt) shared by the bar and the keyboard.
    package var latch: ModifierLatch
    /// Hold-to-repeat for the button being held.
    package var holdRepeat: HoldRepeat
    /// The key repeated while a button is held (with the modifiers it was sent with).
    package var heldEvent: KeyEvent?
    /// A press on a button that has alternatives: its key goes at the release, unless it is
    /// held for `KeyBar.popupDelay` (its popup opens instead).
    var pendingPress: PendingPress?
    /// Whether the bar is shown; a hidden bar frees its row for the remote.
    package var isVisible = true
    /// The columns of the row the bar is laid out on (the local terminal's width).
    package var width = 0

    /// A press waiting to be a tap or a hold.
    struct PendingPress: Equatable, Sendable {
        var itemIndex: Int
        var columns: Range<Int>
        var at: UInt64
    }
}
