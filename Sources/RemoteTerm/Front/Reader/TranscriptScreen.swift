/// Reader mode as a local screen: over a plain screen (its size, bell, suspend and the bytes
/// it writes), the shown session's lines as a transcript (`ReaderTranscript`) instead of
/// frames, rterm's own lines said there too, and the bar's buttons listed in words on
/// request. The front knows nothing of reader mode: it shows, says and switches sessions
/// through `LocalScreen`, and this screen decides what that means here.
public final class TranscriptScreen: LocalScreen {
    /// Where the lines go.
    private let plain: LocalScreen
    private var transcript = ReaderTranscript()

    /// Reader mode over `plain` (the terminal in raw mode: `ReaderScreen`).
    public init(over plain: LocalScreen) {
        self.plain = plain
    }

    public func currentSize() -> (rows: Int, columns: Int) { plain.currentSize() }
    public func resize(rows: Int, columns: Int) {}
    public func draw(_ frame: Frame) {}
    public func invalidate() {}
    /// Never: the transcript is plain text.
    public var takesOwnSequences: Bool { false }
    public func writeOwn(_ bytes: [UInt8]) {}
    public func setTitle(_ title: String) {}
    public func bell() { plain.bell() }
    public func suspend() { plain.suspend() }
    public func resume() { plain.resume() }
    public func writeTranscript(_ bytes: [UInt8]) { plain.writeTranscript(bytes) }

    /// The lines that the shown screen has for the transcript, and rterm's own line.
    public func show(_ shown: ShownScreen, now: UInt64) {
        let view = ReaderTranscript.View(terminal: shown.terminal, programName: shown.programName, message: shown.message())
        writeTranscript(transcript.update(view, now: now))
    }

    public var deadline: UInt64? { transcript.nextDeadline() }

    public func say(_ text: String) -> Bool {
        writeTranscript(transcript.announce(text))
        return true
    }

    /// Another screen: its lines are read afresh, from its top row.
    public func sessionShown(number: Int, name: String) {
        transcript = ReaderTranscript()
        writeTranscript(transcript.announce("session \(number): \(name)"))
    }

    public var listsButtons: Bool { true }
}
