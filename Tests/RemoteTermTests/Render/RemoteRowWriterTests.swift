// The remote-row writer's bytes, table-driven: a changed cell costs a move and the cell, a
// blank tail an erase in the right background (spaces where the terminal does not erase in
// colour), colours in the terminal's depth, scrolls as a region and line feeds, and nothing
// the remote put in a cell ever reaches the terminal as a control.

import Foundation
import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront

struct RemoteRowWriterTests {
    /// The line the engine keeps after `text` is fed to a terminal `columns` wide.
    static func line(_ text: String, columns: Int = 20, row: Int = 0) -> FrameLine {
        var terminal = Terminal(rows: 4, columns: columns)
        _ = Array(text.utf8).withUnsafeBufferPointer { terminal.feed($0) }
        return FrameLine(cells: terminal.rowCells(row), extras: terminal.cellExtras, columns: columns)
    }

    /// What the writer sends to bring row 2 from `old` (nil: unknown) to `new`.
    static func written(
        _ new: String, over old: String?, terminal: RemoteRowTerminal = RemoteRowTerminal(colorCount: 256),
        reverse: Bool = false
    ) -> String {
        var writer = RemoteRowWriter(terminal: terminal)
        var out: [UInt8] = []
        var line = Self.line(new)
        line.isReverseScreen = reverse
        if let old {
            var before = Self.line(old)
            before.isReverseScreen = reverse
            writer.write(row: 2, line, over: before, into: &out)
        } else {
            writer.write(row: 2, line, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let e = "\u{1B}"

    @Test(arguments: [
        // What changed, and only that: a move and the cell (the rendition set once a frame).
        ("hello world", "hello there", "\(e)[3;7H\(e)[0mthere"),
        ("abc", "abX", "\(e)[3;3H\(e)[0mX"),
        ("same", "same", ""),
        // Two changes far apart: two moves (a skip forward), close together: one run.
        ("a.........b", "x.........y", "\(e)[3H\(e)[0mx\(e)[9Cy"),
        ("a..b", "x..y", "\(e)[3H\(e)[0mx..y"),
        // A shorter line: the tail erased once, where the old text ended beyond it.
        ("hello", "hi", "\(e)[3;2H\(e)[0mi\(e)[K"),
        // Unknown before: everything written, then the rest erased.
        (nil, "hi", "\(e)[3H\(e)[0mhi\(e)[K"),
        // Colours in the 256-colour form and back to the default within one SGR each.
        (nil, "\(e)[31mr\(e)[38;5;202mo\(e)[0md", "\(e)[3H\(e)[0;31mr\(e)[38;5;202mo\(e)[39md\(e)[K"),
        // A tail in a colour on a terminal that erases in colour (bce): the erase, in it.
        (nil, "ab\(e)[44m\(e)[K", "\(e)[3H\(e)[0mab\(e)[44m\(e)[K"),
    ] as [(String?, String, String)])
    func writesOnlyWhatChanged(old: String?, new: String, expected: String) {
        #expect(Self.written(new, over: old) == expected)
    }

    @Test func aColouredTailIsSpacesWhereTheTerminalDoesNotEraseInColour() {
        let terminal = RemoteRowTerminal(colorCount: 256, backgroundColorErase: false)
        let bytes = Self.written("ab\u{1B}[44m\u{1B}[K", over: nil, terminal: terminal)
        #expect(bytes == "\u{1B}[3H\u{1B}[0mab\u{1B}[44m" + String(repeating: " ", count: 18))
    }

    @Test func aReverseVideoScreenWritesItsTailAsInvertedSpaces() {
        let bytes = Self.written("ab", over: nil, reverse: true)
        #expect(bytes == "\u{1B}[3H\u{1B}[0;7mab" + String(repeating: " ", count: 18))
    }

    @Test(arguments: [
        (8, false, "\u{1B}[3H\u{1B}[0;31ma\u{1B}[36mb\u{1B}[32mc\u{1B}[K"),
        (16, false, "\u{1B}[3H\u{1B}[0;91ma\u{1B}[96mb\u{1B}[92mc\u{1B}[K"),
        (256, false, "\u{1B}[3H\u{1B}[0;38;5;202ma\u{1B}[38;5;51mb\u{1B}[38;5;47mc\u{1B}[K"),
        (256, true, "\u{1B}[3H\u{1B}[0;38;5;202ma\u{1B}[38;5;51mb\u{1B}[38;2;10;250;90mc\u{1B}[K"),
    ])
    func coloursInTheTerminalsDepth(colors: Int, direct: Bool, expected: String) {
        let terminal = RemoteRowTerminal(colorCount: colors, styles: LocalStyleCapabilities(directColor: direct))
        let bytes = Self.written(
            "\u{1B}[38;5;202ma\u{1B}[38;5;51mb\u{1B}[38;2;10;250;90mc", over: nil, terminal: terminal)
        #expect(bytes == expected)
    }

    @Test func renditionsTheTerminalLacksAreLeftOut() {
        let terminal = RemoteRowTerminal(colorCount: 8, renditions: [.bold, .inverse])
        let bytes = Self.written("\u{1B}[1;3;7mx\u{1B}[0;2;8my", over: nil, terminal: terminal)
        #expect(bytes == "\u{1B}[3H\u{1B}[0;1;7mx\u{1B}[0my\u{1B}[K")
    }

    @Test func wideCharactersAreWrittenWholeAndNeverHalved() {
        // A narrow character over the second half of a wide one writes the wide one's place whole.
        #expect(Self.written("字x", over: "字字") == "\u{1B}[3;3H\u{1B}[0mx\u{1B}[K")
        #expect(Self.written("a字", over: "ab字") == "\u{1B}[3;2H\u{1B}[0m字\u{1B}[K")
        #expect(Self.written("字", over: "ab") == "\u{1B}[3H\u{1B}[0m字")
    }

    @Test func nothingTheRemotePutInACellGoesOutAsAControl() {
        // The engine never stores controls in a cell; cells made by hand with them are
        // written as spaces.
        var line = FrameLine(columns: 6)
        for (column, value) in [0x1B, 0x07, 0x9B, 0x7F, 0x85, 0x41].enumerated() {
            line.cells[column] = Cell(codePoint: UInt32(value))
        }
        var writer = RemoteRowWriter(terminal: RemoteRowTerminal(colorCount: 256))
        var out: [UInt8] = []
        writer.write(row: 0, line, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[1H\u{1B}[0m     A")
    }

    @Test(arguments: [
        (FrameScroll(rows: 1..<6, count: 1), true, "\u{1B}[0m\u{1B}[2;6r\u{1B}[6H\n\u{1B}[r"),
        (FrameScroll(rows: 0..<9, count: 3), true, "\u{1B}[0m\u{1B}[1;9r\u{1B}[9H\u{1B}[3S\u{1B}[r"),
        (FrameScroll(rows: 0..<9, count: 3), false, "\u{1B}[0m\u{1B}[1;9r\u{1B}[9H\n\n\n\u{1B}[r"),
        (FrameScroll(rows: 2..<6, count: -2), true, "\u{1B}[0m\u{1B}[3;6r\u{1B}[3H\u{1B}[2T\u{1B}[r"),
        (FrameScroll(rows: 2..<6, count: -2), false, "\u{1B}[0m\u{1B}[3;6r\u{1B}[3H\u{1B}M\u{1B}M\u{1B}[r"),
    ])
    func scrollsAreARegionAndLineFeeds(scroll: FrameScroll, byCount: Bool, expected: String) {
        var writer = RemoteRowWriter(terminal: RemoteRowTerminal(colorCount: 256, scrollsByCount: byCount))
        var out: [UInt8] = []
        writer.scroll(scroll, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test func theCursorMovesTheShortestWay() {
        var writer = RemoteRowWriter(terminal: RemoteRowTerminal(colorCount: 256))
        var out: [UInt8] = []
        writer.moveCursor(row: 3, column: 4, into: &out)
        writer.moveCursor(row: 3, column: 4, into: &out)
        writer.moveCursor(row: 3, column: 5, into: &out)
        writer.moveCursor(row: 3, column: 9, into: &out)
        writer.moveCursor(row: 3, column: 0, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[4;5H\u{1B}[C\u{1B}[4C\u{1B}[4H")
    }

    @Test(arguments: [
        ("xterm-256color", true), ("xterm", true), ("tmux-256color", true), ("linux", true),
        // Padding on cup (a terminal of the 1980s) and a VT52's addressing: ncurses draws.
        ("vt100", false), ("vt52", false),
    ])
    func theWriterTakesTerminalsThatSpeakANSI(term: String, writes: Bool) throws {
        let capabilities = try #require(Self.terminfo(term), "no terminfo entry \(term)")
        let detected = RemoteRowTerminal.detect(
            colorCount: Int(capabilities.numbers["colors"] ?? 0), styles: .none,
            string: { capabilities.strings[$0] }, flag: { capabilities.flags.contains($0) })
        #expect((detected != nil) == writes)
        if term == "tmux-256color" { #expect(detected?.backgroundColorErase == false) }
        if term == "linux" { #expect(detected?.scrollsByCount == false && detected?.renditions.contains(.italic) == false) }
    }

    /// A terminfo entry as `infocmp -1 -x` prints it (escapes decoded as terminfo spells them).
    static func terminfo(_ term: String) -> (strings: [String: String], numbers: [String: Int], flags: Set<String>)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/infocmp")
        process.arguments = ["-1", "-x", term]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var strings: [String: String] = [:]
        var numbers: [String: Int] = [:]
        var flags: Set<String> = []
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") where raw.hasPrefix("\t") {
            var entry = String(raw.dropFirst())
            if entry.hasSuffix(",") { entry.removeLast() }
            if let equals = entry.firstIndex(of: "=") {
                let value = String(entry[entry.index(after: equals)...])
                    .replacingOccurrences(of: "\\E", with: "\u{1B}").replacingOccurrences(of: "\\017", with: "\u{0F}")
                strings[String(entry[..<equals])] = value
            } else if let hash = entry.firstIndex(of: "#") {
                let text = entry[entry.index(after: hash)...]
                numbers[String(entry[..<hash])] =
                    text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
            } else {
                flags.insert(entry)
            }
        }
        return (strings, numbers, flags)
    }
}
