import RemoteTermLoop
import RemoteTermSSH

/// A target resolved into everything a connection needs: the SSH request (settings, jump
/// hosts, command, pseudo-terminal, prompter) or the local command and its pty. `connect`
/// blocks, so it runs off the loop (`start(wake:prompting:)` wraps it in a
/// `ConnectionAttempt`).
package struct ConnectionPlan: Sendable {
    /// How to reach the remote side.
    package enum Route: Sendable {
        /// Over SSH, logging to `log`.
        case ssh(SSHConnectionRequest, log: SSHLog)
        /// A local command on a new pseudo-terminal of this size.
        /// `asPipe`: output captured, as ssh runs a command without a pseudo-terminal
        /// (`LocalPTYTransport`).
        case local(arguments: [String], environment: [String: String], rows: Int, columns: Int, asPipe: Bool = false)
    }

    /// How to reach the remote side.
    package var route: Route
    /// The connection's name: `user@host[:port]`, or `local: command`.
    package var label: String
    /// Whether the remote side gets a pseudo-terminal (and rterm emulates its screen).
    package var hasTerminal: Bool
    /// The tmux session the shell runs in (`--resume NAME`), nil for a plain shell.
    package var resumeName: String?
    /// When typed keys are shown before their echo (SSH's `RTermPredict`; adaptive else).
    package var predict = PredictionSettings.adaptive
    /// How the front shows it: key set, bar rows and labels, reader mode.
    package var front = FrontPreferences()
    /// The options it was given that shape any connection (`SSHCommandLine.reusableOptions`):
    /// what `~c` offers a new session.
    package var reusableOptions: [String] = []

    /// Whether a lost link is reconnected: an SSH login shell (a new one, or the same one in
    /// tmux with `--resume`). A remote command is not run a second time behind the user's
    /// back, and a local command cannot be lost.
    package var canReconnect: Bool {
        guard case .ssh(let request, _) = route, !request.destination.forwardsOnly else { return false }
        return request.command == nil || resumeName != nil
    }

    /// `-N` (SessionType none): no shell or command, only port forwards, until the
    /// connection ends or rterm is stopped.
    package var forwardsOnly: Bool {
        guard case .ssh(let request, _) = route else { return false }
        return request.destination.forwardsOnly
    }

    /// The escape character typed keys are read for (`-e`, EscapeChar), nil for none.
    package var escapeCharacter: UInt8? = 0x7E

    /// rterm's keepalive for a session a person watches, where a dead link must be noticed
    /// (and reconnected) in bounded time: `ServerAliveInterval 10` unless set (dead after
    /// 10 s × ServerAliveCountMax 3 = 30 s of silence). Commands keep ssh's default, none.
    package static let interactiveKeepaliveInterval = 10

    /// This plan with `interactiveKeepaliveInterval` where ServerAliveInterval was not set.
    package func withInteractiveKeepalive() -> ConnectionPlan {
        guard case .ssh(var request, let log) = route, request.destination.serverAliveIsDefault else { return self }
        request.destination.serverAliveInterval = Self.interactiveKeepaliveInterval
        var plan = self
        plan.route = .ssh(request, log: log)
        return plan
    }

    /// This plan with its pseudo-terminal (if it has one) asked for at `size`: the screen the
    /// session is made with, which may differ from the size it was planned at (reader mode
    /// draws no bar, known only once the plan has read the config).
    package func withTerminalSize(_ size: (rows: Int, columns: Int)) -> ConnectionPlan {
        var plan = self
        switch route {
        case .ssh(var request, let log):
            guard request.terminal != nil else { return self }
            request.terminal?.rows = size.rows
            request.terminal?.columns = size.columns
            plan.route = .ssh(request, log: log)
        case .local(let arguments, let environment, _, _, let asPipe):
            plan.route = .local(
                arguments: arguments, environment: environment, rows: size.rows, columns: size.columns, asPipe: asPipe)
        }
        return plan
    }

    /// The connect timeout of a run that nobody watches host by host (a fleet run): a host
    /// that is down or silent is given up after this, unless ConnectTimeout says otherwise.
    package static let batchConnectTimeout = 10

    /// This plan for a run that must never stop to ask (a fleet of hosts): BatchMode for the
    /// destination and its jump hosts, and `batchConnectTimeout` where ConnectTimeout was not
    /// set.
    package func inBatch() -> ConnectionPlan {
        guard case .ssh(var request, let log) = route else { return self }
        request.prompter.batchMode = true
        request.destination.batchMode = true
        for index in request.jumpHosts.indices {
            request.jumpHosts[index].batchMode = true
            if request.jumpHosts[index].connectTimeout == nil {
                request.jumpHosts[index].connectTimeout = Self.batchConnectTimeout
            }
        }
        if request.destination.connectTimeout == nil { request.destination.connectTimeout = Self.batchConnectTimeout }
        var plan = self
        plan.route = .ssh(request, log: log)
        return plan
    }

    /// A plan.
    package init(route: Route, label: String, hasTerminal: Bool) {
        self.route = route
        self.label = label
        self.hasTerminal = hasTerminal
    }

    /// Connects, blocking until the remote side runs or the attempt failed. Questions go to
    /// `prompts` when given (the full-screen front asks them), else to the terminal or askpass.
    /// The transport keeps its time on `clock` (the loop's).
    package func connect(prompts: PromptMailbox?, clock: LoopClock) -> ConnectionAttempt.Outcome {
        switch route {
        case .ssh(var request, let log):
            if let prompts { request.prompter.mailbox = prompts }
            do {
                return .connected(try SSHTransport.connect(request, log: log, clock: clock))
            } catch {
                return .failed(.connectFailed(message: error.description, status: 255), retryable: error.isWorthRetrying)
            }
        case .local(let arguments, let environment, let rows, let columns, let asPipe):
            do {
                return .connected(
                    try LocalPTYTransport(
                        arguments: arguments, environment: environment, rows: rows, columns: columns, asPipe: asPipe))
            } catch {
                // As a shell says of a command it cannot run.
                return .failed(.connectFailed(message: error.description, status: 127))
            }
        }
    }

    /// Starts connecting on a thread of its own, for the loop whose waker is `wake` and
    /// whose clock is `clock`. With `prompting`, questions come to the session
    /// (`SessionEvent.prompt`) through `mailbox` (a new one if none is given) instead of the
    /// terminal.
    package func start(
        wake: @escaping @Sendable () -> Void, clock: LoopClock, prompting: Bool, mailbox: PromptMailbox? = nil
    ) -> ConnectionAttempt {
        let plan = self
        return ConnectionAttempt(prompts: mailbox, wake: wake) { mailbox in
            plan.connect(prompts: prompting ? mailbox : nil, clock: clock)
        }
    }
}
