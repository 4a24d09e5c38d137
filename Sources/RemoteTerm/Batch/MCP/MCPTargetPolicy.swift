import RemoteTermCore
import RemoteTermSSH

/// What an agent may open, as `rterm mcp`'s own options narrow it (least privilege):
/// `--no-local`, no local command and no option of a target that runs one on this machine or
/// has rterm read or write a local file the agent chose; `--targets FILE`, only the SSH
/// destinations a hosts file lists, and no option that leads elsewhere. Checked on the
/// agent's own words, before anything connects or runs; the operator's options (after `mcp`)
/// are trusted.
package struct MCPTargetPolicy: Sendable {
    /// `--no-local`.
    package var noLocal = false
    /// `--targets FILE`: the destinations listed, nil for any.
    package var targets: [SSHDestination]?

    /// Any target.
    package init() {}

    /// Keywords of `-o` that run a command here or load code (`Match exec`, `Include` can only
    /// come from a file, and `-F` is refused, but they are refused here too).
    static let localKeywords = [
        "proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "pkcs11provider",
        "securitykeyprovider", "identityagent", "userknownhostsfile", "globalknownhostsfile", "controlpath",
        "controlmaster", "match", "include", "xauthlocation", "proxyusefdpass",
    ]
    /// Keywords of `-o` that lead to a host other than the one named.
    static let redirectingKeywords = ["hostname", "proxyjump", "proxycommand", "hostkeyalias"]

    /// nil when the agent may open `words` (a target as `open` builds it: ssh options and a
    /// destination, or a `--local` command); else the sentence that says why not.
    package func refusal(of words: [String]) -> String? {
        if LocalCommandLine.markerIndex(in: words) != nil {
            return noLocal ? "Local commands are turned off (rterm mcp --no-local): open an SSH target instead." : nil
        }
        guard noLocal || targets != nil else { return nil }
        // Options the parse cannot read (a keyword rterm does not take) are looked at as
        // words: all of them, since where the options end is not known.
        let options = try? SSHCommandLine.leadingOptions(words)
        let optionWords = words.prefix(options?.count ?? words.count)
        if noLocal, let keyword = Self.keyword(in: optionWords, among: Self.localKeywords) {
            return "The option \(keyword) is turned off (rterm mcp --no-local): it runs a command or uses a file here."
        }
        // The rest is refused by the open that follows, before connecting.
        guard let options else { return nil }
        if noLocal {
            if options.commandLine.configFile != nil {
                return "-F is turned off (rterm mcp --no-local): a configuration file can run commands here."
            }
            if options.commandLine.logFile != nil {
                return "-E is turned off (rterm mcp --no-local): it writes a file here."
            }
        }
        guard let listed = targets else { return nil }
        // A configuration file of the agent's choosing could give a listed name another HostName.
        if let keyword = Self.keyword(in: optionWords, among: Self.redirectingKeywords)
            ?? (options.commandLine.values.proxyJump != nil ? "-J" : nil) ?? (options.commandLine.configFile != nil ? "-F" : nil)
        {
            return "The option \(keyword) is turned off (rterm mcp --targets): it leads to a host the list does not name."
        }
        guard let parsed = try? SSHCommandLine.parse(words), let destination = parsed.destination else { return nil }
        let user = destination.user ?? parsed.values.user
        let port = destination.port ?? parsed.values.port
        let allowed = listed.contains { entry in
            entry.host.lowercased() == destination.host.lowercased() && (entry.user == nil || entry.user == user)
                && (entry.port == nil || entry.port == port)
        }
        return allowed ? nil : "\(destination) is not among the targets this server may open (rterm mcp --targets)."
    }

    /// The first of `keywords` an `-o` among the option words sets (`-o Key=value`,
    /// `-oKey=value`, `-o "Key value"`, `-vo Key=value`), as written.
    static func keyword(in words: ArraySlice<String>, among keywords: [String]) -> String? {
        var words = words
        while let word = words.popFirst() {
            guard word.hasPrefix("-"), !word.hasPrefix("--"), let o = word.firstIndex(of: "o") else { continue }
            // Flags before `o` take no value (`-vo`); a letter that takes one ends the bundle.
            let flags = word[word.index(after: word.startIndex)..<o]
            guard flags.allSatisfy({ !SSHCommandLine.lettersWithValue.contains($0) }) else { continue }
            let rest = word[word.index(after: o)...]
            guard let value = rest.isEmpty ? words.popFirst().map({ Substring($0) }) : rest else { continue }
            let name = value.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            if keywords.contains(name.lowercased()) { return String(name) }
        }
        return nil
    }

    /// The destinations of a hosts file's SSH lines (its `--local` lines name none), or the
    /// one-line problem.
    package static func targets(file path: String) -> Result<[SSHDestination], HostsFileProblem> {
        switch HostsFile.targets(path) {
        case .failure(let problem): return .failure(problem)
        case .success(let lines):
            var destinations: [SSHDestination] = []
            for (line, words) in lines where LocalCommandLine.markerIndex(in: words) == nil {
                guard let parsed = try? SSHCommandLine.parse(words), var destination = parsed.destination else {
                    return .failure(HostsFileProblem(message: "rterm: \(path):\(line): not a target: \(words.joined(separator: " "))"))
                }
                destination.user = destination.user ?? parsed.values.user
                destination.port = destination.port ?? parsed.values.port
                destinations.append(destination)
            }
            return .success(destinations)
        }
    }
}
