import RemoteTermEngine

/// The ssh-style command line of `rterm` (everything after the program name):
///
///     rterm [-GtTvV] [-F configfile] [-i identity] [-J jump] [-l user] [-o Option=value]
///           [-p port] [user@]host [command ...]
///
/// Parsed as OpenSSH's ssh parses it: option letters may be combined (`-tv`, `-p22`,
/// `-oPort=22`), `--` ends the options for good, options may also follow the host
/// (`rterm host -p 2222`), and the first word after the host that is not an option starts the
/// remote command.
/// `-V`, `-h` and `--help` act at once, like ssh's `-V`. `-p`, `-l`, `-i`, `-J`, `-o`, `user@`
/// and an `ssh://` port are applied in order with ssh's first-value-wins rule; `-t`/`-T`
/// override. rterm's own subcommands are not handled here.
package struct SSHCommandLine: Sendable, Equatable {
    /// What the command line asks for.
    package enum Action: Sendable, Equatable {
        /// Connect (and run `remoteCommand`, if any).
        case connect
        /// `-G`: print the resolved configuration and exit.
        case printConfiguration
        /// `-V` / `--version`.
        case showVersion
        /// `-h` / `--help`.
        case showHelp
    }

    /// What to do.
    package var action: Action = .connect
    /// The destination (nil only for `showVersion` and `showHelp`).
    package var destination: SSHDestination?
    /// The remote command words, empty for a login shell.
    package var remoteCommand: [String] = []
    /// `-F`: the user config file to read instead of `~/.ssh/config` and `/etc/ssh/ssh_config`.
    package var configFile: String?
    /// The number of `-v` given (0...3).
    package var verbosity = 0
    /// `-E`: the file the log is appended to instead of standard error.
    package var logFile: String?
    /// `-n`: standard input is not read (the remote side gets EOF at once), as `< /dev/null`.
    package var stdinFromNull = false
    /// The option values from the command line, to pass to `SSHConfigResolver`.
    package var values = SSHConfigValues()
    /// The options before the destination that shape any connection to it (`-F`, `-p`, `-o`,
    /// `-i`, `-J`, `-l`, `-4`, `-6`, `-C`, `-c`, `-m`, `-A`, `-a`, `-q`), as written: what `~c`
    /// offers a new session (a forward, `-t`, `-N` or `--resume` belongs to this one alone).
    package var reusableOptions: [String] = []

    /// An empty command line (connect, nothing set).
    package init() {}

    /// The usage text for `-h`.
    package static let usage = """
        usage: rterm [-46ACGgNnqtTvV] [-D [bind_address:]port] [-E logfile]
                     [-e escape_char] [-F configfile] [-i identity_file]
                     [-J [user@]host[:port]] [-L [bind_address:]port:host:hostport]
                     [-l login_name] [-o option=value] [-p port]
                     [-R [bind_address:]port:host:hostport] [user@]host [command ...]

          -4 / -6   IPv4 / IPv6 addresses only
          -A        agent forwarding (libssh2 1.10 cannot: one line says so)
          -C        compression
          -D [bind:]port
                    dynamic forwarding: a SOCKS 4/5 proxy on this port, connecting
                    from the server
          -E file   append the log to this file instead of standard error
          -e char   the escape character (default ~; ^X for a control character; none)

          -F file   read this config file instead of ~/.ssh/config and
                    /etc/ssh/ssh_config
          -G        print the resolved configuration and exit
          -g        forwarded local ports listen on every interface (GatewayPorts)
          -i file   identity (private key) file; may be repeated
          -J hops   jump hosts, comma separated ([user@]host[:port])
          -L [bind:]port:host:hostport
                    local forwarding: connections to this port go to host:hostport
                    from the server
          -l user   remote user name
          -N        no shell or command: only the forwards (until interrupted)
          -o opt    an ssh_config option:
        \(wrapped(SSHConfigKeyword.allCases.filter(\.isOption).map(\.displayName), indent: 12))
          -p port   remote port
          -q        quiet: no warnings
          -R [bind:]port:host:hostport
                    remote forwarding: connections to the server's port come to
                    host:hostport here
          -n        do not read standard input (as < /dev/null); -a, -x are accepted
          -t / -T   force / disable pseudo-terminal allocation (-tt: even without a
                    local terminal)
          -v        verbose (repeat for more)
          -V        show the version
          --resume NAME
                    run the login shell in tmux session NAME, so a reconnect resumes it
          --predict adaptive[=MS]|always|never[,overwrite]
                    show typed keys before the remote echoes them (adaptive: once the
                    round trip is above MS, 40; overwrite: a key always replaces
                    the character under the cursor)
          --keybar NAME     the key set the bar starts with (docs/keybar.md)
          --bar-rows 1|2|3  a taller bar: bigger targets for a finger or a pointer
          --bar-labels words|glyphs|auto
                    spell every button in words (auto: when the locale or the
                    terminal lacks symbols)
          --reader  reader mode: plain lines for a screen reader, no full screen
                    (~k: the keys)
        """

    /// `words` joined with `, ` and wrapped at `width` columns, every line indented by `indent`
    /// blanks: a long list in `--help` that reads in an 80-column terminal.
    static func wrapped(_ words: [String], indent: Int, width: Int = 80) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        for (index, word) in words.enumerated() {
            let item = word + (index + 1 < words.count ? "," : "")
            if line.count > indent, line.count + 1 + item.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
            }
            line += (line.count > indent ? " " : "") + item
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws(SSHCommandLineError) -> SSHCommandLine {
        var commandLine = SSHCommandLine()
        var index = 0
        var optionsEnded = false
        while true {
            if !optionsEnded {
                switch try commandLine.parseOptions(arguments, from: &index) {
                case .finished: return commandLine
                case .endMarker: optionsEnded = true
                case .nonOption: break
                }
            }
            guard commandLine.destination == nil, index < arguments.count else { break }
            try commandLine.takeDestination(arguments[index])
            index += 1
        }
        guard commandLine.destination != nil else { throw SSHCommandLineError.missingDestination }
        commandLine.remoteCommand = Array(arguments[index...])
        commandLine.reusableOptions = Self.reusableOptions(arguments)
        return commandLine
    }

    /// The option letters (alone or combined) `reusableOptions` keeps.
    static let reusableLetters: Set<Character> = ["F", "p", "o", "i", "J", "l", "4", "6", "C", "c", "m", "A", "a", "q"]

    /// The leading words of `arguments` that are reusable options, with their values.
    static func reusableOptions(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count, let taken = wordsTaken(by: arguments[index]) {
            let word = arguments[index]
            // The option letters: up to the first that takes a value (what follows it in the
            // word is its value: `-p22`, `-oPort=22`); a long option is rterm's, not reused.
            var flags: [Character] = []
            if !word.hasPrefix("--") {
                for letter in word.dropFirst() {
                    flags.append(letter)
                    if lettersWithValue.contains(letter) { break }
                }
            }
            if !flags.isEmpty, flags.allSatisfy({ reusableLetters.contains($0) }) {
                kept += arguments[index..<min(index + taken, arguments.count)]
            }
            index += taken
        }
        return kept
    }

    /// How many of the leading `arguments` are options (with their values, and a `--` that
    /// ends them): what comes before a command where no host is written (`rterm --hosts FILE
    /// [ssh options] COMMAND`). Throws what is wrong with one of them.
    package static func leadingOptionCount(_ arguments: [String]) throws(SSHCommandLineError) -> Int {
        try leadingOptions(arguments).count
    }

    /// The leading `arguments` that are options, parsed (no destination), and how many words
    /// they took (with a `--` that ends them): what a `--local` target's options set.
    package static func leadingOptions(_ arguments: [String]) throws(SSHCommandLineError)
        -> (commandLine: SSHCommandLine, count: Int)
    {
        var commandLine = SSHCommandLine()
        var index = 0
        _ = try commandLine.parseOptions(arguments, from: &index)
        return (commandLine, index)
    }

    /// How many words the option `word` takes with its value: 2 when its value is the next
    /// word (`-o`, `-p`, `-Ap`, `--keybar`), else 1 (a flag, `-p22`, `--keybar=vim`), whatever
    /// the words are; nil when `word` is not an option. (What is wrong with the value is for
    /// the parse to say: asked of `-o` with a stand-in value, it answered about the stand-in.)
    package static func wordsTaken(by word: String) -> Int? {
        guard word.hasPrefix("-"), word.count > 1, word != "--" else { return nil }
        if Self.longOptions.contains(where: { word == $0.0 }) { return 2 }
        if word.hasPrefix("--") { return 1 }
        var letters = word.dropFirst()
        while let letter = letters.popFirst() {
            if lettersWithValue.contains(letter) { return letters.isEmpty ? 2 : 1 }
        }
        return 1
    }

    /// Why a run of options stopped.
    private enum OptionsStop {
        /// At a word that is not an option (or at the end).
        case nonOption
        /// At `--` (consumed): as in ssh, no option is parsed after it, even after the host.
        case endMarker
        /// At an option that ends parsing (`-V`, `-h`, `--help`, `--version`).
        case finished
    }

    /// rterm's long options that take a value, and the keyword each one sets.
    package static let longOptions: [(String, SSHConfigKeyword)] = [
        ("--resume", .rtermResume), ("--predict", .rtermPredict), ("--keybar", .rtermKeyBar),
        ("--bar-rows", .rtermBarRows), ("--bar-labels", .rtermBarLabels),
    ]

    /// Parses options from `index` until a non-option, `--` or an option that ends parsing.
    private mutating func parseOptions(
        _ arguments: [String], from index: inout Int
    ) throws(SSHCommandLineError) -> OptionsStop {
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                index += 1
                return .endMarker
            }
            if argument == "--help" {
                action = .showHelp
                return .finished
            }
            if argument == "--version" {
                action = .showVersion
                return .finished
            }
            // rterm's own long options are their config keywords: `--resume NAME` is
            // `-o RTermResume=NAME`, `--predict MODE` is `-o RTermPredict=MODE`.
            if argument == "--reader" {
                // A switch: `-o RTermReader=yes`.
                try? values.apply(.rtermReader, arguments: ["yes"], active: true)
                index += 1
                continue
            }
            if let (name, keyword) = Self.longOptions.first(where: { argument == $0.0 || argument.hasPrefix($0.0 + "=") })
            {
                var value = String(argument.dropFirst(name.count + 1))
                if argument == name {
                    guard index + 1 < arguments.count else { throw SSHCommandLineError.missingLongArgument(argument) }
                    value = arguments[index + 1]
                    index += 1
                }
                index += 1
                guard !value.isEmpty else { throw SSHCommandLineError.missingLongArgument(name) }
                do {
                    try values.apply(keyword, arguments: [value], active: true)
                } catch {
                    throw SSHCommandLineError.badLongOption(name, message: error.message)
                }
                continue
            }
            if argument.hasPrefix("--") { throw SSHCommandLineError.unknownLongOption(argument) }
            guard argument.hasPrefix("-"), argument.count > 1 else { return .nonOption }
            index += 1
            var letters = argument.dropFirst()
            while let letter = letters.popFirst() {
                if Self.lettersWithValue.contains(letter) {
                    let value: String
                    if !letters.isEmpty {
                        value = String(letters)
                    } else if index < arguments.count {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw SSHCommandLineError.missingArgument(letter)
                    }
                    try apply(letter, value: value)
                    break
                }
                if try applyFlag(letter) { return .finished }
            }
        }
        return .nonOption
    }

    /// Applies a flag; returns true when it ends parsing.
    private mutating func applyFlag(_ letter: Character) throws(SSHCommandLineError) -> Bool {
        switch letter {
        case "V":
            action = .showVersion
            return true
        case "h":
            action = .showHelp
            return true
        case "G": action = .printConfiguration
        case "v": verbosity = min(verbosity + 1, 3)
        // As ssh: -t asks for a tty, a second -t (or -t after RequestTTY yes) forces it; -T
        // disables it. These override, unlike -o RequestTTY, which is first-wins.
        case "q": values.logLevel = "QUIET"
        case "4": values.addressFamily = "inet"
        case "6": values.addressFamily = "inet6"
        case "C": values.compression = true
        case "A": values.forwardAgent = "yes"
        case "a": values.forwardAgent = "no"
        case "x": break  // no X11 forwarding: rterm never forwards X11
        case "n": stdinFromNull = true
        case "N": values.sessionType = values.sessionType ?? "none"
        case "g": values.gatewayPorts = values.gatewayPorts ?? true
        case "t": values.requestTTY = values.requestTTY == .yes ? .force : .yes
        case "T": values.requestTTY = .no
        default:
            if let feature = Self.unsupportedSSHOptions[letter] {
                throw SSHCommandLineError.unsupportedOption(letter, feature: feature)
            }
            throw SSHCommandLineError.unknownOption(letter)
        }
        return false
    }

    private mutating func apply(_ letter: Character, value: String) throws(SSHCommandLineError) {
        switch letter {
        case "F":
            configFile = value
        case "p":
            guard let port = SSHOptionValue.port(value) else { throw SSHCommandLineError.badPort(value) }
            if values.port == nil { values.port = port }
        case "l":
            guard !value.isEmpty else { throw SSHCommandLineError.emptyUser }
            if values.user == nil { values.user = value }
        case "i":
            if !values.identityFiles.contains(value) { values.identityFiles.append(value) }
        case "J":
            guard values.proxyJump == nil else { throw SSHCommandLineError.multipleJumpHosts }
            guard let hops = try? SSHDestination.parseHops(value) else {
                throw SSHCommandLineError.badJumpHost(value)
            }
            values.proxyJump = hops
            values.proxyJumpText = hops.isEmpty ? nil : value
        case "o":
            try applyConfigOption(value)
        case "E":
            logFile = value
        case "L", "R", "D":
            let kind: SSHForward.Kind = letter == "L" ? .local : letter == "R" ? .remote : .dynamic
            do {
                values.addForward(try SSHForward.parse(value, kind: kind))
            } catch {
                throw SSHCommandLineError.badValue(letter, message: error.message)
            }
        case "e":
            do {
                values.escapeChar = try SSHEscapeCharacter.parse(value)
            } catch {
                throw SSHCommandLineError.badValue(letter, message: error.message)
            }
        default:
            throw SSHCommandLineError.unsupportedOption(
                letter, feature: Self.unsupportedSSHOptions[letter] ?? "?")
        }
    }

    /// `-o "Keyword value"` / `-o Keyword=value`, parsed like a config file line.
    private mutating func applyConfigOption(_ text: String) throws(SSHCommandLineError) {
        let parsed: SSHConfigLine?
        do {
            parsed = try SSHConfigLine.parse(Substring(text))
        } catch {
            throw SSHCommandLineError.badConfigOption(text, message: error.message)
        }
        guard let line = parsed else {
            throw SSHCommandLineError.badConfigOption(text, message: "empty option")
        }
        let written = String(
            text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" && $0 != "=" })
        guard let keyword = SSHConfigKeyword(rawValue: line.keyword) else {
            if SSHConfigKeyword.isOpenSSHKeyword(line.keyword) {
                throw SSHCommandLineError.unsupportedConfigOption(written)
            }
            throw SSHCommandLineError.unknownConfigOption(written)
        }
        guard keyword.isOption else {
            throw SSHCommandLineError.badConfigOption(
                text, message: "\(keyword.displayName) is not allowed with -o")
        }
        do {
            try values.apply(keyword, arguments: line.arguments(for: keyword), active: true)
        } catch {
            throw SSHCommandLineError.badConfigOption(text, message: error.message)
        }
    }

    /// The host argument: `[user@]host` or `ssh://[user@]host[:port]`. Its user and port
    /// count as given at this point (so an earlier `-l` or `-p` wins, a later one does not).
    private mutating func takeDestination(_ argument: String) throws(SSHCommandLineError) {
        guard let parsed = SSHDestination.parse(argument) else {
            throw SSHCommandLineError.invalidDestination(argument)
        }
        destination = parsed
        if values.user == nil, let user = parsed.user { values.user = user }
        if values.port == nil, let port = parsed.port { values.port = port }
    }

    /// Option letters that take a value (rterm's and ssh's, so that an unsupported one is
    /// reported as such rather than as a cluster of unknown flags).
    package static let lettersWithValue: Set<Character> = [
        "F", "i", "J", "l", "o", "p", "b", "B", "c", "D", "e", "E", "I", "L", "m", "O", "P", "Q", "R",
        "S", "w", "W",
    ]

    /// ssh options rterm does not implement, with what they do in ssh.
    static let unsupportedSSHOptions: [Character: String] = [
        "1": "protocol version 1", "2": "protocol version 2",
        "B": "bind interface", "b": "bind address",
        "c": "cipher selection", "f": "go to background",
        "I": "PKCS#11 library", "K": "GSSAPI authentication", "k": "no GSSAPI delegation",
        "M": "connection sharing master", "m": "MAC selection",
        "O": "control command",
        "P": "tag", "Q": "query algorithms", "S": "control socket", "s": "subsystem", "W": "stdio forwarding",
        "w": "tunnel device forwarding",
        "X": "X11 forwarding", "Y": "trusted X11 forwarding",
        "y": "log to syslog",
    ]
}
