import RemoteTermEngine
import RemoteTermSSH

extension Session {
    /// How a session behaves: its budgets, its screen, its name and whether it reconnects.
    /// The session factory sets them per role (`SessionFactory.Policy`).
    package struct Options: Sendable {
        /// Bytes read per loop turn at most, before input, timers and drawing get a turn.
        package var readBudget = 256 * 1024
        /// Row visits a turn at most (the terminal's revision clock: a row written, cleared,
        /// scrolled, or looked at and left as it was), however few bytes caused them:
        /// `ESC [ 2 J` is 4 bytes and a whole screen. Past it the turn ends, so keys and `~.`
        /// wait for no flood.
        package var workBudget = 20_000
        /// How long to wait for the exit status once the output ended, in nanoseconds.
        package var exitWait: UInt64 = 5_000_000_000
        /// How many lines the screen's scrollback keeps.
        package var scrollbackLimit = Terminal.defaultScrollbackLimit
        /// The connection's name, for "Connection to … closed.".
        package var label = ""
        /// Whether a lost link is reconnected (the screen kept) rather than the end: nil
        /// ends the session, as ssh does. Needs `Session.reconnector`.
        package var reconnect: ReconnectPolicy?
        /// When typed keys are shown before their echo (`--predict`): never, unless the
        /// interactive front asks.
        package var predict = PredictionSettings.never
        /// Whether the program runs on this machine (`--local`): then its `file:` links name
        /// this machine's files; a remote's name the remote's, and are never opened here.
        package var runsHere = false

        /// The defaults: no reconnection, no prediction.
        package init() {}
    }
}
