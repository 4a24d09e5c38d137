/// Where a session is in its life. Reconnecting, later, is one more state here.
public enum SessionState: Equatable, Sendable {
    /// The connection is being set up off the loop (or a prompt waits for an answer).
    case connecting
    /// The remote side runs: output is read, input is sent.
    case live
    /// Over, for this reason.
    case ended(SessionEnding)
}
