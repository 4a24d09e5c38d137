import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a run without a screen writes (snapshots, golden screens, failure pictures,
/// recordings, reports, the trace), and the checks made before anything connects, so that a
/// run that could not leave its evidence says so in one line, exit 2, instead of failing at
/// its end.
package enum BatchOutputs {
    /// Where a failing step leaves its picture: the snapshots directory when one was given,
    /// else beside the JUnit report that links it, else nowhere.
    package static func pictureDirectory(snapshots: String?, junit: String?) -> String? {
        if let snapshots { return snapshots }
        guard let junit else { return nil }
        let directory = (junit as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Where `NAME.golden.txt` is: the snapshots directory when one was given, else beside
    /// the script.
    package static func goldenDirectory(snapshots: String?, script: String) -> String {
        if let snapshots { return snapshots }
        let directory = (script as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// The picture a failing step left (`failure.svg`) under `directory`, if any.
    package static func failurePicture(in directory: String?) -> String? {
        guard let directory else { return nil }
        let path = (directory as NSString).appendingPathComponent("failure.svg")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Where `options` will write, checked before anything connects: the snapshots directory
    /// (created when missing), the recording (a directory with --hosts), the report, the
    /// failed-hosts file and the trace. The one line that says what is wrong, or nil.
    package static func check(_ options: BatchOptions) -> String? {
        if let problem = ensureDirectory(options.snapshots ?? ".", for: "--snapshots") { return problem }
        if let record = options.record {
            let problem = options.hosts != nil
                ? ensureDirectory(record, for: "--record (a directory with --hosts)")
                : writableFile(record, for: "--record")
            if let problem { return problem }
        }
        let files = [(options.junit, "--junit"), (options.failedHosts, "--failed-hosts"), (options.trace, "--trace")]
        for case (let path?, let option) in files {
            if let problem = writableFile(path, for: option) { return problem }
        }
        return nil
    }

    /// A directory that exists or could be made: the one line that says why not, or nil.
    private static func ensureDirectory(_ path: String, for option: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "rterm: \(option) \(path): not a directory"
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return "rterm: \(option) \(path): cannot create the directory: \(reason(error))"
        }
        return nil
    }

    /// Whether a file can be written at `path` (its directory exists and is writable, and it
    /// is not a directory): the one line that says why not, or nil.
    package static func writableFile(_ path: String, for option: String) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "rterm: \(option) \(path): is a directory, not a file"
        }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "rterm: \(option) \(path): the directory \(directory) does not exist"
        }
        guard access(directory, W_OK) == 0 else {
            return "rterm: \(option) \(path): cannot write in \(directory): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// A file error's reason as the system says it (`Permission denied`).
    package static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    }
}
