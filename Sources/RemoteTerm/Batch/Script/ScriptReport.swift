import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// The result of one script against one target, and the JUnit and TAP reports of a run.
package struct ScriptResult {
    /// The script's file.
    package var script: String
    /// The target's words.
    package var target: String
    /// 0 passed, 1 failed, 2 bad script, 255 connection failure.
    package var status: Int32
    /// What was printed on failure (the step and the framed screen).
    package var message: String
    /// How long it ran.
    package var seconds: Double
    /// The failing screen as a picture (an absolute path), for the report to link.
    package var picture: String?
    /// Which line of the hosts file the target came from (fan-out), so that the same target
    /// listed twice still gives distinct testcases.
    package var hostsLine: Int?
    /// The name the target's lines are prefixed with (`web-03`); its words when not set.
    package var host = ""
    /// A command's output (`rterm --hosts FILE CMD`), standard output and error as they came.
    package var output: CapturedOutput?
    /// The last screen of a script's run, kept for a report's `<system-out>` when asked.
    package var screen: String?
    /// Each step of a script's run as it ended (the report's `<system-err>`).
    package var trace: [ScriptTraceEntry] = []

    /// A result.
    package init(
        script: String, target: String, status: Int32, message: String, seconds: Double, picture: String? = nil,
        hostsLine: Int? = nil
    ) {
        self.script = script
        self.target = target
        self.status = status
        self.message = message
        self.seconds = seconds
        self.picture = picture
        self.hostsLine = hostsLine
    }

    /// Whether it passed.
    package var passed: Bool { status == 0 }
    /// The name the target is shown by.
    package var shownName: String { host.isEmpty ? target : host }
    /// What the target printed, or its last screen: what a report shows as its output.
    package var outputText: String {
        if let output { return String(decoding: output.bytes, as: UTF8.self) }
        return screen ?? ""
    }
    /// Why it failed, in words that do not name it, so failures can be grouped: a script's
    /// failing step as its first line says it (`smoke.rts:3:1: wait /\$ /: timed out …`);
    /// else what follows the first line's last `: ` (where connection errors name the host
    /// and port), without a closing hint in parentheses (`cannot connect to 10.0.0.7 port
    /// 22: Connection refused (check that …)` → `Connection refused`).
    package var reason: String {
        guard !passed else { return "" }
        var first = message.split(separator: "\n").first.map(String.init) ?? ""
        if first.isEmpty { return "exit status \(status)" }
        if first.hasPrefix("rterm: ") { first.removeFirst(7) }
        if !script.isEmpty, first.hasPrefix(script + ":") { return first }
        // Said whole: what ran out, and what to do.
        if first.hasSuffix(DescriptorBudget.exhausted) { return DescriptorBudget.exhausted }
        if let last = first.range(of: ": ", options: .backwards) { first = String(first[last.upperBound...]) }
        if first.hasSuffix(")"), let open = first.range(of: " (", options: .backwards),
            first[open.upperBound...].contains(" ")
        {
            first = String(first[..<open.lowerBound])
        }
        return first
    }
    /// Its name in a report: the script, the target and its line in the hosts file.
    package var name: String { "\(script) on \(target)" + (hostsLine.map { " (hosts line \($0))" } ?? "") }
}

/// The reports of a run: JUnit XML and TAP.
package enum ScriptReport {
    /// JUnit XML: one testcase per script and target, the failure message with the screen.
    /// `suite` names the testsuite (a shard says which), so reports of shards merge cleanly.
    /// A failing testcase links its picture the way Jenkins and GitLab pick up attachments.
    package static func junit(_ results: [ScriptResult], suite: String = "rterm script") -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"\(escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for result in results {
            xml += "  <testcase classname=\"rterm.script\" name=\"\(escape(result.name))\" time=\"\(String(format: "%.3f", result.seconds))\""
            // rterm's own attributes (tools ignore them): what `rterm report merge` folds
            // and writes back to a hosts file.
            xml += " host=\"\(escape(result.shownName))\" target=\"\(escape(result.target))\""
            let output = outputLimited(result.outputText)
            if result.passed && output.isEmpty && result.trace.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if !result.passed {
                let first = result.message.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
                xml += "    <failure message=\"\(escape(first))\">\(escape(result.message))</failure>\n"
            }
            // The target's output, then the picture's link the way Jenkins and GitLab pick
            // up attachments.
            var systemOut = output
            if let picture = result.picture {
                systemOut += (systemOut.isEmpty || systemOut.hasSuffix("\n") ? "" : "\n") + "[[ATTACHMENT|\(picture)]]"
            }
            if !systemOut.isEmpty { xml += "    <system-out>\(escape(systemOut))</system-out>\n" }
            // The trace apart from the output, so that merging folds outputs, not timings.
            if !result.trace.isEmpty {
                let lines = result.trace.map { $0.description + "\n" }.joined()
                xml += "    <system-err>\(escape("trace:\n" + lines))</system-err>\n"
            }
            xml += "  </testcase>\n"
        }
        return xml + "</testsuite>\n"
    }

    /// TAP version 13.
    package static func tap(_ results: [ScriptResult]) -> String {
        tapHeader(count: results.count)
            + results.enumerated().map { tapEntry($0.element, number: $0.offset + 1) }.joined()
    }

    /// A TAP report's first lines: the version and the plan (a fleet run knows how many
    /// targets it has before any has run, and prints each entry as its target completes).
    package static func tapHeader(count: Int) -> String { "TAP version 13\n1..\(count)\n" }

    /// One target's entry: `ok N - name`, and, for a failure or an output, a YAML block with
    /// the message and the output (the remote's text, made inert: it goes to standard output).
    package static func tapEntry(_ result: ScriptResult, number: Int) -> String {
        var text = "\(result.passed ? "ok" : "not ok") \(number) - \(InertText.make(result.name))\n"
        let output = outputLimited(result.outputText)
        guard !result.passed || !output.isEmpty else { return text }
        text += "  ---\n"
        for (key, value) in [("message", result.passed ? "" : result.message), ("output", output)] where !value.isEmpty {
            text += "  \(key): |\n"
            var lines = FleetSummary.lines(of: value)
            // A screen's empty bottom rows (and a last newline) are no part of it: YAML's `|` drops them.
            while lines.count > 1, lines.last == "" { lines.removeLast() }
            for line in lines { text += "    \(line)\n" }
        }
        return text + "  ...\n"
    }

    /// Lines made TAP diagnostics (`# …`), for what a TAP stream carries besides its entries.
    package static func tapDiagnostics(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)\n" }.joined()
    }

    /// The most of one target's output a report carries; the rest is cut, and said so.
    package static let outputLimit = 256 * 1024

    private static func outputLimited(_ text: String) -> String {
        guard text.utf8.count > outputLimit else { return text }
        let kept = String(decoding: text.utf8.prefix(outputLimit), as: UTF8.self)
        return kept + "\n[… \(text.utf8.count - outputLimit) more bytes not shown]\n"
    }

    private static func escape(_ text: String) -> String { XMLText.escaped(text, keepingLayout: true) }
}
