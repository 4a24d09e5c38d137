// The front's frames cost what changed, counted rather than timed: a changed cell recomposes
// and hands ncurses one row, a scroll goes out as a scroll, an overlay that moves touches only
// the rows it leaves and enters. And the shortcuts never change the picture: a frame composed
// from the last one equals one composed afresh, and the diff applied to the frame drawn gives
// the new one, over real recordings fed in random pieces.

import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
import RemoteTermFuzz
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermNcurses
@testable import RemoteTermSSH

/// ncurses keeps one screen per process: the tests that draw with it belong to the
/// renderer's serialized suite.
extension RendererRoundTripTests {
    /// A workspace of one 10x40 session (9 remote rows and the bar), drawn by ncurses onto a
    /// pipe: the frame's work and the drawing's, counted.
    final class Drawn {
        let rig = WorkspaceRig(rows: 10, columns: 40)
        let pipe: DrainedPipe
        let screen: NcursesScreen

        init() throws {
            pipe = try DrainedPipe(size: 1 << 20)
            screen = try #require(
                NcursesScreen(term: "xterm-256color", output: pipe.writeEnd, rows: 10, columns: 40, environment: [:]))
        }

        /// Composes and draws a frame; what it cost.
        func draw() -> (composed: Int, drawn: Int, scrolls: Int) {
            let frames = rig.workspace.frameWork
            let drawing = screen.renderWork
            screen.draw(rig.frame)
            _ = pipe.drain()
            return (
                rig.workspace.frameWork.rowsComposed - frames.rowsComposed, screen.renderWork.rowsDrawn - drawing.rowsDrawn,
                screen.renderWork.scrolls - drawing.scrolls
            )
        }

        /// The terminal given back while the pipe is still open (ncurses writes as it leaves).
        deinit {
            screen.restore()
            _ = pipe.drain()
        }
    }

    static let fullScreen = (1...9).map { "\u{1B}[3\($0 % 8)mrow \($0) of the screen\u{1B}[0m" }.joined(separator: "\r\n")

    @Test(arguments: [
        ("one changed cell", "\u{1B}[5;3Hx", 0, "rox 5 of the screen", 4),
        ("a one-line scroll and the new line", "\r\nthe new line", 1, "row 9 of the screen", 7),
        // vim and less scroll between margins: rows 2-6 up by one, the rest stays.
        ("a scroll in a region", "\u{1B}[2;6r\u{1B}[6;1H\nin the region\u{1B}[r", 1, "row 3 of the screen", 1),
    ])
    func aChangeComposesAndDrawsOneRow(_ name: String, _ change: String, _ scrolls: Int, _ row: String, _ at: Int) throws {
        let drawn = try Drawn()
        drawn.rig.feed(Self.fullScreen)
        _ = drawn.draw()
        drawn.rig.feed(change)
        let work = drawn.draw()
        #expect(work.composed == 1, "\(name)")
        #expect(work.drawn == 1, "\(name)")
        #expect(work.scrolls == scrolls, "\(name)")
        #expect(drawn.rig.frame.text[at].hasSuffix(row), "\(name): \(drawn.rig.frame.text)")
        // Nothing changed since: nothing composed, nothing drawn.
        let idle = drawn.draw()
        #expect(idle.composed == 0 && idle.drawn == 0 && idle.scrolls == 0, "\(name)")
    }
}

@Suite struct FrameWorkTests {
    @Test func anOverlayThatMovesTouchesTheRowsItLeavesAndEnters() throws {
        var terminal = Terminal(rows: 6, columns: 20)
        terminal.feed((1...6).map { "line \($0)" }.joined(separator: "\r\n"))
        func frame(_ selection: ClosedRange<TextPosition>) -> Frame {
            FrameComposer.compose(
                terminal, topLine: nil, area: (6, 20), overlays: FrameComposer.Overlays(selection: selection))
        }
        let top = terminal.screenTopLineNumber
        let before = frame(TextPosition(line: top + 1, column: 0)...TextPosition(line: top + 2, column: 19))
        let after = frame(TextPosition(line: top + 2, column: 0)...TextPosition(line: top + 3, column: 19))
        let diff = FrameDiff(from: before, to: after)
        #expect(diff.rowsToRedraw == [1, 3])
        #expect(diff.scroll == nil)
    }

    /// The frame drawn before, brought forward by `diff` as the renderer does: the scroll,
    /// then the rows it names taken from `next`.
    static func apply(_ diff: FrameDiff, to drawn: Frame, next: Frame) -> Frame {
        var result = drawn
        if let scroll = diff.scroll {
            for row in scroll.rows {
                result.lines[row] = scroll.sourceRow(of: row).map { drawn.lines[$0] } ?? FrameLine(columns: next.columns)
            }
        }
        for row in diff.rowsToRedraw { result.lines[row] = next.lines[row] }
        result.cursor = next.cursor
        return result
    }

    @Test(arguments: GoldenScreenTests.names)
    func reusedFramesAndTheDiffShowWhatAFreshFrameShows(name: String) throws {
        let bytes = [UInt8](try GoldenScreenTests.load(name, ".bytes"))
        var random = SplitMix64(seed: 0x5EED_F4A3E)  // pieces cut the same way on every run
        var terminal = Terminal(rows: 24, columns: 80)
        var work = FrameWork()
        var last: Frame?
        var drawn: Frame?
        var offset = 0
        var pieces = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1 + Int(random.next() % 512))
            terminal.feed(Array(bytes[offset..<end]))
            offset = end
            pieces += 1
            let overlays = FrameComposer.Overlays()
            let reused = FrameComposer.compose(
                terminal, topLine: nil, area: (24, 80), overlays: overlays, reusing: last, work: &work)
            let fresh = FrameComposer.compose(terminal, topLine: nil, area: (24, 80), overlays: overlays)
            #expect(reused == fresh, "\(name): a reused frame differs after \(offset) bytes")
            if let drawn {
                let diff = FrameDiff(from: drawn, to: reused)
                #expect(Self.apply(diff, to: drawn, next: reused) == reused, "\(name): the diff misses a row after \(offset) bytes")
            }
            last = reused
            drawn = reused
        }
        // Rows were reused: fewer composed than a frame's worth per piece.
        #expect(work.rowsComposed < pieces * 24, "\(name): \(work.rowsComposed) rows composed in \(pieces) frames")
    }

    /// Output with links, as a log shows them: plain URLs (some wrapped across rows, some
    /// cut by the screen's top), OSC 8 links, mail addresses, lines without any.
    static let linkedOutput: [UInt8] = {
        var text = ""
        for n in 0..<120 {
            switch n % 6 {
            case 0: text += "GET https://example.com/items/\(n)?page=\(n % 7) 200\r\n"
            case 1: text += "see \u{1B}]8;;https://docs.example/\(n)\u{07}the docs\u{1B}]8;;\u{07} and www.example.org\r\n"
            case 2: text += String(repeating: "x", count: 60 + n % 30) + " https://wrapped.example/" + String(repeating: "p", count: 40) + "\r\n"
            case 3: text += "mail mailto:ops@example.com now; time 12:00:01 no link\r\n"
            case 4: text += "\u{1B}[2;10r\u{1B}[10;1H\nin a region ssh://host.example:22\u{1B}[r\u{1B}[24;1H\r\n"
            default: text += "plain line \(n): nothing here\r\n"
            }
        }
        return Array(text.utf8)
    }()

    @Test func linksFoundOnlyOnChangedLinesAreTheLinksOfTheScreen() {
        var random = SplitMix64(seed: 0x11_4E5)
        var terminal = Terminal(rows: 24, columns: 80)
        var links = VisibleLinks()
        var work = FrameWork()
        var offset = 0
        var pieces = 0
        let bytes = Self.linkedOutput
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1 + Int(random.next() % 256))
            terminal.feed(Array(bytes[offset..<end]))
            offset = end
            pieces += 1
            let kept = links.links(terminal, topLine: nil, rows: 24, work: &work)
            let fresh = FrontController.visibleLinks(terminal, topLine: nil, rows: 24)
            #expect(kept == fresh, "after \(offset) bytes")
        }
        // Lines that only scrolled were not scanned again.
        #expect(work.linesScannedForLinks < pieces * 24, "\(work.linesScannedForLinks) lines scanned in \(pieces) frames")
    }
}

