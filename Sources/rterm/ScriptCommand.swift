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
               rterm script FILE [options] --hosts FILE [fleet options] [--]
                            [ssh options]

          --snapshots DIR   where `snapshot NAME` writes NAME.txt, NAME.ansi and
                            NAME.svg, and a failing step failure.svg (made when first
                            written to; without it, failure.svg goes beside the
                            --junit report)
          --record FILE     record the session as asciicast v2 (rterm render plays
                            it back); with --hosts a directory, one recording per
                            target
          --junit FILE      write a JUnit report (one testcase per script and target)
          --tap             print a TAP report on standard output

        fleet options (docs/fleet.md):
          --hosts FILE      run against every target in FILE (one a line, # comments),
                            all in this one process
          -j N              at most N targets at once (default 32)
          --shard K/N|auto  only the K-th of N disjoint slices of the targets; auto
                            reads a CI matrix (GitLab, Buildkite, CircleCI,
                            RTERM_SHARD_INDEX and RTERM_SHARD_TOTAL)
          --merge           fold identical failures into one block, at the end
          --failed-hosts F  write the failed targets to F, a hosts file to retry with

        Runs the steps of FILE (docs/script-format.md) against a session with a
        pseudo-terminal, checking the rendered screen. Exit status: 0 passed, 1 a step
        failed (the step and the screen are printed), 2 a bad script, 255 a connection
        failure (with --hosts: 0 when every target passed, else 1).
        """

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
        var options = BatchOptions()
        // Script options come first; anything else (ssh options, --local) is the target's.
        var index = 0
        do {
            while try options.take(rest, at: &index, for: .script, environment: ProcessInfo.processInfo.environment) {}
        } catch {
            printError(error.message)
            return 2
        }
        rest.removeFirst(index)
        if rest.first == "--" {
            rest.removeFirst()
        } else if let misplaced = Self.misplacedOption(in: rest) {
            // `rterm script s.rts host --junit r.xml`: said as what it is, not as an ssh option.
            printError("rterm: \(misplaced) is a script option: script options go before `--` and the target")
            return 2
        }
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
        // Everything that can be found wrong is found before connecting: exit 2, one line.
        let (bar, _) = KeyBarFile.load(environment: ProcessInfo.processInfo.environment)
        if let problem = script.unknownClick(on: bar) {
            printError(problem.description)
            return 2
        }
        if let problem = Self.checkOutputs(options) {
            printError(problem)
            return 2
        }
        if let hosts = options.hosts {
            return FleetCommand(
                hostsFile: hosts, targetOptions: rest, work: .script(file: file, script, bar: bar), options: options
            ).run()
        }
        if let fleetOnly = Self.fleetOnly(options) {
            printError("rterm: \(fleetOnly) is for runs over --hosts FILE; give --hosts too")
            return 2
        }
        guard !rest.isEmpty else {
            printError("rterm: script needs a target: [user@]host, --local [command], or --hosts FILE")
            return 2
        }
        let start = Date()
        var message = ""
        let status = runOne(script, target: rest, options: options, failureMessage: &message)
        var result = ScriptResult(
            script: file, target: rest.joined(separator: " "), status: status, message: message,
            seconds: Date().timeIntervalSince(start))
        result.picture = Self.failurePicture(options, status: status)
        if let junit = options.junit {
            do { try ScriptReport.junit([result]).write(toFile: junit, atomically: false, encoding: .utf8) } catch {
                printError("rterm: cannot write \(junit): \(error.localizedDescription)")
                return status == 0 ? 1 : status
            }
        }
        if options.tap {
            print(ScriptReport.tap([result]), terminator: "")
        } else if status == 0 {
            // A run that passed says so, once (a TAP report already does).
            let steps = script.steps.count
            print("passed: \(file) on \(result.target), \(steps) step\(steps == 1 ? "" : "s") in \(String(format: "%.1f", result.seconds)) s")
        }
        return status
    }

    /// A script option written among the target's words (before any `--`), if there is one.
    static func misplacedOption(in words: [String]) -> String? {
        words.first { BatchOptions.isOption($0, for: .script) }
    }

    /// A fleet option given without `--hosts`, if there is one.
    private static func fleetOnly(_ options: BatchOptions) -> String? {
        if options.shard != nil { return "--shard" }
        if options.merge { return "--merge" }
        if options.failedHosts != nil { return "--failed-hosts" }
        return nil
    }

    /// Where a failing step leaves its picture: the snapshots directory when one was given,
    /// else beside the JUnit report that links it, else nowhere.
    static func pictureDirectory(_ options: BatchOptions) -> String? {
        pictureDirectory(snapshots: options.snapshots, junit: options.junit)
    }

    /// The same, from the two options' values.
    static func pictureDirectory(snapshots: String?, junit: String?) -> String? {
        if let snapshots { return snapshots }
        guard let junit else { return nil }
        let directory = (junit as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// The picture a failing step left (`failure.svg`), if any.
    static func failurePicture(_ options: BatchOptions, status: Int32) -> String? {
        guard status != 0, let directory = pictureDirectory(options) else { return nil }
        let path = (directory as NSString).appendingPathComponent("failure.svg")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Where the run will write, checked before anything connects: the snapshots directory
    /// (created when missing), the recording (a directory with --hosts) and the report's
    /// directory. The one line that says what is wrong, or nil.
    static func checkOutputs(_ options: BatchOptions) -> String? {
        let files = FileManager.default
        func ensureDirectory(_ path: String, for option: String) -> String? {
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : "rterm: \(option) \(path): not a directory"
            }
            do {
                try files.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                return "rterm: \(option) \(path): cannot create the directory: \(Self.reason(error))"
            }
            return nil
        }
        if let problem = ensureDirectory(options.snapshots ?? ".", for: "--snapshots") { return problem }
        if let record = options.record {
            let problem = options.hosts != nil
                ? ensureDirectory(record, for: "--record (a directory with --hosts)")
                : writableFile(record, for: "--record")
            if let problem { return problem }
        }
        if let junit = options.junit, let problem = writableFile(junit, for: "--junit") { return problem }
        if let failed = options.failedHosts, let problem = writableFile(failed, for: "--failed-hosts") {
            return problem
        }
        return nil
    }

    /// Whether a file can be written at `path` (its directory exists and is writable, and it
    /// is not a directory): the one line that says why not, or nil.
    static func writableFile(_ path: String, for option: String) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "rterm: \(option) \(path): is a directory, not a file"
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "rterm: \(option) \(path): the directory \(directory) does not exist"
        }
        guard access(directory, W_OK) == 0 else {
            return "rterm: \(option) \(path): cannot write in \(directory): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    }

    /// Runs the script against one target; the failure text also goes to `failureMessage`.
    private func runOne(_ script: Script, target arguments: [String], options: BatchOptions, failureMessage: inout String)
        -> Int32
    {
        let size = script.screenSize
        var captured = ""
        defer { failureMessage = captured }
        func fail(_ message: String, _ status: Int32) -> Int32 {
            printError(message)
            captured = message
            return status
        }
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            return fail(error.description, 255)
        }
        let factory = SessionFactory(
            loop: loop, environment: ProcessInfo.processInfo.environment, inputIsTerminal: isatty(0) == 1,
            say: printError)
        let opened: SessionFactory.Opened
        switch factory.open(arguments, as: .script, size: size) {
        case .success(let session): opened = session
        case .failure(let problem): return fail(problem.message, problem.exitStatus)
        }
        let session = opened.session
        let (bar, _) = KeyBarFile.load(environment: ProcessInfo.processInfo.environment)
        let runner = ScriptRunner(session: session, loop: loop, snapshotDirectory: options.snapshots ?? ".", bar: bar)
        runner.pictureDirectory = Self.pictureDirectory(options)
        if let record = options.record {
            do {
                runner.recorder = try AsciicastWriter(
                    path: record, columns: size.columns, rows: size.rows, clock: loop.clock)
            } catch {
                return fail("rterm: cannot write the recording \(record): \(Self.reason(error))", 2)
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
        session.end(.disconnected(label: opened.label))
        // The run passed, but its evidence is incomplete: one line, and a failure.
        if let problem = runner.recorder?.failure { return fail(problem, 1) }
        return 0
    }
}
