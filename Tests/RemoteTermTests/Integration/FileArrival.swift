import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for a file another process makes (a marker a remote command touches, a spill file
/// rterm writes): the test sleeps in poll(2) on inotify watches of the directories on the way,
/// so it wakes when something is made there, never after a fixed time; bounded by a deadline.
enum FileArrival {
    /// Whether `path` exists within `timeout` seconds.
    static func wait(for path: String, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard watch >= 0 else { return FileManager.default.fileExists(atPath: path) }
        defer { close(watch) }
        while true {
            // The deepest directory on the way that exists is watched before looking again, so
            // a file made in between is seen either way.
            var directory = (path as NSString).deletingLastPathComponent
            while !FileManager.default.fileExists(atPath: directory), directory != "/" {
                directory = (directory as NSString).deletingLastPathComponent
            }
            _ = inotify_add_watch(watch, directory, UInt32(IN_CREATE | IN_MOVED_TO))
            if FileManager.default.fileExists(atPath: path) { return true }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
            var events = [UInt8](repeating: 0, count: 4096)
            while events.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    /// The first entry of `directory` whose name passes `matches` (a directory rterm names
    /// at random, such as its spill directory), within `timeout` seconds; nil if none came.
    static func waitForEntry(in directory: String, timeout: Double = 60, where matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if watch >= 0 { close(watch) } }
        if watch >= 0 { _ = inotify_add_watch(watch, directory, UInt32(IN_CREATE | IN_MOVED_TO)) }
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if let found = names.sorted().first(where: matches) { return directory + "/" + found }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, watch >= 0 else { return nil }
            var entry = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
            var events = [UInt8](repeating: 0, count: 4096)
            while events.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    /// Whether the process `pid` ended within `timeout` seconds: a poll(2) on its exit
    /// descriptor (pidfd), which wakes at the exit.
    static func waitForExit(of pid: pid_t, timeout: Double) -> Bool {
        guard let exit = ChildProcess.exitDescriptor(of: pid) else { return true }  // already reaped: it ended
        defer { close(exit) }
        var entry = pollfd(fd: exit, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32((timeout * 1000).rounded(.up))) > 0
    }
}
