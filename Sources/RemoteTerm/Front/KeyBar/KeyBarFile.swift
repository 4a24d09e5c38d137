import Foundation
import RemoteTermEngine
import RemoteTermSSH

/// The key bar from `$XDG_CONFIG_HOME/rterm/keybar` (default `~/.config/rterm/keybar`), or
/// the default bar: its sets and rules with rterm's, its height and labels (the host's
/// `preferences`, from the command line or ssh_config, first). A bad line is reported as
/// `file:line: problem` and skipped; the rest still loads (docs/keybar.md). The problems are
/// returned for the front, which keeps them on the bar row until dismissed and prints them
/// again when rterm exits.
package enum KeyBarFile {
    package static func load(environment: [String: String], preferences: FrontPreferences = FrontPreferences())
        -> (bar: KeyBar, problems: [String])
    {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        let path = configHome + "/rterm/keybar"
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        // Named from ~ where it can be, so the line number and the problem fit on the bar row.
        let home = environment["HOME"] ?? NSHomeDirectory()
        let shown = !home.isEmpty && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
        let configuration = KeyBarConfiguration.load(text: text, fileName: shown)
        return (bar(configuration, preferences: preferences, environment: environment), configuration.errors.map { "\($0)" })
    }

    /// The bar a file's configuration and the host's preferences make.
    package static func bar(
        _ configuration: KeyBarConfiguration, preferences: FrontPreferences, environment: [String: String]
    ) -> KeyBar {
        KeyBar(configuration: configuration.applying(preferences, environment: environment), shown: preferences.keyBarSet)
    }
}
