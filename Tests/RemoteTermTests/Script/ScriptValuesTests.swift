import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop

/// Values carried through a script (`capture`, `${NAME}`, `${env:NAME}`), `include`, golden
/// screens with masks, and the trace: in-process, against the tiny shell of
/// `ScriptRunnerTests` on the manual clock.
@Suite struct ScriptValuesTests {
    typealias Shell = ScriptRunnerTests.Shell

    /// A directory of its own under the tests' temporary directory, removed after `body`.
    static func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = NSTemporaryDirectory() + "rterm-values-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Runs `text` with golden screens in `goldens`.
    static func run(_ text: String, goldens: String, update: Bool = false) throws -> (ScriptRunner.Failure?, ScriptRunner) {
        let clock = ManualClock(start: 1_000_000_000)
        let loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        let shell = Shell()
        let session = Session(rows: 5, columns: 30, clock: clock, options: Session.Options())
        session.attach(shell.transport)
        let runner = ScriptRunner(session: session, loop: loop, snapshotDirectory: goldens + "/shots")
        runner.goldenDirectory = goldens
        runner.updatesSnapshots = update
        let script = try Script(parsing: text, file: "test.script")
        do throws(ScriptRunner.Failure) {
            try runner.run(script)
            return (nil, runner)
        } catch {
            return (error, runner)
        }
    }

    @Test func aCapturedValueIsTypedAndWaitedForLaterAsText() throws {
        let (failure, shell, runner) = try ScriptRunnerTests.run(
            """
            wait /^\\$ $/
            type "hello\\r"
            capture WHO /hello, (w\\w+)/
            type "say ${WHO}.\\r"
            wait /^\\$ say ${WHO}\\.$/
            """)
        #expect(failure == nil)
        #expect(runner.values == ["WHO": "world"])
        #expect(String(decoding: shell.received, as: UTF8.self) == "hello\rsay world.\r")
    }

    @Test func aCapturedValueInAPatternMatchesOnlyItself() throws {
        // The value `1.5` must not match `145`: it is filled in as literal text.
        let pattern = try ScriptPattern(source: "^v${V}$")
        #expect(pattern.matches("v1.5", values: ["V": "1.5"]))
        #expect(!pattern.matches("v145", values: ["V": "1.5"]))
        #expect(pattern.capturedNames == ["V"])
    }

    @Test func aCaptureWithNoGroupKeepsTheWholeMatchAndOneThatNeverMatchesFails() throws {
        let (passed, _, runner) = try ScriptRunnerTests.run("type \"hello\\r\"\ncapture ALL /hello, \\w+/")
        #expect(passed == nil)
        #expect(runner.values["ALL"] == "hello, world")
        let (failed, _, _) = try ScriptRunnerTests.run("capture NEVER /nothing like this/ timeout 2s")
        #expect(failed?.message == "timed out after 2s waiting for /nothing like this/")
    }

    @Test func environmentValuesAreFilledInWhenParsedAndNamedWhenMissing() throws {
        let script = try Script(
            parsing: "type \"id ${env:WHO}\\r\"\nwait /^${env:WHO}$/", file: "s", environment: ["WHO": "a.b"])
        #expect(script.steps[0].kind == .type(ScriptText(Array("id a.b\r".utf8))))
        guard case .wait(let pattern, _) = script.steps[1].kind else { throw CocoaError(.coderInvalidValue) }
        #expect(pattern.matches("a.b") && !pattern.matches("axb"))
        do {
            _ = try Script(parsing: "type \"x ${env:UNSET_HERE}\"", file: "s")
            Issue.record("parsed")
        } catch {
            #expect(error.description == "s:1:9: ${env:UNSET_HERE}: UNSET_HERE is not set in the environment")
        }
    }

    @Test func aNameNoEarlierStepCapturesIsAnErrorAtParseTime() throws {
        do {
            _ = try Script(parsing: "type \"${LATER}\"\ncapture LATER /x/", file: "s")
            Issue.record("parsed")
        } catch {
            #expect(error.description.hasPrefix("s:1:7: ${LATER}: no earlier step captures LATER"))
        }
        // `\$` is a dollar sign: the shell's own ${HOME} is typed as it is.
        let script = try Script(parsing: "type \"echo \\${HOME}\"", file: "s")
        #expect(script.steps[0].kind == .type(ScriptText(Array("echo ${HOME}".utf8))))
    }

    @Test func includeReadsStepsFromBesideTheScriptAndNamesTheirOwnLines() throws {
        try Self.withDirectory { (directory: String) throws in
            try "wait /login/\ncapture USER /user=(\\w+)/\n".write(toFile: directory + "/login.rts", atomically: true, encoding: .utf8)
            try "include login.rts\ntype \"${USER}\"\n".write(toFile: directory + "/main.rts", atomically: true, encoding: .utf8)
            let main = directory + "/main.rts"
            let script = try Script(parsing: try String(contentsOfFile: main, encoding: .utf8), file: main)
            #expect(script.steps.map(\.location.line) == [1, 2, 2])
            #expect(script.steps.map { ($0.location.file as NSString).lastPathComponent } == ["login.rts", "login.rts", "main.rts"])
            try "include main.rts\n".write(toFile: directory + "/login.rts", atomically: true, encoding: .utf8)
            #expect(throws: ScriptError.self) { try Script(parsing: "include login.rts", file: main) }
        }
    }

    @Test func aGoldenScreenIsWrittenThenPassesWithAMaskAndFailsWithADiffWhenTheScreenChanges() throws {
        try Self.withDirectory { (directory: String) throws in
            let script = "type \"hello\\r\"\nwait /world/\nsnapshot after mask /world|earth/"
            let (written, _) = try Self.run(script, goldens: directory, update: true)
            #expect(written == nil)
            let golden = try String(contentsOfFile: directory + "/after.golden.txt", encoding: .utf8)
            #expect(golden.hasPrefix("$ hello\nhello, world\n$"))
            #expect(try Self.run(script, goldens: directory).0 == nil)
            // A change the mask covers passes; one it does not fails, row by row.
            try golden.replacingOccurrences(of: "world", with: "earth").write(
                toFile: directory + "/after.golden.txt", atomically: true, encoding: .utf8)
            #expect(try Self.run(script, goldens: directory).0 == nil)
            try golden.replacingOccurrences(of: "hello, ", with: "howdy, ").write(
                toFile: directory + "/after.golden.txt", atomically: true, encoding: .utf8)
            let (failure, _) = try Self.run(script, goldens: directory)
            #expect(failure?.step == "snapshot after")
            #expect(failure?.message.contains("row 2, column 2:\n    expected \"howdy,·*\"\n    actual   \"hello,·*\"") == true)
            #expect(FileManager.default.fileExists(atPath: directory + "/after.golden.svg"))
        }
    }

    @Test func withNoGoldenScreenASnapshotIsEvidenceOnly() throws {
        try Self.withDirectory { (directory: String) throws in
            #expect(try Self.run("snapshot first", goldens: directory).0 == nil)
            #expect(FileManager.default.fileExists(atPath: directory + "/shots/first.txt"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/first.golden.txt"))
        }
    }

    @Test func theTraceHasEveryStepAsWrittenAndTheOneThatFailed() throws {
        let (failure, _, runner) = try ScriptRunnerTests.run(
            "wait /^\\$ $/   # the prompt\ntype \"hello\\r\"\nwait /never/ timeout 1s")
        #expect(failure != nil)
        #expect(runner.trace.map(\.step) == ["wait /^\\$ $/", "type \"hello\\r\"", "wait /never/ timeout 1s"])
        #expect(runner.trace.map(\.passed) == [true, true, false])
        #expect(runner.trace[2].seconds == 1)
        #expect(runner.trace[0].screenDigest != runner.trace[2].screenDigest)
        #expect(runner.trace[2].description.hasPrefix("   1000ms  FAILED  screen "))
    }

    @Test func theJUnitReportCarriesTheTraceApartFromTheOutput() {
        var result = ScriptResult(script: "s.rts", target: "h", status: 0, message: "", seconds: 1)
        result.trace = [
            ScriptTraceEntry(
                seconds: 0.5, location: ScriptLocation(file: "s.rts", line: 2, column: 1), step: "type \"a\"", passed: true,
                screenDigest: ScriptTraceEntry.digest(""))
        ]
        let xml = ScriptReport.junit([result])
        #expect(xml.contains("<system-err>trace:\n    500ms  ok      screen cbf29ce484222325  s.rts:2:1  type &quot;a&quot;\n</system-err>"))
        #expect(!xml.contains("<system-out>"))
    }
}
