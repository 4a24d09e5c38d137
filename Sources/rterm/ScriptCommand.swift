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
               rterm script FILE [options] --hosts FILE [fleet options] [--]
                            [ssh options]

          --snapshots DIR   where `snapshot NAME` writes NAME.txt, NAME.ansi and
                            NAME.svg, and a failing step failure.svg (made when first
                            written to; without it, failure.svg goes beside the
                            --junit report)
          --record FILE     record the session as asciicast v2 (rterm render plays
                            it back); with --hosts a directory, one recording per
                            target
          --junit FILE      write a JUnit report (one testcase per script and target)
          --tap             print a TAP report on standard output
          --update-snapshots  write each `snapshot NAME` as its golden screen,
                            NAME.golden.txt (beside the script, or in --snapshots)
          --trace FILE      write each step as it ends: time, status, screen digest

        fleet options (docs/fleet.md):
          --hosts FILE      run against every target in FILE (one a line, # comments),
                            all in this one process
          -j N              at most N targets at once (default 32)
          --shard K/N|auto  only the K-th of N disjoint slices of the targets; auto
                            reads a CI matrix (GitLab, Buildkite, CircleCI,
                            RTERM_SHARD_INDEX and RTERM_SHARD_TOTAL)
          --merge           fold identical failures into one block, at the end
          --failed-hosts F  write the failed targets to F, a hosts file to retry with

        Runs the steps of FILE (docs/script-format.md) against a session with a
        pseudo-terminal, checking the rendered screen. Exit status: 0 passed, 1 a step
        failed (the step and the screen are printed), 2 a bad script, 255 a connection
        failure (with --hosts: 0 when every target passed, else 1).
        """

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
        var options = BatchOptions()
        // Script options come first; anything else (ssh options, --local) is the target's.
        var index = 0
        do {
            while try options.take(rest, at: &index, for: .script, environment: ProcessInfo.processInfo.environment) {}
        } catch {
            printError(error.message)
            return 2
        }
        rest.removeFirst(index)
        if rest.first == "--" {
            rest.removeFirst()
        } else if let misplaced = Self.misplacedOption(in: rest) {
            // `rterm script s.rts host --junit r.xml`: said as what it is, not as an ssh option.
            printError("rterm: \(misplaced) is a script option: script options go before `--` and the target")
            return 2
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            printError("rterm: cannot read script '\(file)': \(String(cString: strerror(errno)))")
            return 2
        }
        let script: Script
        do {
            script = try Script(
                parsing: String(decoding: data, as: UTF8.self), file: file, environment: ProcessInfo.processInfo.environment)
        } catch {
            printError(error.description)
            return 2
        }
        // Everything that can be found wrong is found before connecting: exit 2, one line.
        let (bar, _) = KeyBarFile.load(environment: ProcessInfo.processInfo.environment)
        if let problem = script.unknownClick(on: bar) {
            printError(problem.description)
            return 2
        }
        if let problem = BatchOutputs.check(options) {
            printError(problem)
            return 2
        }
        if let hosts = options.hosts {
            return FleetCommand(
                hostsFile: hosts, targetOptions: rest, work: .script(file: file, script, bar: bar), options: options,
                say: printError
            ).run()
        }
        if let fleetOnly = options.fleetOnlyOption {
            printError("rterm: \(fleetOnly) is for runs over --hosts FILE; give --hosts too")
            return 2
        }
        guard !rest.isEmpty else {
            printError("rterm: script needs a target: [user@]host, --local [command], or --hosts FILE")
            return 2
        }
        var run = ScriptRun(
            script: script, file: file, options: options, bar: bar, environment: ProcessInfo.processInfo.environment,
            say: printError)
        run.inputIsTerminal = isatty(0) == 1
        let result = run.run(target: rest)
        let status = result.status
        if let junit = options.junit {
            do { try ScriptReport.junit([result]).writeWhole(toFile: junit) } catch {
                printError("rterm: cannot write \(junit): \(error.localizedDescription)")
                return status == 0 ? 1 : status
            }
        }
        if options.tap {
            print(ScriptReport.tap([result]), terminator: "")
        } else if status == 0 {
            // A run that passed says so, once (a TAP report already does).
            let steps = script.steps.count
            print("passed: \(file) on \(result.target), \(steps) step\(steps == 1 ? "" : "s") in \(String(format: "%.1f", result.seconds)) s")
        }
        return status
    }

    /// A script option written among the target's words (before any `--`), if there is one.
    static func misplacedOption(in words: [String]) -> String? {
        words.first { BatchOptions.isOption($0, for: .script) }
    }
}
