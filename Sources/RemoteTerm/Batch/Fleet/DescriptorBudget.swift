import Foundation
import RemoteTermCore
import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

/// The file descriptors a fleet run may still open: a target needs a few (its socket, an
/// agent's, a ProxyCommand's pipes, a spilled output or a recording), and a connection that
/// finds none left fails on whatever file it opened first, said as a host-key, config or login
/// error. The run starts a target only when the descriptors free cover it and every running
/// one (`FleetRun`), and says what ran out when they cannot.
package enum DescriptorBudget {
    /// Descriptors a running target may hold.
    package static let perTarget = 5

    /// What a target that could not start for want of descriptors reports.
    package static let exhausted = "too many open files: raise ulimit -n or lower -j"

    /// Descriptors this process may still open (its soft limit less those open now); nil
    /// when that cannot be read.
    package static func free() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return nil }
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var open = -1  // the directory's own descriptor is listed too
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { open += 1 }
        }
        return max(0, Int(limit.rlim_cur) - open)
    }

    /// Whether a target may start now, with `running` targets running and `free`
    /// descriptors free (those running may still open theirs).
    package static func allowsStart(running: Int, free: Int) -> Bool {
        free >= (running + 1) * perTarget
    }

    /// Descriptors rterm itself holds besides its targets.
    static let descriptorsOfItsOwn = 32

    /// `jobs`, lowered (with a one-line notice) to what the descriptor limit allows once
    /// raised to its hard limit.
    package static func jobsWithinLimit(_ jobs: Int, say: (String) -> Void) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return jobs }
        let needed = rlim_t(jobs * DescriptorBudget.perTarget + descriptorsOfItsOwn)
        if limit.rlim_cur < needed, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = min(limit.rlim_max, max(needed, limit.rlim_cur))
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        guard limit.rlim_cur < needed else { return jobs }
        let fits = max(1, (Int(limit.rlim_cur) - descriptorsOfItsOwn) / DescriptorBudget.perTarget)
        say("rterm: -j \(jobs) needs \(needed) file descriptors and the limit is \(limit.rlim_cur): running \(fits) at once")
        return fits
    }
}
