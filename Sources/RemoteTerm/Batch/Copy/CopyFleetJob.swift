import RemoteTermCore
import RemoteTermLoop
import RemoteTermSSH

/// What `rterm cp --hosts` pushes to each host: the sources, the target (`%h` the host's
/// name in the hosts file), and cp's flags.
package struct CopyFleetPlan: Sendable {
    package var sources: [String]
    /// The remote path on every host, `%h` in it standing for the host's name.
    package var target: String
    package var options: FileTransferRequest.Options

    package init(sources: [String], target: String, options: FileTransferRequest.Options) {
        self.sources = sources
        self.target = target
        self.options = options
    }

    /// `cp SOURCE… :TARGET`, as results and reports name the run.
    package var label: String { "cp " + (sources + [":" + target]).joined(separator: " ") }

    /// The uploads for the host named `name`: one per source, into a directory when several.
    package func requests(for name: String) -> [FileTransferRequest] {
        var options = options
        options.intoDirectory = sources.count > 1
        let remote = target.replacingOccurrences(of: "%h", with: name)
        return sources.map { FileTransferRequest(.upload, local: $0, remote: remote, options: options) }
    }
}

/// One host of `rterm cp --hosts` on the fleet's loop: its session connects with no channel
/// of its own (`-N`); once it is up, every source is queued on its connection's SFTP
/// (`SFTPUploadJob`, the upload engine `rterm cp` and `~u` share), and the host is over when
/// every one is. Its result: 0 when everything arrived, 1 with a line per file that failed,
/// 255 when the connection did.
final class CopyFleetJob: FleetJob {
    private let session: Session
    private let target: FleetTarget
    private let plan: CopyFleetPlan
    private let loop: EventLoop
    private let started: UInt64
    /// The transfers, once queued.
    private var numbers: [Int] = []

    init(session: Session, target: FleetTarget, plan: CopyFleetPlan, loop: EventLoop) {
        self.session = session
        self.target = target
        self.plan = plan
        self.loop = loop
        started = loop.clock.now()
        loop.add(session)
    }

    func finished(now: UInt64) -> ScriptResult? {
        if let ending = session.ending {
            return result(status: 255, message: ending.message ?? "rterm: the connection was lost", now: now)
        }
        guard session.state == .live else { return nil }
        if numbers.isEmpty {
            for request in plan.requests(for: target.name) {
                guard let number = session.startTransfer(request) else {
                    return result(status: 255, message: "rterm: this connection cannot move files", now: now)
                }
                numbers.append(number)
            }
            return nil
        }
        var lines: [String] = []
        for number in numbers {
            switch session.transferState(number) {
            case .queued?, .moving?: return nil
            case .finished?, .listed?: break
            case .failed(let message)?:
                for line in message.split(separator: "\n").map(String.init) where !lines.contains(line) { lines.append(line) }
            case nil: return result(status: 255, message: "rterm: the connection was lost during the copy", now: now)
            }
        }
        return result(status: lines.isEmpty ? 0 : 1, message: lines.map { "rterm: " + $0 }.joined(separator: "\n"), now: now)
    }

    func stop(_ ending: SessionEnding) {
        for number in numbers { session.cancelTransfer(number) }
        if session.ending == nil { session.end(ending) }
        loop.remove(session)
    }

    private func result(status: Int32, message: String, now: UInt64) -> ScriptResult {
        if session.ending == nil { session.end(.disconnected(label: target.name)) }
        loop.remove(session)
        var result = ScriptResult(
            script: plan.label, target: target.lineWords.joined(separator: " "), status: status, message: message,
            seconds: Double(now &- started) / 1e9, hostsLine: target.line)
        result.host = target.name
        return result
    }
}
