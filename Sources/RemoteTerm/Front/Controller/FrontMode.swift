/// What the front is doing over the remote screen, as one value: the key that closes a menu
/// does only that, a question on the bar row takes the keys, and so on. Every decision about
/// what a key or a click means starts from it (`FrontController`), and the frame shows it.
public enum FrontMode: Equatable, Sendable {
    /// The remote screen, live; keys go to the remote, the bar row shows the buttons.
    case live
    /// The history, from this stable line number on the top row; any key returns.
    case history(top: Int)
    /// rterm's menu on the bar row, at this page; any key closes it.
    case menu(page: Int)
    /// A panel over the bottom of the remote screen (the help); any key closes it.
    case panel(Panel)
    /// A question typed on the bar row: the connection's (a password, a host key), or, when
    /// `opensSession`, `~c`'s destination.
    case prompt(PromptEditor, opensSession: Bool)
    /// The shown session ended while others run: this line (its name and how it ended) stays
    /// on the bar row until a key or a click closes the session.
    case ended(String)
    /// The bar's buttons were read out (`~k`, or the reader key): digits typed so far choose
    /// one of `choices`, Enter takes it, Esc cancels.
    case pickingKey(digits: String, choices: [KeyBarItem])
}
