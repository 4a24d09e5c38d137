import RemoteTermEngine

/// The local terminal as the interactive front draws on it: frames, rterm's own sequences
/// (the clipboard, the title), the bell, and leaving and taking back the screen around a
/// suspend. The ncurses screen is one (`RemoteTermNcurses`); tests use it on a pipe, or a
/// recording stand-in.
package protocol LocalScreen: AnyObject {
    /// The local terminal's size now.
    func currentSize() -> (rows: Int, columns: Int)
    /// The local terminal changed size to this.
    func resize(rows: Int, columns: Int)
    /// Draws `frame` (only what differs from the frame drawn before).
    func draw(_ frame: Frame)
    /// Forgets what is on the screen: the next `draw` repaints everything.
    func invalidate()
    /// Whether rterm's own sequences (OSC 52, titles) may be written: not to a terminal
    /// terminfo does not know, which may not take them at all.
    var takesOwnSequences: Bool { get }
    /// Writes rterm's own sequence after what was drawn.
    func writeOwn(_ bytes: [UInt8])
    /// Sets the window title (text the remote chose: anything a terminal acts on is dropped).
    func setTitle(_ title: String)
    /// Rings the bell.
    func bell()
    /// Gives the terminal back as it was (for a suspend).
    func suspend()
    /// Takes the terminal again after a suspend: modes on, everything drawn anew.
    func resume()

    /// Shows what the front shows now (a screen that draws frames draws `shown.frame`;
    /// reader mode follows the remote's lines, `TranscriptScreen`).
    func show(_ shown: ShownScreen, now: UInt64)
    /// When the screen wants to show again on its own (a line of the transcript settling),
    /// nil for never.
    var deadline: UInt64? { get }
    /// Says rterm's own line itself; false when the bar row is where it goes.
    func say(_ text: String) -> Bool
    /// Another session is shown (number `number`, from 1, named `name`).
    func sessionShown(number: Int, name: String)
    /// Whether the bar's buttons are listed in words on request (the reader key, `~k`),
    /// for a screen that shows no bar.
    var listsButtons: Bool { get }
}

extension LocalScreen {
    /// A screen that draws frames draws the frame.
    package func show(_ shown: ShownScreen, now: UInt64) { draw(shown.frame) }
    package var deadline: UInt64? { nil }
    package func say(_ text: String) -> Bool { false }
    package func sessionShown(number: Int, name: String) {}
    package var listsButtons: Bool { false }
}

/// What the front shows at a frame: the frame, and for a screen that reads the remote's
/// screen rather than drawing it (reader mode) the shown session's terminal, the program it
/// runs and rterm's own line. The frame is composed when first asked for, so a screen that
/// draws none (reader mode, which asks only for rterm's own line when there is one) costs no
/// composing.
package final class ShownScreen {
    private let compose: () -> Frame
    /// Everything drawn (composed on first use).
    package private(set) lazy var frame: Frame = compose()
    /// The shown session's terminal.
    package let terminal: Terminal
    /// The program running, when the key set's rule names it.
    package let programName: String?
    private let findMessage: (_ frame: () -> Frame) -> String?

    /// What is shown: the frame `compose` makes; rterm's own line found by `message`, which
    /// reads the frame only if it needs it.
    package init(
        frame compose: @escaping () -> Frame, terminal: Terminal, programName: String?,
        message: @escaping (_ frame: () -> Frame) -> String?
    ) {
        self.compose = compose
        self.terminal = terminal
        self.programName = programName
        findMessage = message
    }

    /// rterm's own line (what the bar row says unless it shows the buttons), found only when
    /// asked for.
    package func message() -> String? { findMessage { frame } }
}
