// Tabs: HT, HTS, TBC, CBT, CHT. Default stops every 8 columns (9, 17, 25 in 1-based
// terms). HT never wraps: with no further stop it goes to the last column. HT moves the
// cursor only; it never erases. Reference: xterm tabs.c and ctlseqs; esctest cbt.py/cht.py.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func tabCase(_ name: String, _ input: String, _ line: String, _ col: Int) -> ScreenCase {
    ScreenCase(name, input, [line], cursor: (0, col), rows: 2, columns: 30)
}

private let pad8 = String(repeating: " ", count: 8)
private let pad16 = String(repeating: " ", count: 16)
private let pad29 = String(repeating: " ", count: 29)

private let cases: [ScreenCase] = [
    // HT
    tabCase("HT moves to column 8", "\tX", pad8 + "X", 9),
    tabCase("HT from column 7 moves to 8", "⎋[1;8H\tX", pad8 + "X", 9),
    tabCase("HT from a stop moves to the next", "⎋[1;9H\tX", pad16 + "X", 17),
    tabCase("Two HT", "\t\tX", pad16 + "X", 17),
    tabCase("HT with no further stop goes to the last column", "⎋[1;26H\tX", pad29 + "X", 29),
    tabCase("HT at the last column stays", "⎋[1;30H\t\tX", pad29 + "X", 29),
    tabCase("HT does not erase", "abcdefghij⎋[1;1H\tX", "abcdefghXj", 9),
    tabCase("C1-free HT among text", "a\tb", "a       b", 9),
    // CHT
    tabCase("CHT default", "⎋[IX", pad8 + "X", 9),
    tabCase("CHT 0 is 1", "⎋[0IX", pad8 + "X", 9),
    tabCase("CHT 2", "⎋[2IX", pad16 + "X", 17),
    tabCase("CHT huge goes to the last column", "⎋[99999999999IX", pad29 + "X", 29),
    // CBT
    tabCase("CBT default from column 19", "⎋[1;20H⎋[ZX", pad16 + "X", 17),
    tabCase("CBT from a stop goes to the previous one", "⎋[1;17H⎋[ZX", pad8 + "X", 9),
    tabCase("CBT 0 is 1", "⎋[1;20H⎋[0ZX", pad16 + "X", 17),
    tabCase("CBT 2", "⎋[1;20H⎋[2ZX", pad8 + "X", 9),
    tabCase("CBT huge stops at column 0", "⎋[1;20H⎋[99999999999ZX", "X", 1),
    tabCase("CBT at column 0 stays", "⎋[ZX", "X", 1),
    // HTS
    tabCase("HTS adds a stop", "⎋[1;4H⎋H⎋[1;1H\tX", "   X", 4),
    tabCase("HTS stop then the default stop", "⎋[1;4H⎋H⎋[1;1H\t\tX", pad8 + "X", 9),
    tabCase("C1 HTS from UTF-8 (C2 88)", "⎋[1;4H\u{88}⎋[1;1H\tX", "   X", 4),
    tabCase("CBT goes back to an HTS stop", "⎋[1;4H⎋H⎋[1;8H⎋[ZX", "   X", 4),
    // TBC
    tabCase("TBC default clears the stop at the cursor", "⎋[1;9H⎋[g⎋[1;1H\tX", pad16 + "X", 17),
    tabCase("TBC 0 clears the stop at the cursor", "⎋[1;9H⎋[0g⎋[1;1H\tX", pad16 + "X", 17),
    tabCase("TBC 0 elsewhere leaves stops", "⎋[1;5H⎋[0g⎋[1;1H\tX", pad8 + "X", 9),
    tabCase("TBC 3 clears all stops", "⎋[3g⎋[1;1H\tX", pad29 + "X", 29),
    tabCase("TBC 3 then HTS", "⎋[3g⎋[1;6H⎋H⎋[1;1H\tX", "     X", 6),
    tabCase("TBC 3 then HTS then HT past it", "⎋[3g⎋[1;6H⎋H⎋[1;1H\t\tX", pad29 + "X", 29),
    tabCase("CBT with all stops cleared goes to column 0", "⎋[3g⎋[1;20H⎋[ZX", "X", 1),
]

@Suite struct TabTests {
    @Test(arguments: cases)
    func tabs(_ c: ScreenCase) { c.run() }

    @Test func tabStopsEveryEightOnAWideTerminal() {
        var input = ""
        for _ in 0..<12 { input += "\t." }
        let (t, _) = feedAllWays(rows: 2, columns: 100, input)
        for stop in stride(from: 8, to: 96, by: 8) {
            #expect(t.cell(row: 0, column: stop).scalar == ".", "stop at \(stop)")
        }
    }

    @Test func growingColumnsGivesDefaultStopsInTheNewColumns() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, setup: { $0.resize(rows: 2, columns: 30) }, "\t\t\tX")
        expectScreen(t, [String(repeating: " ", count: 24) + "X"], cursor: (0, 25))
    }

    @Test func HTDoesNotMoveToTheNextLine() {
        let (t, _) = feedAllWays(rows: 3, columns: 30, String(repeating: "\t", count: 10))
        #expect(t.cursorRow == 0)
        #expect(t.cursorColumn == 29)
    }
}
