import Foundation
import RemoteTermCore
import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

extension String {
    /// Writes the text to `path` whole: into `path.partial` first, then renamed over `path`, so
    /// a reader never sees half a snapshot. (Foundation's `atomically: true` does the same
    /// through a `/tmp/TemporaryDirectory.*` folder it never removes on Linux.)
    func writeWhole(toFile path: String) throws {
        let partial = path + ".partial"
        try write(toFile: partial, atomically: false, encoding: .utf8)
        guard rename(partial, path) == 0 else {
            let code = errno
            unlink(partial)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
        }
    }
}
