import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermFront
@testable import RemoteTermLoop

/// docs/ssh.md's "Prompt marks" as a reader uses them: each shell's lines, copied from the
/// page into that shell's startup file, make the shell's marks reach rterm's terminal, as
/// docs/script-format.md's `prompts` script checks: `false` gives status 1, `true` 0, and
/// `wait-prompt` passes only once `sleep 1` is over. In-process, as `rterm script FILE --
/// --local -- SHELL` runs it (`ScriptRun`). A shell that is not installed is skipped, and
/// says so.
@Suite struct PromptMarksDocsTests {
    /// The documented script (docs/script-format.md, "```sh prompts").
    static func documentedScript() throws -> String { try ScriptThirdRoundTests.docBlock("prompts") }

    /// Where `name` is installed, if it is.
    static func installed(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `script` against the shell `shell` gives (its words after `--local --`, for
    /// the home made for it), after `prepare` wrote the shell's startup file in that home.
    static func run(
        _ script: String, environment extra: [String: String] = [:], prepare: (String) throws -> Void,
        shell: (String) -> [String]
    ) throws -> ScriptResult {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try prepare(home.path)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["PS1"] = "$ "
        environment["XDG_CONFIG_HOME"] = home.path + "/.config"
        for (name, value) in extra { environment[name] = value.replacingOccurrences(of: "$HOME", with: home.path) }
        let parsed = try Script(parsing: script, file: "prompts.rts")
        let run = ScriptRun(
            script: parsed, file: "prompts.rts", options: BatchOptions(), bar: KeyBar(), environment: environment, say: { _ in })
        return run.run(target: ["--local", "--"] + shell(home.path))
    }

    /// The documented script passes, and its `wait-prompt` after `sleep 1` waited for it.
    static func expectTheScriptPasses(_ result: ScriptResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result.message)", sourceLocation: sourceLocation)
        let trace = result.trace
        guard let typed = trace.firstIndex(where: { $0.step.hasPrefix("type \"sleep 1") }), typed + 1 < trace.count else {
            Issue.record("no sleep in the trace: \(trace)", sourceLocation: sourceLocation)
            return
        }
        #expect(trace[typed + 1].step.hasPrefix("wait-prompt"), sourceLocation: sourceLocation)
        #expect(trace[typed + 1].seconds - trace[typed].seconds >= 0.9, "\(trace)", sourceLocation: sourceLocation)
    }

    /// The failure docs/script-format.md shows, for the script with `true` where it says
    /// `false`.
    static func documentedFailure() throws -> String {
        try docsCodeBlock("docs/script-format.md", after: "shows the status the shell reported").trimmingCharacters(in: .newlines)
    }

    @Test func bashsLinesMarkPromptsAndStatuses() throws {
        let lines = try docsCodeBlock("docs/ssh.md", after: "bash 4.4 or later")
        #expect(lines.contains("PS0") && lines.contains("PROMPT_COMMAND"))
        func run(_ script: String) throws -> ScriptResult {
            try Self.run(script) { home in
                try lines.write(toFile: home + "/.bashrc", atomically: false, encoding: .utf8)
            } shell: { home in
                ["bash", "--noprofile", "--rcfile", home + "/.bashrc", "-i"]
            }
        }
        let script = try Self.documentedScript()
        Self.expectTheScriptPasses(try run(script))
        let failed = try run(script.replacingOccurrences(of: "false", with: "true"))
        #expect(failed.status == 1)
        #expect(failed.message.hasPrefix(try Self.documentedFailure() + "\n+---"), "\(failed.message)")
    }

    @Test(.enabled(if: PromptMarksDocsTests.installed("zsh") != nil, "zsh is not installed: its lines are not run"))
    func zshsLinesMarkPromptsAndStatuses() throws {
        let lines = try docsCodeBlock("docs/ssh.md", after: "zsh, at the end of")
        let result = try Self.run(try Self.documentedScript(), environment: ["ZDOTDIR": "$HOME"]) { home in
            try ("PS1='$ '\n" + lines).write(toFile: home + "/.zshrc", atomically: false, encoding: .utf8)
        } shell: { _ in
            ["zsh", "-i"]
        }
        Self.expectTheScriptPasses(result)
    }

    @Test(.enabled(if: PromptMarksDocsTests.installed("fish") != nil, "fish is not installed: its lines are not run"))
    func fishsLinesMarkPromptsAndStatuses() throws {
        let lines = try docsCodeBlock("docs/ssh.md", after: "fish 3.x, in")
        let result = try Self.run(try Self.documentedScript()) { home in
            let config = home + "/.config/fish"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try ("function fish_prompt; printf '$ '; end\n" + lines)
                .write(toFile: config + "/config.fish", atomically: false, encoding: .utf8)
        } shell: { _ in
            ["fish", "-i"]
        }
        Self.expectTheScriptPasses(result)
    }
}
