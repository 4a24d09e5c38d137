import Foundation

/// `--trace FILE`: each step's line written as the step ends, so a run that hangs or is
/// killed still shows how far it got. A fleet's lines say which target they are of.
package final class TraceFile {
    private let handle: FileHandle

    /// Creates (or empties) the file at `path`.
    package init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    deinit { try? handle.close() }

    /// Writes `entry` as one line, after `target` when given.
    package func write(_ entry: ScriptTraceEntry, target: String? = nil) {
        let line = (target.map { "\($0): " } ?? "") + entry.description + "\n"
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
