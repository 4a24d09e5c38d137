import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A plain row's cells live in its bytes until something reads them
/// (`ScreenBuffer.heldInPlainText`): reading the screen at any moment must change nothing.
/// A terminal read in full after every piece of its input ends exactly like one fed the
/// same input whole and read once.
@Suite struct ReadingChangesNothingTests {
    static func readEverything(_ t: Terminal) {
        for row in 0..<t.rows { _ = t.rowCells(row) }
        _ = t.renderText()
    }

    static func expectReadingChangesNothing(_ pieces: [[UInt8]], rows: Int, columns: Int,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        var whole = Terminal(rows: rows, columns: columns, scrollbackLimit: 200)
        whole.feed(pieces.flatMap { $0 })
        var read = Terminal(rows: rows, columns: columns, scrollbackLimit: 200)
        for piece in pieces {
            read.feed(piece)
            Self.readEverything(read)
        }
        if let difference = EngineSnapshot(whole).firstDifference(from: EngineSnapshot(read), columns: columns) {
            Issue.record("read after every piece vs not: \(difference)", sourceLocation: sourceLocation)
        }
    }

    /// Every kind of change after plain text, read between any two of its pieces: styled
    /// text and marks on a plain row, edits (ICH, DCH, ECH, EL, ED), rectangles (DECCRA from
    /// a plain row, DECFRA, DECERA, DECCARA), REP, scroll regions, wide characters, the
    /// alternate screen, DECALN, RIS; and a row read in full, written over at its start, then
    /// scrolled off and reused (what the read wrote out must not show through).
    @Test(arguments: [
        ["plain\r\nmore plain text\r\n", "\u{1B}[1;3H\u{1B}[31mred\u{1B}[0m e", "\u{301}\r\n"],
        ["abcdefghij", "\u{1B}[1;3H\u{1B}[2@", "\u{1B}[1P\u{1B}[2X", "\u{1B}[K\r\nxyz", "\u{1B}[1J"],
        ["row one\r\nrow two\r\n", "\u{1B}[1;1;1;7;3;1;1$v", "\u{1B}[2;1;2;3;0$r\u{1B}[42;1;1;1;3$x", "\u{1B}[3;1;3;2$z"],
        ["x\u{1B}[5b\r\n", "\u{1B}[2;3r\u{1B}[3;1Hscrolled\n", "\n\n\u{1B}[r"],
        ["plain ", "中文 text\r\n", "\u{1B}[?1049hinside", "\u{1B}[?1049l after\r\n"],
        ["before", "\u{1B}#8\u{1B}[2;2Hmid", "\u{1B}cafter reset\r\n"],
        ["0123456789", "\u{1B}[1;1Hab\u{1B}[4;1H\n\n\n\nx"],
        ["0123456789\r\nsecond", "\u{1B}[1;1Hab\u{1B}[2J", "\u{1B}[1;5Hc"],
    ])
    func readingBetweenPiecesChangesNothing(_ pieces: [String]) {
        Self.expectReadingChangesNothing(pieces.map { Array($0.utf8) }, rows: 4, columns: 12)
    }

    /// Seeded random mixes of plain lines and escape-heavy output, at two sizes.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomOutputReadAfterEveryPieceChangesNothing(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces = ["\r\n", "\u{1B}[1;31m", "\u{1B}[0m", "\u{1B}[2K", "\u{1B}[H", "\u{1B}[3;4H", "\u{1B}[@", "\u{1B}[P",
                      "\u{1B}[2J", "\u{1B}[S", "\u{1B}[T", "\u{1B}M", "\u{1B}[3b", "\u{1B}[?1049h", "\u{1B}[?1049l",
                      "\u{1B}[2;5r", "\u{1B}[r", "中", "e\u{301}", "\t", "\u{1B}[4h", "\u{1B}[4l", "\u{1B}#8"]
        var input = ""
        for _ in 0..<3000 {
            if rng.next(below: 3) == 0 {
                input += pieces[rng.next(below: pieces.count)]
            } else {
                input += String((0..<rng.next(in: 1...15)).map { _ in Character(UnicodeScalar(UInt8(0x21 + rng.next(below: 0x5E)))) })
            }
        }
        let bytes = Array(input.utf8)
        for (rows, columns, maxChunk) in [(5, 17, 16), (24, 80, 64)] {
            let pieces = randomChunks(bytes, seed: seed &+ UInt64(rows), maxChunk: maxChunk).map { Array($0) }
            Self.expectReadingChangesNothing(pieces, rows: rows, columns: columns)
        }
    }
}
