import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm script FILE --hosts HOSTS [-j N] [--shard K/N]`: the same script against every
/// target of HOSTS (one a line, `#` comments), at most N at once, each in its own rterm
/// process. One JUnit testcase per target; a closing line `N passed, M failed: FAILED` (the
/// failed targets folded, `h[020,040]`); exit 1 if any failed.
///
/// `--shard K/N` takes the targets whose position in the file (counting targets, from 0) is
/// K−1 modulo N: slices that are disjoint, together complete, and the same on every run of
/// the same file, so a CI matrix of N jobs covers the list once. Each target gets its own
/// recording and (with `--snapshots` or `--junit`) snapshots directory, `DIR/LINE-target`, so
/// runs never write over each other.
struct FanOut {
    let script: String
    let hostsFile: String
    let targetOptions: [String]
    let options: ScriptCommand.Options

    func run() -> Int32 {
        // Every line is checked before anything starts; the line says where.
        let listed: [HostsFile.Entry]
        switch HostsFile.entries(hostsFile, options: targetOptions) {
        case .success(let entries): listed = entries
        case .failure(let problem):
            printError(problem.message)
            return problem.exitStatus
        }
        let chosen = options.shard.map { shard in
            listed.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        } ?? listed
        let targets = chosen.map(\.lineWords)
        let suite = options.shard.map { "rterm script (shard \($0.index)/\($0.count))" } ?? "rterm script"
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var results = [ScriptResult?](repeating: nil, count: targets.count)
        var running: [pid_t: (index: Int, errorPath: String, start: Date)] = [:]
        var next = 0
        while next < targets.count || !running.isEmpty {
            while next < targets.count && running.count < options.jobs {
                let errorPath = NSTemporaryDirectory() + "rterm-fanout-\(getpid())-\(next).err"
                let name = Self.fileName(line: chosen[next].line, target: targets[next])
                var arguments = [executable, "script", script]
                if let base = ScriptCommand.pictureDirectory(options) { arguments += ["--snapshots", Self.join(base, name)] }
                if let record = options.record { arguments += ["--record", Self.join(record, name + ".cast")] }
                arguments += ["--"] + chosen[next].words
                if let pid = Self.spawn(arguments, errorPath: errorPath) {
                    running[pid] = (next, errorPath, Date())
                } else {
                    results[next] = ScriptResult(
                        script: script, target: targets[next].joined(separator: " "), status: 255,
                        message: "rterm: cannot start \(executable)", seconds: 0)
                }
                next += 1
            }
            guard !running.isEmpty else { continue }
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            guard pid > 0, let job = running.removeValue(forKey: pid) else { continue }
            let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 255
            let message = (try? String(contentsOfFile: job.errorPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: job.errorPath)
            let target = targets[job.index].joined(separator: " ")
            var result = ScriptResult(
                script: script, target: target, status: exitStatus,
                message: message.trimmingCharacters(in: .newlines), seconds: Date().timeIntervalSince(job.start),
                hostsLine: chosen[job.index].line)
            if let base = ScriptCommand.pictureDirectory(options) {
                var child = options
                child.snapshots = Self.join(base, Self.fileName(line: chosen[job.index].line, target: targets[job.index]))
                child.snapshotsGiven = true
                result.picture = ScriptCommand.failurePicture(child, status: exitStatus)
            }
            results[job.index] = result
            if exitStatus != 0 {
                // One prefix: the target's run says `rterm: …` itself.
                var reason = message.split(separator: "\n").first.map(String.init) ?? "failed"
                if reason.hasPrefix("rterm: ") { reason.removeFirst(7) }
                printError("rterm: \(target): " + reason)
            }
        }
        let all = results.compactMap { $0 }
        if let junit = options.junit {
            do { try ScriptReport.junit(all, suite: suite).write(toFile: junit, atomically: false, encoding: .utf8) } catch {
                printError("rterm: cannot write \(junit): \(error.localizedDescription)")
                return 1
            }
        }
        if options.tap { print(ScriptReport.tap(all), terminator: "") }
        // One line, naming the failed targets folded (`h[020,040]`), to retry.
        let failed = all.filter { !$0.passed }
        let names = failed.isEmpty ? "" : ": " + HostListFolding.fold(failed.map(\.target))
        print("\(all.count - failed.count) passed, \(failed.count) failed" + names)
        return failed.isEmpty ? 0 : 1
    }

    /// `LINE-words-of-the-target`, with only letters, digits, `.`, `_` and `-` kept: a name for
    /// the target's own snapshots directory and recording.
    static func fileName(line: Int, target: [String]) -> String {
        let words = target.joined(separator: "_").unicodeScalars.map { scalar -> Character in
            let ok = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_@".unicodeScalars.contains(scalar))
            return ok ? Character(scalar) : "_"
        }
        return "\(line)-" + String(String(words).prefix(80))
    }

    private static func join(_ directory: String, _ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// Starts a child with standard input from /dev/null and standard error into a file.
    private static func spawn(_ arguments: [String], errorPath: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 ? pid : nil
    }
}
