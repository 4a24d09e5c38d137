import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermNcurses
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The renderer proven, not only the frame: the real ncurses screen draws the workspace's
/// frames onto a pipe as a terminal of terminfo (`newterm`), and what it wrote is fed back
/// through rterm's own `Terminal`. The decoded screen must equal each frame, cell by cell
/// (text, attributes, colours as the local terminal can show them) and the cursor, for
/// every kind of overlay, at 20, 80 and 200 columns, with and without direct colour. Frames
/// are drawn one after another on one screen, so the row-by-row updates are proven too.
///
/// ncurses keeps one current screen per process: the suite runs serialized.
@Suite(.serialized) struct RendererRoundTripTests {
    /// A local terminal: its terminfo entry and environment.
    struct Local: CustomStringConvertible, Sendable {
        var term: String
        var environment: [String: String]
        var description: String { term + (environment["COLORTERM"].map { " COLORTERM=\($0)" } ?? "") }
    }

    /// Terminals at 8, 256 and direct colour, with and without `bce`; the remote's rows
    /// written by rterm's writer, and by ncurses (RTERM_ROW_WRITER=off).
    static let locals = [
        Local(term: "xterm-256color", environment: [:]),
        Local(term: "xterm-256color", environment: ["COLORTERM": "truecolor", "RTERM_HYPERLINKS": "on"]),
        Local(term: "xterm", environment: [:]),
        Local(term: "tmux-256color", environment: [:]),
        Local(term: "xterm-256color", environment: ["RTERM_ROW_WRITER": "off"]),
        Local(term: "xterm-256color", environment: ["COLORTERM": "truecolor", "RTERM_ROW_WRITER": "off"]),
    ]

    /// What the remote draws: every rendition, 16, 256 and 24-bit colours, a palette entry
    /// changed, wide and combining characters, an emoji, text to the right edge.
    static let remote = [
        "\u{1B}]4;3;rgb:12/34/56\u{07}",
        "plain \u{1B}[1mbold\u{1B}[22m \u{1B}[2mfaint\u{1B}[22m \u{1B}[3mitalic\u{1B}[23m \u{1B}[4munder\u{1B}[24m ",
        "\u{1B}[5mblink\u{1B}[25m \u{1B}[7minverse\u{1B}[27m \u{1B}[8mhidden\u{1B}[28m \u{1B}[9mstrike\u{1B}[29m\r\n",
        "\u{1B}[31mred\u{1B}[39m \u{1B}[33mpalette3\u{1B}[39m \u{1B}[92mbright\u{1B}[39m \u{1B}[38;5;202m202\u{1B}[39m ",
        "\u{1B}[48;5;23mbg23\u{1B}[49m \u{1B}[38;2;10;200;30mrgb\u{1B}[39m \u{1B}[48;2;200;10;90mrgbbg\u{1B}[0m\r\n",
        "wide 字字 mark e\u{301}\u{302} emoji 👍🏽 \u{1B}[4:3mcurly\u{1B}[24m \u{1B}[53mover\u{1B}[55m\r\n",
        "see https://example.com/path and \u{1B}]8;;https://a.example/\u{07}here\u{1B}]8;;\u{07} done\r\n",
        String(repeating: "0123456789", count: 21) + "\r\n",
        "$ ",
    ].joined()

    /// The frames to draw, in order: each overlay kind the front has.
    static func frames(columns: Int) -> [(name: String, frame: Frame)] {
        var options = Session.Options()
        options.reconnect = ReconnectPolicy(isAutomatic: false)
        let rig = WorkspaceRig(rows: 10, columns: columns, options: options)
        rig.session.reconnector = { ConnectionAttempt(finished: .failed(.connectFailed(message: "down", status: 255))) }
        var frames: [(String, Frame)] = []
        func take(_ name: String) { frames.append((name, rig.frame)) }
        rig.feed(Self.remote)
        take("the remote screen, links underlined")
        // The remote's own default colours (OSC 10, 11) are its rows'; the bar keeps the
        // user's (issue 45: its buttons' reverse video comes from the user's terminal).
        rig.feed("\u{1B}]10;rgb:e0/e0/c0\u{07}\u{1B}]11;rgb:20/20/40\u{07}")
        take("the remote's default colours changed, the bar's not")
        rig.feed("\u{1B}]110\u{07}\u{1B}]111\u{07}")
        // Lines that moved go out as scrolls: a log, a scroll region up and down (vim, less).
        rig.feed("\r\n" + (1...12).map { "\u{1B}[3\($0 % 8)mlog line \($0)\u{1B}[0m end" }.joined(separator: "\r\n"))
        take("a log scrolled past the screen")
        rig.feed("\r\nnext 1\r\n\u{1B}[44mnext 2\u{1B}[0m")
        take("a log scrolled by two lines")
        rig.feed("\u{1B}[2;6r\u{1B}[6;1H\nregion up\u{1B}[2;1H\u{1B}M\u{1B}M\u{1B}[7mdown\u{1B}[0m\u{1B}[r\u{1B}[9;1H")
        take("a scroll region moved up and down")
        rig.feed(Self.remote)
        rig.type(FrontViewTests.press(0, 0) + FrontViewTests.drag(min(12, columns - 1), 1))
        take("a selection")
        rig.type(FrontViewTests.release(min(12, columns - 1), 1))
        rig.type("\u{1B}[<0;\(columns);10M\u{1B}[<0;\(columns);10m")  // the menu (☰ is last) or a page
        take("the menu or the next page of the bar")
        rig.type("q")
        if let ctrl = rig.column(of: "Ctrl") {
            rig.click(column: ctrl, row: 9)
            take("an armed modifier")
            rig.wait(2 * FrontController.multiClickInterval)  // a second click later cancels
            rig.click(column: ctrl, row: 9)
        }
        rig.type("\r~?")  // an escape starts a line
        #expect(rig.frame.text.contains { $0.hasPrefix(" rterm help") })
        take("the help panel")
        rig.type("q")
        rig.feed("\u{1B}[?5h")
        take("reverse video")
        rig.feed("\u{1B}[?5l")
        rig.feed(String(repeating: "\r\nmore", count: 30))
        rig.type("\u{1B}[<64;2;2M")
        #expect(rig.barRow.hasPrefix(" [history -"))
        take("the history")
        rig.type("q")
        rig.type("\r~c")
        rig.type("me@ho")
        #expect(rig.barRow.hasPrefix(" new session"))
        take("a question with the cursor on the bar row")
        rig.type("\u{1B}", after: 20_000_000)
        rig.workspace.notify("copied 12 characters to the clipboard", now: rig.clock.now())
        take("a notice")
        rig.feed("\u{1B}[?25l")
        take("the cursor hidden")
        rig.feed("\u{1B}[?25h\u{1B}[2J\u{1B}[H")
        // A second session guessing typed keys before their echo, then a third connecting.
        var predicting = Session.Options()
        predicting.predict = PredictionSettings(mode: .always)
        let echo = MemoryTransport(outputEnds: false)
        rig.workspace.add(rig.session(label: "beta", transport: echo, options: predicting), name: "beta", show: true)
        echo.deliver(Array("\u{1B}[32m$\u{1B}[0m ".utf8))
        rig.turn()
        rig.type("l")
        echo.deliver(Array("l".utf8))
        rig.turn()
        rig.type("s -la")
        #expect(rig.frame.text[0].hasPrefix("$ ls -la"))
        take("typed keys shown before their echo")
        rig.workspace.add(rig.session(label: "gamma", transport: nil), name: "gamma", show: true)
        // The label is on the bar's first page (the sessions' tabs are pages of their own).
        for _ in 0..<8 where rig.workspace.controller.bar.page != 0 { rig.type("\u{1B}[<64;2;10M") }
        #expect(rig.barRow.hasPrefix(" connecting to"))
        take("a session connecting")
        rig.workspace.show(0)
        rig.transports[0].failure = SessionReconnectTests.lost
        rig.turn()
        #expect(rig.barRow.hasSuffix("[Quit]"))
        take("a lost link: a stale screen and the reconnect row")
        return frames
    }

    @Test(arguments: [20, 80, 200])
    func whatNcursesWritesDecodesToTheFrame(columns: Int) throws {
        let frames = Self.frames(columns: columns)
        for local in Self.locals {
            let pipe = try DrainedPipe(size: 1 << 20)
            let screen = try #require(
                NcursesScreen(term: local.term, output: pipe.writeEnd, rows: 10, columns: columns, environment: local.environment),
                "no terminfo entry \(local.term)")
            // What this terminal draws beyond ncurses: strikethrough (terminfo's smxx) always,
            // direct colour and OSC 8 links when the environment says so.
            #expect(screen.styleCapabilities.strikethrough)
            #expect(screen.styleCapabilities.directColor == (local.environment["COLORTERM"] != nil))
            #expect(screen.styleCapabilities.hyperlinks == (local.environment["RTERM_HYPERLINKS"] == "on"))
            #expect(screen.writesRemoteRows == (local.environment["RTERM_ROW_WRITER"] != "off"))
            var decoded = Terminal(rows: 10, columns: columns)
            for (name, frame) in frames {
                screen.draw(frame)
                _ = pipe.drain().withUnsafeBufferPointer { decoded.feed($0) }
                let problems = Self.differences(frame, decoded, screen: screen)
                let report = problems.prefix(8).joined(separator: "\n")
                let same = problems.isEmpty
                #expect(same, "\(local), \(columns) columns, \(name):\n\(report)")
            }
            screen.restore()
        }
    }

    /// Where `decoded` differs from `frame`, one line each. A terminal of one row gets a frame
    /// of two (the remote keeps a row, the bar takes the next): only the rows the terminal
    /// has are compared.
    static func differences(_ frame: Frame, _ decoded: Terminal, screen: NcursesScreen) -> [String] {
        var problems: [String] = []
        let styles = screen.styleCapabilities
        if frame.columns != decoded.columns { return ["\(frame.columns) columns drawn on \(decoded.columns)"] }
        for row in 0..<min(frame.rows, decoded.rows) {
            let line = frame.lines[row]
            let cells = Array(decoded.rowCells(row))
            for column in 0..<frame.columns {
                let want = line.cells[column]
                let got = cells[column]
                if want.attributes.contains(.wideContinuation) != got.attributes.contains(.wideContinuation) {
                    problems.append("\(row),\(column): half of a wide character on one side only")
                    continue
                }
                if want.attributes.contains(.wideContinuation) { continue }
                let wantText = text(of: want, extras: line.extras)
                let gotText = text(of: got, extras: decoded.cellExtras)
                if wantText != gotText { problems.append("\(row),\(column): \"\(gotText)\", not \"\(wantText)\"") }
                let isBlank = wantText == " "
                let wantStyle = shown(want.attributes, reverseScreen: line.isReverseScreen, blank: isBlank, styles: styles)
                let gotStyle = shown(got.attributes, reverseScreen: false, blank: isBlank, styles: styles)
                if wantStyle != gotStyle {
                    problems.append("\(row),\(column) \"\(wantText)\": attributes \(gotStyle.rawValue), not \(wantStyle.rawValue)")
                }
                // An invisible cell's colours cannot be seen; a blank's foreground neither.
                if !want.attributes.contains(.invisible) {
                    let hasInk = want.attributes.contains(.inverse) || want.attributes.underlineStyle != .none
                    let pairs: [(TerminalColor, TerminalColor, Bool)] = [
                        (want.foreground, got.foreground, true), (want.background, got.background, false),
                    ]
                    for (wanted, found, isForeground) in pairs where !(isForeground && isBlank && !hasInk) {
                        let expected = color(
                            wanted, asForeground: isForeground, frame: frame, screen: screen, local: line.usesLocalColors)
                        if expected != found {
                            problems.append(
                                "\(row),\(column) \"\(wantText)\": \(isForeground ? "fore" : "back")ground \(found), not \(expected)")
                        }
                    }
                }
                if styles.hyperlinks {
                    let wantLink = line.links.first { $0.columns.contains(column) }?.url
                    let gotLink = got.extra == 0 ? nil : decoded.cellExtras.hyperlinkURI(decoded.cellExtras.entry(got.extra).hyperlink)
                    if wantLink != gotLink { problems.append("\(row),\(column): link \(gotLink ?? "none"), not \(wantLink ?? "none")") }
                }
            }
        }
        let cursor = decoded.modes.cursorVisible ? FrameCursor(row: decoded.cursorRow, column: decoded.cursorColumn) : nil
        if cursor != frame.cursor { problems.append("cursor \(String(describing: cursor)), not \(String(describing: frame.cursor))") }
        return problems
    }

    /// A cell's text, a blank for nothing at all.
    static func text(of cell: Cell, extras: CellExtras) -> String {
        let text = TextRenderer.grapheme(of: cell, extras: extras) ?? " "
        return text.isEmpty ? " " : text
    }

    /// The attributes a terminal shows for `attributes`: underline styles as a plain
    /// underline where the terminal has no styled ones; strikethrough and overline only
    /// where it draws them; a reverse-video screen inverts every cell. On a blank, what
    /// changes only the look of a glyph (bold, faint, italic, blink, invisible) shows nothing.
    static func shown(
        _ attributes: CellAttributes, reverseScreen: Bool, blank: Bool, styles: LocalStyleCapabilities
    ) -> CellAttributes {
        let glyphOnly: CellAttributes = [.bold, .faint, .italic, .blink, .invisible]
        var result = attributes.intersection(blank ? [.inverse] : glyphOnly.union(.inverse))
        if reverseScreen { result.formSymmetricDifference(.inverse) }
        if styles.strikethrough, attributes.contains(.strikethrough) { result.insert(.strikethrough) }
        if styles.overline, attributes.contains(.overline) { result.insert(.overline) }
        let underline = attributes.underlineStyle
        if underline != .none { result.underlineStyle = styles.styledUnderline ? underline : .single }
        return result
    }

    /// The colour a terminal with the screen's capabilities shows for `color` of the frame:
    /// the remote's palette changes as RGB (not on rterm's own, `local`, rows), then exact
    /// with direct colour, else the nearest of the terminal's colours (the default stays the
    /// default).
    static func color(
        _ color: TerminalColor, asForeground: Bool, frame: Frame, screen: NcursesScreen, local: Bool
    ) -> TerminalColor {
        let drawn = local ? color : frame.colors.drawn(color, asForeground: asForeground)
        if case .rgb = drawn, screen.styleCapabilities.directColor { return drawn }
        let number = ColorPalette.colorNumber(for: drawn, colorCount: screen.colorCount)
        return number < 0 ? .default : .indexed(UInt8(number))
    }
}

/// A pipe whose reading end is drained without blocking: room for `size` bytes, so a writer
/// on the same thread never waits.
final class DrainedPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init(size: Int32) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(writeEnd, 1031, size)  // F_SETPIPE_SZ
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Everything written so far.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
