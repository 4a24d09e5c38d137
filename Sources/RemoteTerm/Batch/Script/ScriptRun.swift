import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

/// One script against one target, as `rterm script FILE TARGET` runs it: a loop, a session
/// from the factory, a runner with the user's key bar, the recording, golden screens and the
/// trace the options ask for. The result is what the reports need; every line meant for the
/// user goes to `say`.
package struct ScriptRun {
    package var script: Script
    /// The script's file, as reports name it and golden screens are found beside.
    package var file: String
    package var options: BatchOptions
    package var bar: KeyBar
    package var environment: [String: String]
    /// Whether rterm's standard input is a terminal (a password could be asked there).
    package var inputIsTerminal = false
    /// Where messages go (standard error).
    package var say: @Sendable (String) -> Void

    package init(
        script: Script, file: String, options: BatchOptions, bar: KeyBar, environment: [String: String],
        say: @escaping @Sendable (String) -> Void
    ) {
        self.script = script
        self.file = file
        self.options = options
        self.bar = bar
        self.environment = environment
        self.say = say
    }

    /// Runs against `target` (`[ssh options] [user@]host` or `--local [command]`).
    package func run(target: [String]) -> ScriptResult {
        let started = Date()
        var trace: [ScriptTraceEntry] = []
        let (status, message) = runSession(target, trace: &trace)
        if status != 0 { say(message) }
        var result = ScriptResult(
            script: file, target: target.joined(separator: " "), status: status, message: message,
            seconds: Date().timeIntervalSince(started))
        result.trace = trace
        if status != 0 {
            result.picture = BatchOutputs.failurePicture(
                in: BatchOutputs.pictureDirectory(snapshots: options.snapshots, junit: options.junit))
        }
        return result
    }

    private func runSession(_ target: [String], trace: inout [ScriptTraceEntry]) -> (Int32, String) {
        let size = script.screenSize
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            return (255, error.description)
        }
        let factory = SessionFactory(loop: loop, environment: environment, inputIsTerminal: inputIsTerminal, say: say)
        let opened: SessionFactory.Opened
        switch factory.open(target, as: .script, size: size) {
        case .success(let session): opened = session
        case .failure(let problem): return (problem.exitStatus, problem.message)
        }
        let session = opened.session
        let runner = ScriptRunner(session: session, loop: loop, snapshotDirectory: options.snapshots ?? ".", bar: bar)
        runner.pictureDirectory = BatchOutputs.pictureDirectory(snapshots: options.snapshots, junit: options.junit)
        runner.goldenDirectory = BatchOutputs.goldenDirectory(snapshots: options.snapshots, script: file)
        runner.updatesSnapshots = options.updateSnapshots
        defer { trace = runner.trace }
        if let path = options.trace {
            do {
                let traceFile = try TraceFile(path: path)
                runner.onTrace = { traceFile.write($0) }
            } catch {
                return (2, "rterm: cannot write the trace \(path): \(BatchOutputs.reason(error))")
            }
        }
        if let record = options.record {
            do {
                runner.recorder = try AsciicastWriter(path: record, columns: size.columns, rows: size.rows, clock: loop.clock)
            } catch {
                return (2, "rterm: cannot write the recording \(record): \(BatchOutputs.reason(error))")
            }
        }
        if let ending = runner.waitForConnection() {
            // Any way the connection failed is a connection failure here (documented: 255).
            return (255, ending.message ?? "rterm: the connection failed")
        }
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
        } catch {
            return (error.status, error.description)
        }
        session.end(.disconnected(label: opened.label))
        // The run passed, but its evidence is incomplete: one line, and a failure.
        if let problem = runner.recorder?.failure { return (1, problem) }
        return (0, "")
    }
}
