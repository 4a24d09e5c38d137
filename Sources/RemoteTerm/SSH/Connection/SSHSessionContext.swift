import RemoteTermLoop

/// What libssh2's C callbacks need to reach: its address is the session's `abstract`
/// pointer, the only user data libssh2 hands to callbacks (libssh2 notes, pitfall 10).
/// Owned by `SSHSession`, so it lives exactly as long as the C session.
final class SSHSessionContext {
    /// The loop's clock (the receive callback reads it on the connecting thread, then on the
    /// loop's).
    let clock: LoopClock
    /// When bytes last arrived from the server (set by the receive callback), on the clock
    /// that stops while the machine sleeps: the keepalive logic (`SSHLinkWatch`) measures
    /// silence from here.
    var lastReceived: UInt64
    /// Bytes received from the server in all: when it moved during a call for one channel,
    /// libssh2 may hold data for another in memory, with nothing left on the socket.
    var receivedBytes = 0
    /// Answers a keyboard-interactive round; nil answers mean "cannot ask" (the round is
    /// answered with empty strings and fails).
    var keyboardInteractive: ((SSHKeyboardInteractiveRound) -> [String]?)?
    /// Set when a prompt inside a callback finished, so that the time spent typing does not
    /// count against the server's answer timeout.
    var promptFinished: ContinuousClock.Instant?
    /// Number of keyboard-interactive rounds whose prompts could not be answered.
    var unansweredRounds = 0
    /// What the server said when it disconnected (`SSH_MSG_DISCONNECT`), made inert.
    var disconnectMessage: String?
    /// Bytes of `SSH_MSG_IGNORE` payload received (each message's string, with its length).
    var ignoredBytes = 0
    /// `SSH_MSG_IGNORE` messages received.
    var ignoredMessages = 0

    init(clock: LoopClock) {
        self.clock = clock
        lastReceived = clock.now()
    }
}

/// One keyboard-interactive info request from the server.
struct SSHKeyboardInteractiveRound {
    /// The request name (often empty).
    var name: String
    /// The instruction text (often empty).
    var instruction: String
    /// The prompts, each with whether the answer may be echoed.
    var prompts: [(text: String, echo: Bool)]
}
