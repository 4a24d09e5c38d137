import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `--trace FILE`: each step's line written as the step ends, so a run that hangs or is
/// killed still shows how far it got. A fleet's lines say which target they are of.
package final class TraceFile {
    private let handle: FileHandle

    /// Creates (or empties) the file at `path`: opened in place (`open(2)`, truncated), so a
    /// path that is a pipe or a link is written to, as the user named it.
    package init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit { try? handle.close() }

    /// Writes `entry` as one line, after `target` when given.
    package func write(_ entry: ScriptTraceEntry, target: String? = nil) {
        let line = (target.map { "\($0): " } ?? "") + entry.description + "\n"
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
