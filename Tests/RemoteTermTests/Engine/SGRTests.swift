// SGR in full. Reference: xterm ctlseqs "Character Attributes (SGR)", ITU T.416 for the
// colon forms (38:2:<colourspace>:r:g:b with an empty colourspace id, and xterm's
// accepted 38:2:r:g:b), kitty/VTE for 4:x underline styles and 58/59 underline colour.
// A missing parameter (e.g. the middle of "1;;3") is 0, which resets.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let flagMask: CellAttributes = [
    .bold, .faint, .italic, .blink, .inverse, .invisible, .strikethrough, .overline,
]

struct SGRCase: Sendable, CustomTestStringConvertible {
    let params: String
    let flags: CellAttributes
    let underline: UnderlineStyle
    let fg: TerminalColor
    let bg: TerminalColor
    let ul: TerminalColor

    init(
        _ params: String, _ flags: CellAttributes = [], underline: UnderlineStyle = .none,
        fg: TerminalColor = .default, bg: TerminalColor = .default, ul: TerminalColor = .default
    ) {
        self.params = params
        self.flags = flags
        self.underline = underline
        self.fg = fg
        self.bg = bg
        self.ul = ul
    }

    var testDescription: String { "SGR \(params)" }
}

private let cases: [SGRCase] = [
    SGRCase("1", .bold),
    SGRCase("2", .faint),
    SGRCase("3", .italic),
    SGRCase("4", underline: .single),
    SGRCase("4:0"),
    SGRCase("4:1", underline: .single),
    SGRCase("4:2", underline: .double),
    SGRCase("4:3", underline: .curly),
    SGRCase("4:4", underline: .dotted),
    SGRCase("4:5", underline: .dashed),
    SGRCase("4:3;4", underline: .single),
    SGRCase("4;4:0"),
    SGRCase("21", underline: .double),
    SGRCase("4;24"),
    SGRCase("4:3;24"),
    SGRCase("21;24"),
    SGRCase("5", .blink),
    SGRCase("7", .inverse),
    SGRCase("8", .invisible),
    SGRCase("9", .strikethrough),
    SGRCase("53", .overline),
    SGRCase("53;55"),
    SGRCase("1;22"),
    SGRCase("2;22"),
    SGRCase("1;2;22"),
    SGRCase("1;2", [.bold, .faint]),
    SGRCase("3;23"),
    SGRCase("5;25"),
    SGRCase("7;27"),
    SGRCase("8;28"),
    SGRCase("9;29"),
    SGRCase("1;3;4;5;7;8;9;53;0"),
    SGRCase("1;3;9", [.bold, .italic, .strikethrough]),
    SGRCase("1;;3", .italic),
    SGRCase(";1", .bold),
    SGRCase("0"),
    // 16 colours
    SGRCase("30", fg: .indexed(0)),
    SGRCase("31", fg: .indexed(1)),
    SGRCase("37", fg: .indexed(7)),
    SGRCase("90", fg: .indexed(8)),
    SGRCase("97", fg: .indexed(15)),
    SGRCase("31;39"),
    SGRCase("40", bg: .indexed(0)),
    SGRCase("41", bg: .indexed(1)),
    SGRCase("47", bg: .indexed(7)),
    SGRCase("100", bg: .indexed(8)),
    SGRCase("107", bg: .indexed(15)),
    SGRCase("41;49"),
    SGRCase("1;31", .bold, fg: .indexed(1)),
    SGRCase("31;42", fg: .indexed(1), bg: .indexed(2)),
    SGRCase("31;0"),
    // 256 colours and RGB, semicolon and colon forms
    SGRCase("38;5;196", fg: .indexed(196)),
    SGRCase("38:5:196", fg: .indexed(196)),
    SGRCase("38;5;0", fg: .indexed(0)),
    SGRCase("38;5;255", fg: .indexed(255)),
    SGRCase("48;5;21", bg: .indexed(21)),
    SGRCase("48:5:21", bg: .indexed(21)),
    SGRCase("38;2;10;20;30", fg: .rgb(10, 20, 30)),
    SGRCase("38:2::10:20:30", fg: .rgb(10, 20, 30)),
    SGRCase("38:2:10:20:30", fg: .rgb(10, 20, 30)),
    SGRCase("38;2;255;255;255", fg: .rgb(255, 255, 255)),
    SGRCase("48;2;1;2;3", bg: .rgb(1, 2, 3)),
    SGRCase("48:2::1:2:3", bg: .rgb(1, 2, 3)),
    SGRCase("48:2:1:2:3", bg: .rgb(1, 2, 3)),
    SGRCase("38;2;10;20;30;39"),
    SGRCase("48;5;21;49"),
    SGRCase("1;38;5;196;4", .bold, underline: .single, fg: .indexed(196)),
    SGRCase("38;2;10;20;30;1", .bold, fg: .rgb(10, 20, 30)),
    SGRCase("38:2::10:20:30;1", .bold, fg: .rgb(10, 20, 30)),
    SGRCase("38;5;196;48;2;1;2;3", fg: .indexed(196), bg: .rgb(1, 2, 3)),
    SGRCase("38:5:196;48:2::1:2:3;3", .italic, fg: .indexed(196), bg: .rgb(1, 2, 3)),
    // Underline colour
    SGRCase("58;5;9", ul: .indexed(9)),
    SGRCase("58:5:9", ul: .indexed(9)),
    SGRCase("58;2;1;2;3", ul: .rgb(1, 2, 3)),
    SGRCase("58:2::1:2:3", ul: .rgb(1, 2, 3)),
    SGRCase("58:2:1:2:3", ul: .rgb(1, 2, 3)),
    SGRCase("58;5;9;59"),
    SGRCase("4:3;58:2::255:0:0", underline: .curly, ul: .rgb(255, 0, 0)),
    SGRCase("58;5;9;0"),
    SGRCase("58;5;9;31", fg: .indexed(1), ul: .indexed(9)),
]

@Suite struct SGRTests {
    @Test(arguments: cases)
    func sgr(_ c: SGRCase) {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[\(c.params)mX")
        let cell = t.cell(row: 0, column: 0)
        if !c.flags.contains(.invisible) { #expect(cell.scalar == "X") }
        #expect(cell.attributes.intersection(flagMask) == c.flags, "flags")
        #expect(cell.attributes.underlineStyle == c.underline, "underline style")
        #expect(cell.foreground == c.fg, "foreground")
        #expect(cell.background == c.bg, "background")
        #expect(t.underlineColor(row: 0, column: 0) == c.ul, "underline colour")
    }

    @Test(arguments: ["⎋[m", "⎋[0m", "⎋[;m"])
    func resetClearsEverything(_ reset: String) {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;2;3;4;5;7;8;9;53;31;42;58;5;3m" + reset + "X")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.attributes.intersection(flagMask) == [])
        #expect(cell.attributes.underlineStyle == .none)
        #expect(cell.foreground == .default)
        #expect(cell.background == .default)
        #expect(t.underlineColor(row: 0, column: 0) == .default)
    }

    @Test func penAppliesOnlyToLaterCharacters() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "a⎋[1;31mb⎋[mc")
        #expect(!t.cell(row: 0, column: 0).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 1).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 1).foreground == .indexed(1))
        #expect(!t.cell(row: 0, column: 2).attributes.contains(.bold))
        #expect(t.cell(row: 0, column: 2).foreground == .default)
    }

    @Test func attributesAccumulateAcrossSequences() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1m⎋[3m⎋[4:3m⎋[38;5;100mX")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.attributes.intersection(flagMask) == [.bold, .italic])
        #expect(cell.attributes.underlineStyle == .curly)
        #expect(cell.foreground == .indexed(100))
    }

    @Test func SGRDoesNotMoveTheCursorOrPrint() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[1;38;2;1;2;3;48:5:4m")
        expectScreen(t, [], cursor: (0, 0))
    }

    @Test func malformedExtendedColoursDoNotCrash() {
        for params in ["38", "38;5", "38;2", "38;2;1", "38;2;1;2", "38:2", "38:5", "48;5;", "58;2;;;", "38;9;1",
                       "38;5;99999999999", "38;2;999;999;999", "38:2:::::::::1", "4:99", "4:", ":::", "38;5;300"] {
            let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[\(params)mX")
            #expect(t.cell(row: 0, column: 0).scalar == "X", "SGR \(params)")
            expectScreen(t, ["X"], cursor: (0, 1))
        }
    }

    @Test func extendedColourConsumesItsArguments() {
        // "38;5;1" must not be read as 38, 5 (blink), 1 (bold).
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[38;5;1mX")
        let cell = t.cell(row: 0, column: 0)
        #expect(cell.foreground == .indexed(1))
        #expect(!cell.attributes.contains(.blink))
        #expect(!cell.attributes.contains(.bold))
        let (u, _) = feedAllWays(rows: 2, columns: 10, "⎋[38;2;1;5;4mX")
        let cell2 = u.cell(row: 0, column: 0)
        #expect(cell2.foreground == .rgb(1, 5, 4))
        #expect(!cell2.attributes.contains(.blink))
        #expect(cell2.attributes.underlineStyle == .none)
    }

    @Test func thirtyThirdParameterIsIgnored() {
        // At most 32 parameters are kept; the rest are dropped.
        let zeros = Array(repeating: "0", count: 32).joined(separator: ";")
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[\(zeros);1mX")
        #expect(!t.cell(row: 0, column: 0).attributes.contains(.bold))
        let thirtyOne = Array(repeating: "0", count: 31).joined(separator: ";")
        let (u, _) = feedAllWays(rows: 2, columns: 10, "⎋[\(thirtyOne);1mX")
        #expect(u.cell(row: 0, column: 0).attributes.contains(.bold))
    }

    @Test func manyParametersDoNotCrash() {
        let many = Array(repeating: "1", count: 5000).joined(separator: ";")
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[\(many)mX⎋[mY")
        expectScreen(t, ["XY"], cursor: (0, 2))
        #expect(!t.cell(row: 0, column: 1).attributes.contains(.bold))
    }

    @Test func manySubParametersDoNotCrash() {
        let many = Array(repeating: "2", count: 5000).joined(separator: ":")
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋[38:\(many)mX")
        expectScreen(t, ["X"], cursor: (0, 1))
    }

    @Test func DECRQSSReportsTheSGR() {
        #expect(reply(to: "⎋[1;31m⎋P$qm⎋\\") == "⎋P1$r0;1;31m⎋\\")
        #expect(reply(to: "⎋P$qm⎋\\") == "⎋P1$r0m⎋\\")
    }
}
