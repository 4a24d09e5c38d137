/// The local terminal as the interactive front draws on it: frames, rterm's own sequences
/// (the clipboard, the title), the bell, and leaving and taking back the screen around a
/// suspend. The ncurses screen is one (`RemoteTermNcurses`); tests use it on a pipe, or a
/// recording stand-in.
public protocol LocalScreen: AnyObject {
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
    /// Writes reader mode's lines (`ReaderTranscript`): plain text, CR, LF, backspaces.
    func writeTranscript(_ bytes: [UInt8])
}

extension LocalScreen {
    /// A screen that draws frames writes no transcript.
    public func writeTranscript(_ bytes: [UInt8]) {}
}
