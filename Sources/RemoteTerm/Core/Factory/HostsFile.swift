import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A hosts file, as `rterm script --hosts` and `rterm --hosts` read it: one target a line
/// (its words as on the command line after `rterm`), `#` starts a comment, blank lines are
/// skipped.
public enum HostsFile {
    /// The targets of the file at `path`, with their line numbers, or the one-line problem.
    public static func targets(_ path: String) -> Result<[(line: Int, words: [String])], HostsFileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(HostsFileProblem(message: "rterm: cannot read hosts file '\(path)': \(String(cString: strerror(errno)))"))
        }
        let listed = targets(text: String(decoding: data, as: UTF8.self))
        guard !listed.isEmpty else { return .failure(HostsFileProblem(message: "rterm: hosts file '\(path)' names no target")) }
        return .success(listed)
    }

    /// A line's target with the command line's `options`: they go before an ssh target's
    /// words; a `--local` line takes none.
    public static func targetWords(options: [String], line words: [String]) -> [String] {
        words.first == "--local" ? words : options + words
    }

    /// The targets of a hosts file's text, with their line numbers.
    public static func targets(text: String) -> [(line: Int, words: [String])] {
        text
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
                let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
                return words.isEmpty ? nil : (number + 1, words)
            }
    }
}

/// Why a hosts file could not be used (exit status 2).
public struct HostsFileProblem: Error {
    /// The one line rterm prints.
    public let message: String
}
