import RemoteTermEngine
import RemoteTermSSH

/// What the bar is made of, set up once (the key-bar file, the command line, ssh_config):
/// its key sets and the rules that choose one, how labels read, its height, the reader key.
/// Nothing a click or a key does changes it.
package struct KeyBarConfiguration: Equatable, Sendable {
    /// The key sets the bar can show (`KeyBarSet`), empty for a bar of plain items.
    package var sets: [KeyBarSet] = []
    /// The rules that choose a set for the program running (`KeyBarSetChoice` applies them).
    package var rules: [KeyBarRule] = []
    /// How the buttons are labelled (symbols or words).
    package var style = KeyBarLabelStyle.glyphs
    /// Rows the bar takes when shown (1 to 3): every row of a button's box acts.
    package var rows = 1 {
        didSet { rows = min(max(rows, 1), FrontPreferences.maximumBarRows) }
    }
    /// The key that reads the buttons out in reader mode (`reader-key` in the config).
    package var readerKey: KeyEvent? = KeyEvent(.function(12))
}
