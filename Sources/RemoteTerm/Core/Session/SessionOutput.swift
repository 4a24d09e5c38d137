import RemoteTermEngine
import RemoteTermSSH

/// Where a session's output goes, given to the session when it is made: its screen
/// (`RemoteScreen`, the terminal engine: every front that shows the remote), or a sink that
/// passes the bytes on untouched (`DescriptorOutput`: `rterm host command` without a
/// pseudo-terminal). The session reads and budgets the same way for both.
package protocol SessionOutput: AnyObject {
    /// Whether the output is over only once the error stream ended too: a sink writes it to
    /// a stream of its own; a screen shows whatever comes on it with the rest and is done
    /// when the output stream ends (with a pseudo-terminal, everything comes on that one).
    var waitsForErrorEnd: Bool { get }
    /// Whether it takes more now; when it does not, the session stops reading and the
    /// transport's window holds the remote back.
    var wantsMore: Bool { get }
    /// Takes `bytes` of `stream` at `now`; returns what that cost and asks of the session.
    func take(_ bytes: UnsafeBufferPointer<UInt8>, from stream: TransportStream, now: UInt64) -> SessionOutputResult
}

/// What a piece of output cost and asks of the session that read it.
package struct SessionOutputResult: Sendable {
    /// Row visits it caused (the terminal's revision clock), for the session's work budget.
    package var work = 0
    /// What the terminal asks of the session: replies to send, a bell, a title, a resize.
    package var effects: [TerminalEffect] = []
    /// Whether what the screen shows changed.
    package var changedScreen = false

    /// Nothing asked (a sink's answer).
    package static let none = SessionOutputResult()
}

/// Sees what passes through a session, in order: for `--record`.
package protocol SessionRecorder: AnyObject {
    /// Bytes the remote sent.
    func sessionReceived(_ bytes: UnsafeRawBufferPointer)
    /// Bytes sent to the remote (already encoded).
    func sessionSent(_ bytes: [UInt8])
    /// The screen was resized.
    func sessionResized(rows: Int, columns: Int)
}
