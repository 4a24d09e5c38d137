import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A hosts file, as `rterm script --hosts` and `rterm --hosts` read it: one target a line
/// (its words as on the command line after `rterm`), `#` starts a comment, blank lines are
/// skipped.
enum HostsFile {
    /// The targets of the file at `path`, with their line numbers, or the one-line problem.
    static func targets(_ path: String) -> Result<[(line: Int, words: [String])], HostsFileProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(HostsFileProblem(message: "rterm: cannot read hosts file '\(path)': \(String(cString: strerror(errno)))"))
        }
        let listed: [(line: Int, words: [String])] = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
                let text = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
                return words.isEmpty ? nil : (number + 1, words)
            }
        guard !listed.isEmpty else { return .failure(HostsFileProblem(message: "rterm: hosts file '\(path)' names no target")) }
        return .success(listed)
    }
}

/// Why a hosts file could not be used (exit status 2).
struct HostsFileProblem: Error {
    let message: String
}
