import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// A fleet run from the command line: `rterm script FILE --hosts HOSTS …` (the same script on
/// every target), `rterm [ssh options] --hosts HOSTS [options] COMMAND` (the same command,
/// as pssh and clush run it) and `rterm cp --hosts HOSTS … SOURCE… :TARGET` (the same
/// files). Every target is a session of this one process, on one loop (`FleetRun`); what they print comes out as each target completes, prefixed with its name,
/// or folded with `--merge`; a progress line on a terminal; a closing summary naming the
/// failed targets, folded, with their reasons. Exit status: 0 only when every target passed,
/// 1 when one failed (or a report could not be written), 2 for a mistake found before
/// anything starts, 255 when nobody reads the output any more, 128+N after signal N.
package struct FleetCommand {
    /// What every target runs.
    package enum Work {
        case script(file: String, Script, bar: KeyBar)
        case command([String])
        /// `rterm cp --hosts`: files pushed over a connection with no channel (`-N`).
        case copy(CopyFleetPlan)
    }

    let hostsFile: String
    let targetOptions: [String]
    let work: Work
    let options: BatchOptions
    let environment: [String: String]
    /// Says a line on standard error (the caller makes it inert).
    let say: @Sendable (String) -> Void

    /// A run of `work` on every target of `hostsFile` (each given `targetOptions`).
    package init(
        hostsFile: String, targetOptions: [String], work: Work, options: BatchOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment, say: @escaping @Sendable (String) -> Void
    ) {
        self.hostsFile = hostsFile
        self.targetOptions = targetOptions
        self.work = work
        self.options = options
        self.environment = environment
        self.say = say
    }

    /// Runs every target and reports; returns the exit status.
    package func run() -> Int32 {
        // Every line is checked before anything starts; the line says where.
        let entries: [HostsFile.Entry]
        var command: [String] = []
        if case .command(let words) = work { command = words }
        switch HostsFile.entries(
            hostsFile, options: targetOptions, command: command, shell: SessionTarget.shell(environment)) {
        case .success(let found): entries = found
        case .failure(let problem):
            say(problem.message)
            return problem.exitStatus
        }
        // Where the run writes, checked before anything connects.
        for (path, option) in [(options.junit, "--junit"), (options.failedHosts, "--failed-hosts")] {
            if let path, let problem = BatchOutputs.writableFile(path, for: option) {
                say(problem)
                return 2
            }
        }
        let targets = FleetTarget.distinctlyNamed((options.shard?.slice(entries) ?? entries).map(FleetTarget.init))
        let jobs = DescriptorBudget.jobsWithinLimit(options.jobs, say: say)
        guard var run = UnwatchedRun.start(environment: environment, say: say) else { return 255 }
        let (loop, signals) = (run.loop, run.signals)
        defer { signals.pause() }
        run.factory.batch = true
        let factory = run.factory
        var size = (rows: 24, columns: 80)
        var spill: SpillDirectory?
        let fleetWork: FleetRun.Work
        let role: SessionFactory.Role
        switch work {
        case .script(let file, let script, let bar):
            var settings = FleetRun.ScriptSettings(scriptName: file)
            settings.bar = bar
            settings.snapshots = BatchOutputs.pictureDirectory(snapshots: options.snapshots, junit: options.junit)
            settings.goldens = BatchOutputs.goldenDirectory(snapshots: options.snapshots, script: file)
            settings.updatesSnapshots = options.updateSnapshots
            settings.traceFile = options.trace.flatMap { try? TraceFile(path: $0) }
            settings.record = options.record
            settings.keepsScreen = options.junit != nil || options.tap
            size = script.screenSize
            fleetWork = .script(script, settings)
            role = .script
        case .command(let words):
            // Made by the first output that spills (CapturedOutput); removed on every way out.
            spill = SpillDirectory()
            fleetWork = .command(words.joined(separator: " "), spill: spill)
            role = .pump
        case .copy(let plan):
            fleetWork = .copy(plan)
            role = .pump
        }
        defer { spill?.removeAll() }
        let fleet = FleetRun(targets: targets, jobs: jobs, loop: loop, work: fleetWork) { target, output in
            switch factory.plan(target.target, for: role, size: size) {
            case .success(let planned): return .success(factory.start(planned, as: role, size: size, output: output).session)
            case .failure(let problem): return .failure(problem)
            }
        }
        let progress = ProgressLine(enabled: isatty(2) == 1)
        // With --tap, standard output is a TAP stream from its first line: the plan, then an
        // entry (with the target's output) as each target completes, the rest as diagnostics.
        // Nobody reads the output any more (`| head -1`): as ssh closes its connection, every
        // target stops, quietly, and the run ends with 255 (docs/fleet.md).
        var outputLost = false
        let lose = { [unowned fleet] in
            guard !outputLost else { return }
            outputLost = true
            fleet.stop(.outputClosed, reason: "rterm: not started: nobody reads the output any more")
        }
        let show = { (text: String) in
            if !StandardStream.write(text, to: 1) { lose() }
        }
        // Noticed when it happens, not at the next entry (which may be a long job away).
        let readerWatch = ReaderGoneWatch(descriptor: 1)
        readerWatch.onGone = lose
        loop.add(readerWatch)
        if options.tap { show(ScriptReport.tapHeader(count: targets.count)) }
        var finished = 0
        fleet.onFinish = { result in
            progress.clear()
            finished += 1
            guard !outputLost else { return }
            if options.tap { show(ScriptReport.tapEntry(result, number: finished)) }
            // With --merge everything waits for the end, folded.
            guard !options.merge else { return }
            if !options.tap { show(FleetSummary.prefixedOutput(result)) }
            StandardStream.writeError(FleetSummary.failureLines(result))
        }
        if progress.enabled { fleet.onProgress = { progress.show(FleetSummary.progressLine($0)) } }
        var interrupted: Int32?
        signals.onSignal = { signal in
            guard signal != SIGWINCH else { return }
            interrupted = signal
            fleet.stop(.signal(SignalSource.name(signal)), reason: "not started, interrupted by SIG\(SignalSource.name(signal))")
        }
        loop.add(signals)
        do {
            try fleet.run()
        } catch {
            fleet.stop(.failed(error.description), reason: error.description)
        }
        progress.clear()
        let results = fleet.results.compactMap { $0 }
        let status = report(results, lines: Dictionary(targets.map { ($0.line, $0.lineWords) }, uniquingKeysWith: { a, _ in a }))
        return Self.exitStatus(reported: status, interruptedBy: interrupted, outputLostBeforeTheEnd: outputLost && fleet.wasCutShort)
    }

    /// The run's exit status from what its reports say (0, or 1 for a failed target or a
    /// report not written): interrupted by signal N, 128+N (the summary says what ran; the
    /// status says it was cut short, as a shell's); cut short because nobody read the output
    /// any more, 255 (as ssh's status when its connection closes).
    package static func exitStatus(reported: Int32, interruptedBy signal: Int32?, outputLostBeforeTheEnd: Bool) -> Int32 {
        if let signal { return 128 + signal }
        return outputLostBeforeTheEnd ? 255 : reported
    }

    /// The reports and the closing lines; the exit status.
    private func report(_ results: [ScriptResult], lines: [Int: [String]]) -> Int32 {
        var status: Int32 = results.allSatisfy(\.passed) ? 0 : 1
        // Said as TAP diagnostics in a TAP stream.
        let tap = options.tap
        func shown(_ text: String) -> String { tap ? ScriptReport.tapDiagnostics(text) : text }
        if options.merge { StandardStream.writeOutput(shown(FleetSummary.mergedOutput(results))) }
        if let junit = options.junit {
            var suite = "rterm --hosts"
            if case .script = work { suite = "rterm script" }
            if let shard = options.shard { suite += " (shard \(shard))" }
            if !save(ScriptReport.junit(results, suite: suite), to: junit) { status = max(status, 1) }
        }
        if let failedHosts = options.failedHosts {
            if !save(FleetSummary.failedHostsFile(results, lines: lines), to: failedHosts) { status = max(status, 1) }
        }
        StandardStream.writeOutput(shown(FleetSummary.summary(results)))
        return status
    }

    private func save(_ text: String, to path: String) -> Bool {
        do {
            try text.writeWhole(toFile: path)
            return true
        } catch {
            say("rterm: cannot write \(path): \(error.localizedDescription)")
            return false
        }
    }
}
