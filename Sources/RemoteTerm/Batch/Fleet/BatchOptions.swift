import RemoteTermCore
import RemoteTermFront
import RemoteTermSSH

/// The options of a run without a screen, parsed here once for both commands that take them:
/// `rterm script FILE [options] TARGET` (a script, on one target or on every line of
/// `--hosts`) and `rterm --hosts FILE [options] COMMAND` (a command on every line). Each
/// mistake is one line, found before anything connects.
package struct BatchOptions: Equatable, Sendable {
    /// `--hosts FILE` (scripts: run on every target of the file).
    package var hosts: String?
    /// `-j N`: at most N targets at once.
    package var jobs = 32
    /// `--shard K/N|auto`: only one slice of the targets.
    package var shard: FleetShard?
    /// `--merge`: identical outputs folded, at the end.
    package var merge = false
    /// `--failed-hosts FILE`: the failed targets written as a hosts file.
    package var failedHosts: String?
    /// `--junit FILE`: a JUnit report.
    package var junit: String?
    /// `--tap`: a TAP report on standard output.
    package var tap = false
    /// `--snapshots DIR` (scripts): where snapshots and failure pictures go.
    package var snapshots: String?
    /// `--record FILE` (scripts): an asciicast recording (a directory of them with --hosts).
    package var record: String?
    /// `--update-snapshots` (scripts): write every snapshot as its golden screen.
    package var updateSnapshots = false
    /// `--trace FILE` (scripts): each step's line as it ends.
    package var trace: String?

    package init() {}

    /// Which command the options are for: each takes its own set.
    package enum Command: Sendable {
        /// `rterm script FILE …`.
        case script
        /// `rterm --hosts FILE … COMMAND`.
        case hostsCommand
    }

    /// The options that take no value.
    package static func switches(for command: Command) -> Set<String> {
        command == .script ? ["--merge", "--tap", "--update-snapshots"] : ["--merge", "--tap"]
    }

    /// The options that take a value (the next word).
    package static func optionsWithValue(for command: Command) -> Set<String> {
        let fleet: Set<String> = ["-j", "--shard", "--failed-hosts", "--junit"]
        return command == .script ? fleet.union(["--hosts", "--snapshots", "--record", "--trace"]) : fleet
    }

    /// Whether `word` is one of `command`'s options.
    package static func isOption(_ word: String, for command: Command) -> Bool {
        switches(for: command).contains(word) || optionsWithValue(for: command).contains(word)
    }

    /// Takes the option at `words[index]` and its value, moving `index` past them: false (and
    /// `index` where it was) when that word is not one of `command`'s options. A value must
    /// be there, and must not be `--` or another option (`--junit --` names no file).
    package mutating func take(
        _ words: [String], at index: inout Int, for command: Command, environment: [String: String]
    ) throws(BatchOptionProblem) -> Bool {
        guard index < words.count else { return false }
        let option = words[index]
        if Self.switches(for: command).contains(option) {
            switch option {
            case "--merge": merge = true
            case "--tap": tap = true
            default: updateSnapshots = true
            }
            index += 1
            return true
        }
        guard Self.optionsWithValue(for: command).contains(option) else { return false }
        guard index + 1 < words.count else { throw BatchOptionProblem("rterm: option \(option) needs a value") }
        let value = words[index + 1]
        if value == "--" || Self.isOption(value, for: command) {
            throw BatchOptionProblem("rterm: option \(option) needs a value, not '\(value)'")
        }
        try apply(option, value, environment: environment)
        index += 2
        return true
    }

    private mutating func apply(_ option: String, _ value: String, environment: [String: String])
        throws(BatchOptionProblem)
    {
        switch option {
        case "-j":
            guard let count = Int(value), count >= 1, count <= 1024 else {
                throw BatchOptionProblem("rterm: bad -j '\(value)': expected a number of targets at once, from 1 to 1024")
            }
            jobs = count
        case "--shard":
            switch FleetShard.parse(value, environment: environment) {
            case .success(let parsed): shard = parsed
            case .failure(let problem): throw BatchOptionProblem(problem.message)
            }
        case "--failed-hosts": failedHosts = value
        case "--junit": junit = value
        case "--hosts": hosts = value
        case "--snapshots": snapshots = value
        case "--trace": trace = value
        default: record = value
        }
    }

    /// A fleet option given without `--hosts`, if there is one (a script on one target).
    package var fleetOnlyOption: String? {
        if shard != nil { return "--shard" }
        if merge { return "--merge" }
        return failedHosts != nil ? "--failed-hosts" : nil
    }

    /// What follows `rterm [ssh options] --hosts FILE`: fleet options and ssh options in any
    /// order, then the command (from the first word that is neither, or after `--`). Each ssh
    /// option is checked as ssh checks it, with its own value.
    package static func commandTail(_ words: [String], environment: [String: String]) throws(BatchOptionProblem)
        -> (options: BatchOptions, sshOptions: [String], command: [String])
    {
        var options = BatchOptions()
        var sshOptions: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { return (options, sshOptions, Array(words[(index + 1)...])) }
            if try options.take(words, at: &index, for: .hostsCommand, environment: environment) { continue }
            guard let count = SSHCommandLine.wordsTaken(by: word) else {
                return (options, sshOptions, Array(words[index...]))
            }
            guard index + count <= words.count else { throw BatchOptionProblem("rterm: option \(word) needs a value") }
            let option = Array(words[index..<(index + count)])
            do {
                _ = try SSHCommandLine.leadingOptionCount(option)
            } catch {
                throw BatchOptionProblem(error.description)
            }
            sshOptions += option
            index += count
        }
        return (options, sshOptions, [])
    }
}

/// A mistake in a batch run's options: one line, exit status 2.
package struct BatchOptionProblem: Error, Equatable, CustomStringConvertible {
    /// The one line rterm prints.
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
