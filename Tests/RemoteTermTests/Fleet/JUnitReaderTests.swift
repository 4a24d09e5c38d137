import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermFront

/// Reports read back for `rterm report merge`: what rterm writes comes back the same, and
/// the JUnit of other tools is read for what a summary needs.
@Suite struct JUnitReaderTests {
    @Test func rtermsOwnReportRoundTrips() throws {
        var failed = FleetSummaryTests.result(
            "h2", status: 255, message: "rterm: cannot connect to h2 port 22: Connection refused", line: 2)
        failed.target = "-p 2222 h2"
        let passed = FleetSummaryTests.result("h1 <&\"'>", output: "ok & done\n")
        let xml = ScriptReport.junit([passed, failed], suite: "rterm --hosts (shard 1/2)")
        let read = try JUnitReader.results(xml).get()
        #expect(read.map(\.shownName) == ["h1 <&\"'>", "h2"])
        #expect(read.map(\.passed) == [true, false])
        #expect(read[1].target == "-p 2222 h2")
        #expect(read[1].reason == "Connection refused")
        #expect(read[0].outputText == "ok & done\n")
    }

    @Test func anotherToolsReportIsReadForWhatASummaryNeeds() throws {
        let xml = """
            <?xml version="1.0"?>
            <testsuites><testsuite name="x" tests="3">
              <testcase name="a" classname="c" time="1.5"/>
              <testcase name="b"><error message="boom &amp; more" type="E"/></testcase>
              <testcase name="c"><failure><![CDATA[raw <text>]]></failure></testcase>
            </testsuite></testsuites>
            """
        let read = try JUnitReader.results(xml).get()
        #expect(read.map(\.shownName) == ["a", "b", "c"])
        #expect(read.map(\.passed) == [true, false, false])
        #expect(read[1].message == "boom & more")
        #expect(read[2].message == "raw <text>")
        #expect(FleetSummary.summary(read) == "1 passed, 2 failed: b,c\n  boom & more: b\n  raw <text>: c\n")
    }

    @Test func notAReportIsSaid() {
        guard case .failure(let problem) = JUnitReader.results("hello") else {
            Issue.record("accepted")
            return
        }
        #expect(problem.message == "not a JUnit report (no <testsuite>)")
    }
}
