// Damage tracking: rowRevision(row) changes whenever that row's content changes and stays
// the same for rows that were not touched (cursor motion, modes, SGR, titles and replies
// touch no row).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func revisions(_ t: Terminal) -> [UInt64] { (0..<t.rows).map { t.rowRevision($0) } }

/// Feeds `setup`, records revisions, feeds `change`, and returns which rows changed.
private func changedRows(rows: Int = 5, columns: Int = 10, _ setup: String, _ change: String) -> [Int] {
    var t = Terminal(rows: rows, columns: columns)
    t.feed(esc(setup))
    let before = revisions(t)
    t.feed(esc(change))
    let after = revisions(t)
    return (0..<rows).filter { before[$0] != after[$0] }
}

@Suite struct DamageTests {
    @Test(arguments: [
        ("print on one row", "⎋[3;1Hx", [2]),
        ("EL on one row", "⎋[2;1H⎋[K", [1]),
        ("ECH on one row", "⎋[4;2H⎋[3X", [3]),
        ("ICH on one row", "⎋[1;1H⎋[@", [0]),
        ("DCH on one row", "⎋[5;1H⎋[P", [4]),
        ("ED 0 from row 3", "⎋[4;1H⎋[J", [3, 4]),
        ("ED 1 up to row 1", "⎋[2;10H⎋[1J", [0, 1]),
        ("ED 2", "⎋[2J", [0, 1, 2, 3, 4]),
        ("LF at the bottom scrolls every row", "⎋[5;1H\n", [0, 1, 2, 3, 4]),
        ("LF in a region scrolls only the region", "⎋[2;4r⎋[4;1H\n", [1, 2, 3]),
        ("IL in a region", "⎋[2;4r⎋[3;1H⎋[L", [2, 3]),
        ("DL in a region", "⎋[2;4r⎋[2;1H⎋[M", [1, 2, 3]),
        ("RI at the top", "⎋[H⎋M", [0, 1, 2, 3, 4]),
        ("SU", "⎋[S", [0, 1, 2, 3, 4]),
        ("wrapping print touches two rows", "⎋[1;9Hxyz", [0, 1]),
        ("DECALN", "⎋#8", [0, 1, 2, 3, 4]),
    ])
    func contentChangesBumpOnlyTheirRows(_ name: String, _ change: String, _ expected: [Int]) {
        #expect(changedRows(fiveRows, change) == expected, "\(name)")
    }

    @Test(arguments: [
        "⎋[3;3H", "⎋[A⎋[B⎋[C⎋[D", "⎋[1;31;4m", "⎋[?25l⎋[?1h⎋=⎋[?2004h", "⎋]2;title\u{07}", "⎋[6n⎋[c⎋P$qm⎋\\",
        "⎋7⎋8", "⎋[2;4r", "\r", "\u{08}", "\t", "⎋[?1000h⎋[?1006h", "\u{07}",
    ])
    func nonContentChangesBumpNothing(_ change: String) {
        #expect(changedRows(fiveRows, change) == [], "\(visible(esc(change)))")
    }

    @Test func alternateScreenSwitchBumpsRowsWithContent() {
        let changed = changedRows("abc\r\ndef", "⎋[?1049h")
        #expect(changed.contains(0))
        #expect(changed.contains(1))
    }

    @Test func revisionsChangeOnEveryContentChange() {
        var t = Terminal(rows: 2, columns: 10)
        var seen: Set<UInt64> = [t.rowRevision(0)]
        for ch in "abcdef" {
            t.feed(String(ch))
            let rev = t.rowRevision(0)
            #expect(!seen.contains(rev), "revision must change after printing \(ch)")
            seen.insert(rev)
        }
    }

    @Test func resizeBumpsChangedRows() {
        var t = Terminal(rows: 3, columns: 10)
        t.feed(esc("0123456789"))
        let before = t.rowRevision(0)
        t.resize(rows: 3, columns: 5)
        #expect(t.rowRevision(0) != before)
    }
}
