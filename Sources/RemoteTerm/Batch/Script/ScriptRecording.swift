import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// One `rterm record FILE [--] TARGET` run, apart from the front it watches: its arguments
/// (the target as `rterm script` takes it, parsed by the session factory), the file and the
/// recorder writing into it, the session opened and the recording begun, and what to say at
/// the end.
package final class ScriptRecording {
    /// The usage line.
    package static let usage = "usage: rterm record FILE.rts [--] [ssh options] [user@]host | --local [command]"

    /// `rterm record --help`.
    package static let help = """
        usage: rterm record FILE.rts [--] [ssh options] [user@]host
               rterm record FILE.rts [--] --local [command ...]

        Opens the session as rterm does and writes what you do into FILE.rts as a
        script: what you type, the keys and clicks, a wait for what each brought
        to the screen, and the exit status at the end. Text typed with echo off is
        written as ${env:RTERM_SECRET_n}, never as typed. When the session ends it
        says how many steps were written and how to replay them with rterm script.
        See docs/script-format.md.
        """

    /// What the arguments ask for.
    package enum Request: Equatable {
        /// `-h`, `--help`.
        case help
        /// A mistake: the one line to print, exit status 2.
        case mistake(String)
        /// Record into `file` a session on the target `words`.
        case record(file: String, target: [String])
    }

    /// Reads `rterm record`'s arguments (after `record`).
    package static func request(_ arguments: [String]) -> Request {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            if ["-h", "--help"].contains(arguments.first) { return .help }
            return .mistake("rterm: record needs a FILE (\(usage))")
        }
        let target = Array(arguments.dropFirst(arguments.dropFirst().first == "--" ? 2 : 1))
        guard !target.isEmpty else { return .mistake("rterm: record needs a target: [user@]host or --local [command]") }
        return .record(file: file, target: target)
    }

    /// What follows the front: told every input, writing the script.
    package let recorder: ScriptRecorder
    private let file: ScriptRecordingFile
    private let path: String
    private var problem: OpenProblem?
    private var target: [String] = []

    /// Creates (or empties) the file at `path`, before anything connects; the recorder reads
    /// `clock` (the loop's).
    package init(path: String, clock: any LoopClock) throws(ScriptRecordingFileError) {
        self.path = path
        let file = try ScriptRecordingFile(path: path)
        self.file = file
        recorder = ScriptRecorder(clock: clock, write: file.write)
    }

    /// Opens the session on `target` at `size` for the front, and begins the script (its
    /// header); nothing when it cannot be opened (`finish` says why).
    package func open(_ target: [String], with factory: SessionFactory, size: (rows: Int, columns: Int))
        -> [SessionFactory.Opened]
    {
        switch factory.open(target, as: .interactive, size: size) {
        case .success(let opened):
            recorder.begin(target: target, size: size)
            self.target = target
            return [opened]
        case .failure(let failure):
            problem = failure
            return []
        }
    }

    /// Closes the file (removed when no session was opened) and gives the lines to print and
    /// the exit status: the session's `status`, or the reason it could not be opened.
    package func finish(status: Int32) -> (messages: [String], status: Int32) {
        file.close()
        if let problem {
            unlink(path)
            return ([problem.message], problem.exitStatus)
        }
        if let failure = file.failure { return ([failure], status) }
        return ([summary], status)
    }

    /// What was recorded, said when the session ends: the file, its steps, and how to
    /// replay it (the secrets to set first).
    var summary: String {
        let replay = ShellWords.joined(["rterm", "script", path, "--"] + target)
        var line = "rterm: recorded \(file.steps) step\(file.steps == 1 ? "" : "s") in \(path); replay: \(replay)"
        if recorder.secrets > 0 {
            let names = (1...recorder.secrets).map { "RTERM_SECRET_\($0)" }.joined(separator: ", ")
            line += " (set \(names) first)"
        }
        return line
    }
}
