import Testing

@testable import RemoteTermFront
@testable import RemoteTermNcurses

/// Issue 56 item 2: frames wrapped in synchronized output (?2026) when the user's terminal
/// says it knows the mode (DECRPM to DECRQM), so a slow terminal never shows half a frame.
struct LocalSynchronizedOutputTests {
    @Test(arguments: [
        ("\u{1B}[?2026;2$y", true), ("\u{1B}[?2026;1$y", true), ("\u{1B}[?2026;0$y", false), ("\u{1B}[?2026;4$y", false),
        ("\u{1B}[?2027;2$y", false), ("\u{1B}[?1u\u{1B}[?2026;2$y\u{1B}[?62;22c", true), ("", false),
    ])
    func theAnswerSaysWhetherTheTerminalKnowsTheMode(answer: String, known: Bool) {
        var whole = LocalSynchronizedOutputAnswer()
        whole.scan(Array(answer.utf8))
        #expect(whole.isSupported == known)
        // Split at every byte, as reads may split it.
        var split = LocalSynchronizedOutputAnswer()
        for byte in answer.utf8 { split.scan([byte]) }
        #expect(split.isSupported == known)
    }

    @Test func theStartupQuestionAsksForTheModeBeforeItsEndMarker() {
        let question = String(decoding: TerminalProbe.startupQuestion, as: UTF8.self)
        #expect(question.contains("\u{1B}[?2026$p") && question.hasSuffix("\u{1B}[c"))
    }
}

extension RendererRoundTripTests {
    /// Each frame ncurses draws (and what rterm paints over it) is between `CSI ? 2026 h` and
    /// `CSI ? 2026 l`; without the mode, neither is written.
    @Test func framesAreWrappedInSynchronizedOutputWhenTheTerminalKnowsIt() throws {
        for synchronized in [true, false] {
            let drawn = try Drawn()
            drawn.screen.synchronizedFrames = synchronized
            drawn.rig.feed(Self.fullScreen)
            _ = drawn.pipe.drain()
            drawn.screen.draw(drawn.rig.frame)
            let written = String(decoding: drawn.pipe.drain(), as: UTF8.self)
            if synchronized {
                #expect(written.hasPrefix("\u{1B}[?2026h") && written.hasSuffix("\u{1B}[?2026l"), "\(written.debugDescription)")
                #expect(written.contains("row 5 of the screen"))
            } else {
                #expect(!written.contains("2026"), "\(written.debugDescription)")
            }
        }
    }
}
