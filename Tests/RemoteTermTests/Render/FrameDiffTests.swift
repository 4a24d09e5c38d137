// The frame diff: only rows whose revision changed are redrawn; a resize, reverse video or
// an invalidated state redraws everything; cursor motion and visibility are reported.

import Testing

@testable import RemoteTerm

private func drawn(_ terminal: Terminal) -> RenderState { RenderState(drawn: terminal) }

@Suite struct FrameDiffTests {
    @Test func firstFrameRedrawsEverything() {
        let terminal = Terminal(rows: 4, columns: 10)
        let diff = FrameDiff(from: RenderState(), to: terminal)
        #expect(diff.isFullRedraw)
        #expect(diff.rowsToRedraw == [0, 1, 2, 3])
    }

    @Test func nothingChangedMeansNothingToDraw() {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("hello")
        let diff = FrameDiff(from: drawn(terminal), to: terminal)
        #expect(diff.isEmpty)
        #expect(!diff.isFullRedraw)
    }

    @Test(arguments: [
        ("print on one row", "\u{1B}[3;1Hx", [2]),
        ("erase a line", "\u{1B}[2;1H\u{1B}[K", [1]),
        ("two rows", "\u{1B}[1;1Ha\u{1B}[4;1Hb", [0, 3]),
        ("scroll", "\u{1B}[4;1H\n", [0, 1, 2, 3]),
        ("scroll region", "\u{1B}[2;3r\u{1B}[3;1H\n", [1, 2]),
    ])
    func onlyChangedRowsAreRedrawn(_ name: String, _ change: String, _ expected: [Int]) {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("a\r\nb\r\nc\r\nd")
        let state = drawn(terminal)
        terminal.feed(change)
        let diff = FrameDiff(from: state, to: terminal)
        #expect(diff.rowsToRedraw == expected, "\(name)")
        #expect(!diff.isFullRedraw)
    }

    @Test(arguments: [(4, 20), (6, 10), (2, 5)])
    func resizeRedrawsEveryRow(_ rows: Int, _ columns: Int) {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("text")
        let state = drawn(terminal)
        terminal.resize(rows: rows, columns: columns)
        let diff = FrameDiff(from: state, to: terminal)
        #expect(diff.isFullRedraw)
        #expect(diff.rowsToRedraw == Array(0..<rows))
    }

    @Test func cursorMotionAloneRedrawsNoRow() {
        var terminal = Terminal(rows: 4, columns: 10)
        let state = drawn(terminal)
        terminal.feed("\u{1B}[3;5H")
        let diff = FrameDiff(from: state, to: terminal)
        #expect(diff.rowsToRedraw == [])
        #expect(diff.cursorMoved)
        #expect(!diff.cursorVisibilityChanged)
        #expect(!diff.isEmpty)
    }

    @Test func cursorVisibilityChange() {
        var terminal = Terminal(rows: 4, columns: 10)
        let state = drawn(terminal)
        terminal.feed("\u{1B}[?25l")
        let diff = FrameDiff(from: state, to: terminal)
        #expect(diff.cursorVisibilityChanged)
        #expect(!diff.cursorMoved)
        #expect(diff.rowsToRedraw == [])
    }

    @Test func pendingWrapKeepsTheCursorOnTheLastColumn() {
        var terminal = Terminal(rows: 2, columns: 5)
        terminal.feed("abcd")
        let state = drawn(terminal)
        terminal.feed("e")  // fills the row; the wrap is pending, the cursor stays in column 4
        let diff = FrameDiff(from: state, to: terminal)
        #expect(diff.rowsToRedraw == [0])
        #expect(!diff.cursorMoved)
        #expect(drawn(terminal).cursorColumn == 4)
    }

    @Test func alternateScreenRedrawsItsRows() {
        var terminal = Terminal(rows: 3, columns: 10)
        terminal.feed("one\r\ntwo\r\nthree")
        let state = drawn(terminal)
        terminal.feed("\u{1B}[?1049h")
        #expect(FrameDiff(from: state, to: terminal).rowsToRedraw == [0, 1, 2])
        let onAlternate = drawn(terminal)
        terminal.feed("\u{1B}[?1049l")
        #expect(FrameDiff(from: onAlternate, to: terminal).rowsToRedraw == [0, 1, 2])
    }

    @Test func reverseVideoRedrawsEverything() {
        var terminal = Terminal(rows: 3, columns: 10)
        let state = drawn(terminal)
        terminal.feed("\u{1B}[?5h")
        #expect(FrameDiff(from: state, to: terminal).isFullRedraw)
    }

    @Test func invalidatedStateRedrawsEverything() {
        let terminal = Terminal(rows: 3, columns: 10)
        var state = drawn(terminal)
        #expect(state.hasDrawn)
        state.invalidate()
        #expect(!state.hasDrawn)
        #expect(FrameDiff(from: state, to: terminal).rowsToRedraw == [0, 1, 2])
    }

    @Test func recordingAFrameClearsTheDiff() {
        var terminal = Terminal(rows: 3, columns: 10)
        var state = RenderState()
        for text in ["a", "\r\nb", "\u{1B}[2J", "\u{1B}[Hc"] {
            terminal.feed(text)
            #expect(!FrameDiff(from: state, to: terminal).isEmpty, "\(text)")
            state.recordDrawn(terminal)
            #expect(FrameDiff(from: state, to: terminal).isEmpty, "\(text)")
        }
    }

    @Test func manyUpdatesBetweenFramesCollapseIntoOne() {
        // Frames are dropped, not queued: a thousand writes to row 1 are one row to redraw.
        var terminal = Terminal(rows: 3, columns: 10)
        let state = drawn(terminal)
        for index in 0..<1_000 { terminal.feed("\u{1B}[2;1H\(index % 10)") }
        #expect(FrameDiff(from: state, to: terminal).rowsToRedraw == [1])
    }
}
