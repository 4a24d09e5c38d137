// Shared helpers for the VT engine tests.
//
// Every test feeds its input through `feedAllWays`, which runs the same bytes through
// fresh terminals five ways (whole, one byte at a time, and three seeded random chunkings)
// and requires the resulting state and effects to be identical. Chunk boundaries must
// never change what the engine does.
//
// Inputs are written as readable strings: "⎋" (U+238B) stands for ESC (0x1B); every other
// character is sent as its UTF-8 bytes.

import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

// MARK: - Deterministic randomness

// `SplitMix64` (RemoteTermFuzz) drives chunking and mutation deterministically.

// MARK: - Input notation

/// The escape character, for string interpolation where "⎋" would be ambiguous.
let ESC = "\u{1B}"

/// Turns a readable test string into bytes: "⎋" becomes ESC (0x1B); everything else is
/// the character's UTF-8 encoding (so "\u{9B}" is the two bytes C2 9B, not a raw 0x9B).
func esc(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
        if scalar == "⎋" {
            out.append(0x1B)
        } else {
            out.append(contentsOf: Array(String(scalar).utf8))
        }
    }
    return out
}

/// Printable form of reply bytes for failure messages: ESC as "⎋", other controls as \xNN.
func visible(_ bytes: [UInt8]) -> String {
    var s = ""
    for b in bytes {
        switch b {
        case 0x1B: s += "⎋"
        case 0x20..<0x7F: s += String(UnicodeScalar(b))
        default: s += "\\x" + String(b, radix: 16, uppercase: true)
        }
    }
    return s
}

// MARK: - Expected screens

/// Removes trailing spaces, as `renderText()` does for each row.
func trimTrailingSpaces(_ line: String) -> String {
    var scalars = Array(line.unicodeScalars)
    while let last = scalars.last, last == " " { scalars.removeLast() }
    var s = ""
    s.unicodeScalars.append(contentsOf: scalars)
    return s
}

/// The `renderText()` form of a screen: `rows` lines (missing lines are empty, trailing
/// spaces trimmed), then "cursor=ROW,COL", every line ending in "\n".
func screenText(_ lines: [String], cursor: (Int, Int), rows: Int) -> String {
    var out = ""
    for row in 0..<rows {
        out += (row < lines.count ? trimTrailingSpaces(lines[row]) : "") + "\n"
    }
    out += "cursor=\(cursor.0),\(cursor.1)\n"
    return out
}

/// Checks the rendered screen and cursor of `terminal`.
func expectScreen(
    _ terminal: Terminal, _ lines: [String], cursor: (Int, Int),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    precondition(lines.count <= terminal.rows, "more expected lines than rows")
    let expected = screenText(lines, cursor: cursor, rows: terminal.rows)
    let actual = terminal.renderText()
    #expect(actual == expected, "screen differs", sourceLocation: sourceLocation)
}

/// One row of `renderText()` (without its newline).
func renderedRow(_ terminal: Terminal, _ row: Int) -> String {
    let lines = terminal.renderText().split(separator: "\n", omittingEmptySubsequences: false)
    return row < lines.count ? String(lines[row]) : "<no row \(row)>"
}

/// A table-driven screen test: feed `input` to a `rows`×`columns` terminal, then compare
/// `renderText()` with `lines` + `cursor`.
struct ScreenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let lines: [String]
    let cursor: (Int, Int)
    let rows: Int
    let columns: Int

    init(
        _ name: String, _ input: String, _ lines: [String], cursor: (Int, Int),
        rows: Int = 5, columns: Int = 10
    ) {
        self.name = name
        self.input = input
        self.lines = lines
        self.cursor = cursor
        self.rows = rows
        self.columns = columns
    }

    var testDescription: String { name }

    func run(sourceLocation: SourceLocation = #_sourceLocation) {
        let (t, _) = feedAllWays(rows: rows, columns: columns, esc(input), sourceLocation: sourceLocation)
        let expected = screenText(lines, cursor: cursor, rows: rows)
        #expect(
            t.renderText() == expected, "\(name): input \(visible(esc(input)))",
            sourceLocation: sourceLocation)
    }
}

// MARK: - Whole-state snapshots

struct CellSnapshot: Equatable, CustomStringConvertible {
    var codePoint: UInt32
    var foreground: UInt32
    var background: UInt32
    var attributes: UInt16
    var grapheme: String
    var hyperlink: String?
    var underlineColor: TerminalColor

    var description: String {
        "U+\(String(codePoint, radix: 16)) fg=\(foreground) bg=\(background) attr=\(attributes) "
            + "g=\(grapheme.debugDescription) link=\(hyperlink ?? "-") ul=\(underlineColor)"
    }
}

/// Everything observable about a terminal that must not depend on how input was chunked.
/// (Row revisions are excluded: more feed calls may legitimately bump them more often.)
struct EngineSnapshot: Equatable {
    var render: String
    var cursorRow: Int
    var cursorColumn: Int
    var pendingWrap: Bool
    var modes: String
    var alternate: Bool
    var title: String
    var iconName: String
    var scrollback: [String]
    var cells: [CellSnapshot]

    init(_ t: Terminal) {
        render = t.renderText()
        cursorRow = t.cursorRow
        cursorColumn = t.cursorColumn
        pendingWrap = t.hasPendingWrap
        modes = String(describing: t.modes)
        alternate = t.isAlternateScreenActive
        title = t.title
        iconName = t.iconName
        scrollback = (0..<t.scrollbackCount).map { t.scrollbackText($0) }
        var cells: [CellSnapshot] = []
        cells.reserveCapacity(t.rows * t.columns)
        for r in 0..<t.rows {
            for c in 0..<t.columns {
                let cell = t.cell(row: r, column: c)
                cells.append(
                    CellSnapshot(
                        codePoint: cell.codePoint, foreground: cell.foregroundBits,
                        background: cell.backgroundBits, attributes: cell.attributes.rawValue,
                        grapheme: t.graphemeText(row: r, column: c),
                        hyperlink: t.hyperlink(row: r, column: c),
                        underlineColor: t.underlineColor(row: r, column: c)))
            }
        }
        self.cells = cells
    }

    /// A short description of the first difference, or nil when equal.
    func firstDifference(from other: EngineSnapshot, columns: Int) -> String? {
        if render != other.render { return "renderText:\n\(render)---- vs ----\n\(other.render)" }
        if cursorRow != other.cursorRow || cursorColumn != other.cursorColumn {
            return "cursor \(cursorRow),\(cursorColumn) vs \(other.cursorRow),\(other.cursorColumn)"
        }
        if pendingWrap != other.pendingWrap { return "hasPendingWrap \(pendingWrap) vs \(other.pendingWrap)" }
        if modes != other.modes { return "modes \(modes) vs \(other.modes)" }
        if alternate != other.alternate { return "alternate screen \(alternate) vs \(other.alternate)" }
        if title != other.title { return "title \(title.utf8.count) bytes vs \(other.title.utf8.count) bytes" }
        if iconName != other.iconName { return "iconName differs" }
        if scrollback != other.scrollback {
            return "scrollback \(scrollback.count) lines vs \(other.scrollback.count) lines (or contents differ)"
        }
        if cells.count != other.cells.count { return "cell count \(cells.count) vs \(other.cells.count)" }
        for i in cells.indices where cells[i] != other.cells[i] {
            return "cell \(i / max(columns, 1)),\(i % max(columns, 1)): \(cells[i]) vs \(other.cells[i])"
        }
        return nil
    }
}

// MARK: - Feeding

/// Splits `input` into chunks of random sizes in `1...maxChunk`.
func randomChunks(_ input: [UInt8], seed: UInt64, maxChunk: Int) -> [ArraySlice<UInt8>] {
    var rng = SplitMix64(seed: seed)
    var chunks: [ArraySlice<UInt8>] = []
    var i = 0
    while i < input.count {
        let n = min(rng.next(in: 1...max(1, maxChunk)), input.count - i)
        chunks.append(input[i..<(i + n)])
        i += n
    }
    return chunks
}

/// Feeds `input` to fresh `rows`×`columns` terminals five ways — whole, one byte at a time,
/// and three seeded random chunkings — and expects identical state and effects from all of
/// them. `setup` runs on each fresh terminal before the input (e.g. an earlier feed plus a
/// resize); its effects are not collected. Returns the terminal fed whole and its effects.
@discardableResult
func feedAllWays(
    rows: Int, columns: Int, scrollbackLimit: Int = 10_000,
    setup: (inout Terminal) -> Void = { _ in },
    _ input: [UInt8], byteByByte: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> (Terminal, [TerminalEffect]) {
    func fresh() -> Terminal {
        var t = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit)
        setup(&t)
        return t
    }

    var whole = fresh()
    let wholeEffects = whole.feed(input)
    let reference = EngineSnapshot(whole)

    var ways: [(String, [ArraySlice<UInt8>])] = []
    if byteByByte {
        ways.append(("byte-by-byte", input.indices.map { input[$0..<($0 + 1)] }))
    }
    ways.append(("random chunks ≤4 (seed 1)", randomChunks(input, seed: 1, maxChunk: 4)))
    ways.append(("random chunks ≤16 (seed 2)", randomChunks(input, seed: 2, maxChunk: 16)))
    ways.append(("random chunks ≤257 (seed 3)", randomChunks(input, seed: 3, maxChunk: 257)))

    for (label, chunks) in ways {
        var t = fresh()
        var effects: [TerminalEffect] = []
        for chunk in chunks { effects += t.feed(Array(chunk)) }
        let snapshot = EngineSnapshot(t)
        if let diff = reference.firstDifference(from: snapshot, columns: columns) {
            Issue.record("fed whole vs \(label): \(diff)", sourceLocation: sourceLocation)
        }
        #expect(effects == wholeEffects, "effects differ when fed \(label)", sourceLocation: sourceLocation)
    }
    return (whole, wholeEffects)
}

/// `feedAllWays` for a readable input string ("⎋" = ESC).
@discardableResult
func feedAllWays(
    rows: Int, columns: Int, scrollbackLimit: Int = 10_000,
    setup: (inout Terminal) -> Void = { _ in },
    _ input: String, byteByByte: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> (Terminal, [TerminalEffect]) {
    feedAllWays(
        rows: rows, columns: columns, scrollbackLimit: scrollbackLimit, setup: setup, esc(input),
        byteByByte: byteByByte, sourceLocation: sourceLocation)
}

// MARK: - Effects

/// The bytes of every `.reply` effect, concatenated in order.
func replyBytes(_ effects: [TerminalEffect]) -> [UInt8] {
    var out: [UInt8] = []
    for case .reply(let bytes) in effects { out += bytes }
    return out
}

/// The replies as one readable string ("⎋" for ESC).
func replyText(_ effects: [TerminalEffect]) -> String { visible(replyBytes(effects)) }

/// Feeds `input` all ways to a `rows`×`columns` terminal and returns the readable reply.
func reply(
    to input: String, rows: Int = 5, columns: Int = 10,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    let (_, effects) = feedAllWays(rows: rows, columns: columns, input, sourceLocation: sourceLocation)
    return replyText(effects)
}

/// Titles announced by `.titleChanged`, in order.
func titleEffects(_ effects: [TerminalEffect]) -> [String] {
    effects.compactMap { if case .titleChanged(let s) = $0 { return s } else { return nil } }
}

/// Five rows of distinct letters for a 5×10 screen; the cursor ends at (4,9) with a
/// pending wrap.
let fiveRows =
    "abcdefghij\r\n" + "klmnopqrst\r\n" + "uvwxyzABCD\r\n" + "EFGHIJKLMN\r\n" + "OPQRSTUVWX"
let fiveRowLines = ["abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX"]
