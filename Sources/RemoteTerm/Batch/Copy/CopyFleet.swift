import Dispatch
import Foundation
import RemoteTermCore
import RemoteTermSSH

/// `rterm cp --hosts FILE [-j N] [--failed-hosts FILE] [cp options] SOURCE… :TARGET`: the
/// sources to every host of a hosts file (each line `[ssh options] [user@]host`, as for
/// `rterm --hosts`), `N` at a time (10 unless said), each on a connection of its own that
/// never asks (BatchMode, a 10 s connect timeout unless set). `%h` in TARGET is the host's
/// name in the file. Each failed host's lines, then the fleet's summary; exit 0 only when
/// every host received everything.
enum CopyFleet {
    static let usage =
        "usage: rterm cp --hosts FILE [-j N] [--failed-hosts FILE] [cp options] SOURCE... :TARGET (%h: the host's name)"

    struct Options {
        var hostsFile = ""
        var jobs = 10
        var failedHosts: String?
        var rest: [String] = []
    }

    static func run(arguments: [String], environment: [String: String], say: @escaping @Sendable (String) -> Void)
        -> Int32
    {
        let options: Options
        let line: CopyCommandLine
        let targetPath: String
        do throws(CopyUsageError) {
            options = try parseOptions(arguments)
            guard let last = options.rest.last, last.hasPrefix(":"), options.rest.count >= 2 else {
                throw CopyUsageError("rterm cp --hosts: give SOURCE... and the target as :PATH (the path on every host)")
            }
            targetPath = String(last.dropFirst())
            line = try CopyCommandLine.parse(options.rest.dropLast() + ["fleet-host:" + targetPath])
        } catch {
            say(error.message + "\n" + usage)
            return 2
        }
        let entries: [HostsFile.Entry]
        switch HostsFile.entries(options.hostsFile, options: line.sshOptions + ["-T"]) {
        case .success(let found): entries = found
        case .failure(let problem):
            say(problem.message)
            return problem.exitStatus
        }
        guard SSHLibrary.initialize() else {
            say("rterm: libssh2 could not be initialised (reinstall libssh2-1)")
            return 255
        }
        let targets = FleetTarget.distinctlyNamed(entries.map(FleetTarget.init))
        let results = Results(count: targets.count)
        let slots = DispatchSemaphore(value: options.jobs)
        let group = DispatchGroup()
        for (index, target) in targets.enumerated() {
            slots.wait()
            group.enter()
            let words = target.words
            Thread.detachNewThread {
                defer {
                    slots.signal()
                    group.leave()
                }
                results.set(index, push(line, to: target, words: words, path: targetPath, environment: environment))
            }
        }
        group.wait()
        let all = results.all
        for result in all where !result.passed {
            for message in result.message.split(separator: "\n") {
                say("\(result.shownName): \(message.hasPrefix("rterm: ") ? String(message.dropFirst(7)) : String(message))")
            }
        }
        print(FleetSummary.summary(all), terminator: "")
        var status: Int32 = all.allSatisfy(\.passed) ? 0 : 1
        if let failedHosts = options.failedHosts {
            let lines = Dictionary(targets.map { ($0.line, $0.lineWords) }, uniquingKeysWith: { a, _ in a })
            do {
                try FleetSummary.failedHostsFile(all, lines: lines).writeWhole(toFile: failedHosts)
            } catch {
                say("rterm: --failed-hosts \(failedHosts): \(error.localizedDescription)")
                status = max(status, 1)
            }
        }
        return status
    }

    /// One host's copy: its result, with what it said as the message.
    private static func push(
        _ line: CopyCommandLine, to target: FleetTarget, words: [String], path: String, environment: [String: String]
    ) -> ScriptResult {
        let started = Date()
        let said = Said()
        var status: Int32
        switch CopyCommand.connect(words, environment: environment, batch: true, say: { said.add($0) }) {
        case .success(let client):
            var hostLine = line
            let name = target.name
            hostLine.target = .remote(user: nil, host: name, path: path.replacingOccurrences(of: "%h", with: name))
            status = CopyRun(hostLine, client: client, progress: nil, say: { said.add($0) }).run()
        case .failure(let problem):
            said.add(problem.message)
            status = problem.exitStatus
        }
        var result = ScriptResult(
            script: "", target: target.words.joined(separator: " "), status: status, message: said.text,
            seconds: Date().timeIntervalSince(started), hostsLine: target.line)
        result.host = target.name
        return result
    }

    private static func parseOptions(_ arguments: [String]) throws(CopyUsageError) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            func value() throws(CopyUsageError) -> String {
                guard index + 1 < arguments.count else { throw CopyUsageError("rterm cp: \(word) needs a value") }
                index += 1
                return arguments[index]
            }
            switch word {
            case "--hosts": options.hostsFile = try value()
            case "--failed-hosts": options.failedHosts = try value()
            case "-j":
                let text = try value()
                guard let jobs = Int(text), jobs >= 1 else { throw CopyUsageError("rterm cp: bad -j '\(text)': a number from 1") }
                options.jobs = jobs
            case "--":
                options.rest += arguments[index...]
                return options
            default:
                options.rest.append(word)
            }
            index += 1
        }
        return options
    }

    /// The results, filled in by the hosts' threads.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [ScriptResult?]
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ result: ScriptResult) { lock.withLock { results[index] = result } }
        var all: [ScriptResult] { lock.withLock { results.compactMap { $0 } } }
    }

    /// What one host's copy said, in order.
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var text: String { lock.withLock { lines.joined(separator: "\n") } }
    }
}
