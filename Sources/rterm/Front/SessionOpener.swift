import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// Opens sessions for the interactive front: a target's words (ssh's syntax with its options,
/// or `--local [-- command]`) become a `Session` connecting on its own thread, whose log
/// lines and questions come to the front through its own mailbox. The command line's target,
/// each line of `--hosts FILE` and each `~c` go through here.
struct SessionOpener {
    let loop: EventLoop
    let environment: [String: String]
    /// The local terminal's colours, which every session answers colour queries with.
    let colors: TerminalColors.Defaults

    /// A session ready to be added to the workspace.
    struct Opened {
        let session: Session
        let label: String
        let resumeName: String?
    }

    /// Parses `words` and starts connecting at `size`, or says in one line why it cannot.
    func open(_ words: [String], size: (rows: Int, columns: Int)) -> Result<Opened, OpenProblem> {
        let target: SessionTarget
        do {
            target = try SessionTarget.parse(words)
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: error.exitStatus))
        }
        var verbosity = 0
        var logFile: String?
        if case .ssh(let commandLine) = target {
            guard commandLine.action == .connect else {
                return .failure(OpenProblem(message: "rterm: '\(words.joined(separator: " "))' is not a destination", exitStatus: 2))
            }
            verbosity = commandLine.verbosity
            logFile = commandLine.logFile
        }
        let log = LogDestination()
        if let logFile {
            let descriptor = Glibc.open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                return .failure(OpenProblem(
                    message: "rterm: -E \(logFile): cannot open the log file: \(String(cString: strerror(errno)))",
                    exitStatus: 255))
            }
            log.file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        // What resolving the target logs (-v) goes on the session's screen, as the rest.
        let mailbox = PromptMailbox(wake: loop.waker.wake)
        log.mailbox = mailbox
        let sshLog = SSHLog(verbosity: verbosity) { log.write($0) }
        let plan: ConnectionPlan
        do {
            plan = try target.plan(
                terminal: TerminalRequest(size: size, inputIsTerminal: true), environment: environment, log: sshLog)
        } catch {
            return .failure(OpenProblem(message: error.description, exitStatus: error.exitStatus))
        }
        guard plan.hasTerminal, !plan.forwardsOnly else {
            return .failure(OpenProblem(
                message: "rterm: \(plan.label) would have no terminal to show (-T, -N or a command without -t)",
                exitStatus: 2))
        }
        return .success(start(plan.withInteractiveKeepalive(), size: size, log: log, mailbox: mailbox))
    }

    /// Starts connecting `plan`: the session's questions and log lines come through a
    /// mailbox of its own (and a reconnect's through the next one).
    func start(
        _ plan: ConnectionPlan, size: (rows: Int, columns: Int), log: LogDestination, mailbox: PromptMailbox? = nil
    ) -> Opened {
        var options = Session.Options()
        options.escapes = plan.escapeCharacter != nil
        options.escapeCharacter = plan.escapeCharacter ?? 0x7E
        options.sessionEscapes = true
        options.predict = plan.predict
        options.label = plan.label
        if plan.canReconnect { options.reconnect = ReconnectPolicy() }
        let session = Session(rows: size.rows, columns: size.columns, clock: loop.clock, options: options)
        session.setColorDefaults(colors)
        let wake = loop.waker.wake
        let mailbox = mailbox ?? PromptMailbox(wake: wake)
        log.mailbox = mailbox
        session.connect(ConnectionAttempt(prompts: mailbox, wake: wake) { mailbox in plan.connect(prompts: mailbox) })
        // A reconnect is the same plan on a new attempt, with a mailbox of its own (a
        // cancelled one stays cancelled); its log lines go to the bar through it.
        session.reconnector = {
            let next = PromptMailbox(wake: wake)
            log.mailbox = next
            return ConnectionAttempt(prompts: next, wake: wake) { mailbox in plan.connect(prompts: mailbox) }
        }
        return Opened(session: session, label: plan.label, resumeName: plan.resumeName)
    }
}

/// Why a target could not be opened: one line, and the exit status it would mean.
struct OpenProblem: Error {
    let message: String
    let exitStatus: Int32
}
