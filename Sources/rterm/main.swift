import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// rterm's entry point: picks the subcommand, maps errors to messages and exit statuses.
let arguments = Array(CommandLine.arguments.dropFirst())
let rtermVersion = "0.1.0"

/// Writes a line to standard error, with anything a terminal would act on made visible
/// (`InertText`): messages quote what servers, remote programs and config files chose.
func printError(_ line: String) { StandardStream.writeError(InertText.make(line, keepingNewlines: true) + "\n") }

func runMain() -> Int32 {
    // A reader that goes away (rterm host cmd | head) must not kill rterm mid-cleanup: writes
    // then fail with EPIPE instead. Children get the default back (LocalPTYTransport).
    signal(SIGPIPE, SIG_IGN)
    let environment = ProcessInfo.processInfo.environment
    switch arguments.first {
    case "render":
        return RenderCommand.run(arguments: Array(arguments.dropFirst()), say: printError)
    case "script":
        return ScriptCommand(arguments: Array(arguments.dropFirst())).run()
    case "record":
        return RecordCommand(arguments: Array(arguments.dropFirst())).run()
    case "mcp":
        return MCPStdio.run(arguments: Array(arguments.dropFirst()), environment: environment, version: rtermVersion, say: printError)
    case "cp":
        let words = Array(arguments.dropFirst())
        // To every host of a hosts file: the fleet's engine, as `rterm --hosts` runs.
        guard words.contains("--hosts") else { return CopyCommand.run(arguments: words, environment: environment, say: printError) }
        guard let copy = CopyFleet.command(words, say: printError) else { return 2 }
        return FleetCommand(
            hostsFile: copy.hostsFile, targetOptions: copy.targetOptions, work: .copy(copy.plan), options: copy.options,
            environment: environment, say: printError
        ).run()
    case "report":
        return ReportCommand(arguments: Array(arguments.dropFirst())).run()
    case nil:
        printError(Help.text)
        return 2
    default:
        return SessionCommand(arguments: arguments).run()
    }
}

// The terminal is restored and every message written by now. `_exit` after flushing skips the
// atexit handlers: OpenSSL's cleanup frees its locks while a thread that has not finished
// (a connection thread handing back a transport) may still take one, which crashed rterm at
// exit once in a full test run after SIGINT.
let status = runMain()
fflush(nil)
_exit(status)
