import Foundation
import RemoteTerm

/// `rterm --local [-- COMMAND ARGS...]`: runs your shell (`$SHELL`, else /bin/sh), or the
/// command, on a local pseudo-terminal through the same transport pipeline as an SSH session.
struct LocalCommand {
    let arguments: [String]

    static let usage = """
        usage: rterm --local [-- command [args ...]]

        Runs $SHELL (or the command) on a local pseudo-terminal through rterm's transport
        pipeline, without any server. Exits with the command's status.
        """

    func run() -> Int32 {
        var rest = arguments[...]
        if rest.first == "-h" || rest.first == "--help" {
            print(Self.usage)
            return 0
        }
        if rest.first == "--" { rest = rest.dropFirst() }
        if let first = rest.first, first.hasPrefix("-"), arguments.first != "--" {
            printError("rterm: unknown --local option '\(first)' (usage: rterm --local [-- command ...])")
            return 2
        }
        let environment = ProcessInfo.processInfo.environment
        let command = rest.isEmpty ? [environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"] : Array(rest)
        var size = RawTerminal.size() ?? (rows: 24, columns: 80)
        if isatty(0) == 1 { size = InteractiveFront.remoteSize(local: size) }
        let transport: LocalPTYTransport
        do {
            transport = try LocalPTYTransport(
                arguments: command, environment: environment, rows: size.rows, columns: size.columns)
        } catch {
            printError(error.description)
            return 127
        }
        defer { transport.close() }
        return Passthrough.run(transport, interactive: isatty(0) == 1, label: "local: " + command.joined(separator: " "))
    }
}
