import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop

/// Many targets in one process, on one loop: the same script (`rterm script --hosts`), the
/// same command (`rterm --hosts FILE CMD`) or the same files (`rterm cp --hosts`) on every
/// target, at most `jobs` at once.
/// Each target is a session made by the caller's opener (the session factory); the run
/// starts targets in file order as others finish, hands each result to `onFinish` the turn
/// it is known, and ticks `onProgress` once a second while anything runs.
package final class FleetRun: TurnEndHandler, EventSource {
    /// What every target runs.
    package enum Work {
        /// A script, checked against each target's screen.
        case script(Script, ScriptSettings)
        /// A command, its output captured (`spill`: where a large output goes, made when one
        /// does).
        case command(String, spill: SpillDirectory?)
        /// Files pushed to every target (`rterm cp --hosts`), over a session with no channel.
        case copy(CopyFleetPlan)
    }

    /// How a script runs on each target.
    package struct ScriptSettings {
        /// The script's file, as reports name it.
        package var scriptName: String
        /// The key bar `click` presses.
        package var bar = KeyBar()
        /// Where each target's snapshots go (`DIR/LINE-target`), made only when written to;
        /// nil: no snapshots or failure pictures.
        package var snapshots: String?
        /// Where each target's recording goes (`DIR/LINE-target.cast`).
        package var record: String?
        /// Whether a finished target keeps its last screen (for a report's `<system-out>`).
        package var keepsScreen = false
        /// Where golden screens are (one for every target); nil: no comparison.
        package var goldens: String?
        /// `--update-snapshots`: snapshots are written as golden screens.
        package var updatesSnapshots = false
        /// `--trace FILE`: every target's steps, each line after its target's name.
        package var traceFile: TraceFile?

        /// Settings for `scriptName`.
        package init(scriptName: String) { self.scriptName = scriptName }
    }

    /// Where a run is, for a progress line.
    package struct Progress: Equatable, Sendable {
        /// Targets in the run.
        package var total: Int
        /// Targets over that passed.
        package var passed: Int
        /// Targets over that failed.
        package var failed: Int
        /// Targets running.
        package var running: Int
        /// Seconds since the run started.
        package var elapsed: Double
    }

    /// Opens a target's session (connecting), or says in one line why it cannot.
    package typealias Opener = (FleetTarget, _ output: SessionOutput?) -> Result<Session, OpenProblem>

    private let targets: [FleetTarget]
    private let jobs: Int
    private let loop: EventLoop
    private let work: Work
    private let open: Opener
    private var next = 0
    private var running: [(index: Int, job: FleetJob)] = []
    private var started: UInt64
    private var nextTick: UInt64?
    /// Whether `stop` is carried out after the results being handed out (`stop` from
    /// `onFinish`), and the stop asked for meanwhile.
    private var isHandingOut = false
    private var stopAsked: (ending: SessionEnding, reason: String)?
    /// Whether the run was stopped (`stop`) before every target was over: some ended early
    /// or never started.
    package private(set) var wasCutShort = false
    /// Every target's result, in the targets' order (nil: not over).
    package private(set) var results: [ScriptResult?]
    /// Called once per target, the turn its result is known.
    package var onFinish: (ScriptResult) -> Void = { _ in }
    /// Called when a target finishes and once a second while targets run (nil: no ticks).
    package var onProgress: ((Progress) -> Void)?
    /// The file descriptors the process may still open (nil: unknown, not counted); a test
    /// sets its own.
    package var descriptorsFree: () -> Int? = DescriptorBudget.free

    /// A run of `work` on `targets`, `jobs` at a time, on `loop`; `open` makes each session.
    package init(targets: [FleetTarget], jobs: Int, loop: EventLoop, work: Work, open: @escaping Opener) {
        self.targets = targets
        self.jobs = max(1, jobs)
        self.loop = loop
        self.work = work
        self.open = open
        results = Array(repeating: nil, count: targets.count)
        started = loop.clock.now()
    }

    /// Whether every target is over.
    package var isFinished: Bool { next >= targets.count && running.isEmpty }

    /// Runs every target to its end on the loop.
    package func run() throws(EventLoopError) {
        started = loop.clock.now()
        loop.add(self)
        loop.addTurnEnd(self)
        defer {
            loop.remove(self)
            loop.removeTurnEnd(self)
        }
        startTargets(now: started)
        try loop.run(until: { self.isFinished })
    }

    /// Ends every running target with `ending` and starts no more; those never started get
    /// `reason` as their result. Called from `onFinish` (the output's reader went away while
    /// a result was printed), it happens once the results of this turn are handed out.
    package func stop(_ ending: SessionEnding, reason: String) {
        guard !isHandingOut else {
            if stopAsked == nil { stopAsked = (ending, reason) }
            return
        }
        if !isFinished { wasCutShort = true }
        let now = loop.clock.now()
        // Taken off the run before their results are handed out: a `stop` from `onFinish`
        // finds nothing left to end twice.
        let stopping = running
        running = []
        for (index, job) in stopping {
            job.stop(ending)
            finish(index, job.finished(now: now) ?? fallback(index, status: ending.exitStatus, message: ending.message ?? reason))
        }
        while next < targets.count {
            let index = next
            next += 1
            finish(index, fallback(index, status: 255, message: reason))
        }
    }

    // MARK: - The loop's side

    package var pollInterests: [PollInterest] { [] }
    package var deadline: UInt64? { running.isEmpty ? nil : nextTick }
    package var isReady: Bool { false }
    package func handle(readiness: [Int16], now: UInt64) {}

    /// After every turn: targets that finished report, and others start in their place.
    package func turnEnded(now: UInt64) {
        var finishedAny = false
        isHandingOut = true
        running.removeAll { index, job in
            guard let result = job.finished(now: now) else { return false }
            finish(index, result)
            finishedAny = true
            return true
        }
        isHandingOut = false
        if let (ending, reason) = stopAsked {
            stopAsked = nil
            stop(ending, reason: reason)
        }
        startTargets(now: now)
        if let tick = nextTick, now >= tick || finishedAny, let onProgress {
            onProgress(progress(now: now))
            nextTick = now &+ 1_000_000_000
        }
    }

    /// The run's counts at `now`.
    package func progress(now: UInt64) -> Progress {
        let over = results.compactMap { $0 }
        let passed = over.filter(\.passed).count
        return Progress(
            total: targets.count, passed: passed, failed: over.count - passed, running: running.count,
            elapsed: Double(now &- started) / 1e9)
    }

    private func startTargets(now: UInt64) {
        // The first line at the end of the first turn, then once a second.
        if onProgress != nil, nextTick == nil { nextTick = now }
        while running.count < jobs, next < targets.count {
            // Started only with descriptors for it and for those running; else started as one
            // finishes, or, with none running, none can start: each says what ran out.
            if let free = descriptorsFree(), !DescriptorBudget.allowsStart(running: running.count, free: free) {
                guard running.isEmpty else { break }
                while next < targets.count {
                    let index = next
                    next += 1
                    finish(index, fallback(index, status: 255, message: "rterm: " + DescriptorBudget.exhausted))
                }
                break
            }
            let index = next
            next += 1
            let target = targets[index]
            var output: CapturedOutput?
            if case .command(_, let spill) = work { output = CapturedOutput(spillingTo: spill, name: "\(index).out") }
            switch open(target, output) {
            case .success(let session): running.append((index, job(target, session: session, output: output)))
            case .failure(let problem): finish(index, fallback(index, status: problem.exitStatus, message: problem.message))
            }
        }
    }

    /// What drives `target`'s session.
    private func job(_ target: FleetTarget, session: Session, output: CapturedOutput?) -> FleetJob {
        switch work {
        case .script(let script, let settings):
            return ScriptFleetJob(session: session, target: target, script: script, settings: settings, loop: loop)
        case .command(let command, _):
            return CommandFleetJob(
                session: session, output: output ?? CapturedOutput(spillingTo: nil), target: target, command: command,
                loop: loop)
        case .copy(let plan):
            return CopyFleetJob(session: session, target: target, plan: plan, loop: loop)
        }
    }

    private func finish(_ index: Int, _ result: ScriptResult) {
        results[index] = result
        onFinish(result)
    }

    /// The result of a target that never ran.
    private func fallback(_ index: Int, status: Int32, message: String) -> ScriptResult {
        let target = targets[index]
        let name: String
        switch work {
        case .script(_, let settings): name = settings.scriptName
        case .command(let command, _): name = command
        case .copy(let plan): name = plan.label
        }
        var result = ScriptResult(
            script: name, target: target.lineWords.joined(separator: " "), status: status, message: message,
            seconds: 0, hostsLine: target.line)
        result.host = target.name
        // A command's target that never ran printed nothing (and is not a script's failure).
        if case .command = work { result.output = CapturedOutput(spillingTo: nil) }
        return result
    }
}
