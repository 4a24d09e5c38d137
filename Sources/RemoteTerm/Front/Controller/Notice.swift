/// A line rterm shows on the bar row.
package struct Notice: Equatable, Sendable {
    /// The text.
    package var text: String
    /// Whether it stays until dismissed (a problem) rather than for a few seconds; the key
    /// that dismisses it goes on to the remote (Esc excepted), so typing loses nothing.
    package var isSticky: Bool
    /// When a transient notice goes away.
    package var expiry: UInt64?
}
