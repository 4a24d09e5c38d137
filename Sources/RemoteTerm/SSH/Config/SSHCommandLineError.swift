/// Why the `rterm` command line was rejected. Each description is one line.
package enum SSHCommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A single-letter option that neither rterm nor ssh knows.
    case unknownOption(Character)
    /// An ssh option that rterm does not implement; `feature` says what it does in ssh.
    case unsupportedOption(Character, feature: String)
    /// An option that needs a value came last.
    case missingArgument(Character)
    /// A `--long` option other than `--help` and `--version`.
    case unknownLongOption(String)
    /// A `--long` option that needs a value came last (`--resume`).
    case missingLongArgument(String)
    /// A `--long` option with a bad value.
    case badLongOption(String, message: String)
    /// `-p` with something that is not a port number.
    case badPort(String)
    /// `-o` with a keyword that is not an ssh option at all.
    case unknownConfigOption(String)
    /// `-o` with an OpenSSH option that rterm does not implement.
    case unsupportedConfigOption(String)
    /// `-o` with a malformed line or a bad value.
    case badConfigOption(String, message: String)
    /// `-J` whose value is not `[user@]host[:port]` hops separated by commas.
    case badJumpHost(String)
    /// `-J` given twice, or after `-o ProxyJump`.
    case multipleJumpHosts
    /// `-L`, `-R`, `-D` or `-e` with a value that does not parse.
    case badValue(Character, message: String)
    /// `-l` with an empty user.
    case emptyUser
    /// No destination host was given.
    case missingDestination
    /// The destination is not `[user@]host` or `ssh://[user@]host[:port]`, or the host
    /// name holds characters that cannot be in one.
    case invalidDestination(String)

    /// One line: what failed, on what, and what to try.
    package var description: String {
        switch self {
        case .unknownOption(let letter):
            return "rterm: unknown option -- \(letter) (see rterm -h)"
        case .unsupportedOption(let letter, let feature):
            return "rterm: option -\(letter) (\(feature)) is not supported by rterm; use ssh for that"
        case .missingArgument(let letter):
            return "rterm: option requires an argument -- \(letter)"
        case .unknownLongOption(let option):
            return "rterm: unknown option '\(option)' (see rterm -h)"
        case .badLongOption(let option, let message):
            return "rterm: \(option): \(message)"
        case .missingLongArgument(let option):
            let what = [
                "--resume": "a tmux session name", "--predict": "adaptive, always or never",
                "--keybar": "a key set's name", "--bar-rows": "1, 2 or 3", "--bar-labels": "words, glyphs or auto",
            ][option] ?? "a value"
            return "rterm: option \(option) requires an argument (\(what))"
        case .badPort(let value):
            return "rterm: bad port '\(value)' (a port is a number from 1 to 65535)"
        case .unknownConfigOption(let keyword):
            return "rterm: unknown -o option '\(keyword)' (see rterm -h for the options rterm knows)"
        case .unsupportedConfigOption(let keyword):
            return "rterm: -o option '\(keyword)' is an OpenSSH option that rterm does not implement"
        case .badConfigOption(let option, let message):
            return "rterm: -o '\(option)': \(message)"
        case .badJumpHost(let value):
            return
                "rterm: invalid -J argument '\(value)' (expected [user@]host[:port], hops separated by commas)"
        case .multipleJumpHosts:
            return "rterm: only a single -J option is permitted (separate several jump hops with commas)"
        case .badValue(let letter, let message):
            return "rterm: -\(letter): \(message)"
        case .emptyUser:
            return "rterm: -l needs a non-empty user name"
        case .missingDestination:
            return "rterm: no destination given (usage: rterm [options] [user@]host [command ...])"
        case .invalidDestination(let value):
            return
                "rterm: invalid destination '\(value)' (expected [user@]host or ssh://[user@]host[:port])"
        }
    }
}
