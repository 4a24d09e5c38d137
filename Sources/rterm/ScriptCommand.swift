import Foundation
import RemoteTerm

/// `rterm script FILE [--snapshots DIR] [--] TARGET`: runs a smoke-test script against a
/// session, headless. TARGET is `[ssh options] [user@]host` or `--local [command ...]`.
/// Exit status: 0 passed, 1 a step failed (the step and the screen on stderr), 2 a bad
/// script or bad arguments (reported before connecting), 255 a connection failure.
struct ScriptCommand {
    let arguments: [String]

    static let usage = """
        usage: rterm script FILE [--snapshots DIR] [--] [ssh options] [user@]host
               rterm script FILE [--snapshots DIR] [--] --local [command ...]

        Runs the steps of FILE (docs/script-format.md) against a session with a pseudo-terminal,
        checking the rendered screen. Exit status: 0 passed, 1 a step failed (the step and
        the screen are printed), 2 a bad script, 255 a connection failure.
        """

    func run() -> Int32 {
        guard let file = arguments.first, !file.hasPrefix("-") || file == "-" else {
            if arguments.first == "-h" || arguments.first == "--help" {
                print(Self.usage)
                return 0
            }
            printError("rterm: script needs a FILE (usage: rterm script FILE [--] TARGET)")
            return 2
        }
        var rest = Array(arguments.dropFirst())
        var snapshots = "."
        if rest.first == "--snapshots" {
            guard rest.count >= 2 else {
                printError("rterm: option --snapshots needs a directory")
                return 2
            }
            snapshots = rest[1]
            rest.removeFirst(2)
        }
        if rest.first == "--" { rest.removeFirst() }
        guard !rest.isEmpty else {
            printError("rterm: script needs a target: [user@]host or --local [command]")
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
        var size = (rows: 24, columns: 80)
        for step in script.steps {
            if case .size(let rows, let columns) = step.kind { size = (rows, columns) }
        }
        let session: (Transport) -> Int32 = { transport in
            let runner = ScriptRunner(transport: transport, rows: size.rows, columns: size.columns, snapshotDirectory: snapshots)
            do throws(ScriptRunner.Failure) {
                try runner.run(script)
            } catch {
                printError(error.description)
                return 1
            }
            return 0
        }
        if rest.first == "--local" {
            var command = Array(rest.dropFirst())
            if command.first == "--" { command.removeFirst() }
            let environment = ProcessInfo.processInfo.environment
            if command.isEmpty { command = [environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"] }
            do {
                let transport = try LocalPTYTransport(
                    arguments: command, environment: environment, rows: size.rows, columns: size.columns)
                defer { transport.close() }
                return session(transport)
            } catch {
                printError(error.description)
                return 255
            }
        }
        var ssh = SSHCommand(arguments: rest)
        ssh.scriptedSize = size
        ssh.runSession = session
        return ssh.run()
    }
}
