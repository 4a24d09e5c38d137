/// The tools `rterm mcp` offers, as `tools/list` describes them: names clients are written
/// against, each with the JSON Schema of its arguments and of its structured result.
enum MCPTools {
    static let names = ["open", "run", "type", "key", "click", "paste", "wait", "screen", "scrollback", "close", "sessions"]

    private static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": properties, "additionalProperties": false]
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    private static var session: [String: Any] { ["type": "string", "description": "A session id that open returned."] }
    private static var screen: [String: Any] {
        ["type": "string", "description": "The rendered screen as text, one row a line, without trailing blanks."]
    }
    private static var sent: [String: Any] { object(["session": ["type": "string"]], required: ["session"]) }

    /// Each tool's description for `tools/list`.
    static var list: [[String: Any]] {
        [
            tool(
                "open",
                "Opens a terminal session: an SSH destination with ssh options, written as a line of an rterm hosts "
                    + "file (\"-p 2222 user@host\"), or a local command. Returns once the program has started and drawn its "
                    + "first screen (or been quiet for a second: a program that draws nothing, such as cat), or the "
                    + "connection error as ssh would say it, or after timeout_s (default 60) still connecting. Host keys "
                    + "are checked; passwords are never asked.",
                input: object([
                    "target": ["type": "string", "description": "[ssh options] [user@]host"],
                    "local": ["type": "string", "description": "A command for the local shell (instead of target)."],
                    "cols": ["type": "integer", "minimum": 10, "maximum": 1000, "default": 80],
                    "rows": ["type": "integer", "minimum": 2, "maximum": 1000, "default": 24],
                    "timeout_s": ["type": "number", "exclusiveMinimum": 0, "maximum": 3600, "default": 60],
                    "resume": [
                        "type": "string",
                        "description": "Run the session in this tmux session (letters, digits, _ and -), created or "
                            + "joined: on the host for a target (a reconnect resumes it), on this machine for a local "
                            + "command. A person attaches with rterm --resume NAME host (or --local) and sees the "
                            + "same screen; what they type reaches this session too.",
                    ],
                ]),
                output: object(["session": ["type": "string"], "screen": screen], required: ["session", "screen"])),
            tool(
                "run",
                "Runs one shell command line at the session's prompt and returns what it printed and its exit status, "
                    + "once the shell is back at its prompt (or after timeout_s, default 30, with timed_out true and what it "
                    + "printed so far: the command runs on, key Ctrl+C stops it). The end is found by the shell's prompt marks "
                    + "(OSC 133) when it sets them, else by marks rterm adds to the command line, which neither the screen "
                    + "nor the output shows (a POSIX shell: sh, bash, zsh). Refused when the session is not at a prompt "
                    + "within a second.",
                input: object(
                    [
                        "session": session, "command": ["type": "string", "description": "One line, as typed at the prompt."],
                        "timeout_s": ["type": "number", "exclusiveMinimum": 0, "maximum": 3600, "default": 30],
                    ], required: ["session", "command"]),
                output: object(
                    [
                        "output": [
                            "type": "string",
                            "description": "What the command printed, as the screen shows it (one row a line, a wrapped row one line).",
                        ],
                        "exit_status": ["type": ["integer", "null"], "description": "null when the shell did not say."],
                        "timed_out": ["type": "boolean"],
                    ], required: ["output", "exit_status", "timed_out"])),
            tool(
                "type", "Types text into the session, as keys typed (use \\r for Enter).",
                input: object(["session": session, "text": ["type": "string"]], required: ["session", "text"]), output: sent),
            tool(
                "key",
                "Presses keys by name, in order, encoded for the program's current modes; keys is a list, "
                    + "[\"Esc\", \"Ctrl+C\"]: Enter, Esc, Tab, Up, F5, Ctrl+C, Alt+x, Shift+Tab, PageDown…",
                input: object(
                    ["session": session, "keys": ["type": "array", "items": ["type": "string"], "minItems": 1]],
                    required: ["session", "keys"]), output: sent),
            tool(
                "click", "Presses a button of rterm's key bar by its label (Esc, Tab, Ctrl, Alt, arrows…), through the bar's logic.",
                input: object(["session": session, "label": ["type": "string"]], required: ["session", "label"]), output: sent),
            tool(
                "paste", "Pastes text, bracketed when the program asked for bracketed paste.",
                input: object(["session": session, "text": ["type": "string"]], required: ["session", "text"]), output: sent),
            tool(
                "wait",
                "Waits until the screen matches a regular expression (^ and $ at each row), or until it has not changed "
                    + "for idle_ms, or timeout_s passes (default 10). Other sessions are served meanwhile.",
                input: object(
                    [
                        "session": session, "pattern": ["type": "string"],
                        "idle_ms": ["type": "integer", "minimum": 1, "maximum": 600_000],
                        "timeout_s": ["type": "number", "exclusiveMinimum": 0, "maximum": 3600],
                    ], required: ["session"]),
                output: object(["matched": ["type": "boolean"], "screen": screen], required: ["matched", "screen"])),
            tool(
                "screen", "Reads the screen: rows A-B (1-based) or all, as text or with colours (ansi: SGR sequences only).",
                input: object(
                    [
                        "session": session, "rows": ["type": "string", "pattern": "^[0-9]+(-[0-9]+)?$"],
                        "format": ["type": "string", "enum": ["text", "ansi"]],
                    ], required: ["session"]),
                output: object(
                    [
                        "screen": screen,
                        "cursor": object(["row": ["type": "integer"], "column": ["type": "integer"]], required: ["row", "column"]),
                        "title": ["type": "string"], "exit_status": ["type": "integer"],
                    ], required: ["screen", "cursor", "title"])),
            tool(
                "scrollback",
                "Reads the rows that scrolled off the top of the screen, oldest first, as screen reads rows (text): "
                    + "the last `lines` of them, or all that are kept (10,000 by default).",
                input: object(
                    ["session": session, "lines": ["type": "integer", "minimum": 1, "maximum": 10_000_000]], required: ["session"]),
                output: object(
                    [
                        "scrollback": ["type": "string", "description": "The rows, one a line, without trailing blanks."],
                        "lines": ["type": "integer", "description": "How many rows."],
                    ], required: ["scrollback", "lines"])),
            tool(
                "close", "Closes the session (ending it if it still runs); returns its exit status.",
                input: object(["session": session], required: ["session"]),
                output: object(["exit_status": ["type": "integer"]], required: ["exit_status"])),
            tool(
                "sessions", "Lists the open sessions.", input: object([:]),
                output: object(
                    [
                        "sessions": [
                            "type": "array",
                            "items": object(
                                ["session": ["type": "string"], "label": ["type": "string"], "state": ["type": "string"]],
                                required: ["session", "label", "state"]),
                        ]
                    ], required: ["sessions"])),
        ]
    }

    /// Tools that only read: a client may run them without asking the user.
    static let readOnly: Set<String> = ["screen", "scrollback", "wait", "sessions"]

    /// A tool as `tools/list` gives it, with its annotations (hints for the client, which may
    /// ask the user before a tool that is not read-only): what sends input to a program or
    /// ends it may do anything that program can (`destructiveHint`); `open` reaches other
    /// machines (`openWorldHint`).
    private static func tool(_ name: String, _ description: String, input: [String: Any], output: [String: Any]) -> [String: Any] {
        var annotations: [String: Any] = ["readOnlyHint": readOnly.contains(name)]
        if !readOnly.contains(name) {
            annotations["destructiveHint"] = name != "open"
            annotations["idempotentHint"] = false
        }
        annotations["openWorldHint"] = name == "open"
        return ["name": name, "description": description, "inputSchema": input, "outputSchema": output, "annotations": annotations]
    }
}
