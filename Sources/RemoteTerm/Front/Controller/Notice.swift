/// A line rterm shows on the bar row.
public struct Notice: Equatable, Sendable {
    /// The text.
    public var text: String
    /// Whether it stays until dismissed (a problem) rather than for a few seconds; the key
    /// that dismisses it goes on to the remote (Esc excepted), so typing loses nothing.
    public var isSticky: Bool
    /// When a transient notice goes away.
    public var expiry: UInt64?
}
