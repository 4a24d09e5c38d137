import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads ssh_config files for one destination and collects the option values that apply,
/// as OpenSSH's readconf.c does: `Host` and `Match` blocks, first value wins, `Include`
/// (relative to `~/.ssh` in user files and `/etc/ssh` in the system file, with glob
/// patterns, at most 16 deep; an `Include` inside a block that does not apply reads its
/// files as never matching).
///
/// OpenSSH options that rterm does not implement are ignored, so real configs keep working:
/// they are listed in `ignoredOptions` (those in blocks that apply) and explained in `notes`
/// (for `-v`). Unlike OpenSSH, an unknown keyword is also ignored, with a note.
package struct SSHConfigFile: Sendable {
    /// Which kind of file is read: it decides where relative `Include` paths point.
    package enum Kind: Sendable {
        /// `~/.ssh/config` or a file given with `-F`.
        case user
        /// `/etc/ssh/ssh_config`.
        case system
    }

    /// OpenSSH's READCONF_MAX_DEPTH.
    package static let maximumIncludeDepth = 16

    /// The host as given on the command line, matched by `Host` patterns.
    package let originalHost: String
    /// The local facts used for `~`, `Match localuser` and the like.
    package let context: SSHLocalContext
    /// The values collected so far (start with the command line's).
    package var values: SSHConfigValues
    /// Keywords (lower-cased, without repeats) that applied but were ignored.
    package private(set) var ignoredOptions: [String] = []
    /// One-line notes for `-v`: ignored options, unsupported `Match` criteria, empty
    /// `Include` patterns.
    package private(set) var notes: [String] = []

    /// A reader for `originalHost`, starting from `values` (the command line's).
    package init(
        originalHost: String, context: SSHLocalContext, values: SSHConfigValues = SSHConfigValues()
    ) {
        self.originalHost = originalHost
        self.context = context
        self.values = values
    }

    /// Reads the file at `path`. A missing file is skipped unless `mustExist` (used for `-F`).
    /// With `checkPermissions` (for `~/.ssh/config`; included files are always checked), a
    /// file that another user owns or can write is refused, as OpenSSH does: it could point
    /// the connection at another host or known_hosts file.
    package mutating func read(
        path: String, kind: Kind, mustExist: Bool = false, checkPermissions: Bool = false
    ) throws(SSHConfigError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            if mustExist || exists {
                throw SSHConfigError.cannotOpen(
                    path: path, reason: exists ? "not readable" : "no such file")
            }
            return
        }
        if checkPermissions { try Self.checkOwnerAndMode(path, userID: context.userID) }
        var active = true
        try read(
            text: String(decoding: data, as: UTF8.self), file: path, kind: kind, depth: 0,
            active: &active, neverMatch: false)
    }

    /// Reads config `text` as if it were the file `file` (for tests and for `-F` pipes).
    package mutating func read(text: String, file: String, kind: Kind) throws(SSHConfigError) {
        var active = true
        try read(text: text, file: file, kind: kind, depth: 0, active: &active, neverMatch: false)
    }

    private mutating func read(
        text: String, file: String, kind: Kind, depth: Int, active: inout Bool, neverMatch: Bool
    ) throws(SSHConfigError) {
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineSeparator) {
            lineNumber += 1
            let location = (file: file, line: lineNumber)
            let parsed: SSHConfigLine?
            do {
                parsed = try SSHConfigLine.parse(rawLine)
            } catch {
                throw SSHConfigError.badLine(file: file, line: lineNumber, message: error.message)
            }
            guard let line = parsed else { continue }
            guard let keyword = SSHConfigKeyword(rawValue: line.keyword) else {
                noteIgnored(line.keyword, at: location, active: active)
                continue
            }
            switch keyword {
            case .host:
                active = !neverMatch && hostLineMatches(line.arguments)
            case .match:
                active = !neverMatch && matchLineMatches(line.arguments, at: location)
            case .include:
                guard depth < Self.maximumIncludeDepth else {
                    throw SSHConfigError.includeTooDeep(file: file, line: lineNumber)
                }
                try include(line.arguments, kind: kind, at: location, depth: depth, active: &active)
            default:
                do {
                    try values.apply(keyword, arguments: line.arguments(for: keyword), active: active)
                } catch {
                    throw SSHConfigError.badLine(file: file, line: lineNumber, message: error.message)
                }
            }
        }
    }

    /// `Host p1 p2 !p3`: applies when a pattern matches the original host and no negated one
    /// does (patterns are case-sensitive here, as in OpenSSH).
    private func hostLineMatches(_ patterns: [String]) -> Bool {
        var matched = false
        for pattern in patterns {
            let negated = pattern.hasPrefix("!")
            let body = negated ? String(pattern.dropFirst()) : pattern
            if HostPattern.matches(originalHost, pattern: body) {
                if negated { return false }
                matched = true
            }
        }
        return matched
    }

    private mutating func matchLineMatches(
        _ arguments: [String], at location: (file: String, line: Int)
    ) -> Bool {
        let currentHost: String
        if let hostName = values.hostName {
            currentHost =
                (try? SSHPercentExpansion.expandTokens(hostName, tokens: ["h": originalHost])) ?? hostName
        } else {
            currentHost = originalHost
        }
        let match = SSHConfigMatch(
            host: currentHost, originalHost: originalHost,
            remoteUser: values.user ?? context.userName, localUser: context.userName)
        let outcome = match.evaluate(arguments)
        if let note = outcome.note { notes.append("\(location.file) line \(location.line): \(note)") }
        return outcome.matches
    }

    private mutating func include(
        _ patterns: [String], kind: Kind, at location: (file: String, line: Int), depth: Int,
        active: inout Bool
    ) throws(SSHConfigError) {
        let wasActive = active
        for pattern in patterns {
            let anchored: String
            if pattern.hasPrefix("~") {
                guard kind == .user else {
                    throw SSHConfigError.badLine(
                        file: location.file, line: location.line, message: "bad include path \(pattern)")
                }
                anchored = pattern
            } else if pattern.hasPrefix("/") {
                anchored = pattern
            } else {
                anchored = (kind == .user ? "~/.ssh/" : "/etc/ssh/") + pattern
            }
            let expanded: String
            do {
                expanded = try SSHPercentExpansion.expandTilde(anchored, context: context)
            } catch {
                throw SSHConfigError.badLine(
                    file: location.file, line: location.line, message: error.message)
            }
            let paths = Self.glob(expanded)
            if paths.isEmpty {
                notes.append("\(location.file) line \(location.line): Include \(expanded) matched no files")
            }
            for path in paths {
                // An unreadable or vanished file is skipped, as OpenSSH does for ENOENT.
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                try Self.checkOwnerAndMode(path, userID: context.userID)
                try read(
                    text: String(decoding: data, as: UTF8.self), file: path, kind: kind, depth: depth + 1,
                    active: &active, neverMatch: !wasActive)
                // A Host or Match in an included file must not change the including file's state.
                active = wasActive
            }
        }
    }

    private mutating func noteIgnored(
        _ keyword: String, at location: (file: String, line: Int), active: Bool
    ) {
        let known = SSHConfigKeyword.isOpenSSHKeyword(keyword)
        if active, !ignoredOptions.contains(keyword) { ignoredOptions.append(keyword) }
        guard active || !known else { return }
        let what = known ? "is not implemented by rterm; ignored" : "is not an OpenSSH option; ignored"
        notes.append("\(location.file) line \(location.line): \(keyword) \(what)")
    }

    /// OpenSSH's SSHCONF_CHECKPERM: the owner must be root or the user, and neither group
    /// nor others may write the file.
    static func checkOwnerAndMode(_ path: String, userID: UInt32) throws(SSHConfigError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if (info.st_uid != 0 && info.st_uid != userID) || (info.st_mode & 0o022) != 0 {
            throw SSHConfigError.badPermissions(path: path)
        }
    }

    /// The files matching a glob pattern, sorted (as glob(3) returns them).
    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Glibc)
            let status = Glibc.glob(pattern, 0, nil, &result)
        #else
            let status = Darwin.glob(pattern, 0, nil, &result)
        #endif
        guard status == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            if let path = result.gl_pathv[index] { paths.append(String(cString: path)) }
        }
        return paths
    }
}
