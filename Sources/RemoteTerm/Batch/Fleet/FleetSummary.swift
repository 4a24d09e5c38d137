import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermSSH

/// What a fleet run prints, as text (pure, so every shape is table-tested): each target's
/// output prefixed with its name as it completes (as `pssh -i` and `clush` do), or identical
/// outputs folded into one block under the folded names (`clush -b`); the closing summary
/// that names the failed targets, folded, with their reasons grouped; the hosts file of the
/// failed ones, to retry; and the progress line shown on a terminal.
package enum FleetSummary {
    /// A finished target's lines for standard output: its output, each line prefixed with
    /// `name: `. The remote's text is made inert: it is printed on the user's terminal.
    package static func prefixedOutput(_ result: ScriptResult) -> String {
        let text = result.output == nil ? "" : result.outputText
        return prefixed(text, name: result.shownName)
    }

    /// A finished target's lines for standard error: why it failed (a script's step and
    /// screen, a connection's error), each line prefixed with `rterm: name: ` once; nothing
    /// when it passed.
    package static func failureLines(_ result: ScriptResult) -> String {
        guard !result.passed else { return "" }
        var message = result.message.isEmpty ? "exited with status \(result.status)" : result.message
        if message.hasPrefix("rterm: ") { message.removeFirst(7) }
        return prefixed(message, name: "rterm: " + result.shownName)
    }

    /// What `--merge` folds for a target: a command's output; a script's failure (its step
    /// and screen), since a script that passed prints nothing.
    package static func mergedText(_ result: ScriptResult) -> String {
        if result.output != nil { return result.outputText }
        guard !result.passed else { return "" }
        return result.message.hasPrefix("rterm: ") ? String(result.message.dropFirst(7)) : result.message
    }

    /// Outputs folded: one block per distinct output and status, headed by the folded names
    /// of the targets that gave it (`h[001-190] (190)`), the largest group first; targets
    /// with no output are left to the summary.
    package static func mergedOutput(_ results: [ScriptResult], text: (ScriptResult) -> String = mergedText) -> String {
        // Grouped by a digest of each output, read one at a time: hundreds of large outputs
        // (spilled to their files) are never all in memory; a group keeps its first one's text.
        struct Key: Hashable {
            var digest: [UInt8]
            var status: Int32
        }
        var groups: [Key: (text: String, names: [String])] = [:]
        var order: [Key] = []
        for result in results {
            let output = text(result)
            guard !output.isEmpty else { continue }
            let key = Key(digest: SHA256.hash(Array(output.utf8)), status: result.status)
            if groups[key] == nil {
                order.append(key)
                groups[key] = (output, [])
            }
            groups[key]!.names.append(result.shownName)
        }
        order.sort { groups[$0]!.names.count > groups[$1]!.names.count }
        var merged = ""
        for key in order {
            let (output, names) = groups[key]!
            var header = "\(HostListFolding.fold(names)) (\(names.count)"
            header += key.status == 0 ? ")" : ", exit status \(key.status))"
            let rule = String(repeating: "-", count: 15)
            merged += "\(rule)\n\(InertText.make(header))\n\(rule)\n"
            merged += inert(output)
            if !output.hasSuffix("\n") { merged += "\n" }
        }
        return merged
    }

    /// The closing lines: `N passed, M failed: FAILED` (the failed targets folded), then one
    /// line per reason with the targets that failed for it, most first.
    package static func summary(_ results: [ScriptResult]) -> String {
        let failed = results.filter { !$0.passed }
        var text = "\(results.count - failed.count) passed, \(failed.count) failed"
        guard !failed.isEmpty else { return text + "\n" }
        text += ": " + InertText.make(HostListFolding.fold(failed.map(\.shownName))) + "\n"
        var reasons: [String: [String]] = [:]
        var order: [String] = []
        for result in failed {
            let reason = result.reason
            if reasons[reason] == nil { order.append(reason) }
            reasons[reason, default: []].append(result.shownName)
        }
        for reason in order.sorted(by: { reasons[$0]!.count > reasons[$1]!.count }) {
            text += "  \(InertText.make(reason)): \(InertText.make(HostListFolding.fold(reasons[reason]!)))\n"
        }
        return text
    }

    /// The failed targets as a hosts file (their lines as written), to run again with
    /// `--hosts FILE`.
    package static func failedHostsFile(_ results: [ScriptResult], lines: [Int: [String]]) -> String {
        results.filter { !$0.passed }.map { result in
            (result.hostsLine.flatMap { lines[$0] }?.joined(separator: " ") ?? result.target) + "\n"
        }.joined()
    }

    /// The progress line (for a terminal): `[ 45/200] 40 passed, 5 failed, 32 running, 12s`.
    package static func progressLine(_ progress: FleetRun.Progress) -> String {
        let done = progress.passed + progress.failed
        let width = String(progress.total).count
        let count = String(repeating: " ", count: max(0, width - String(done).count)) + "\(done)"
        return "[\(count)/\(progress.total)] \(progress.passed) passed, \(progress.failed) failed, "
            + "\(progress.running) running, \(Int(progress.elapsed))s"
    }

    private static func prefixed(_ text: String, name: String) -> String {
        guard !text.isEmpty else { return "" }
        var lines = lines(of: text)
        if text.hasSuffix("\n") || text.hasSuffix("\r\n") { lines.removeLast() }
        let prefix = InertText.make(name) + ": "
        return lines.map { prefix + $0 + "\n" }.joined()
    }

    private static func inert(_ text: String) -> String {
        lines(of: text).joined(separator: "\n")
    }

    /// The lines of the remote's output (split at every LF: in a Swift string CR LF is one
    /// character), each made inert with its tabs kept as tabs (they only move the cursor, and
    /// the output of `ls`, `df` or `ps` is aligned with them) and the CR of a CR LF dropped.
    static func lines(of text: String) -> [String] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes in
            let line = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
            return line.split(separator: 0x09, omittingEmptySubsequences: false)
                .map { InertText.make(String(decoding: $0, as: UTF8.self)) }.joined(separator: "\t")
        }
    }
}
