// The script parser on bad input: every error reported as file:line:column: message, at
// the offending token, before anything runs.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The one-line error `text` produces, or a note that it parsed.
private func errorLine(_ text: String) -> String {
    do {
        let script = try ScriptParser.parse(text, file: "bad.script")
        return "parsed: \(script.steps.map(\.kind))"
    } catch {
        return error.description
    }
}

@Suite struct ScriptErrorTests {
    @Test(arguments: [
        // Unknown steps.
        (
            "typ \"x\"",
            "bad.script:1:1: unknown step 'typ': expected one of size, set, type, key, click, paste, wait, not, expect-screen, expect-cursor, expect-title, resize, sleep, snapshot, expect-exit, expect-disconnect, reconnect, wait-idle, expect-style, capture, include, put, get, wait-prompt, expect-status"
        ),
        ("reconnect timeout 0s", "bad.script:1:19: timeout '0s' must be more than zero"),
        ("\"x\"", "bad.script:1:1: expected a step name, not a string"),
        ("set speed 5s", "bad.script:1:5: unknown setting 'speed': the only setting is timeout"),
        // Regexes.
        ("wait /a(b/", "bad.script:1:6: bad regex /a(b/: not a valid regular expression"),
        ("not /[z-a]/", "bad.script:1:5: bad regex /[z-a]/: not a valid regular expression"),
        ("wait /abc", "bad.script:1:6: unterminated pattern: no closing '/' (write \\/ for a slash inside it)"),
        ("wait /a/i", "bad.script:1:9: expected a blank after the closing '/' of a pattern"),
        ("wait done", "bad.script:1:6: 'wait' expects a pattern /…/, not 'done'"),
        // Sizes.
        ("size 0x5", "bad.script:1:6: bad size '0x5': rows and columns go from 1 to 1000"),
        ("size 24x1001", "bad.script:1:6: bad size '24x1001': rows and columns go from 1 to 1000"),
        ("size 24by80", "bad.script:1:6: bad size '24by80': expected ROWSxCOLS, such as 24x80"),
        ("resize 24x", "bad.script:1:8: bad size '24x': expected ROWSxCOLS, such as 24x80"),
        ("resize +24x80", "bad.script:1:8: bad size '+24x80': expected ROWSxCOLS, such as 24x80"),
        // Strings and escapes.
        ("type \"abc", "bad.script:1:6: unterminated string: no closing '\"'"),
        ("type \"abc\\", "bad.script:1:10: unterminated string: ends with a lone '\\'"),
        ("type \"a\\qb\"", "bad.script:1:8: bad escape '\\q': known escapes are \\r \\n \\t \\e \\\\ \\\" \\$ \\xNN \\u{…}"),
        ("type \"\\x1\"", "bad.script:1:7: bad escape: \\x needs exactly two hex digits (\\x1b)"),
        ("type \"\\u{110000}\"", "bad.script:1:7: bad escape: \\u needs 1 to 6 hex digits of a Unicode scalar in braces (\\u{e9})"),
        ("type \"\\u{D800}\"", "bad.script:1:7: bad escape: \\u needs 1 to 6 hex digits of a Unicode scalar in braces (\\u{e9})"),
        ("type \"\\u41\"", "bad.script:1:7: bad escape: \\u needs 1 to 6 hex digits of a Unicode scalar in braces (\\u{e9})"),
        ("type \"a\"b", "bad.script:1:9: expected a blank after the closing '\"' of a string"),
        ("type hello", "bad.script:1:6: 'type' expects a quoted string \"…\", not 'hello'"),
        ("expect-title \"\\xff\"", "bad.script:1:14: the title must be valid UTF-8"),
        // Order of size.
        ("type \"x\"\nsize 24x80", "bad.script:2:1: 'size' must come before other steps (first step at line 1); "
            + "the size is fixed when the session opens, use 'resize' later"),
        ("size 24x80\nset timeout 1s\nsize 30x80", "bad.script:3:1: 'size' must come before another 'size' (first step at line 1); "
            + "the size is fixed when the session opens, use 'resize' later"),
        // Missing and extra arguments.
        ("wait", "bad.script:1:5: 'wait' needs a pattern /…/"),
        ("key", "bad.script:1:4: 'key' needs a key name such as Enter, Ctrl+C, F5"),
        ("size", "bad.script:1:5: 'size' needs a size ROWSxCOLS"),
        ("wait /x/ timeout", "bad.script:1:17: 'wait' needs a timeout such as 10s"),
        ("expect-exit", "bad.script:1:12: 'expect-exit' needs an exit code 0-255"),
        ("key Enter Tab", "bad.script:1:11: unexpected 'Tab' after the arguments of 'key'"),
        ("wait /x/ within 5s", "bad.script:1:10: unexpected 'within' after the arguments of 'wait'"),
        // Durations.
        ("sleep 5", "bad.script:1:7: bad duration '5': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m"),
        ("sleep 1.s", "bad.script:1:7: bad duration '1.s': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m"),
        ("sleep -1s", "bad.script:1:7: bad duration '-1s': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m"),
        ("sleep 5h", "bad.script:1:7: bad duration '5h': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m"),
        ("set timeout 0s", "bad.script:1:13: timeout '0s' must be more than zero"),
        // Beyond a day: a typo, and once past the clock's range a crash (issue 15).
        ("sleep 99999999999s", "bad.script:1:7: bad duration '99999999999s': at most a day (86400s, 1440m)"),
        ("set timeout 18446744073s", "bad.script:1:13: bad duration '18446744073s': at most a day (86400s, 1440m)"),
        ("wait /x/ timeout 1441m", "bad.script:1:18: bad duration '1441m': at most a day (86400s, 1440m)"),
        ("wait /x/ timeout 0ms", "bad.script:1:18: timeout '0ms' must be more than zero"),
        // Key names.
        ("key Ctrl+Foo", "bad.script:1:5: bad key name: unknown key 'Foo' in 'Ctrl+Foo': expected one character, F1–F12, "
            + "U+XXXX, or one of " + KeyEvent.keyNames.map { $0.names[0] }.joined(separator: ", ")),
        ("key Hyper+x", "bad.script:1:5: bad key name: unknown modifier 'Hyper' in 'Hyper+x': modifiers are Ctrl, Alt, Meta and Shift"),
        ("key F13", "bad.script:1:5: bad key name: 'F13': function keys go from F1 to F12"),
        // Other arguments.
        ("expect-cursor 0,1", "bad.script:1:15: bad cursor position '0,1': expected ROW,COL counted from 1, such as 5,1"),
        ("expect-cursor 5 1", "bad.script:1:15: bad cursor position '5': expected ROW,COL counted from 1, such as 5,1"),
        ("expect-exit 256", "bad.script:1:13: bad exit code '256': expected a number from 0 to 255"),
        ("snapshot ../x", "bad.script:1:10: bad snapshot name '../x': use letters, digits, '.', '_' and '-', not starting with '.'"),
        // expect-screen blocks.
        ("expect-screen\nkey Enter", "bad.script:1:1: 'expect-screen' needs its expected lines on the following lines, each starting with '| '"),
        ("expect-screen rows 2-4\n| a\n| b", "bad.script:1:1: 'expect-screen rows 2-4' needs 3 lines, the block has 2"),
        ("expect-screen rows 4-2\n| a", "bad.script:1:20: bad rows '4-2': expected A-B with 1 <= A <= B, such as 2-5"),
        ("expect-screen rows\n| a", "bad.script:1:19: 'expect-screen' needs a row range A-B"),
        ("expect-screen all\n| a", "bad.script:1:15: unexpected 'all' after the arguments of 'expect-screen'"),
        ("expect-screen\n|abc", "bad.script:2:2: expected a space after '|' (write '| text', or a bare '|' for an empty line)"),
        ("key Enter\n  | stray", "bad.script:2:3: screen line '|' outside an expect-screen block"),
    ])
    func badScripts(script: String, expected: String) {
        #expect(errorLine(script) == expected)
    }

    @Test func theFirstErrorIsReported() {
        #expect(errorLine("key Enter\n\nfrobnicate\nsize 0x0") .hasPrefix("bad.script:3:1: unknown step 'frobnicate'"))
    }

    @Test func columnsCountScalarsNotBytes() {
        #expect(errorLine("type \"é\" oops") == "bad.script:1:10: unexpected 'oops' after the arguments of 'type'")
    }

    @Test func messagesAreOneLine() {
        #expect(!errorLine("wait /(/").contains("\n"))
    }
}
