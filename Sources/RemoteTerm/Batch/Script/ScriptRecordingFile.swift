#if canImport(Glibc)
    import Glibc
#endif

/// The file `rterm record` writes: each settled line written through at once (no buffer),
/// so a recording cut short (rterm killed, the machine down) still holds every step decided
/// before it, readable as it is. A write that fails is remembered, said once at the end.
package final class ScriptRecordingFile {
    private var descriptor: Int32
    /// Why a write failed, if one did.
    package private(set) var failure: String?
    /// How many steps were written: the lines that are not comments.
    package private(set) var steps = 0

    /// Creates (or empties) the file at `path`; throws the reason, one line, when it cannot.
    package init(path: String) throws(ScriptRecordingFileError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ScriptRecordingFileError(message: "rterm: cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// Writes `text` through to the file.
    package func write(_ text: String) {
        guard descriptor >= 0, failure == nil else { return }
        steps += text.split(separator: "\n").count { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = "rterm: the recording could not be written: \(String(cString: strerror(errno)))"
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Closes the file (once).
    package func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}

/// The recording's file cannot be made: one line, exit status 2.
package struct ScriptRecordingFileError: Error, Equatable, Sendable {
    package let message: String
}
