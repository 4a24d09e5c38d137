import RemoteTermEngine

/// Why ssh_config could not be read or resolved. Each description is one line.
package enum SSHConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file named with `-F` could not be read.
    case cannotOpen(path: String, reason: String)
    /// A user config file owned by someone else or writable by group or others.
    case badPermissions(path: String)
    /// A bad line or value in a config file.
    case badLine(file: String, line: Int, message: String)
    /// `Include` nested deeper than OpenSSH allows (16), probably a loop.
    case includeTooDeep(file: String, line: Int)
    /// A value could not be expanded after resolution (unknown `%` token, undefined
    /// `${VAR}`, unknown `~user`).
    case expansion(option: String, message: String)

    /// One line: what failed, where, and what to try; control characters a config line
    /// quoted are made visible.
    package var description: String { InertText.make(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "rterm: can't open config file \(path): \(reason) (check the path given with -F)"
        case .badPermissions(let path):
            return
                "rterm: bad owner or permissions on \(path) (it must be yours and not writable by others: chmod go-w)"
        case .badLine(let file, let line, let message):
            return "rterm: \(file) line \(line): \(message) (fix or remove that line)"
        case .includeTooDeep(let file, let line):
            return
                "rterm: \(file) line \(line): too many nested Include directives (is there an Include loop?)"
        case .expansion(let option, let message):
            return "rterm: cannot expand \(option): \(message)"
        }
    }
}
