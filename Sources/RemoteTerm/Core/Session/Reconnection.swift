/// A session whose link was lost, and what is being done about it: the state behind the bar's
/// "link lost, last contact 12s ago · attempt 3 in 4s  [Reconnect now] [Quit]". The screen
/// stays as it was; the session retries on `ReconnectPolicy`'s schedule, at once when asked,
/// and never after a refusal (a login, a host key), which waits for the user instead.
package struct Reconnection: Equatable, Sendable {
    /// Why the link was lost, one `rterm:` line (the transport's error).
    package var reason: String
    /// When the loss was noticed (loop clock).
    package var lostAt: UInt64
    /// When the remote last sent anything (loop clock).
    package var lastContact: UInt64
    /// Attempts started so far (0 before the first).
    package var attempts: Int = 0
    /// When the next attempt starts by itself; nil while one runs, and while the session
    /// waits for the user (retrying is not automatic, or the last attempt was refused).
    package var nextAttempt: UInt64?
    /// Whether an attempt is running now.
    package var isAttempting = false
    /// The last attempt's failure, one line.
    package var lastFailure: String?
    /// Set when the last attempt was refused in a way another attempt would be too (a login,
    /// a host key): nothing more is tried until the user asks.
    package var refusal: String?

    /// A loss noticed at `lostAt`.
    package init(reason: String, lostAt: UInt64, lastContact: UInt64) {
        self.reason = reason
        self.lostAt = lostAt
        self.lastContact = lastContact
    }

    /// The one line to print when the user gives up: the refusal, else the loss.
    package var summary: String { refusal ?? reason }
}

/// Whether and how a session reconnects after it lost its link. Without a policy (commands,
/// pipes: ssh's behaviour) a lost link ends the session with 255.
package struct ReconnectPolicy: Sendable {
    /// When attempts are made.
    package var schedule = ReconnectSchedule()
    /// Whether attempts start by themselves (the interactive front), or only when asked
    /// (`reconnectNow()`: a script's `reconnect` step).
    package var isAutomatic = true
    /// A number drawn uniformly from 0..<1 for the schedule's jitter (tests fix it).
    package var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// The interactive default: automatic, on the default schedule.
    package init() {}

    /// A policy with these settings.
    package init(schedule: ReconnectSchedule = ReconnectSchedule(), isAutomatic: Bool, random: (@Sendable () -> Double)? = nil) {
        self.schedule = schedule
        self.isAutomatic = isAutomatic
        if let random { self.random = random }
    }
}
