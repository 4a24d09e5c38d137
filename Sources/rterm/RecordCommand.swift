import Foundation
import RemoteTerm

/// `rterm record FILE [--] TARGET`: the interactive front on TARGET while `ScriptRecording`
/// writes a script of what the user does.
struct RecordCommand {
    let arguments: [String]

    func run() -> Int32 {
        let request = ScriptRecording.request(arguments)
        guard case .record(let file, let target) = request, isatty(1) == 1 else {
            if case .mistake(let line) = request { printError(line) } else if request == .help { print(ScriptRecording.help) }
            if case .record = request { printError("rterm: record shows the session on the terminal: standard output is not one") }
            return request == .help ? 0 : 2
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
