// Robustness: seeded streams of random and mutated escape-heavy bytes (valid sequences
// with random parameters, truncated sequences, random bytes, long OSC/DCS strings, runs of
// combining marks, mode and screen switches) fed in random chunks. After every chunk the
// cursor must be in bounds and the size unchanged; at the end the scrollback is within its
// limit and titles are bounded. 64 MiB by default (about 30 s in a debug build); set
// RTERM_FUZZ_BYTES to change it (e.g. 8388608 for a quick run, or more in release).

import Foundation
import RemoteTermFuzz
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Generates the fuzz stream piece by piece.
struct EscapeFuzzer {
    var rng: SplitMix64

    private static let csiFinals = Array("@ABCDEFGHIJKLMPSTXZ`abcdefghilmnqrstuxy".utf8)
    private static let escFinals = Array("78=>DEHMNOPZc\\]^_".utf8)
    private static let decModes = [1, 3, 4, 5, 6, 7, 9, 12, 25, 45, 47, 69, 1000, 1002, 1003, 1004, 1005, 1006,
                                   1015, 1047, 1048, 1049, 2004, 2026, 9999]
    private static let samples: [String] = [
        "a", "hello", "中文字", "😀", "👨\u{200D}👩\u{200D}👧", "e\u{301}", "\u{2764}\u{FE0F}", "ｱ", "Ａ", "\t", "\r\n",
        "\n", "\u{08}", "\u{07}", "\u{0E}", "\u{0F}", "\u{9B}", "\u{9D}", "\u{90}", "\u{85}", "\u{9C}",
    ]

    mutating func number() -> String {
        switch rng.next(below: 10) {
        case 0: return ""
        case 1: return "0"
        case 2: return String(rng.next(in: 100...70_000))
        case 3: return "99999999999999999999"
        default: return String(rng.next(in: 1...30))
        }
    }

    mutating func params() -> String {
        let count = rng.next(below: 6)
        var s = ""
        for i in 0..<count {
            if i > 0 { s += rng.chance(15) ? ":" : ";" }
            s += number()
        }
        return s
    }

    mutating func piece() -> [UInt8] {
        switch rng.next(below: 100) {
        case 0..<25:
            let s = EscapeFuzzer.samples[rng.next(below: EscapeFuzzer.samples.count)]
            return Array(String(repeating: s, count: rng.next(in: 1...20)).utf8)
        case 25..<50:
            var s = "\u{1B}["
            if rng.chance(25) { s += ["?", ">", "=", "!"][rng.next(below: 4)] }
            s += params()
            if rng.chance(10) { s += [" ", "$", "*", "\"", "'"][rng.next(below: 5)] }
            var bytes = Array(s.utf8)
            if !rng.chance(5) { bytes.append(EscapeFuzzer.csiFinals[rng.next(below: EscapeFuzzer.csiFinals.count)]) }
            return bytes
        case 50..<58:
            let mode = EscapeFuzzer.decModes[rng.next(below: EscapeFuzzer.decModes.count)]
            return Array("\u{1B}[?\(mode)\(rng.chance(50) ? "h" : "l")".utf8)
        case 58..<64:
            var bytes: [UInt8] = [0x1B]
            if rng.chance(30) { bytes.append(Array("()#%".utf8)[rng.next(below: 4)]) }
            bytes.append(EscapeFuzzer.escFinals[rng.next(below: EscapeFuzzer.escFinals.count)])
            if rng.chance(20) { bytes += Array("0B8A".utf8)[rng.next(below: 4)...].prefix(1) }
            return bytes
        case 64..<70:
            // SGR with extended colours, sometimes malformed
            let forms = ["38;5;\(rng.next(below: 300))", "48:2::\(rng.next(below: 300)):1:2", "58:5:\(number())",
                         "38;2;\(number());\(number())", "4:\(rng.next(below: 9))", "1;2;3;4;5;7;8;9;53", "0"]
            return Array("\u{1B}[\(forms[rng.next(below: forms.count)])m".utf8)
        case 70..<75:
            // OSC strings, sometimes long, sometimes unterminated
            let kinds = ["0", "1", "2", "8;;http://x/\(rng.next(below: 1000))", "8;;", "52;c;", "777;", "4;1;"]
            var bytes = Array("\u{1B}]\(kinds[rng.next(below: kinds.count)])".utf8)
            let length = rng.chance(10) ? rng.next(in: 1000...200_000) : rng.next(in: 0...40)
            bytes += (0..<length).map { _ in UInt8(rng.next(in: 0x20...0x7E)) }
            switch rng.next(below: 4) {
            case 0: bytes.append(0x07)
            case 1: bytes += [0x1B, 0x5C]
            case 2: bytes.append(0x18)
            default: break
            }
            return bytes
        case 75..<78:
            // DCS strings (DECRQSS and junk)
            var bytes = Array("\u{1B}P\(["$q", "$qm", "$qr", "$q q", "q", "1$t"][rng.next(below: 6)])".utf8)
            bytes += (0..<rng.next(in: 0...3000)).map { _ in UInt8(rng.next(in: 0x20...0x7E)) }
            if rng.chance(80) { bytes += [0x1B, 0x5C] }
            return bytes
        case 78..<82:
            // Many combining marks on one base
            return Array(("x" + String(repeating: "\u{301}", count: rng.next(in: 1...400))).utf8)
        case 82..<90:
            // Pure random bytes
            return (0..<rng.next(in: 1...64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        case 90..<94:
            // Truncated UTF-8
            let lead: [UInt8] = [0xC3, 0xE2, 0xE2, 0x82, 0xF0, 0x9F, 0x98, 0xED, 0xA0, 0xF4, 0x90]
            return Array(lead[rng.next(below: lead.count)...].prefix(rng.next(in: 1...3)))
        case 94..<97:
            return Array("\u{1B}[\(rng.next(in: 1...30));\(rng.next(in: 1...30))r\u{1B}[\(rng.next(in: 1...30))L".utf8)
        default:
            return Array("\u{1B}[\(rng.next(in: 0...99999))b".utf8)  // REP with big counts
        }
    }

    /// About `size` bytes of fuzz, with some pieces mutated (bytes flipped or dropped).
    mutating func block(size: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(size + 256)
        while out.count < size {
            var p = piece()
            if rng.chance(5), !p.isEmpty {
                let i = rng.next(below: p.count)
                if rng.chance(50) { p[i] = UInt8(truncatingIfNeeded: rng.next()) } else { p.remove(at: i) }
            }
            out += p
        }
        return out
    }
}

/// Bytes of fuzz a run feeds: 4 MiB by default (libFuzzer's targets, `make fuzz`, go much
/// further); `RTERM_FUZZ_BYTES` for a longer soak.
private func fuzzByteCount() -> Int {
    if let s = ProcessInfo.processInfo.environment["RTERM_FUZZ_BYTES"], let n = Int(s), n > 0 { return n }
    return 4 * 1024 * 1024
}

@Suite struct RobustnessTests {
    @Test func randomEscapeHeavyStreamKeepsInvariants() {
        let total = fuzzByteCount()
        let limit = 2_000
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: limit)
        var fuzzer = EscapeFuzzer(rng: SplitMix64(seed: 0x5EED_F00D))
        var chunker = SplitMix64(seed: 42)
        var fed = 0
        var failures = 0
        while fed < total, failures < 5 {
            let block = fuzzer.block(size: 64 * 1024)
            var i = 0
            while i < block.count {
                let n = min(block.count - i, chunker.next(in: 1...4096))
                let effects = t.feed(Array(block[i..<(i + n)]))
                i += n
                // The remote may resize the screen (XTWINOPS, DECCOLM), within the bound.
                if !(0..<t.rows).contains(t.cursorRow) || !(0..<t.columns).contains(t.cursorColumn)
                    || !(1...Terminal.maximumDimension).contains(t.rows)
                    || !(1...Terminal.maximumDimension).contains(t.columns)
                {
                    failures += 1
                    Issue.record("invariant broken after \(fed + i) bytes: cursor \(t.cursorRow),\(t.cursorColumn)")
                }
                for case .reply(let bytes) in effects where bytes.count > 4096 {
                    Issue.record("reply of \(bytes.count) bytes")
                }
            }
            fed += block.count
        }
        #expect(t.scrollbackCount <= limit)
        #expect(t.title.utf8.count < 1_000_000)
        #expect(t.iconName.utf8.count < 1_000_000)
        let text = t.renderText()
        #expect(text.hasSuffix("\n"))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == t.rows + 2)
    }

    @Test func randomStreamWithResizesKeepsInvariants() {
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: 300)
        var fuzzer = EscapeFuzzer(rng: SplitMix64(seed: 7))
        var rng = SplitMix64(seed: 8)
        for _ in 0..<64 {
            let rows = rng.next(in: 1...70)
            let columns = rng.next(in: 1...200)
            t.resize(rows: rows, columns: columns)
            #expect((0..<t.rows).contains(t.cursorRow) && (0..<t.columns).contains(t.cursorColumn))
            let block = fuzzer.block(size: 16 * 1024)
            var i = 0
            while i < block.count {
                let n = min(block.count - i, rng.next(in: 1...512))
                t.feed(Array(block[i..<(i + n)]))
                i += n
                #expect((0..<t.rows).contains(t.cursorRow) && (0..<t.columns).contains(t.cursorColumn))
            }
            #expect(t.scrollbackCount <= 300)
        }
    }

    @Test func chunkingNeverMattersOnFuzzInput() {
        var fuzzer = EscapeFuzzer(rng: SplitMix64(seed: 1234))
        for _ in 0..<8 {
            let block = fuzzer.block(size: 4 * 1024)
            feedAllWays(rows: 8, columns: 20, scrollbackLimit: 50, block)
        }
    }

    /// Feeds `input` in 64 KiB chunks (a plain fast feed for the large inputs below).
    private func feedLarge(_ t: inout Terminal, _ input: [UInt8]) {
        var i = 0
        while i < input.count {
            let n = min(65_536, input.count - i)
            t.feed(Array(input[i..<(i + n)]))
            i += n
        }
    }

    @Test func seventyThousandDistinctHyperlinksKeepWorking() {
        // Every cell gets its own OSC 8 link; the cells scroll away, so at any time only
        // 40 links are live. The link table (indexed by a UInt16) must recycle.
        var input: [UInt8] = []
        for i in 0..<70_000 { input += Array("\u{1B}]8;;h\(i)\u{07}x".utf8) }
        var t = Terminal(rows: 4, columns: 10, scrollbackLimit: 10)
        feedLarge(&t, input)
        #expect(t.hyperlink(row: 3, column: 9) == "h69999")
        #expect(t.hyperlink(row: 0, column: 0) == "h69960")
    }

    @Test func seventyThousandDistinctUnderlineColoursKeepWorking() {
        var input: [UInt8] = []
        for i in 0..<70_000 {
            input += Array("\u{1B}[58:2::\(i >> 16):\((i >> 8) & 255):\(i & 255)mx".utf8)
        }
        var t = Terminal(rows: 4, columns: 10, scrollbackLimit: 10)
        feedLarge(&t, input)
        let last = 69_999
        let expected = TerminalColor.rgb(UInt8(last >> 16), UInt8((last >> 8) & 255), UInt8(last & 255))
        #expect(t.underlineColor(row: 3, column: 9) == expected)
    }

    @Test func seventyThousandLinkedCellsWithMarksKeepWorking() {
        var input: [UInt8] = []
        for i in 0..<70_000 { input += Array("\u{1B}]8;;h\(i)\u{07}e\u{301}".utf8) }
        var t = Terminal(rows: 4, columns: 10, scrollbackLimit: 10)
        feedLarge(&t, input)
        #expect(t.graphemeText(row: 3, column: 9) == "e\u{301}")
        #expect(t.hyperlink(row: 3, column: 9) == "h69999")
        #expect(t.hyperlink(row: 0, column: 0) == "h69960")
    }
}
