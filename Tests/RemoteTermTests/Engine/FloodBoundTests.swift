// Floods that once grew memory or work without bound (issue 15): hyperlinks in the
// scrollback are held once each and swept with the lines that used them; a screen with more
// live extras than the table holds does not compact on every new value; the text renderer
// trims a row without copying it per trailing space.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct FloodBoundTests {
    private let longURI = "https://example.com/" + String(repeating: "p", count: 4000)

    /// A thousand lines under one 4 KiB link cost the link once, and each old line still has it.
    @Test func oneLinkOverManyScrolledLinesIsHeldOnce() {
        var t = Terminal(rows: 4, columns: 20, scrollbackLimit: 2000)
        t.feed(esc("⎋]8;id=x;\(longURI)⎋\\"))
        for i in 0..<1000 { t.feed(esc("line \(i)\r\n")) }
        let usage = t.scrollback.hyperlinkUsage
        #expect(usage.count == 1)
        #expect(usage.bytes < 4100)
        let oldest = t.line(number: t.oldestLineNumber)
        #expect(oldest?.hyperlink(at: 0) == longURI)
        #expect(t.scrollbackText(0) == "line 0")
    }

    /// Distinct links on every line: the table is swept as lines leave the scrollback, stays
    /// within its bounds, and the newest lines keep their links.
    @Test func distinctLinksAreSweptWithTheLinesThatUsedThem() {
        var t = Terminal(rows: 2, columns: 20, scrollbackLimit: 100)
        for i in 0..<6000 { t.feed(esc("⎋]8;;\(longURI)\(i)⎋\\L\(i)⎋]8;;⎋\\\r\n")) }
        let usage = t.scrollback.hyperlinkUsage
        #expect(usage.bytes <= ScrollbackLinks.byteLimit)
        #expect(usage.count <= ScrollbackLinks.countLimit)
        let newest = t.line(number: t.screenTopLineNumber - 1)
        #expect(newest?.text(at: 0) == "L")
        #expect(newest?.hyperlink(at: 0) == "\(longURI)5998")
        #expect(t.line(number: t.oldestLineNumber)?.hyperlink(at: 0) == "\(longURI)5899")
    }

    /// Links and ids that are each distinct in a long history never exceed the byte bound,
    /// and a link dropped for want of room leaves its line's text whole.
    @Test func aFullLinkTableDropsLinksNotText() {
        var t = Terminal(rows: 2, columns: 10, scrollbackLimit: 10_000)
        for i in 0..<5000 { t.feed(esc("⎋]8;id=\(i);\(longURI)⎋\\w\(i)⎋]8;;⎋\\\r\n")) }
        #expect(t.scrollback.hyperlinkUsage.bytes <= ScrollbackLinks.byteLimit)
        #expect(t.scrollbackText(4998) == "w4998")
        #expect(t.scrollbackText(0) == "w0")
        #expect(t.line(number: t.oldestLineNumber)?.hyperlink(at: 0) == longURI)
        // 5000 distinct 4 KiB links do not fit 16 MiB: the last lines keep their text only.
        #expect(t.line(number: t.oldestLineNumber + 4998)?.hyperlink(at: 0) == nil)
    }

    /// More live underline colours than the extras table holds (both screens of 160×410):
    /// compactions stay few instead of one per new colour, and the screen text is whole.
    @Test func moreLiveExtrasThanTheTableHoldsDoNotCompactPerValue() {
        var t = Terminal(rows: 160, columns: 410, scrollbackLimit: 0)
        func fill(_ t: inout Terminal, from seed: Int) {
            var bytes: [UInt8] = Array("\u{1B}[H".utf8)
            for cell in 0..<(160 * 410 - 1) {
                let v = cell + seed
                bytes += Array("\u{1B}[58:2::\(v & 0xFF):\((v >> 8) & 0xFF):\((v >> 16) & 0xFF)m4".utf8)
            }
            t.feed(bytes)
        }
        fill(&t, from: 0)
        t.feed(esc("⎋[?1049h"))
        fill(&t, from: 70_000)
        #expect(t.cellExtras.compactionCount < 40)
        #expect(t.renderText().hasPrefix(String(repeating: "4", count: 410) + "\n"))
    }

    /// The text renderer's trimming: a space with a mark stays, a wide character at the end
    /// stays whole, an empty 1000-column row is an empty line.
    @Test(arguments: [
        ("a b   ", "a b"), ("x \u{301}", "x \u{301}"), ("末", "末"), ("", ""), ("  ⎋[5X", ""),
    ])
    func rowTextIsTrimmedOfTrailingBlanksOnly(_ input: String, _ expected: String) {
        var t = Terminal(rows: 1, columns: 1000)
        t.feed(esc(input))
        #expect(TextRenderer.lines(of: t) == [expected])
    }

    /// A fill repeated with nothing in between is skipped, and only then: a character
    /// printed or a colour set in between makes the next fill apply again.
    @Test func aRepeatedRectangleFillIsSkippedOnlyWhenNothingHappenedInBetween() {
        let fill = "⎋[88;1;1;2;3$x"
        var t = Terminal(rows: 3, columns: 4)
        t.feed(esc(fill + fill + "⎋[1;1Hz" + fill))
        #expect(TextRenderer.lines(of: t) == ["XXX", "XXX", ""])
        t.feed(esc("⎋[31m" + fill))
        #expect(t.cell(row: 1, column: 2).foreground == .indexed(1))
        t.feed(esc("⎋[1;1;1;1$z" + "⎋[1;1;1;1$z"))
        #expect(TextRenderer.lines(of: t) == [" XX", "XXX", ""])
    }

    /// DECALN refills only the rows changed since the last one, and the screen is as if it
    /// refilled them all: after printing, scrolling, erasing and a trip to the alternate screen.
    @Test func aDECALNAfterADECALNRefillsOnlyWhatChanged() {
        let steps = ["⎋#8", "⎋[2;2Hab⎋#8", "⎋[3;1H\n\n⎋#8", "⎋[2J⎋#8", "⎋[?1049h⎋#8⎋[1;1Hz⎋[?1049l⎋#8", "⎋[?1049h⎋#8"]
        var t = Terminal(rows: 3, columns: 4)
        for step in steps {
            t.feed(esc(step))
            #expect(TextRenderer.lines(of: t) == ["EEEE", "EEEE", "EEEE"], "after \(step)")
            #expect(t.cursorRow == 0 && t.cursorColumn == 0)
        }
        t.feed(esc("⎋[1;1Hq⎋#8"))
        #expect(TextRenderer.lines(of: t) == ["EEEE", "EEEE", "EEEE"])
        // A row written on the other screen between two DECALNs of this one is refilled when
        // that screen gets its own DECALN.
        var u = Terminal(rows: 2, columns: 3)
        u.feed(esc("⎋#8⎋[?47h⎋[1;1Hq⎋[?47l⎋#8⎋[?47h⎋#8"))
        #expect(TextRenderer.lines(of: u) == ["EEE", "EEE"])
    }
}
