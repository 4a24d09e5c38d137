import RemoteTermSSH

/// `rterm cp --hosts FILE [-j N] [--failed-hosts FILE] [cp options] SOURCE… :TARGET`, read:
/// the sources to every host of a hosts file (each line `[ssh options] [user@]host`, as for
/// `rterm --hosts`), `N` at a time (10 unless said), on the fleet's own engine (`FleetRun`,
/// each host a `CopyFleetJob` on one loop), each connection one that never asks (BatchMode,
/// a 10 s connect timeout unless set). `%h` in TARGET is the host's name in the file.
package enum CopyFleet {
    package static let usage =
        "usage: rterm cp --hosts FILE [-j N] [--failed-hosts FILE] [cp options] SOURCE... :TARGET (%h: the host's name)"

    /// What the command line asks for.
    package struct Command {
        package var hostsFile = ""
        /// `-j` (10 unless said) and `--failed-hosts`, as the fleet's engine takes them.
        package var options = BatchOptions()
        /// The ssh options every host's line gets before its own.
        package var sshOptions: [String] = []
        package var plan = CopyFleetPlan(sources: [], target: "", options: .init())

        /// What each host's line is given: the ssh options, and no channel of its own (`-N`:
        /// the uploads open theirs).
        package var targetOptions: [String] { sshOptions + ["-N"] }
    }

    /// The command of `arguments`, or nil when it is a mistake: then said in one line, and
    /// the usage.
    package static func command(_ arguments: [String], say: (String) -> Void) -> Command? {
        do {
            return try parse(arguments)
        } catch {
            say(error.message + "\n" + usage)
            return nil
        }
    }

    /// Reads the words after `rterm cp`; a mistake is its line, then the usage.
    package static func parse(_ arguments: [String]) throws(CopyUsageError) -> Command {
        var command = Command()
        command.options.jobs = 10
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            func value() throws(CopyUsageError) -> String {
                guard index + 1 < arguments.count else { throw CopyUsageError("rterm cp: \(word) needs a value") }
                index += 1
                return arguments[index]
            }
            switch word {
            case "--hosts": command.hostsFile = try value()
            case "--failed-hosts": command.options.failedHosts = try value()
            case "-j":
                let text = try value()
                guard let jobs = Int(text), jobs >= 1 else { throw CopyUsageError("rterm cp: bad -j '\(text)': a number from 1") }
                command.options.jobs = jobs
            case "--":
                rest += arguments[index...]
                index = arguments.count
                continue
            default:
                rest.append(word)
            }
            index += 1
        }
        guard let last = rest.last, last.hasPrefix(":"), rest.count >= 2 else {
            throw CopyUsageError("rterm cp --hosts: give SOURCE... and the target as :PATH (the path on every host)")
        }
        let target = String(last.dropFirst())
        let line = try CopyCommandLine.parse(rest.dropLast() + ["fleet-host:" + target])
        command.sshOptions = line.sshOptions
        command.plan = CopyFleetPlan(
            sources: line.sources.map(\.path), target: target,
            options: .init(recursive: line.recursive, preserve: line.preserve, resume: line.resume))
        return command
    }
}
