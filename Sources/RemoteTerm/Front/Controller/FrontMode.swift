/// What the front is doing over the remote screen, as one value: the key that closes a menu
/// does only that, a question on the bar row takes the keys, a popup takes the mouse, and so
/// on. Every decision about what a key or a click means starts with a `switch` on it
/// (`FrontController.key` and `.mouse`), and the frame shows it.
///
/// Reader mode is not a mode of the front: it is another local screen (`TranscriptScreen`),
/// which writes the remote's lines as a transcript; the front decides the same way for both.
package enum FrontMode: Equatable, Sendable {
    /// The remote screen, live; keys go to the remote, the bar row shows the buttons.
    case live
    /// Text selected with the mouse, by stable line numbers (it holds while lines arrive),
    /// over the live screen (`historyTop` nil) or the history from that line. A key clears it
    /// and goes on as it would have without it; a press elsewhere starts again.
    case selecting(Selection, historyTop: Int?)
    /// The history, from this stable line number on the top row; any key returns, but `[`
    /// and `]` jump to the shell's previous and next prompt when it marks them.
    case history(top: Int)
    /// A button's alternatives above the bar: a press on one sends it, a press anywhere else
    /// only closes the strip, Esc only closes it, another key closes it and goes on.
    case popup(KeyBarPopup)
    /// A problem the user must see on the bar row (a bad key-bar file): the next key or click
    /// dismisses it; Esc and a click do only that, any other key then goes on to the remote.
    /// Passing notices (what was copied) are not a mode: keys go on.
    case notice(Notice)
    /// rterm's menu on the bar row, at this page; any key closes it.
    case menu(page: Int)
    /// A panel over the bottom of the remote screen (the help); any key closes it.
    case panel(Panel)
    /// A question typed on the bar row: the connection's (a password, a host key), `~c`'s
    /// destination, or the file `~u` uploads or `~d` downloads.
    case prompt(PromptEditor, purpose: PromptPurpose)
    /// The shown session ended while others run: this line (its name and how it ended) stays
    /// on the bar row until a key or a click closes the session; the key (Esc excepted) then
    /// goes to the session shown next.
    case ended(String)
    /// The bar's buttons were read out (`~k`, or the reader key): digits typed so far choose
    /// one of `choices`, Enter takes it, Esc cancels.
    case pickingKey(digits: String, choices: [KeyChoice])
}

/// One entry of a list read out by number (`~k`): a button of the bar, or, once the menu
/// button was taken, an entry of rterm's menu (by its index there, and its name).
package enum KeyChoice: Equatable, Sendable {
    case button(KeyBarItem)
    case menuEntry(Int, String)
}

/// What a question on the bar row is for.
package enum PromptPurpose: Equatable, Sendable {
    /// The connection asked (a password, a passphrase, a host key).
    case connection
    /// `~c`: the destination of a new session.
    case openSession
    /// `~u`: a local file to copy to the shell's directory.
    case upload
    /// `~d`: a remote file (relative to the shell's directory) to copy to the current one.
    case download
}
