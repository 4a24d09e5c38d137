import Foundation
import RemoteTermCore
import RemoteTermFront

/// One target of a fleet run (`rterm script --hosts`, `rterm --hosts FILE CMD`): a line of
/// the hosts file, the name its output and the summary show it by, and the session target.
package struct FleetTarget: Sendable {
    /// Its line in the hosts file (0 when it did not come from one).
    package let line: Int
    /// The words written on its line (what `--failed-hosts` writes back).
    package let lineWords: [String]
    /// Its words, with the command line's options before them.
    package let words: [String]
    /// What they name.
    package let target: SessionTarget
    /// The name output is prefixed with: the destination as written (`web-03`,
    /// `deploy@db1:2222`), or a local command's line as written (`--local -- make check`);
    /// with the user and port the options gave when another target has the same name
    /// (`distinctlyNamed`).
    package private(set) var name: String

    /// The target of a hosts file's entry.
    package init(_ entry: HostsFile.Entry) {
        self.init(line: entry.line, lineWords: entry.lineWords, words: entry.words, target: entry.target)
    }

    /// A target from its parts.
    package init(line: Int, lineWords: [String], words: [String], target: SessionTarget) {
        self.line = line
        self.lineWords = lineWords
        self.words = words
        self.target = target
        switch target {
        case .ssh(let commandLine): name = commandLine.destination?.description ?? lineWords.joined(separator: " ")
        case .local: name = lineWords.joined(separator: " ")
        }
    }

    /// `targets`, each named so that no two share a name: an ssh target whose name another
    /// has is named with the user and port its options give (`-l`, `-p`, `-o User=…`) as
    /// `user@host:port`; ssh targets still alike get their line (`web-03 (line 7)`). Names
    /// alone already, and `--local` lines, are left as written.
    package static func distinctlyNamed(_ targets: [FleetTarget]) -> [FleetTarget] {
        func counts(_ targets: [FleetTarget]) -> [String: Int] {
            targets.reduce(into: [:]) { $0[$1.name, default: 0] += 1 }
        }
        var named = targets
        let first = counts(named)
        for index in named.indices where first[named[index].name, default: 0] > 1 {
            guard case .ssh(let commandLine) = named[index].target, let destination = commandLine.destination else {
                continue
            }
            var full = destination
            full.user = destination.user ?? commandLine.values.user
            full.port = destination.port ?? commandLine.values.port
            named[index].name = full.description
        }
        let second = counts(named)
        for index in named.indices where second[named[index].name, default: 0] > 1 {
            guard case .ssh = named[index].target else { continue }
            named[index].name += " (line \(named[index].line))"
        }
        return named
    }

    /// `LINE-words-of-the-target`, with only letters, digits, `.`, `_`, `@` and `-` kept: the
    /// name of the target's own snapshots directory and recording, distinct for every line.
    package var fileName: String {
        let words = lineWords.joined(separator: "_").unicodeScalars.map { scalar -> Character in
            let ok = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_@".unicodeScalars.contains(scalar))
            return ok ? Character(scalar) : "_"
        }
        return "\(line)-" + String(String(words).prefix(80))
    }
}
