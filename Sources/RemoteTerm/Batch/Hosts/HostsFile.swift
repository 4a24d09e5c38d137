import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// A hosts file, as `rterm script --hosts` and `rterm --hosts` read it: one target a line
/// (its words as on the command line after `rterm`), `#` starts a comment, blank lines are
/// skipped.
package enum HostsFile {
    /// One target of a hosts file: where it is, its words (with the command line's options)
    /// and the target they parse to.
    package struct Entry: Sendable {
        /// Its line number.
        package let line: Int
        /// The words written on its line.
        package let lineWords: [String]
        /// Its words, after the command line's options.
        package let words: [String]
        /// What they name.
        package let target: SessionTarget
    }

    /// Every target of the file at `path`, each parsed with the command line's `options`
    /// before its words; or the first mistake, as `rterm: FILE:LINE: problem` with its exit
    /// status, found before anything starts.
    /// `command`: words run on every target (`rterm --hosts FILE CMD`), after each line's.
    /// `shell`: what runs the command on a `--local` line, as the login shell runs it on an ssh
    /// line (the words joined by spaces, given to `shell -c`).
    package static func entries(
        _ path: String, options: [String], command: [String] = [], shell: String = "/bin/sh"
    ) -> Result<[Entry], OpenProblem> {
        let listed: [(line: Int, words: [String])]
        switch targets(path) {
        case .success(let found): listed = found
        case .failure(let problem): return .failure(OpenProblem(message: problem.message, exitStatus: 2))
        }
        var entries: [Entry] = []
        for (line, lineWords) in listed {
            var words = targetWords(options: options, line: lineWords)
            // A line of options only: the command's first word would be taken for its host.
            if LocalCommandLine.markerIndex(in: words) == nil, (try? SSHCommandLine.leadingOptionCount(words)) == words.count {
                return .failure(OpenProblem(
                    message: "rterm: \(path):\(line): no host on this line (a line is [ssh options] [user@]host, or --local)",
                    exitStatus: 2))
            }
            if !command.isEmpty { words = withCommand(words, command, shell: shell) }
            do {
                entries.append(
                    Entry(line: line, lineWords: lineWords, words: words, target: try SessionTarget.parse(words)))
            } catch {
                return .failure(OpenProblem(
                    message: "rterm: \(path):\(line): " + error.description.replacingOccurrences(of: "rterm: ", with: ""),
                    exitStatus: error.exitStatus))
            }
        }
        return .success(entries)
    }

    /// A line's words with the command run on every line after them: on an ssh line, as more
    /// words (ssh joins them for the login shell); on a `--local` line, joined with the line's
    /// own command words and run by `shell -c`, so that pipes, `&&` and globs mean the same on
    /// both kinds of line.
    static func withCommand(_ words: [String], _ command: [String], shell: String) -> [String] {
        LocalCommandLine.withCommand(words, command, shell: shell) ?? words + command
    }

    /// The targets of the file at `path`, with their line numbers, or the one-line problem.
    package static func targets(_ path: String) -> Result<[(line: Int, words: [String])], HostsFileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(HostsFileProblem(message: "rterm: cannot read hosts file '\(path)': \(String(cString: strerror(errno)))"))
        }
        let listed = targets(text: String(decoding: data, as: UTF8.self))
        guard !listed.isEmpty else { return .failure(HostsFileProblem(message: "rterm: hosts file '\(path)' names no target")) }
        return .success(listed)
    }

    /// A line's target with the command line's `options`: they go before an ssh target's
    /// words; a `--local` line (wherever `--local` stands among its options) takes none.
    package static func targetWords(options: [String], line words: [String]) -> [String] {
        LocalCommandLine.markerIndex(in: words) != nil ? words : options + words
    }

    /// The targets of a hosts file's text, with their line numbers.
    package static func targets(text: String) -> [(line: Int, words: [String])] {
        text
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
                let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
                return words.isEmpty ? nil : (number + 1, words)
            }
    }
}

/// Why a hosts file could not be used (exit status 2).
package struct HostsFileProblem: Error {
    /// The one line rterm prints.
    package let message: String
}
