import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `Terminal` is a value: a copy never sees what is fed to the original, even though the
/// screens' memory is shared until one of them is written (copy on write by hand).
@Suite struct ValueSemanticsTests {
    @Test func aCopyKeepsItsScreen() {
        var original = Terminal(rows: 3, columns: 10)
        original.feed("before")
        let snapshot = original
        original.feed("\r\u{1B}[2Kafter\u{1B}[?1049hALT")
        #expect(snapshot.renderText() == "before\n\n\ncursor=0,6\n")
        #expect(!snapshot.isAlternateScreenActive)
        #expect(original.isAlternateScreenActive)
    }

    @Test func bothCopiesCanBeWrittenIndependently() {
        var a = Terminal(rows: 2, columns: 8)
        a.feed("shared")
        var b = a
        a.feed("\r\nfrom a")
        b.feed("\r\nfrom b")
        #expect(TextRenderer.lines(of: a) == ["shared", "from a"])
        #expect(TextRenderer.lines(of: b) == ["shared", "from b"])
    }
}
