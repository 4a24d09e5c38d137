// The script parser on good input: every step kind, comments and blanks, locations, and
// the expect-screen block syntax.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Parses a script that the test expects to be valid.
private func parse(_ text: String) throws -> Script {
    try ScriptParser.parse(text, file: "t.script")
}

/// The kind of the only step of a one-step script.
private func onlyKind(_ text: String) throws -> ScriptStep.Kind {
    let steps = try parse(text).steps
    try #require(steps.count == 1, "expected one step from \(text), got \(steps)")
    return steps[0].kind
}

private func pattern(_ source: String) -> ScriptPattern {
    do { return try ScriptPattern(source: source) } catch { fatalError("bad pattern in test: \(source)") }
}

private func keyEvent(_ name: String) -> KeyEvent {
    do { return try KeyEvent(name: name) } catch { fatalError("bad key name in test: \(name)") }
}

@Suite struct ScriptParserTests {
    @Test(arguments: [
        ("size 24x80", ScriptStep.Kind.size(rows: 24, columns: 80)),
        ("size 1x1000", .size(rows: 1, columns: 1000)),
        ("set timeout 5s", .setTimeout(seconds: 5)),
        ("set timeout 200ms", .setTimeout(seconds: 0.2)),
        ("type \"ls -l\\r\"", .type(ScriptText(Array("ls -l\r".utf8)))),
        ("key Enter", .key(keyEvent("Enter"))),
        ("key Ctrl+C", .key(keyEvent("Ctrl+C"))),
        ("key Alt+x", .key(keyEvent("Alt+x"))),
        ("key F5", .key(keyEvent("F5"))),
        ("key PgUp", .key(keyEvent("PgUp"))),
        ("key \"#\"", .key(keyEvent("#"))),
        ("click Esc", .click(label: "Esc")),
        ("click \"Ctrl C\"", .click(label: "Ctrl C")),
        ("paste \"a\\nb\"", .paste(ScriptText([0x61, 0x0A, 0x62]))),
        ("wait /\\$ $/", .wait(pattern("\\$ $"), timeout: nil)),
        ("wait /done/ timeout 10s", .wait(pattern("done"), timeout: 10)),
        ("wait /a\\/b/", .wait(pattern("a/b"), timeout: nil)),
        ("wait /# not a comment/", .wait(pattern("# not a comment"), timeout: nil)),
        ("not /error/", .not(pattern("error"))),
        ("expect-cursor 5,1", .expectCursor(row: 5, column: 1)),
        ("expect-title \"vim: a.txt\"", .expectTitle("vim: a.txt")),
        ("resize 30x100", .resize(rows: 30, columns: 100)),
        ("sleep 200ms", .sleep(seconds: 0.2)),
        ("sleep 1.5s", .sleep(seconds: 1.5)),
        ("sleep 2m", .sleep(seconds: 120)),
        ("sleep 0s", .sleep(seconds: 0)),
        ("snapshot after-login_1.v2", .snapshot(name: "after-login_1.v2", masks: [])),
        ("expect-exit 0", .expectExit(code: 0)),
        ("expect-exit 255", .expectExit(code: 255)),
        ("expect-disconnect", .expectDisconnect(timeout: nil)),
        ("expect-disconnect timeout 30s", .expectDisconnect(timeout: 30)),
        ("reconnect", .reconnect(timeout: nil)),
        ("reconnect timeout 1m", .reconnect(timeout: 60)),
        ("expect-screen\n| hello\n|\n|   indented  ", .expectScreen(lines: ["hello", "", "  indented  "], rows: nil)),
        ("expect-screen rows 2-3\n  | two\n  | three", .expectScreen(lines: ["two", "three"], rows: 2...3)),
        ("expect-screen rows 4\n| # \"not\" a comment", .expectScreen(lines: ["# \"not\" a comment"], rows: 4...4)),
    ])
    func stepKinds(script: String, expected: ScriptStep.Kind) throws {
        #expect(try onlyKind(script) == expected)
    }

    @Test(arguments: [
        // Simple escapes.
        (#""\r\n\t\e\\\"""#, [0x0D, 0x0A, 0x09, 0x1B, 0x5C, 0x22] as [UInt8]),
        // \xNN is one raw byte, even when it is not valid UTF-8 on its own.
        (#""\x1b[A\xff\x00""#, [0x1B, 0x5B, 0x41, 0xFF, 0x00]),
        (#""\xAb""#, [0xAB]),
        // \u{…} is the scalar's UTF-8.
        (#""\u{e9}\u{1F600}\u{41}""#, [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x41]),
        // Literal non-ASCII text is UTF-8 too; a # inside quotes is text.
        (#""é # x""#, [0xC3, 0xA9, 0x20, 0x23, 0x20, 0x78]),
        (#""""#, []),
    ])
    func escapesDecodeToBytes(literal: String, expected: [UInt8]) throws {
        #expect(try onlyKind("type \(literal)") == .type(ScriptText(expected)))
    }

    @Test func commentsAndBlankLinesAreIgnored() throws {
        let script = try parse(
            """
            # a smoke test

            \t
            size 24x80   # trailing comment
               # indented comment
            type "echo hi#there\\r" # a # inside the string is text
            """
        )
        #expect(script.steps.map(\.kind) == [.size(rows: 24, columns: 80), .type(ScriptText(Array("echo hi#there\r".utf8)))])
    }

    @Test func stepsCarryTheirLocation() throws {
        let script = try ScriptParser.parse("set timeout 5s\n\n   key Enter\r\nexpect-screen\n| a\nsleep 1s", file: "smoke.script")
        #expect(script.steps.map(\.location) == [
            ScriptLocation(file: "smoke.script", line: 1, column: 1),
            ScriptLocation(file: "smoke.script", line: 3, column: 4),
            ScriptLocation(file: "smoke.script", line: 4, column: 1),
            ScriptLocation(file: "smoke.script", line: 6, column: 1),
        ])
        #expect(script.steps.last?.kind == .sleep(seconds: 1))
    }

    @Test func sizeMayFollowSetAndComments() throws {
        let script = try parse("# c\nset timeout 3s\nsize 10x20\ntype \"x\"")
        #expect(script.steps.map(\.kind) == [.setTimeout(seconds: 3), .size(rows: 10, columns: 20), .type(ScriptText([0x78]))])
    }

    @Test func screenBlockEndsAtTheFirstLineWithoutABar() throws {
        let script = try parse("expect-screen\n| one\n# comment ends it\nkey Enter\n")
        #expect(script.steps.map(\.kind) == [.expectScreen(lines: ["one"], rows: nil), .key(keyEvent("Enter"))])
    }

    @Test func patternsAreCompiledToMatchRowsAsLines() throws {
        let wait = try onlyKind("wait /^\\$ $/")
        guard case .wait(let compiled, _) = wait else {
            Issue.record("not a wait: \(wait)")
            return
        }
        #expect(compiled.matches("Last login\n$ \n"))
        #expect(!compiled.matches("Last login $ x"))
        #expect(compiled.description == "/^\\$ $/")
    }

    @Test func errorsPrintAsFileLineColumnMessage() {
        let error = ScriptError(file: "a.script", line: 3, column: 7, message: "bad size '0x5'")
        #expect(error.description == "a.script:3:7: bad size '0x5'")
    }

    @Test func scriptInitParses() throws {
        #expect(try Script(parsing: "key Tab", file: "x").steps.count == 1)
    }
}
