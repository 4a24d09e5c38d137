/// Evaluates a `Match` line. rterm supports the criteria that depend only on names:
/// `all`, `host`, `originalhost`, `user`, `localuser` (each may be negated with `!`).
/// `canonical` and `final` are false (rterm does no canonicalisation pass), and `exec`,
/// `localnetwork` and `tagged` are not evaluated: a line using them does not match, and a
/// note says so.
struct SSHConfigMatch {
    /// The host being matched: `HostName` so far (with `%h`), else the original host.
    var host: String
    /// The host as given on the command line.
    var originalHost: String
    /// The remote user so far (or the local user).
    var remoteUser: String
    /// The local user.
    var localUser: String

    /// The outcome: whether the block applies, and a note when part of the line was not
    /// understood or not supported.
    struct Outcome: Equatable {
        var matches: Bool
        var note: String?
    }

    func evaluate(_ arguments: [String]) -> Outcome {
        var index = 0
        var allMatch = true
        var sawAll = false
        while index < arguments.count {
            var criterion = arguments[index].lowercased()
            index += 1
            let negated = criterion.hasPrefix("!")
            if negated { criterion.removeFirst() }
            switch criterion {
            case "all":
                sawAll = true
                if negated { allMatch = false }
            case "canonical", "final":
                // No second (canonical/final) pass: these are false, so "!final" is true.
                if !negated { allMatch = false }
            case "host", "originalhost", "user", "localuser":
                guard index < arguments.count else {
                    return Outcome(
                        matches: false, note: "Match \(criterion) needs an argument; block ignored")
                }
                let patterns = arguments[index]
                index += 1
                let subject: String
                switch criterion {
                case "host": subject = host
                case "originalhost": subject = originalHost
                case "user": subject = remoteUser
                default: subject = localUser
                }
                let matched =
                    HostPattern.matchList(subject.lowercased(), patternList: patterns, caseInsensitive: true)
                    == .matched
                if matched == negated { allMatch = false }
            case "exec", "localnetwork", "tagged":
                return Outcome(
                    matches: false, note: "Match \(criterion) is not supported by rterm; block ignored")
            default:
                return Outcome(
                    matches: false, note: "unsupported Match criterion '\(criterion)'; block ignored")
            }
        }
        if sawAll, arguments.count > 1,
            !arguments.allSatisfy({ ["all", "canonical", "final"].contains($0.lowercased()) })
        {
            return Outcome(
                matches: false, note: "Match all cannot be combined with other criteria; block ignored")
        }
        return Outcome(matches: allMatch, note: nil)
    }
}
