import RemoteTermEngine
import RemoteTermSSH

/// What the bar is made of, set up once: the key-bar file as read (`load`, `parse`: its
/// buttons, sets, rules, height, labels and reader key, and the lines it could not use), then
/// the host's preferences laid over it (`applying(_:environment:)`: the command line and
/// ssh_config win over the file). Nothing a click or a key does changes it.
package struct KeyBarConfiguration: Equatable, Sendable {
    /// The key sets the bar can show (`KeyBarSet`), empty for a bar of plain items. From a
    /// file: rterm's, the `shell` set being the file's buttons, each replaced by the file's
    /// set of the same name, then the file's others.
    package var sets: [KeyBarSet] = []
    /// The rules that choose a set for the program running (`KeyBarSetChoice` applies them),
    /// in order: the file's, then rterm's.
    package var rules: [KeyBarRule] = []
    /// How the buttons are labelled (symbols or words).
    package var style = KeyBarLabelStyle.glyphs
    /// Rows the bar takes when shown (1 to 3): every row of a button's box acts.
    package var rows = 1 {
        didSet { rows = min(max(rows, 1), FrontPreferences.maximumBarRows) }
    }
    /// The key that reads the buttons out in reader mode (`reader-key` in the file; F12
    /// unless it says, nil for `none`: `~k` still works).
    package var readerKey: KeyEvent? = KeyEvent(.function(12))
    /// `labels STYLE` as the file says (words, glyphs or auto), made into `style` for the
    /// user's terminal by `applying`, unless the host's preferences say.
    package var labels: FrontPreferences.Labels?
    /// One entry per line of the file that could not be used.
    package var errors: [KeyBarConfigError] = []

    /// A bar of plain items (the default bar's), nothing from a file.
    package init() {}

    /// The buttons of the `shell` set: the file's before any `set` line.
    package var items: [KeyBarItem] { sets.first { $0.name == KeyBarSet.defaultName }?.items ?? [] }

    /// This configuration with the host's preferences (the command line, ssh_config) laid
    /// over the file's, and the labels' style resolved for the user's terminal.
    package func applying(_ preferences: FrontPreferences, environment: [String: String]) -> KeyBarConfiguration {
        var result = self
        result.style = KeyBarLabelStyle.resolve(preferences.barLabels ?? labels, environment: environment)
        if let rows = preferences.barRows { result.rows = rows }
        return result
    }
}
