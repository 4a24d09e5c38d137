import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

extension String {
    /// Writes the text to `path` whole, so a reader never sees half a snapshot or report: into
    /// a new file beside it first (`O_CREAT|O_EXCL|O_NOFOLLOW`, a random name: nothing planted
    /// there is written through), then renamed over `path` (LocalDirectory.newFile). A `path`
    /// that is a link to a file is written through, as cp writes (the user named it); a
    /// device or a pipe is written to in place.
    /// (Foundation's `atomically: true` goes through a `/tmp/TemporaryDirectory.*` folder it
    /// never removes on Linux.)
    package func writeWhole(toFile path: String, permissions: UInt32 = 0o644) throws {
        do throws(LocalFileError) {
            // A device or a pipe (`--junit /dev/stdout`) is written to, never replaced.
            if let status = try? LocalFile.status(path, followLinks: true), status.kind == .other {
                let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard descriptor >= 0 else { throw LocalFileError(path: path) }
                defer { close(descriptor) }
                try LocalFile.write(descriptor, path, Array(utf8))
                return
            }
            let destination = try LocalDestination.named(path).followingFileLink()
            let file = try destination.directory.newFile(destination.name, permissions: permissions)
            try file.write(Array(utf8))
            try file.commit(permissions: nil, times: nil)
        } catch {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: path, NSLocalizedDescriptionKey: error.reason,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(error.code ?? 0)),
                ])
        }
    }
}
