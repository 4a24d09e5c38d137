// The ncurses screen turns the keyboard protocol the user's terminal answered for on once it
// is on the alternate screen, and off before it leaves it, on every way out (the kitty
// protocol keeps a stack of flags per screen: the shell's, on the main screen, is not touched).

import Foundation
import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermNcurses

/// ncurses keeps one screen per process: these tests belong to the renderer's serialized suite.
extension RendererRoundTripTests {
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"

    /// Where `needle` last occurs in `text` (its start), nil if nowhere.
    static func lastOffset(of needle: String, in text: String) -> Int? {
        text.range(of: needle, options: .backwards).map { text.distance(from: text.startIndex, to: $0.lowerBound) }
    }

    static func count(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func ncursesScreenPushesAndPopsTheKittyKeyboardFlags() throws {
        let pipe = try DrainedPipe(size: 1 << 20)
        let screen = try #require(
            NcursesScreen(
                term: "xterm-256color", output: pipe.writeEnd, rows: 10, columns: 40, environment: [:], keyboard: .kitty))
        let push = "\u{1B}[>1u"
        let pop = "\u{1B}[<u"

        let started = String(decoding: pipe.drain(), as: UTF8.self)
        #expect(Self.count(of: push, in: started) == 1)
        #expect(Self.count(of: pop, in: started) == 0)
        let entered = try #require(Self.lastOffset(of: Self.enterAlternateScreen, in: started))
        #expect(try #require(Self.lastOffset(of: push, in: started)) > entered, "pushed on the alternate screen")

        screen.suspend()
        let suspended = String(decoding: pipe.drain(), as: UTF8.self)
        #expect(Self.count(of: pop, in: suspended) == 1)
        let left = try #require(Self.lastOffset(of: Self.leaveAlternateScreen, in: suspended))
        #expect(try #require(Self.lastOffset(of: pop, in: suspended)) < left, "popped before leaving it")

        screen.resume()
        let resumed = String(decoding: pipe.drain(), as: UTF8.self)
        #expect(Self.count(of: push, in: resumed) == 1)
        let reentered = try #require(Self.lastOffset(of: Self.enterAlternateScreen, in: resumed))
        #expect(try #require(Self.lastOffset(of: push, in: resumed)) > reentered)

        screen.restore()
        let restored = String(decoding: pipe.drain(), as: UTF8.self)
        #expect(Self.count(of: pop, in: restored) == 1)
        let leftAgain = try #require(Self.lastOffset(of: Self.leaveAlternateScreen, in: restored))
        #expect(try #require(Self.lastOffset(of: pop, in: restored)) < leftAgain)

        screen.restore()
        #expect(pipe.drain().isEmpty, "restore is idempotent: one pop for one push")
    }

    @Test func ncursesScreenPopsOnceWhenRestoredWhileSuspended() throws {
        let pipe = try DrainedPipe(size: 1 << 20)
        let screen = try #require(
            NcursesScreen(
                term: "xterm-256color", output: pipe.writeEnd, rows: 10, columns: 40, environment: [:], keyboard: .kitty))
        screen.suspend()
        screen.restore()
        let written = String(decoding: pipe.drain(), as: UTF8.self)
        #expect(Self.count(of: "\u{1B}[>1u", in: written) == 1)
        #expect(Self.count(of: "\u{1B}[<u", in: written) == 1)
    }

    @Test func ncursesScreenSetsModifyOtherKeysAndPutsItBack() throws {
        let pipe = try DrainedPipe(size: 1 << 20)
        let screen = try #require(
            NcursesScreen(
                term: "xterm-256color", output: pipe.writeEnd, rows: 10, columns: 40, environment: [:],
                keyboard: .modifyOtherKeys(previous: 1)))
        #expect(Self.count(of: "\u{1B}[>4;2m", in: String(decoding: pipe.drain(), as: UTF8.self)) == 1)
        screen.restore()
        #expect(Self.count(of: "\u{1B}[>4;1m", in: String(decoding: pipe.drain(), as: UTF8.self)) == 1)
    }

    @Test func ncursesScreenWithoutAKeyboardProtocolWritesNone() throws {
        let pipe = try DrainedPipe(size: 1 << 20)
        let screen = try #require(
            NcursesScreen(term: "xterm-256color", output: pipe.writeEnd, rows: 10, columns: 40, environment: [:]))
        screen.suspend()
        screen.resume()
        screen.restore()
        let written = String(decoding: pipe.drain(), as: UTF8.self)
        for sequence in ["\u{1B}[>1u", "\u{1B}[<u", "\u{1B}[>4;"] {
            #expect(!written.contains(sequence), "\(sequence.debugDescription)")
        }
    }
}
