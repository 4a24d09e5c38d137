import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a fleet run's large outputs go (`CapturedOutput`): a directory of the run's own in
/// the shared temporary directory, made by `mkdtemp` (mode 0700, a name nobody can guess,
/// so nobody can plant it beforehand) the first time an output spills, and held by its
/// descriptor from then on. Each file in it is made with `O_CREAT|O_EXCL|O_NOFOLLOW` and
/// reached by name relative to the descriptor, never through a link; `removeAll` takes the
/// files and the directory away on every way out.
package final class SpillDirectory {
    /// The directory the run's own is made in (`$TMPDIR`, else /tmp).
    private let parent: String
    private var descriptor: Int32 = -1
    /// The directory's path once made (for messages and tests; nothing is opened by it).
    package private(set) var path: String?
    /// Why it could not be made, once tried (outputs then stay within their memory limit).
    private var failed = false
    /// The names of the files made in it.
    private var names: Set<String> = []

    /// A directory to be made in `parent` when first needed.
    package init(parent: String = NSTemporaryDirectory()) {
        self.parent = parent.hasSuffix("/") ? parent : parent + "/"
    }

    deinit { removeAll() }

    /// The directory's descriptor, made now if it was not (-1: it cannot be).
    private func made() -> Int32 {
        guard descriptor < 0, !failed else { return descriptor }
        var template = Array((parent + "rterm-fleet-XXXXXX").utf8CString)
        guard let name = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            failed = true
            return -1
        }
        let made = String(cString: name)
        descriptor = open(made, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            rmdir(made)
            failed = true
            return -1
        }
        path = made
        return descriptor
    }

    /// Makes the file `name` (it must not exist: `O_EXCL`) and opens it to write; -1 when it
    /// cannot be.
    package func create(_ name: String) -> Int32 {
        let directory = made()
        guard directory >= 0 else { return -1 }
        let file = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if file >= 0 { names.insert(name) }
        return file
    }

    /// Opens the file `name`, made here before, to append to it (-1 when it cannot be).
    package func openToAppend(_ name: String) -> Int32 {
        guard descriptor >= 0, names.contains(name) else { return -1 }
        return openat(descriptor, name, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    }

    /// What the file `name`, made here before, holds (nil when it cannot be read).
    package func contents(_ name: String) -> [UInt8]? {
        guard descriptor >= 0, names.contains(name) else { return nil }
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += buffer[..<count]
        }
    }

    /// Removes the file `name`.
    package func remove(_ name: String) {
        guard descriptor >= 0, names.remove(name) != nil else { return }
        unlinkat(descriptor, name, 0)
    }

    /// Removes every file made here, then the directory.
    package func removeAll() {
        guard descriptor >= 0 else { return }
        for name in names { unlinkat(descriptor, name, 0) }
        names = []
        close(descriptor)
        descriptor = -1
        if let path { rmdir(path) }
    }
}
