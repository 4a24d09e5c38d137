import RemoteTermEngine
import RemoteTermLoop
import RemoteTermSSH

/// Makes configured sessions: a target (ssh's syntax with its options, or `--local` among
/// them) and a role give a `Session` connecting on its own thread, with the options,
/// reconnection, escapes, log destination and colours that role calls for (`Policy`). The
/// command line's target, each line of `--hosts FILE`, each `~c` and each script run are made
/// here, and nowhere else.
package struct SessionFactory {
    /// What a session is for.
    package enum Role: Sendable, CaseIterable {
        /// Shown by the full-screen front: a person types into it.
        case interactive
        /// Driven by `rterm script`: its steps type, wait and check the screen.
        case script
        /// A command without a screen (`rterm host command`): bytes pass through.
        case pump
        /// Driven by a program through `rterm mcp`: like a script's, but a lost link comes
        /// back by itself (the agent keeps its session and its waits), and never asks.
        case agent
    }

    /// How a lost link comes back.
    package enum Reconnection: Sendable, Equatable {
        /// Attempts start by themselves, on the backoff schedule.
        case automatic
        /// Only when asked (a script's `reconnect` step).
        case whenAsked
    }

    /// What a role decides about its sessions.
    package struct Policy: Equatable, Sendable {
        /// Keepalives even where ssh_config sets none (`ServerAliveInterval 10`): a dead link
        /// is noticed in bounded time when someone or something waits on the screen.
        package var watchesLink: Bool
        /// How a lost link comes back, for a plan that can reconnect (a login shell, or a
        /// command in tmux with `--resume`); nil: a lost link ends the session, as ssh does.
        package var reconnection: Reconnection?
        /// Whether OpenSSH's escapes (`~.`, `~?`, and rterm's `~c` `~n` `~p`) are read from
        /// typed keys.
        package var escapes: Bool
        /// Whether the connection's questions and log lines come to the session (its front
        /// asks on the bar row), rather than to the terminal and standard error.
        package var asksOnScreen: Bool
        /// Whether typed keys are shown before their echo (`--predict`, `RTermPredict`).
        package var predicts: Bool
        /// Whether colour queries are answered with the local terminal's colours.
        package var answersWithLocalColors: Bool
    }

    /// The policy of `role` for a plan that can reconnect or not.
    package static func policy(for role: Role, canReconnect: Bool) -> Policy {
        switch role {
        case .interactive:
            return Policy(
                watchesLink: true, reconnection: canReconnect ? .automatic : nil, escapes: true, asksOnScreen: true,
                predicts: true, answersWithLocalColors: true)
        case .script:
            // A lost link stops the script with 255 unless it says `expect-disconnect`; then
            // its `reconnect` step connects again.
            return Policy(
                watchesLink: true, reconnection: canReconnect ? .whenAsked : nil, escapes: false, asksOnScreen: false,
                predicts: false, answersWithLocalColors: false)
        case .agent:
            return Policy(
                watchesLink: true, reconnection: canReconnect ? .automatic : nil, escapes: false, asksOnScreen: false,
                predicts: false, answersWithLocalColors: false)
        case .pump:
            return Policy(
                watchesLink: false, reconnection: nil, escapes: false, asksOnScreen: false, predicts: false,
                answersWithLocalColors: false)
        }
    }

    /// The loop the sessions run on (its clock and its waker).
    package let loop: EventLoop
    /// rterm's environment (ssh's, for config, agent and askpass; the local command's).
    package let environment: [String: String]
    /// Whether standard input is a terminal (ssh's RequestTTY rules depend on it for a pump).
    package var inputIsTerminal: Bool
    /// The local terminal's colours, which interactive sessions answer colour queries with.
    package var colors: TerminalColors.Defaults = .xterm
    /// Writes a line to the user (standard error) where no front shows it.
    package var say: @Sendable (String) -> Void
    /// A `-v` line that starts every connection's log (rterm's and libssh2's versions).
    package var banner: String?
    /// Sessions that must never stop to ask (a fleet run): BatchMode, and a connect
    /// timeout unless one is set (`ConnectionPlan.inBatch`).
    package var batch = false

    /// A factory for sessions on `loop`.
    package init(
        loop: EventLoop, environment: [String: String], inputIsTerminal: Bool,
        say: @escaping @Sendable (String) -> Void
    ) {
        self.loop = loop
        self.environment = environment
        self.inputIsTerminal = inputIsTerminal
        self.say = say
    }

    /// A target resolved for a role, not connecting yet.
    package struct Planned {
        /// Everything the connection needs.
        package let plan: ConnectionPlan
        let log: LogDestination
        /// The mailbox what resolving logged went to (an interactive session's screen).
        let mailbox: PromptMailbox?
    }

    /// A session made, connecting.
    package struct Opened {
        /// The session.
        package let session: Session
        /// Its name: `user@host[:port]`, or `local: command`.
        package let label: String
        /// The tmux session a reconnect lands in (`--resume`).
        package let resumeName: String?
        /// The escape character typed keys are read for (nil: none).
        package let escapeCharacter: UInt8?
        /// How the front shows it (the key set it starts with, the bar, reader mode).
        package var front = FrontPreferences()
        /// The options `~c` offers a new session (`ConnectionPlan.reusableOptions`).
        package var reusableOptions: [String] = []
    }

    // MARK: - Making sessions

    /// Parses `words`, resolves them for `role` at `size` and starts connecting; or says in
    /// one line why it cannot.
    package func open(_ words: [String], as role: Role, size: (rows: Int, columns: Int)) -> Result<Opened, OpenProblem> {
        do {
            return open(try SessionTarget.parse(words), words: words, as: role, size: size)
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: error.exitStatus))
        }
    }

    /// Resolves `target` (parsed from `words`) for `role` at `size` and starts connecting; or
    /// says in one line why it cannot.
    package func open(
        _ target: SessionTarget, words: [String], as role: Role, size: (rows: Int, columns: Int)
    ) -> Result<Opened, OpenProblem> {
        if case .ssh(let commandLine) = target, commandLine.action != .connect {
            return .failure(OpenProblem(message: "rterm: '\(words.joined(separator: " "))' is not a destination", exitStatus: 2))
        }
        let planned: Planned
        switch plan(target, for: role, size: size) {
        case .success(let resolved): planned = resolved
        case .failure(let problem): return .failure(problem)
        }
        if role == .interactive, !planned.plan.hasTerminal || planned.plan.forwardsOnly {
            return .failure(OpenProblem(
                message: "rterm: \(planned.plan.label) would have no terminal to show (-T, -N or a command without -t)",
                exitStatus: 2))
        }
        return .success(start(planned, as: role, size: size))
    }

    /// Resolves `target` (its ssh_config, its jump hosts, whether it gets a pseudo-terminal of
    /// `size`) for `role`: a pump's pty follows ssh's rules for standard input; a session a
    /// front shows is typed into from a terminal; a script always has one.
    package func plan(_ target: SessionTarget, for role: Role, size: (rows: Int, columns: Int)) -> Result<Planned, OpenProblem> {
        var verbosity = 0
        var logFile: String?
        switch target {
        case .ssh(let commandLine):
            guard SSHLibrary.initialize() else {
                return .failure(OpenProblem(message: "rterm: libssh2 could not be initialised (reinstall libssh2-1)", exitStatus: 255))
            }
            verbosity = commandLine.verbosity
            logFile = commandLine.logFile
        case .local(let local):
            verbosity = local.verbosity
            logFile = local.logFile
        }
        let destination: LogDestination
        switch LogDestination.open(logFile: logFile, say: say) {
        case .success(let opened): destination = opened
        case .failure(let problem): return .failure(problem)
        }
        // What resolving logs (-v) goes where the session's other lines will.
        let mailbox = Self.policy(for: role, canReconnect: false).asksOnScreen ? PromptMailbox(wake: loop.waker.wake) : nil
        destination.mailbox = mailbox
        let log = SSHLog(verbosity: verbosity) { destination.write($0) }
        if let banner { log.debug(banner) }
        let request = TerminalRequest(
            size: size, inputIsTerminal: role == .interactive || inputIsTerminal,
            isForced: role == .script || role == .agent)
        do {
            var plan = try target.plan(terminal: request, environment: environment, log: log)
            if batch { plan = plan.inBatch() }
            return .success(Planned(plan: plan, log: destination, mailbox: mailbox))
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: error.exitStatus))
        }
    }

    /// Makes the session of `planned` for `role` with a `size` screen, its output going to
    /// `output` (nil: its screen; a pump passes its sink), and starts connecting.
    package func start(
        _ planned: Planned, as role: Role, size: (rows: Int, columns: Int), output: SessionOutput? = nil
    ) -> Opened {
        let policy = Self.policy(for: role, canReconnect: planned.plan.canReconnect)
        // The pseudo-terminal is asked for at the size of the screen made here.
        let sized = planned.plan.withTerminalSize(size)
        let plan = policy.watchesLink ? sized.withInteractiveKeepalive() : sized
        var options = Session.Options()
        options.label = plan.label
        if case .local = plan.route { options.runsHere = true }
        // Reader mode writes what the remote wrote, never a guess.
        options.predict = policy.predicts && plan.front.reader != true ? plan.predict : .never
        switch policy.reconnection {
        case .automatic?: options.reconnect = ReconnectPolicy()
        case .whenAsked?: options.reconnect = ReconnectPolicy(isAutomatic: false)
        case nil: break
        }
        let session = Session(rows: size.rows, columns: size.columns, clock: loop.clock, options: options, output: output)
        if policy.answersWithLocalColors { session.setColorDefaults(colors) }
        let wake = loop.waker.wake
        let clock = loop.clock
        let log = planned.log
        // Each attempt has a mailbox of its own (a cancelled one stays cancelled); the log
        // lines of the one running go to the screen through it.
        let attempt = { (mailbox: PromptMailbox?) -> ConnectionAttempt in
            let mailbox = mailbox ?? PromptMailbox(wake: wake)
            if policy.asksOnScreen { log.mailbox = mailbox }
            return plan.start(wake: wake, clock: clock, prompting: policy.asksOnScreen, mailbox: mailbox)
        }
        session.connect(attempt(planned.mailbox))
        if options.reconnect != nil { session.reconnector = { attempt(nil) } }
        return Opened(
            session: session, label: plan.label, resumeName: plan.resumeName,
            escapeCharacter: policy.escapes ? plan.escapeCharacter : nil, front: plan.front,
            reusableOptions: plan.reusableOptions)
    }
}
