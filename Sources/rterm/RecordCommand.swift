import Foundation
import RemoteTerm

/// `rterm record FILE [--] TARGET`: the interactive front on TARGET while `ScriptRecording`
/// writes a script of what the user does.
struct RecordCommand {
    let arguments: [String]

    func run() -> Int32 {
        guard case .record(let file, let target) = ScriptRecording.request(arguments), isatty(1) == 1 else {
            switch ScriptRecording.request(arguments) {
            case .help: print(ScriptRecording.usage)
            case .mistake(let line): printError(line)
            case .record: printError("rterm: record shows the session on the terminal: standard output is not one")
            }
            return ScriptRecording.request(arguments) == .help ? 0 : 2
        }
        let session = SessionCommand(arguments: target)
        guard let factory = session.makeFactory() else { return 255 }
        let recording: ScriptRecording
        do { recording = try ScriptRecording(path: file, clock: factory.loop.clock) } catch {
            printError(error.message)
            return 2
        }
        let size = Workspace.remoteSize(local: RawTerminal.size() ?? (rows: 24, columns: 80))
        let status = session.runFront(factory, observer: recording.recorder) { recording.open(target, with: $0, size: size) }
        let (messages, exitStatus) = recording.finish(status: status)
        for message in messages { printError(message) }
        return exitStatus
    }
}
