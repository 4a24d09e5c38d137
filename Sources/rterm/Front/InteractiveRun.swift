import Foundation
import RemoteTerm

/// Runs an interactive session through the full-screen front and turns its ending into
/// ssh's exit status; every message is printed after the local terminal is restored.
enum InteractiveRun {
    /// The exit status, or nil when there is no terminal to draw on (the caller falls back).
    static func run(_ transport: Transport, label: String) -> Int32? {
        let bar = loadKeyBar()
        guard let screen = NcursesScreen() else { return nil }
        let ending = InteractiveFront(transport: transport, screen: screen, label: label, bar: bar).run()
        screen.restore()
        switch ending {
        case .remote(.status(let status)):
            return status
        case .remote(.signal(let name, let message)):
            printError("rterm: remote command killed by signal \(name)" + (message.isEmpty ? "" : ": \(message)"))
            return 255
        case .remote(.unknown):
            printError("rterm: the connection closed without an exit status")
            return 255
        case .disconnected:
            printError("Connection to \(label) closed.")
            return 255
        case .signal(let name):
            printError("rterm: terminated by signal \(name); connection closed")
            return 255
        case .failed(let reason):
            printError(reason.hasPrefix("rterm:") ? reason : "rterm: \(reason)")
            return 255
        }
    }

    /// The key bar from `$XDG_CONFIG_HOME/rterm/keybar` (default `~/.config/rterm/keybar`),
    /// or the default bar. A bad line is reported as `file:line: problem` and skipped; the
    /// rest still loads (docs/keybar.md).
    static func loadKeyBar() -> KeyBar {
        let environment = ProcessInfo.processInfo.environment
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        let path = configHome + "/rterm/keybar"
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        let config = KeyBarConfig.load(text: text, fileName: path)
        for error in config.errors { printError("rterm: \(error)") }
        return KeyBar(items: config.items)
    }
}
