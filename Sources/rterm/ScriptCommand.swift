import Foundation
import RemoteTerm

/// `rterm script FILE [--snapshots DIR] [--] TARGET`: runs a smoke-test script against a
/// session, headless. TARGET is `[ssh options] [user@]host` or `--local [command ...]`.
/// Exit status: 0 passed, 1 a step failed (the step and the screen on stderr), 2 a bad
/// script or bad arguments (reported before connecting), 255 a connection failure.
struct ScriptCommand {
    let arguments: [String]

    static let usage = """
        usage: rterm script FILE [options] [--] [ssh options] [user@]host
               rterm script FILE [options] [--] --local [command ...]
               rterm script FILE [options] --hosts FILE [-j N] [--] [ssh options]

          --snapshots DIR   where `snapshot NAME` writes NAME.txt and NAME.ansi (default .)
          --record FILE     record the session as asciicast v2 (rterm render plays it back)
          --junit FILE      write a JUnit report (one testcase per script and target)
          --tap             print a TAP report on standard output
          --hosts FILE      run against every target in FILE (one a line, # comments)
          -j N              with --hosts, at most N runs at once (default 4)

        Runs the steps of FILE (docs/script-format.md) against a session with a pseudo-terminal,
        checking the rendered screen. Exit status: 0 passed, 1 a step failed (the step and
        the screen are printed), 2 a bad script, 255 a connection failure.
        """

    /// Options before the target.
    struct Options {
        var snapshots = "."
        var record: String?
        var junit: String?
        var tap = false
        var hosts: String?
        var jobs = 4
    }

    func run() -> Int32 {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            if arguments.first == "-h" || arguments.first == "--help" {
                print(Self.usage)
                return 0
            }
            printError("rterm: script needs a FILE (usage: rterm script FILE [options] [--] TARGET)")
            return 2
        }
        var rest = Array(arguments.dropFirst())
        var options = Options()
        // Script options come first; anything else (ssh options, --local) is the target's.
        let takesValue: Set<String> = ["--snapshots", "--record", "--junit", "--hosts", "-j"]
        while let option = rest.first, takesValue.contains(option) || option == "--tap" {
            rest.removeFirst()
            if option == "--tap" {
                options.tap = true
                continue
            }
            guard let value = rest.first else {
                printError("rterm: option \(option) needs a value")
                return 2
            }
            rest.removeFirst()
            switch option {
            case "--snapshots": options.snapshots = value
            case "--record": options.record = value
            case "--junit": options.junit = value
            case "--hosts": options.hosts = value
            default:
                guard let jobs = Int(value), jobs >= 1, jobs <= 256 else {
                    printError("rterm: bad -j '\(value)': expected a number of parallel runs from 1 to 256")
                    return 2
                }
                options.jobs = jobs
            }
        }
        if rest.first == "--" { rest.removeFirst() }
        guard let data = FileManager.default.contents(atPath: file) else {
            printError("rterm: cannot read script '\(file)': \(String(cString: strerror(errno)))")
            return 2
        }
        let script: Script
        do {
            script = try Script(parsing: String(decoding: data, as: UTF8.self), file: file)
        } catch {
            printError(error.description)
            return 2
        }
        if let hosts = options.hosts {
            return FanOut(script: file, hostsFile: hosts, targetOptions: rest, options: options).run()
        }
        guard !rest.isEmpty else {
            printError("rterm: script needs a target: [user@]host, --local [command], or --hosts FILE")
            return 2
        }
        let start = Date()
        var message = ""
        let status = runOne(script, target: rest, options: options, failureMessage: &message)
        let result = ScriptResult(
            script: file, target: rest.joined(separator: " "), status: status, message: message,
            seconds: Date().timeIntervalSince(start))
        if let junit = options.junit {
            do { try ScriptReport.junit([result]).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                printError("rterm: cannot write \(junit): \(error.localizedDescription)")
            }
        }
        if options.tap { print(ScriptReport.tap([result]), terminator: "") }
        return status
    }

    /// Runs the script against one target; the failure text also goes to `failureMessage`.
    private func runOne(_ script: Script, target arguments: [String], options: Options, failureMessage: inout String)
        -> Int32
    {
        var size = (rows: 24, columns: 80)
        for step in script.steps {
            if case .size(let rows, let columns) = step.kind { size = (rows, columns) }
        }
        var captured = ""
        defer { failureMessage = captured }
        func fail(_ message: String, _ status: Int32) -> Int32 {
            printError(message)
            captured = message
            return status
        }
        let target: SessionTarget
        do {
            target = try SessionTarget.parse(arguments)
        } catch {
            return fail(error.description, error.exitStatus)
        }
        var verbosity = 0
        if case .ssh(let commandLine) = target {
            guard commandLine.action == .connect else {
                return fail("rterm: a script target connects; -G, -V and -h do not apply", 2)
            }
            guard SSHLibrary.initialize() else { return fail("rterm: libssh2 could not be initialised", 255) }
            verbosity = commandLine.verbosity
        }
        let loop: EventLoop
        let plan: ConnectionPlan
        do {
            loop = try EventLoop()
            plan = try target.plan(
                terminal: TerminalRequest(size: size, inputIsTerminal: isatty(0) == 1, isForced: true),
                environment: ProcessInfo.processInfo.environment,
                log: SSHLog(verbosity: verbosity) { printError($0) })
        } catch let error as SessionTargetError {
            return fail(error.description, error.exitStatus)
        } catch {
            return fail("\(error)", 255)
        }
        var sessionOptions = Session.Options()
        sessionOptions.label = plan.label
        // A lost link stops the script with 255 unless it says `expect-disconnect`; then its
        // `reconnect` step connects again. Keepalives as in the interactive front, so a dead
        // link is noticed in bounded time.
        let watched = plan.withInteractiveKeepalive()
        if watched.canReconnect { sessionOptions.reconnect = ReconnectPolicy(isAutomatic: false) }
        let session = Session(rows: size.rows, columns: size.columns, clock: loop.clock, options: sessionOptions)
        let wake = loop.waker.wake
        session.connect(watched.start(wake: wake, prompting: false))
        session.reconnector = { watched.start(wake: wake, prompting: false) }
        let runner = ScriptRunner(session: session, loop: loop, snapshotDirectory: options.snapshots)
        if let record = options.record {
            do {
                runner.recorder = try AsciicastWriter(path: record, columns: size.columns, rows: size.rows)
            } catch {
                printError("rterm: cannot write the recording \(record): \(error.localizedDescription)")
            }
        }
        if let ending = runner.waitForConnection() {
            // Any way the connection failed is a connection failure here (documented: 255).
            return fail(ending.message ?? "rterm: the connection failed", 255)
        }
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
        } catch {
            return fail(error.description, error.status)
        }
        session.end(.disconnected(label: plan.label))
        return 0
    }
}
