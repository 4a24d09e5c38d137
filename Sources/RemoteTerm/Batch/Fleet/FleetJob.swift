import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop

/// One target of a fleet run while it runs: its session on the run's loop and what drives
/// it (a script runner, or nothing but the output capture of a plain command). Once over it
/// leaves the loop and keeps only its result: memory per finished target is its result and
/// its output (bounded, spilled to a file past a limit).
protocol FleetJob: AnyObject {
    /// Its result once it is over; nil while it runs.
    func finished(now: UInt64) -> ScriptResult?
    /// Ends it at once (the run was interrupted), leaving the loop.
    func stop(_ ending: SessionEnding)
}

/// A script against one target.
final class ScriptFleetJob: FleetJob {
    private let runner: ScriptRunner
    private let session: Session
    private let target: FleetTarget
    private let settings: FleetRun.ScriptSettings
    private let started: UInt64

    init(session: Session, target: FleetTarget, script: Script, settings: FleetRun.ScriptSettings, loop: EventLoop) {
        self.session = session
        self.target = target
        self.settings = settings
        started = loop.clock.now()
        let directory = settings.snapshots.map { Self.join($0, target.fileName) }
        runner = ScriptRunner(session: session, loop: loop, snapshotDirectory: directory ?? ".", bar: settings.bar)
        runner.pictureDirectory = directory
        runner.goldenDirectory = settings.goldens
        runner.updatesSnapshots = settings.updatesSnapshots
        if let traceFile = settings.traceFile {
            // Named as its snapshots directory is (LINE-target): unique even for a line twice.
            let name = target.fileName
            runner.onTrace = { traceFile.write($0, target: name) }
        }
        if let record = settings.record {
            runner.recorder = try? AsciicastWriter(
                path: Self.join(record, target.fileName + ".cast"), columns: session.terminal.columns,
                rows: session.terminal.rows, clock: loop.clock)
        }
        runner.start(script)
    }

    func finished(now: UInt64) -> ScriptResult? {
        guard let outcome = runner.outcome else { return nil }
        var status: Int32 = 0
        var message = ""
        var picture: String?
        switch outcome {
        case .passed:
            if let problem = runner.recorder?.failure {
                status = 1
                message = problem
            }
        case .failed(let failure):
            status = failure.status
            message = failure.description
            picture = failure.picture
        case .notConnected(let ending):
            status = 255
            message = ending.message ?? "rterm: the connection failed"
        }
        var result = ScriptResult(
            script: settings.scriptName, target: target.lineWords.joined(separator: " "), status: status,
            message: message, seconds: Double(now &- started) / 1e9, picture: picture, hostsLine: target.line)
        result.host = target.name
        result.trace = runner.trace
        if settings.keepsScreen { result.screen = TextRenderer.lines(of: session.terminal).joined(separator: "\n") }
        leave(.disconnected(label: target.name))
        return result
    }

    func stop(_ ending: SessionEnding) { leave(ending) }

    private func leave(_ ending: SessionEnding) {
        if session.ending == nil { session.end(ending) }
        runner.detach()
    }

    static func join(_ directory: String, _ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }
}

/// A plain command on one target (`rterm --hosts FILE CMD`): no pseudo-terminal, no input,
/// its output and error captured together, in the order they came.
final class CommandFleetJob: FleetJob {
    private let session: Session
    private let output: CapturedOutput
    private let target: FleetTarget
    private let command: String
    private let started: UInt64
    private let loop: EventLoop

    init(session: Session, output: CapturedOutput, target: FleetTarget, command: String, loop: EventLoop) {
        self.session = session
        self.output = output
        self.target = target
        self.command = command
        self.loop = loop
        started = loop.clock.now()
        session.finishInput()
        loop.add(session)
    }

    func finished(now: UInt64) -> ScriptResult? {
        guard let ending = session.ending else { return nil }
        loop.remove(session)
        output.closeFile()
        let status = ending.exitStatus
        let message = ending.message ?? (status == 0 ? "" : "exited with status \(status)")
        var result = ScriptResult(
            script: command, target: target.lineWords.joined(separator: " "), status: status, message: message,
            seconds: Double(now &- started) / 1e9, hostsLine: target.line)
        result.host = target.name
        result.output = output
        return result
    }

    func stop(_ ending: SessionEnding) {
        if session.ending == nil { session.end(ending) }
        loop.remove(session)
    }
}
