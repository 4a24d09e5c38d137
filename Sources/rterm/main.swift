import Foundation
import RemoteTerm

/// rterm's entry point: picks the subcommand, maps errors to messages and exit statuses.
let arguments = Array(CommandLine.arguments.dropFirst())

func runMain() -> Int32 {
    do {
        switch arguments.first {
        case "render":
            return try RenderCommand(arguments: Array(arguments.dropFirst())).run()
        case "-V", "--version":
            print("rterm \(rtermVersion)")
            return 0
        case nil, "-h", "--help":
            print(topLevelUsage)
            return arguments.isEmpty ? 2 : 0
        default:
            printError("rterm: SSH sessions are not available in this build yet; try 'rterm render --help'")
            return 255
        }
    } catch {
        if error.isHelp {
            print(error.message, terminator: "")
            return 0
        }
        printError("rterm: \(error.message)")
        return 2
    }
}

let rtermVersion = "0.1.0"
let topLevelUsage = """
    usage: rterm render [--size ROWSxCOLS] [--format text|ansi] [FILE|-]
           rterm -V | --help
    """

exit(runMain())
