/// Reader mode as a local screen: over a plain screen (its size, bell, suspend and the bytes
/// it writes), the shown session's lines as a transcript (`ReaderTranscript`) instead of
/// frames, rterm's own lines said there too, and the bar's buttons listed in words on
/// request. The front knows nothing of reader mode: it shows, says and switches sessions
/// through `LocalScreen`, and this screen decides what that means here.
package final class TranscriptScreen: LocalScreen {
    /// Where the lines go.
    private let plain: PlainTerminal
    private var transcript = ReaderTranscript()

    /// Reader mode over `plain` (the terminal in raw mode: `ReaderScreen`).
    package init(over plain: PlainTerminal) {
        self.plain = plain
    }

    package func currentSize() -> (rows: Int, columns: Int) { plain.currentSize() }
    package func resize(rows: Int, columns: Int) {}
    package func draw(_ frame: Frame) {}
    package func invalidate() {}
    /// Never: the transcript is plain text.
    package var takesOwnSequences: Bool { false }
    package func writeOwn(_ bytes: [UInt8]) {}
    package func setTitle(_ title: String) {}
    package func bell() { plain.bell() }
    package func suspend() { plain.suspend() }
    package func resume() { plain.resume() }
    private func writeTranscript(_ bytes: [UInt8]) { plain.writeTranscript(bytes) }

    /// The lines that the shown screen has for the transcript, and rterm's own line.
    package func show(_ shown: ShownScreen, now: UInt64) {
        let view = ReaderTranscript.View(terminal: shown.terminal, programName: shown.programName, message: shown.message())
        writeTranscript(transcript.update(view, now: now))
    }

    package var deadline: UInt64? { transcript.nextDeadline() }

    package func say(_ text: String) -> Bool {
        writeTranscript(transcript.announce(text))
        return true
    }

    /// Another screen: its lines are read afresh, from its top row.
    package func sessionShown(number: Int, name: String) {
        transcript = ReaderTranscript()
        writeTranscript(transcript.announce("session \(number): \(name)"))
    }

    package var listsButtons: Bool { true }
}

/// What reader mode writes on: a terminal that takes plain lines (text, CR, LF, backspaces
/// and the bell), its size, and leaving and taking it back around a suspend.
package protocol PlainTerminal: AnyObject {
    /// The terminal's size now.
    func currentSize() -> (rows: Int, columns: Int)
    /// Writes reader mode's lines (`ReaderTranscript`).
    func writeTranscript(_ bytes: [UInt8])
    /// Rings the bell.
    func bell()
    /// Gives the terminal back as it was (for a suspend).
    func suspend()
    /// Takes the terminal again after a suspend.
    func resume()
}
