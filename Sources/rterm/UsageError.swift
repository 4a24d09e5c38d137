import Foundation
import RemoteTerm

/// A command-line mistake: printed as one line `rterm: …` and exit status 2. `help` carries
/// the usage text, printed on standard output with status 0.
struct UsageError: Error {
    let message: String
    let isHelp: Bool

    init(_ message: String) {
        self.message = message
        isHelp = false
    }

    private init(help: String) {
        message = help
        isHelp = true
    }

    static func help(_ text: String) -> UsageError { UsageError(help: text) }
}

/// Writes a line to standard error, with anything a terminal would act on made visible
/// (`InertText`): messages quote what servers, remote programs and config files chose.
func printError(_ line: String) { StandardStream.writeError(InertText.make(line, keepingNewlines: true) + "\n") }
