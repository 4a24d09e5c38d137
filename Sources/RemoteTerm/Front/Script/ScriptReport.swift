import Foundation
import RemoteTermEngine

/// The result of one script against one target, and the JUnit and TAP reports of a run.
public struct ScriptResult {
    /// The script's file.
    public var script: String
    /// The target's words.
    public var target: String
    /// 0 passed, 1 failed, 2 bad script, 255 connection failure.
    public var status: Int32
    /// What was printed on failure (the step and the framed screen).
    public var message: String
    /// How long it ran.
    public var seconds: Double
    /// The failing screen as a picture (an absolute path), for the report to link.
    public var picture: String?
    /// Which line of the hosts file the target came from (fan-out), so that the same target
    /// listed twice still gives distinct testcases.
    public var hostsLine: Int?

    /// A result.
    public init(
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
    public var passed: Bool { status == 0 }
    /// Its name in a report: the script, the target and its line in the hosts file.
    public var name: String { "\(script) on \(target)" + (hostsLine.map { " (hosts line \($0))" } ?? "") }
}

/// The reports of a run: JUnit XML and TAP.
public enum ScriptReport {
    /// JUnit XML: one testcase per script and target, the failure message with the screen.
    /// `suite` names the testsuite (a shard says which), so reports of shards merge cleanly.
    /// A failing testcase links its picture the way Jenkins and GitLab pick up attachments.
    public static func junit(_ results: [ScriptResult], suite: String = "rterm script") -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"\(escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        for result in results {
            xml += "  <testcase classname=\"rterm.script\" name=\"\(escape(result.name))\" time=\"\(String(format: "%.3f", result.seconds))\""
            if result.passed {
                xml += "/>\n"
            } else {
                let first = result.message.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
                xml += ">\n    <failure message=\"\(escape(first))\">\(escape(result.message))</failure>\n"
                if let picture = result.picture {
                    xml += "    <system-out>[[ATTACHMENT|\(escape(picture))]]</system-out>\n"
                }
                xml += "  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n"
    }

    /// TAP version 13.
    public static func tap(_ results: [ScriptResult]) -> String {
        var text = "TAP version 13\n1..\(results.count)\n"
        for (index, result) in results.enumerated() {
            text += "\(result.passed ? "ok" : "not ok") \(index + 1) - \(result.name)\n"
            if !result.passed {
                text += "  ---\n  message: |\n"
                for line in result.message.split(separator: "\n", omittingEmptySubsequences: false) {
                    // The screen dump is the remote's text, on standard output: inert.
                    text += "    \(InertText.make(String(line)))\n"
                }
                text += "  ...\n"
            }
        }
        return text
    }

    private static func escape(_ text: String) -> String { XMLText.escaped(text, keepingLayout: true) }
}
