// The remote-row writer proven the way the renderer is (issue 56): the real ncurses screen
// draws the workspace's frames onto a pipe, rterm's writer taking the remote's rows and
// ncurses the bar and the overlays, and what both wrote is fed back through rterm's own
// `Terminal`, which must equal each frame cell by cell, on every terminal of `locals` (8,
// 256 and direct colour, with and without bce, and ncurses alone). The cases are the ones
// where two owners of the screen could disagree: a popup opened and closed over rows that
// change under it, a resize while output streams, the bar hidden and shown (`~b`), a
// suspend and resume, wide characters at the right margin and over each other's halves.

import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermNcurses
@testable import RemoteTermSSH

extension RendererRoundTripTests {
    /// One local terminal of `locals` showing a rig's frames: draws, decodes what was written
    /// and records every difference from the frame.
    final class Shown {
        let local: Local
        let pipe: DrainedPipe
        let screen: NcursesScreen
        var decoded: Terminal
        var problems: [String] = []

        init(_ local: Local, rows: Int, columns: Int) throws {
            self.local = local
            pipe = try DrainedPipe(size: 1 << 22)
            screen = try #require(
                NcursesScreen(term: local.term, output: pipe.writeEnd, rows: rows, columns: columns, environment: local.environment))
            decoded = Terminal(rows: rows, columns: columns)
        }

        /// Draws `frame` and checks the terminal shows exactly it.
        func show(_ frame: Frame, _ name: String) {
            screen.draw(frame)
            decode()
            let found = RendererRoundTripTests.differences(frame, decoded, screen: screen)
            if !found.isEmpty { problems.append("\(local), \(name):\n" + found.prefix(6).joined(separator: "\n")) }
        }

        /// Feeds what was written since to the decoding terminal.
        func decode() {
            _ = pipe.drain().withUnsafeBufferPointer { decoded.feed($0) }
        }

        deinit {
            screen.restore()
            _ = pipe.drain()
        }
    }

    /// Runs `scenario` on every local terminal: it drives the rig and shows frames.
    static func everywhere(
        rows: Int, columns: Int, _ scenario: (WorkspaceRig, Shown) -> Void
    ) throws -> [String] {
        var problems: [String] = []
        for local in locals {
            let rig = WorkspaceRig(rows: rows, columns: columns)
            let shown = try Shown(local, rows: rows, columns: columns)
            scenario(rig, shown)
            problems += shown.problems
        }
        return problems
    }

    @Test func aPopupOverRowsThatChangeUnderItLeavesTheRemoteRowsExactly() throws {
        let problems = try Self.everywhere(rows: 24, columns: 100) { rig, shown in
            rig.feed((1...30).map { "\u{1B}[3\($0 % 8)mline \($0)\u{1B}[0m " + String(repeating: "=", count: $0) }.joined(separator: "\r\n"))
            shown.show(rig.frame, "a log")
            guard let slash = rig.column(of: "/") else { return shown.problems.append("no / on the bar") }
            rig.type("\u{1B}[<2;\(slash + 1);24M\u{1B}[<2;\(slash + 1);24m")  // a right click: the popup
            shown.show(rig.frame, "the popup open")
            for step in 1...4 {
                // Scrolled under the popup, and rewritten in place beside it.
                rig.feed("\r\n\u{1B}[4\(step)mmore \(step)\u{1B}[0m\u{1B}[s\u{1B}[22;1Hrow 22 now \(step)\u{1B}[u")
                shown.show(rig.frame, "output under the popup, step \(step)")
            }
            rig.type("\u{1B}", after: 20_000_000)  // Esc closes it
            shown.show(rig.frame, "the popup closed")
            rig.feed("\r\nafter the popup")
            shown.show(rig.frame, "a line after")
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test func aResizeWhileOutputStreamsRedrawsTheNewSizeExactly() throws {
        let problems = try Self.everywhere(rows: 12, columns: 60) { rig, shown in
            var size = (rows: 12, columns: 60)
            for (step, next) in [(9, 40), (16, 80), (2, 6), (1, 4), (12, 61)].enumerated() {
                rig.feed((1...5).map { "\r\n\u{1B}[1;3\($0)mstep \(step) line \($0)\u{1B}[0m" }.joined())
                shown.show(rig.frame, "output at \(size)")
                size = next
                rig.workspace.resize(local: size)
                shown.screen.resize(rows: size.rows, columns: size.columns)
                shown.decoded.resize(rows: size.rows, columns: size.columns)
                rig.feed("\r\nright after the resize to \(size.columns)")
                rig.turn()
                shown.show(rig.frame, "the first frame at \(size)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test func theBarHiddenAndShownGivesItsRowsToTheRemoteAndBack() throws {
        let problems = try Self.everywhere(rows: 10, columns: 40) { rig, shown in
            rig.feed(String(repeating: "\r\nbefore ~b", count: 12))
            shown.show(rig.frame, "with the bar")
            rig.type("\r~b")
            rig.turn()
            // The last row is the remote's now: text to its last cell.
            rig.feed("\r\n" + String(repeating: "x", count: 39) + "\u{1B}[10;40H#")
            shown.show(rig.frame, "without the bar")
            if rig.frame.text.last != String(repeating: "x", count: 39) + "#" {
                shown.problems.append("the bottom row is not the remote's: \(rig.frame.text.last ?? "")")
            }
            rig.type("\r~b")
            rig.turn()
            rig.feed("\r\nthe bar is back")
            shown.show(rig.frame, "the bar back")
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test func aSuspendAndResumeDrawsEverythingAgain() throws {
        let problems = try Self.everywhere(rows: 10, columns: 50) { rig, shown in
            rig.feed("\u{1B}[44m" + (1...12).map { "\r\ncoloured line \($0)" }.joined() + "\u{1B}[0m")
            shown.show(rig.frame, "before the suspend")
            shown.screen.suspend()
            shown.decode()
            // The shell the user went back to draws on the main screen meanwhile.
            _ = Array("$ fg\r\n".utf8).withUnsafeBufferPointer { shown.decoded.feed($0) }
            shown.screen.resume()
            shown.screen.invalidate()
            rig.feed("\r\nwhile suspended")
            shown.show(rig.frame, "after the resume")
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test func wideCharactersAtTheRightMarginAndOverEachOthersHalves() throws {
        let problems = try Self.everywhere(rows: 8, columns: 30) { rig, shown in
            // One that fits the last two columns, one that does not fit the last one (it wraps).
            rig.feed("\u{1B}[1;29H字\u{1B}[2;30H字 next")
            shown.show(rig.frame, "wide characters at the margin")
            // Narrow over a wide one's halves, wide over narrow ones, and a wide one moved by one column.
            rig.feed("\u{1B}[4;1H字字字字\u{1B}[5;1Habcdefgh\u{1B}[6;2H字字字")
            shown.show(rig.frame, "wide rows")
            rig.feed("\u{1B}[4;2Hx\u{1B}[4;5Hyz\u{1B}[5;2H字字\u{1B}[6;1H字字字 \u{1B}[1;30Hq")
            shown.show(rig.frame, "halves overwritten")
            rig.feed("\u{1B}[4;1H\u{1B}[2K\u{1B}[1;29H\u{1B}[32m字")
            shown.show(rig.frame, "erased and recoloured")
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }
}
