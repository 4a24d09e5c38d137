/// Where a session is in its life.
package enum SessionState: Equatable, Sendable {
    /// The connection is being set up off the loop (or a prompt waits for an answer).
    case connecting
    /// The remote side runs: output is read, input is sent.
    case live
    /// The link was lost; the screen stays while the session waits to reconnect (only with
    /// a `ReconnectPolicy`).
    case reconnecting(Reconnection)
    /// Over, for this reason.
    case ended(SessionEnding)
}
