/// Where a session is in its life, and the rules for moving on: connecting, live, waiting to
/// reconnect on `ReconnectPolicy`'s schedule, ended. Pure: it is told what happened and when,
/// and answers what that means; `Session` carries it out (starting an attempt, closing a
/// link), so every rule is tested with numbers on a manual clock.
///
/// - A lost link ends the session unless there is a policy and the loss is worth retrying
///   (a network failure, not a refusal); then the screen stays and attempts follow, the
///   first at once when retrying is automatic.
/// - A failed attempt while connecting ends the session; while reconnecting it schedules the
///   next (automatic) or waits for the user (manual, or after a refusal: a login or a host
///   key that would be refused again).
/// - Nothing is retried after a refusal until the user asks, whatever the network does.
package struct SessionLifecycle: Sendable {
    /// Where the session is.
    package private(set) var state: SessionState = .connecting
    /// How a lost link is reconnected; nil: it ends the session, as ssh does.
    package let policy: ReconnectPolicy?

    /// A session connecting for the first time, reconnecting under `policy`.
    package init(policy: ReconnectPolicy?) {
        self.policy = policy
    }

    /// How an arriving transport is taken.
    package enum Arrival: Equatable, Sendable {
        /// The first link: the remote program starts on the screen as it is.
        case first
        /// A new link after a loss: a new remote program under the kept screen.
        case reconnected
        /// Not wanted (the session is live already, or over): close it.
        case unwanted
    }

    /// A connected transport arrived.
    package mutating func linkArrived() -> Arrival {
        switch state {
        case .connecting:
            state = .live
            return .first
        case .reconnecting:
            state = .live
            return .reconnected
        case .live, .ended:
            return .unwanted
        }
    }

    /// The live link was lost at `now` for `reason`; `retryable` when another attempt may
    /// work (the network, not a refusal) and the session can make one. Returns whether the
    /// session now waits to reconnect; false: it must end.
    package mutating func linkLost(_ reason: String, retryable: Bool, now: UInt64, lastContact: UInt64) -> Bool {
        guard let policy, retryable, case .live = state else { return false }
        var reconnection = Reconnection(reason: reason, lostAt: now, lastContact: lastContact)
        if policy.isAutomatic {
            reconnection.nextAttempt = now &+ policy.schedule.delay(beforeAttempt: 1, random: policy.random())
        }
        state = .reconnecting(reconnection)
        return true
    }

    /// Whether an attempt may start now: the session waits to reconnect and none runs.
    package var mayStartAttempt: Bool {
        guard case .reconnecting(let reconnection) = state else { return false }
        return !reconnection.isAttempting
    }

    /// Whether the schedule says the next attempt starts at `now`.
    package func isAttemptDue(now: UInt64) -> Bool {
        guard mayStartAttempt, let next = reconnection?.nextAttempt else { return false }
        return now >= next
    }

    /// Whether a change of the local network starts the next attempt now: retrying is
    /// automatic and the last attempt was not refused.
    package var retriesOnNetworkChange: Bool {
        guard mayStartAttempt, policy?.isAutomatic == true, let reconnection else { return false }
        return reconnection.refusal == nil
    }

    /// An attempt starts (the schedule, the user, the network); returns false when none may.
    package mutating func attemptStarted() -> Bool {
        guard mayStartAttempt, case .reconnecting(var reconnection) = state else { return false }
        reconnection.attempts += 1
        reconnection.isAttempting = true
        reconnection.nextAttempt = nil
        reconnection.refusal = nil
        state = .reconnecting(reconnection)
        return true
    }

    /// The attempt running failed at `now` with `ending`; `retryable` as for `linkLost`.
    /// Returns false when the session must end (it was connecting for the first time).
    package mutating func attemptFailed(_ ending: SessionEnding, retryable: Bool, now: UInt64) -> Bool {
        guard case .reconnecting(var reconnection) = state else { return false }
        reconnection.isAttempting = false
        reconnection.lastFailure = ending.message
        if !retryable {
            reconnection.refusal = ending.message ?? "rterm: the reconnection was refused"
        } else if let policy, policy.isAutomatic {
            let delay = policy.schedule.delay(beforeAttempt: reconnection.attempts + 1, random: policy.random())
            reconnection.nextAttempt = now &+ delay
        }
        state = .reconnecting(reconnection)
        return true
    }

    /// The session ends with `ending`; returns false when it had already ended.
    package mutating func end(_ ending: SessionEnding) -> Bool {
        if case .ended = state { return false }
        state = .ended(ending)
        return true
    }

    /// The lost link, while the session waits to reconnect.
    package var reconnection: Reconnection? {
        if case .reconnecting(let reconnection) = state { return reconnection }
        return nil
    }

    /// How the session ended, once it has.
    package var ending: SessionEnding? {
        if case .ended(let ending) = state { return ending }
        return nil
    }

    /// When the next attempt starts by itself, if one is scheduled.
    package var deadline: UInt64? { reconnection?.nextAttempt }
}
