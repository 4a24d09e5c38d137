import Foundation

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "rterm-ssh-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ text: String, to relativePath: String) throws {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
        // Config files must not be group-writable; do not depend on the umask.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: full)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path + "/" + relativePath, encoding: .utf8)
    }

    func permissions(_ relativePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relativePath)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
