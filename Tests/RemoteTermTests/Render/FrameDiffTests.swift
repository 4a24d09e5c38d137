// The frame diff: only rows whose lines differ are redrawn, whatever changed them (output,
// history position, selection); a new size redraws everything; cursor changes are reported.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func frame(_ terminal: Terminal, topLine: Int? = nil, selection: ClosedRange<TextPosition>? = nil) -> Frame {
    FrameComposer.compose(
        terminal, topLine: topLine, area: (terminal.rows, terminal.columns),
        overlays: FrameComposer.Overlays(selection: selection))
}

@Suite struct FrameDiffTests {
    @Test func firstFrameRedrawsEverything() {
        let diff = FrameDiff(from: nil, to: frame(Terminal(rows: 4, columns: 10)))
        #expect(diff.isFullRedraw)
        #expect(diff.rowsToRedraw == [0, 1, 2, 3])
    }

    @Test func nothingChangedMeansNothingToDraw() {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("hello")
        let diff = FrameDiff(from: frame(terminal), to: frame(terminal))
        #expect(diff.isEmpty)
        #expect(!diff.isFullRedraw)
    }

    @Test(arguments: [
        ("print on one row", "\u{1B}[3;1Hx", [2], nil),
        ("erase a line", "\u{1B}[2;1H\u{1B}[K", [1], nil),
        ("two rows", "\u{1B}[1;1Ha\u{1B}[4;1Hb", [3], nil),
        // Lines that moved are a scroll; the row it leaves is blank, as the new one is.
        ("scroll", "\u{1B}[4;1H\n", [], FrameScroll(rows: 0..<4, count: 1)),
        ("scroll and a new line", "\u{1B}[4;1H\nx", [3], FrameScroll(rows: 0..<4, count: 1)),
        ("scroll region", "\u{1B}[2;3r\u{1B}[3;1H\n", [], FrameScroll(rows: 1..<3, count: 1)),
        ("reverse scroll", "\u{1B}[1;1H\u{1B}Mz", [0], FrameScroll(rows: 0..<4, count: -1)),
        ("same text again", "\u{1B}[1;1Ha", [], nil),
        ("combining mark", "\u{1B}[1;1Ha\u{301}", [0], nil),
    ] as [(String, String, [Int], FrameScroll?)])
    func onlyChangedRowsAreRedrawn(_ name: String, _ change: String, _ expected: [Int], _ scroll: FrameScroll?) {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("a\r\nb\r\nc\r\nd")
        let before = frame(terminal)
        terminal.feed(change)
        let diff = FrameDiff(from: before, to: frame(terminal))
        #expect(diff.rowsToRedraw == expected, "\(name)")
        #expect(diff.scroll == scroll, "\(name)")
        #expect(!diff.isFullRedraw)
    }

    @Test func aScrollIsNotTakenWhenItWouldSpoilRowsThatStayed() {
        // The bottom row's line shows at the top, the six rows between stayed: moving them all
        // to save one row would cost six.
        func line(_ text: String, slot: Int32) -> FrameLine {
            var line = FrameLine(columns: 10)
            line.write(text, at: 0)
            line.identity = RowIdentity(isAlternate: false, slot: slot, revision: UInt64(slot))
            return line
        }
        var before = Frame(rows: 8, columns: 10)
        before.lines = (0..<8).map { line("r\($0)", slot: Int32($0)) }
        var after = before
        after.lines[0] = before.lines[7]
        after.lines[7] = line("new", slot: 8)
        let diff = FrameDiff(from: before, to: after)
        #expect(diff.scroll == nil)
        #expect(diff.rowsToRedraw == [0, 7])
    }

    @Test(arguments: [(4, 20), (6, 10), (2, 5)])
    func resizeRedrawsEveryRow(_ rows: Int, _ columns: Int) {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("text")
        let before = frame(terminal)
        terminal.resize(rows: rows, columns: columns)
        let diff = FrameDiff(from: before, to: frame(terminal))
        #expect(diff.isFullRedraw)
        #expect(diff.rowsToRedraw == Array(0..<rows))
    }

    @Test func aSelectionRedrawsOnlyItsRows() {
        var terminal = Terminal(rows: 4, columns: 10)
        terminal.feed("a\r\nb\r\nc\r\nd")
        let selection = TextPosition(line: 1, column: 0)...TextPosition(line: 2, column: 0)
        let diff = FrameDiff(from: frame(terminal), to: frame(terminal, selection: selection))
        #expect(diff.rowsToRedraw == [1, 2])
    }

    @Test func theHistoryHoldsStillWhileLinesArrive() {
        var terminal = Terminal(rows: 4, columns: 10)
        for i in 1...10 { terminal.feed("L\(i)\r\n") }
        let top = terminal.screenTopLineNumber - 3
        let before = frame(terminal, topLine: top)
        for i in 11...40 { terminal.feed("L\(i)\r\n") }
        let after = frame(terminal, topLine: top)
        #expect(after.text == ["L5", "L6", "L7", "L8"])
        #expect(FrameDiff(from: before, to: after).isEmpty)
    }

    /// Issue 56 item 3: a wheel step in the history is a scroll of the lines still shown, and
    /// only the line that comes into view is read and drawn; the screen's rows below the
    /// history keep the engine's identities too.
    @Test(arguments: [1, -1, 3])
    func aStepInTheHistoryIsAScroll(step: Int) {
        var terminal = Terminal(rows: 6, columns: 12)
        for i in 1...40 { terminal.feed("L\(i)\r\n") }
        let top = terminal.screenTopLineNumber - 8
        var work = FrameWork()
        let area = (terminal.rows, terminal.columns)
        let before = FrameComposer.compose(
            terminal, topLine: top, area: area, overlays: FrameComposer.Overlays(), reusing: nil, work: &work)
        let composed = work.rowsComposed
        let after = FrameComposer.compose(
            terminal, topLine: top + step, area: area, overlays: FrameComposer.Overlays(), reusing: before, work: &work)
        #expect(work.rowsComposed - composed == abs(step), "only the lines that came into view are read")
        let diff = FrameDiff(from: before, to: after)
        #expect(diff.scroll?.count == step, "\(String(describing: diff.scroll))")
        #expect(diff.rowsToRedraw.count == abs(step), "\(diff.rowsToRedraw)")
        #expect(after.text == FrameComposer.compose(terminal, topLine: top + step, area: area, overlays: FrameComposer.Overlays()).text)
    }

    /// Issue 56 item 3: rows under the selection keep an identity (their row's, with the
    /// overlay's), so when the screen scrolls they move with the rest and only the new line
    /// is drawn; before, every selected row was drawn again after each line of output.
    @Test func rowsUnderTheSelectionScrollWithTheRest() {
        var terminal = Terminal(rows: 6, columns: 12)
        for i in 1...20 { terminal.feed("L\(i)\r\n") }
        let top = terminal.screenTopLineNumber
        let selection = TextPosition(line: top + 1, column: 0)...TextPosition(line: top + 3, column: 1)
        var work = FrameWork()
        let area = (terminal.rows, terminal.columns)
        let overlays = FrameComposer.Overlays(selection: selection)
        let before = FrameComposer.compose(terminal, topLine: nil, area: area, overlays: overlays, reusing: nil, work: &work)
        terminal.feed("L21\r\n")
        let after = FrameComposer.compose(terminal, topLine: nil, area: area, overlays: overlays, reusing: before, work: &work)
        let diff = FrameDiff(from: before, to: after)
        #expect(diff.scroll?.count == 1, "\(String(describing: diff.scroll))")
        #expect(diff.rowsToRedraw == [4], "\(diff.rowsToRedraw)")
        // The same rows with the selection elsewhere are not the same lines.
        let moved = FrameComposer.compose(
            terminal, topLine: nil, area: area,
            overlays: FrameComposer.Overlays(selection: TextPosition(line: top + 1, column: 0)...TextPosition(line: top + 3, column: 0)),
            reusing: after, work: &work)
        #expect(FrameDiff(from: after, to: moved).rowsToRedraw == [2], "\(FrameDiff(from: after, to: moved).rowsToRedraw)")
    }

    @Test func cursorMotionIsReported() {
        var terminal = Terminal(rows: 4, columns: 10)
        let before = frame(terminal)
        terminal.feed("\u{1B}[2;3H")
        let diff = FrameDiff(from: before, to: frame(terminal))
        #expect(diff.rowsToRedraw.isEmpty)
        #expect(diff.cursorChanged)
    }
}
