import Foundation
import RemoteTerm

/// `rterm record FILE [--] TARGET`: the interactive front on TARGET (taken as `rterm script`
/// takes it), writing what the user does as a script that replays (`ScriptRecorder`).
struct RecordCommand {
    let arguments: [String]

    static let usage = "usage: rterm record FILE.rts [--] [ssh options] [user@]host | --local [command ...]"

    func run() -> Int32 {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            let help = ["-h", "--help"].contains(arguments.first)
            help ? print(Self.usage) : printError("rterm: record needs a FILE (\(Self.usage))")
            return help ? 0 : 2
        }
        let target = Array(arguments.dropFirst(arguments.dropFirst().first == "--" ? 2 : 1))
        guard !target.isEmpty, isatty(1) == 1 else {
            printError(
                target.isEmpty
                    ? "rterm: record needs a target: [user@]host or --local [command]"
                    : "rterm: record shows the session on the terminal: standard output is not one")
            return 2
        }
        let session = SessionCommand(arguments: target)
        let output: ScriptRecordingFile
        do { output = try ScriptRecordingFile(path: file) } catch {
            printError(error.message)
            return 2
        }
        guard let factory = session.makeFactory() else { return 255 }
        let size = Workspace.remoteSize(local: RawTerminal.size() ?? (rows: 24, columns: 80))
        let recorder = ScriptRecorder(clock: factory.loop.clock, write: output.write)
        var problem: OpenProblem?
        let status = session.runFront(factory, observer: recorder) { factory in
            switch factory.open(target, as: .interactive, size: size) {
            case .success(let opened):
                recorder.begin(target: target, size: size)
                return [opened]
            case .failure(let failure):
                problem = failure
                return []
            }
        }
        output.close()
        if let problem {
            unlink(file)
            printError(problem.message)
            return problem.exitStatus
        }
        if let failure = output.failure { printError(failure) }
        return status
    }
}
