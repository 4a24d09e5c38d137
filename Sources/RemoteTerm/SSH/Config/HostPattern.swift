/// OpenSSH's host name patterns (match.c), shared by known_hosts and ssh_config.
///
/// `*` matches any run of characters (including none), `?` exactly one; every other
/// character, brackets included, is literal. So `[127.0.0.*]:2222` is a valid known_hosts
/// pattern. Matching works on UTF-8 bytes, as OpenSSH does.
package enum HostPattern {
    /// The outcome of matching a comma-separated pattern list.
    package enum ListMatch: Sendable, Equatable {
        /// A positive pattern matched and no negated one did.
        case matched
        /// No pattern matched.
        case notMatched
        /// A negated pattern (`!pattern`) matched: the whole list must be treated as not
        /// matching, whatever the positive patterns say.
        case negated
    }

    /// Whether `string` matches the single wildcard `pattern` (case-sensitive).
    package static func matches(_ string: String, pattern: String) -> Bool {
        wildcardMatch(Array(string.utf8), Array(pattern.utf8))
    }

    /// OpenSSH's `match_pattern_list`: `patternList` is comma separated, `!` negates one
    /// pattern, and a negated match wins over any positive one. With `caseInsensitive`, the
    /// patterns are lower-cased (the caller lower-cases `string`).
    package static func matchList(_ string: String, patternList: String, caseInsensitive: Bool)
        -> ListMatch
    {
        let subject = Array(string.utf8)
        var gotPositive = false
        for rawPattern in patternList.split(separator: ",", omittingEmptySubsequences: false) {
            var pattern = Substring(rawPattern)
            let negated = pattern.hasPrefix("!")
            if negated { pattern = pattern.dropFirst() }
            let bytes = Array((caseInsensitive ? pattern.lowercased() : String(pattern)).utf8)
            if wildcardMatch(subject, bytes) {
                if negated { return .negated }
                gotPositive = true
            }
        }
        return gotPositive ? .matched : .notMatched
    }

    /// OpenSSH's `match_hostname`: a case-insensitive `matchList` on a host name.
    package static func matchHostname(_ host: String, patternList: String) -> ListMatch {
        matchList(host.lowercased(), patternList: patternList, caseInsensitive: true)
    }

    /// Iterative glob matching with single-star backtracking: linear in practice and
    /// without recursion, so a hostile pattern cannot blow the stack.
    static func wildcardMatch(_ subject: [UInt8], _ pattern: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        let question = UInt8(ascii: "?")
        var s = 0
        var p = 0
        var lastStar = -1
        var subjectAtStar = 0
        while s < subject.count {
            if p < pattern.count && (pattern[p] == question || pattern[p] == subject[s])
                && pattern[p] != star
            {
                s += 1
                p += 1
            } else if p < pattern.count && pattern[p] == star {
                lastStar = p
                subjectAtStar = s
                p += 1
            } else if lastStar >= 0 {
                p = lastStar + 1
                subjectAtStar += 1
                s = subjectAtStar
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
