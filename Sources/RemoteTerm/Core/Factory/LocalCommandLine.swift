import RemoteTermSSH

/// A local target's words: `--local` written anywhere among the options before the command,
/// as ssh takes its options in any order before the destination (`rterm --keybar vim
/// --local`, `rterm -v --local -- top`, `rterm --local --reader`). The options are ssh's,
/// parsed by `SSHCommandLine`; those that mean something for a command on this machine apply
/// (the front's, `--predict`, `-e`, `-n`, `-t`, `-v`, `-E`, `-q`, `--resume` in local tmux),
/// and one that only an SSH connection could use (`-p 22`, `-L …`) is a usage error naming it, never
/// dropped without a word. A `--local` after the destination (`rterm host --local`) is
/// reported by `SessionTarget.parse`.
package struct LocalCommandLine: Equatable, Sendable {
    /// The command and its arguments; empty: the user's shell.
    package var command: [String] = []
    /// How the front shows it (`--keybar`, `--bar-rows`, `--bar-labels`, `--reader`).
    package var front = FrontPreferences()
    /// `--predict`; nil: adaptive.
    package var predict: PredictionSettings?
    /// `-e`; nil: `~`.
    package var escapeCharacter: SSHEscapeCharacter?
    /// The number of `-v` given.
    package var verbosity = 0
    /// `-E`: where the log goes instead of standard error.
    package var logFile: String?
    /// `-n`: standard input is not read.
    package var stdinFromNull = false
    /// `-h` / `--help` and `-V` / `--version` answer at once, as with an SSH target.
    package var action = SSHCommandLine.Action.connect
    /// `--resume NAME`: the shell (or the command) runs in local tmux session NAME, created
    /// or joined, so another rterm (a person's, an agent's) can attach to the same screen.
    package var resume: String?

    /// A local shell with nothing set.
    package init(command: [String] = [], front: FrontPreferences = FrontPreferences()) {
        self.command = command
        self.front = front
    }

    /// The usage text of `rterm --local --help`.
    package static let usage = """
        usage: rterm [options] --local [options] [[--] command [args ...]]

        Runs $SHELL (or the command) on a local pseudo-terminal through rterm's session,
        without any server. Exits with the command's status. The options may come
        before or after --local: --keybar NAME, --bar-rows N, --bar-labels STYLE,
        --reader, --predict MODE, -e char, -n, -t, -v, -E logfile, -q, and
        --resume NAME: run it in local tmux session NAME, created or joined (a
        second rterm --resume NAME --local shows the same screen).
        """

    /// Where the `--local` that makes `words` a local target is: among the options, before
    /// the first word that is not one and before `--`. nil: `words` name no local target.
    package static func markerIndex(in words: [String]) -> Int? {
        var index = 0
        while index < words.count, words[index] != "--" {
            if words[index] == "--local" { return index }
            guard let taken = SSHCommandLine.wordsTaken(by: words[index]) else { return nil }
            index += taken
        }
        return nil
    }

    /// The local target `words` name; nil when they name none (`markerIndex`).
    package static func parse(_ words: [String]) throws(SessionTargetError) -> LocalCommandLine? {
        guard var marker = markerIndex(in: words) else { return nil }
        var rest = words
        // Said twice is said once.
        while true {
            rest.remove(at: marker)
            guard let another = markerIndex(in: rest) else { break }
            marker = another
        }
        // Each option alone first, so that the one that cannot apply is named.
        var index = 0
        while index < rest.count, rest[index] != "--", let taken = SSHCommandLine.wordsTaken(by: rest[index]) {
            let option = Array(rest[index..<min(index + taken, rest.count)])
            if let problem = problem(with: option) { throw .usage(problem) }
            index += taken
        }
        let parsed: (commandLine: SSHCommandLine, count: Int)
        do {
            parsed = try SSHCommandLine.leadingOptions(rest)
        } catch {
            throw .usage(error.description)
        }
        let options = parsed.commandLine
        var local = LocalCommandLine(command: Array(rest[parsed.count...]), front: options.values.front)
        local.predict = options.values.rtermPredict
        local.escapeCharacter = options.values.escapeChar
        local.verbosity = options.verbosity
        local.logFile = options.logFile
        local.stdinFromNull = options.stdinFromNull
        local.action = options.action
        local.resume = options.values.rtermResume.flatMap { $0 == "none" ? nil : $0 }
        return local
    }

    /// `words` with `command` run on the local target they name, by `shell -c` (the command
    /// line's own command words first, joined by spaces): a fleet's command on a `--local`
    /// line, meaning the same as on an ssh line's login shell. nil: `words` name no local
    /// target, or one with a mistake (which parsing them says).
    package static func withCommand(_ words: [String], _ command: [String], shell: String) -> [String]? {
        guard let local = try? parse(words) else { return nil }
        var options = Array(words[..<(words.count - local.command.count)])
        if options.last == "--" { options.removeLast() }
        return options + ["--", shell, "-c", (local.command + command).joined(separator: " ")]
    }

    /// What is wrong with `option` (one option and its value) on a local target, if anything.
    private static func problem(with option: [String]) -> String? {
        let commandLine: SSHCommandLine
        do {
            commandLine = try SSHCommandLine.leadingOptions(option).commandLine
        } catch {
            return error.description
        }
        var values = commandLine.values
        if values.requestTTY == .no {
            return "rterm: --local always gives its command a pseudo-terminal: \(option.joined(separator: " ")) cannot apply"
        }
        // What a local command uses; anything left is for a connection.
        values.front = FrontPreferences()
        values.rtermPredict = nil
        values.escapeChar = nil
        values.logLevel = nil
        values.requestTTY = nil
        values.rtermResume = nil
        // -a and -x turn off what a local command never has (an alias may carry them).
        if values.forwardAgent == "no" { values.forwardAgent = nil }
        guard values != SSHConfigValues() || commandLine.configFile != nil || commandLine.action == .printConfiguration
        else { return nil }
        return "rterm: --local runs a command on this machine: \(option.joined(separator: " ")) is for an SSH connection"
    }
}
