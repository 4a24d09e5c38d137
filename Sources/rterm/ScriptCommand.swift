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
               rterm script FILE [options] --hosts FILE [-j N] [--] [ssh options]

          --snapshots DIR   where `snapshot NAME` writes NAME.txt and NAME.ansi (default .)
          --record FILE     record the session as asciicast v2 (rterm render plays it back)
          --junit FILE      write a JUnit report (one testcase per script and target)
          --tap             print a TAP report on standard output
          --hosts FILE      run against every target in FILE (one a line, # comments)
          -j N              with --hosts, at most N runs at once (default 4)

        Runs the steps of FILE (docs/script-format.md) against a session with a pseudo-terminal,
        checking the rendered screen. Exit status: 0 passed, 1 a step failed (the step and
        the screen are printed), 2 a bad script, 255 a connection failure.
        """

    /// Options before the target.
    struct Options {
        var snapshots = "."
        var record: String?
        var junit: String?
        var tap = false
        var hosts: String?
        var jobs = 4
    }

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
        var options = Options()
        // Script options come first; anything else (ssh options, --local) is the target's.
        let takesValue: Set<String> = ["--snapshots", "--record", "--junit", "--hosts", "-j"]
        while let option = rest.first, takesValue.contains(option) || option == "--tap" {
            rest.removeFirst()
            if option == "--tap" {
                options.tap = true
                continue
            }
            guard let value = rest.first else {
                printError("rterm: option \(option) needs a value")
                return 2
            }
            rest.removeFirst()
            switch option {
            case "--snapshots": options.snapshots = value
            case "--record": options.record = value
            case "--junit": options.junit = value
            case "--hosts": options.hosts = value
            default:
                guard let jobs = Int(value), jobs >= 1, jobs <= 256 else {
                    printError("rterm: bad -j '\(value)': expected a number of parallel runs from 1 to 256")
                    return 2
                }
                options.jobs = jobs
            }
        }
        if rest.first == "--" { rest.removeFirst() }
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
        if let hosts = options.hosts {
            return FanOut(script: file, hostsFile: hosts, targetOptions: rest, options: options).run()
        }
        guard !rest.isEmpty else {
            printError("rterm: script needs a target: [user@]host, --local [command], or --hosts FILE")
            return 2
        }
        let start = Date()
        var message = ""
        let status = runOne(script, target: rest, options: options, failureMessage: &message)
        let result = ScriptResult(
            script: file, target: rest.joined(separator: " "), status: status, message: message,
            seconds: Date().timeIntervalSince(start))
        if let junit = options.junit {
            do { try ScriptReport.junit([result]).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                printError("rterm: cannot write \(junit): \(error.localizedDescription)")
            }
        }
        if options.tap { print(ScriptReport.tap([result]), terminator: "") }
        return status
    }

    /// Runs the script against one target; the failure text also goes to `failureMessage`.
    private func runOne(_ script: Script, target: [String], options: Options, failureMessage: inout String) -> Int32 {
        var size = (rows: 24, columns: 80)
        for step in script.steps {
            if case .size(let rows, let columns) = step.kind { size = (rows, columns) }
        }
        var captured = ""
        let session: (Transport) -> Int32 = { transport in
            let runner = ScriptRunner(
                transport: transport, rows: size.rows, columns: size.columns, snapshotDirectory: options.snapshots)
            if let record = options.record {
                do {
                    runner.recorder = try AsciicastWriter(path: record, columns: size.columns, rows: size.rows)
                } catch {
                    printError("rterm: cannot write the recording \(record): \(error.localizedDescription)")
                }
            }
            do throws(ScriptRunner.Failure) {
                try runner.run(script)
            } catch {
                captured = error.description
                printError(error.description)
                return 1
            }
            return 0
        }
        defer { failureMessage = captured }
        if target.first == "--local" {
            var command = Array(target.dropFirst())
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
                captured = error.description
                return 255
            }
        }
        var ssh = SSHCommand(arguments: target)
        ssh.scriptedSize = size
        ssh.runSession = session
        return ssh.run()
    }
}
