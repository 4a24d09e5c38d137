import RemoteTermEngine

/// Synchronized output (?2026): while the remote draws a frame between `CSI ? 2026 h` and
/// `CSI ? 2026 l`, a front shows nothing new, so a frame is never seen half drawn; a program
/// that never ends its frame holds the screen one second at most (`synchronizedOutputLimit`,
/// as the protocol's authors and other terminals bound it).
extension Session {
    /// The longest a frame is held for a remote that never ends it: one second.
    package static let synchronizedOutputLimit: UInt64 = 1_000_000_000

    /// Whether a front should leave its picture as it is at `now`: the remote is in the
    /// middle of a synchronized frame begun less than a second ago.
    package func holdsFrame(now: UInt64) -> Bool {
        guard let since = synchronizedSince else { return false }
        return now &- since < Self.synchronizedOutputLimit
    }

    /// When a held frame must be shown anyway (nil while none is held).
    package var frameHoldDeadline: UInt64? {
        synchronizedSince.map { $0 &+ Self.synchronizedOutputLimit }
    }

    /// After output was read: a synchronized frame begun now, or ended.
    func noteSynchronizedOutput() {
        if terminal.modes.synchronizedOutput {
            if synchronizedSince == nil { synchronizedSince = clock.now() }
        } else {
            synchronizedSince = nil
        }
    }
}
