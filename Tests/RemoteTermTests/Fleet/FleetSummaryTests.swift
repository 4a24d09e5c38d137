import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermFront

/// What a fleet run prints, as text: each target's output prefixed with its name, failures
/// with one prefix, identical outputs folded, the summary with reasons grouped, the hosts
/// file of the failed targets and the progress line.
@Suite struct FleetSummaryTests {
    static func result(_ host: String, status: Int32 = 0, message: String = "", output: String? = nil, line: Int = 1)
        -> ScriptResult
    {
        var result = ScriptResult(
            script: "uname", target: host, status: status, message: message, seconds: 0.5, hostsLine: line)
        result.host = host
        if let output {
            let captured = CapturedOutput(spillingTo: nil)
            Array(output.utf8).withUnsafeBytes { captured.append($0) }
            result.output = captured
        }
        return result
    }

    @Test func outputIsPrefixedLineByLineAndMadeInert() {
        let text = FleetSummary.prefixedOutput(Self.result("web-01", output: "a\tb\r\nevil \u{1B}]52;c;?\u{07}\n\nlast"))
        #expect(text == "web-01: a\tb\nweb-01: evil \\033]52;c;?\\007\nweb-01: \nweb-01: last\n")
        #expect(FleetSummary.prefixedOutput(Self.result("quiet", output: "")) == "")
    }

    @Test func aFailureHasOnePrefix() {
        let refused = Self.result(
            "h020", status: 255, message: "rterm: cannot connect to 10.0.0.7 port 22: Connection refused")
        #expect(FleetSummary.failureLines(refused) == "rterm: h020: cannot connect to 10.0.0.7 port 22: Connection refused\n")
        #expect(FleetSummary.failureLines(Self.result("h1", status: 3, message: "exited with status 3"))
            == "rterm: h1: exited with status 3\n")
        #expect(FleetSummary.failureLines(Self.result("ok")) == "")
    }

    @Test(arguments: [
        ("rterm: cannot connect to 127.0.0.1 port 1: Connection refused (check that the host is up, sshd runs there and the port is right)",
            "Connection refused"),
        ("rterm: connection to 127.0.0.1 port 2222 timed out after 3 s (is an SSH server listening on that port? -o ConnectTimeout=N sets the limit)",
            "connection to 127.0.0.1 port 2222 timed out after 3 s"),
        ("rterm: root@h1: Permission denied (publickey,password).", "Permission denied (publickey,password)."),
        ("exited with status 3", "exited with status 3"),
        ("uname:3:1: wait /x/: timed out after 10s waiting for /x/\n+---+", "uname:3:1: wait /x/: timed out after 10s waiting for /x/"),
    ])
    func reasonsLeaveTheHostOut(message: String, reason: String) {
        #expect(Self.result("h1", status: 1, message: message).reason == reason)
    }

    @Test func twoHundredIdenticalOutputsAreOneBlockAndAChangedOneStandsAlone() {
        var results = (1...200).map { Self.result(String(format: "h%03d", $0), output: "Linux 6.1\n") }
        results[41] = Self.result("h042", output: "Linux 6.2\n")
        let text = FleetSummary.mergedOutput(results)
        #expect(text == """
            ---------------
            h[001-041,043-200] (199)
            ---------------
            Linux 6.1
            ---------------
            h042 (1)
            ---------------
            Linux 6.2

            """)
    }

    @Test func mergedFailuresSayTheirStatusAndTargetsWithoutOutputAreLeftToTheSummary() {
        let results = [
            Self.result("a1", status: 2, message: "exited with status 2", output: "no such file\n"),
            Self.result("a2", status: 2, message: "exited with status 2", output: "no such file\n"),
            Self.result("b1", status: 255, message: "rterm: cannot connect to b1 port 22: Connection refused", output: ""),
        ]
        #expect(FleetSummary.mergedOutput(results) == "---------------\na[1-2] (2, exit status 2)\n---------------\nno such file\n")
    }

    @Test func theSummaryNamesTheFailedFoldedWithReasonsGrouped() {
        var results = (1...20).map { Self.result(String(format: "h%03d", $0)) }
        for index in 0..<5 {
            results.append(Self.result(
                "bad-closed-\(index + 1)", status: 255,
                message: "rterm: cannot connect to 127.0.0.1 port 1: Connection refused (check that the host is up)"))
        }
        results.append(Self.result("h021", status: 3, message: "exited with status 3"))
        #expect(FleetSummary.summary(results) == """
            20 passed, 6 failed: bad-closed-[1-5],h021
              Connection refused: bad-closed-[1-5]
              exited with status 3: h021

            """)
        #expect(FleetSummary.summary(Array(results.prefix(20))) == "20 passed, 0 failed\n")
    }

    @Test func theFailedHostsFileHoldsTheirLinesAsWritten() {
        let results = [
            Self.result("h1", line: 1), Self.result("h2", status: 255, message: "x", line: 3),
            Self.result("h3", status: 1, message: "y", line: 4),
        ]
        let lines = [1: ["h1"], 3: ["-p", "2222", "h2"], 4: ["deploy@h3"]]
        #expect(FleetSummary.failedHostsFile(results, lines: lines) == "-p 2222 h2\ndeploy@h3\n")
    }

    @Test func theProgressLineCountsAndPads() {
        let progress = FleetRun.Progress(total: 200, passed: 40, failed: 5, running: 32, elapsed: 12.7)
        #expect(FleetSummary.progressLine(progress) == "[ 45/200] 40 passed, 5 failed, 32 running, 12s")
    }
}
