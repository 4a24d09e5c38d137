import Foundation

/// Tab on `~u`'s question: a local path completed as a shell completes it, to the longest
/// name every match shares, with `/` after a directory that is the only match. `~/` is the
/// home directory.
enum LocalPathCompletion {
    static func complete(_ typed: String) -> PathCompletion {
        complete(typed, home: ProcessInfo.processInfo.environment["HOME"] ?? "", list: list)
    }

    static func complete(_ typed: String, home: String, list: (String) -> [(name: String, isDirectory: Bool)])
        -> PathCompletion
    {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var directory = directoryPart.isEmpty ? "." : directoryPart
        if directory.hasPrefix("~/") { directory = home + directory.dropFirst(1) }
        let matches = list(directory).filter { $0.name.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.name.hasPrefix(".")) }
        guard let first = matches.first else { return PathCompletion(answer: typed, matches: []) }
        let names = matches.map { $0.name + ($0.isDirectory ? "/" : "") }
        if matches.count == 1 { return PathCompletion(answer: directoryPart + names[0], matches: names) }
        var common = first.name
        for match in matches.dropFirst() {
            while !match.name.hasPrefix(common) { common.removeLast() }
        }
        return PathCompletion(answer: directoryPart + common, matches: names)
    }

    private static func list(_ directory: String) -> [(name: String, isDirectory: Bool)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
            return (name, isDirectory.boolValue)
        }
    }
}

/// What Tab made of a path: the answer completed to the longest name its matches share, and
/// the matches (a directory's with `/`), which the prompt lists when there are several.
package struct PathCompletion: Equatable, Sendable {
    package var answer: String
    package var matches: [String]
}
