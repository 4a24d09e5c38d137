/// OpenSSH's expansions of ssh_config values: `~` and `~user` at the start of a path,
/// `${VAR}` from the environment, and `%` tokens (`%h`, `%r`, `%%`, ...).
package enum SSHPercentExpansion {
    /// Replaces `%x` tokens with `tokens[x]` (`%%` is a literal `%`) and, when `environment`
    /// is given, `${NAME}` with that variable, in one pass like OpenSSH's
    /// `percent_dollar_expand` (so an expanded value is never expanded again). An unknown
    /// token, a trailing lone `%`, or an undefined variable is an error.
    package static func expandTokens(
        _ text: String, tokens: [Character: String], environment: [String: String]? = nil
    ) throws(SSHOptionValueError) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let environment, character == "$", index + 1 < characters.count,
                characters[index + 1] == "{"
            {
                guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
                    throw SSHOptionValueError("unterminated ${ in '\(text)'")
                }
                let name = String(characters[(index + 2)..<close])
                guard let value = environment[name] else {
                    throw SSHOptionValueError("environment variable ${\(name)} is not defined (in '\(text)')")
                }
                result += value
                index = close + 1
                continue
            }
            guard character == "%" else {
                result.append(character)
                index += 1
                continue
            }
            guard index + 1 < characters.count else {
                throw SSHOptionValueError("invalid format: '%' at end of '\(text)'")
            }
            let token = characters[index + 1]
            if token == "%" {
                result.append("%")
            } else if let value = tokens[token] {
                result += value
            } else {
                throw SSHOptionValueError("unknown key %\(token) in '\(text)'")
            }
            index += 2
        }
        return result
    }

    /// Expands a leading `~` or `~user`; other paths are returned unchanged.
    package static func expandTilde(_ path: String, context: SSHLocalContext)
        throws(SSHOptionValueError) -> String
    {
        guard path.hasPrefix("~") else { return path }
        let afterTilde = path.dropFirst()
        let slash = afterTilde.firstIndex(of: "/") ?? afterTilde.endIndex
        let userName = String(afterTilde[..<slash])
        let remainder = afterTilde[slash...]
        let home: String
        if userName.isEmpty {
            home = context.homeDirectory
        } else if let other = context.homeDirectoryOfUser(userName) {
            home = other
        } else {
            throw SSHOptionValueError("no such user '\(userName)' for '\(path)'")
        }
        // "~" alone and "~/x" both work; avoid "//" when the home is "/".
        if remainder.isEmpty { return home }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + remainder
    }

    /// A path option (IdentityFile, IdentityAgent, UserKnownHostsFile): `~` first, then
    /// `${VAR}` and `%` tokens together, in OpenSSH's order.
    package static func expandPath(
        _ path: String, tokens: [Character: String], context: SSHLocalContext
    ) throws(SSHOptionValueError) -> String {
        let tildeExpanded = try expandTilde(path, context: context)
        return try expandTokens(tildeExpanded, tokens: tokens, environment: context.environment)
    }
}
