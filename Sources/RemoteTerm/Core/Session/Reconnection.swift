/// A session whose link was lost, and what is being done about it: the state behind the bar's
/// "link lost, last contact 12s ago · attempt 3 in 4s  [Reconnect now] [Quit]". The screen
/// stays as it was; the session retries on `ReconnectPolicy`'s schedule, at once when asked,
/// and never after a refusal (a login, a host key), which waits for the user instead.
public struct Reconnection: Equatable, Sendable {
    /// Why the link was lost, one `rterm:` line (the transport's error).
    public var reason: String
    /// When the loss was noticed (loop clock).
    public var lostAt: UInt64
    /// When the remote last sent anything (loop clock).
    public var lastContact: UInt64
    /// Attempts started so far (0 before the first).
    public var attempts: Int = 0
    /// When the next attempt starts by itself; nil while one runs, and while the session
    /// waits for the user (retrying is not automatic, or the last attempt was refused).
    public var nextAttempt: UInt64?
    /// Whether an attempt is running now.
    public var isAttempting = false
    /// The last attempt's failure, one line.
    public var lastFailure: String?
    /// Set when the last attempt was refused in a way another attempt would be too (a login,
    /// a host key): nothing more is tried until the user asks.
    public var refusal: String?

    /// A loss noticed at `lostAt`.
    public init(reason: String, lostAt: UInt64, lastContact: UInt64) {
        self.reason = reason
        self.lostAt = lostAt
        self.lastContact = lastContact
    }

    /// The one line to print when the user gives up: the refusal, else the loss.
    public var summary: String { refusal ?? reason }
}

/// Whether and how a session reconnects after it lost its link. Without a policy (commands,
/// pipes: ssh's behaviour) a lost link ends the session with 255.
public struct ReconnectPolicy: Sendable {
    /// When attempts are made.
    public var schedule = ReconnectSchedule()
    /// Whether attempts start by themselves (the interactive front), or only when asked
    /// (`reconnectNow()`: a script's `reconnect` step).
    public var isAutomatic = true
    /// A number drawn uniformly from 0..<1 for the schedule's jitter (tests fix it).
    public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// The interactive default: automatic, on the default schedule.
    public init() {}

    /// A policy with these settings.
    public init(schedule: ReconnectSchedule = ReconnectSchedule(), isAutomatic: Bool, random: (@Sendable () -> Double)? = nil) {
        self.schedule = schedule
        self.isAutomatic = isAutomatic
        if let random { self.random = random }
    }
}
