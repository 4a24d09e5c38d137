import Foundation

/// Tab on `~u`'s question: a local path completed as a shell completes it, to the longest
/// name every match shares, with `/` after a directory that is the only match. `~/` is the
/// home directory.
enum LocalPathCompletion {
    static func complete(_ typed: String) -> String {
        complete(typed, home: ProcessInfo.processInfo.environment["HOME"] ?? "", list: list)
    }

    static func complete(_ typed: String, home: String, list: (String) -> [(name: String, isDirectory: Bool)]) -> String {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var directory = directoryPart.isEmpty ? "." : directoryPart
        if directory.hasPrefix("~/") { directory = home + directory.dropFirst(1) }
        let matches = list(directory).filter { $0.name.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.name.hasPrefix(".")) }
        guard let first = matches.first else { return typed }
        if matches.count == 1 { return directoryPart + first.name + (first.isDirectory ? "/" : "") }
        var common = first.name
        for match in matches.dropFirst() {
            while !match.name.hasPrefix(common) { common.removeLast() }
        }
        return directoryPart + common
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
