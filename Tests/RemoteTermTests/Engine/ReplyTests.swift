// Replies: returned as TerminalEffect.reply(bytes), never drawn. Reference: xterm ctlseqs
// (DA1, DA2, DSR, CPR, DECXCPR, DECRQM, DECRQSS, XTWINOPS, DECRQCRA) and esctest
// (decrqss.py, decrqm.py, escutil.GetChecksumOfRect). Title reports (CSI 20 t, CSI 21 t)
// must never be answered: echoing remote-chosen text back is an injection vector.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct ReplyTests {
    // MARK: Device attributes

    @Test(arguments: ["⎋[c", "⎋[0c", "\u{9B}c"])
    func DA1(_ input: String) {
        let r = reply(to: input)
        #expect(r.hasPrefix("⎋[?64;"), "\(r)")
        #expect(r.hasSuffix("c"), "\(r)")
        #expect(r.filter { $0 == "c" }.count == 1, "exactly one reply: \(r)")
    }

    @Test(arguments: ["⎋[>c", "⎋[>0c"])
    func DA2(_ input: String) {
        let r = reply(to: input)
        #expect(r.hasPrefix("⎋[>"), "\(r)")
        #expect(r.hasSuffix("c"), "\(r)")
    }

    @Test func repliesAreNotDrawn() {
        let (t, e) = feedAllWays(rows: 5, columns: 10, "⎋[c⎋[>c⎋[5n⎋[6n⎋[?6n⎋[18t⎋P$qm⎋\\⎋[?25$p")
        expectScreen(t, [], cursor: (0, 0))
        #expect(!replyBytes(e).isEmpty)
        #expect(e.allSatisfy { if case .reply = $0 { return true } else { return false } })
    }

    // MARK: DSR / CPR

    @Test func DSR5() { #expect(reply(to: "⎋[5n") == "⎋[0n") }

    @Test(arguments: [
        ("⎋[6n", "⎋[1;1R"),
        ("⎋[3;4H⎋[6n", "⎋[3;4R"),
        ("⎋[5;10H⎋[6n", "⎋[5;10R"),
        ("0123456789⎋[6n", "⎋[1;10R"),
        ("⎋[2;4r⎋[?6h⎋[2;3H⎋[6n", "⎋[2;3R"),
        ("⎋[2;4r⎋[?6h⎋[6n", "⎋[1;1R"),
        ("⎋[2;4r⎋[3;3H⎋[6n", "⎋[3;3R"),
    ])
    func CPR(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    @Test(arguments: [
        ("⎋[?6n", "⎋[?1;1;1R"),
        ("⎋[3;4H⎋[?6n", "⎋[?3;4;1R"),
        ("⎋[2;4r⎋[?6h⎋[2;3H⎋[?6n", "⎋[?2;3;1R"),
    ])
    func DECXCPR(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    @Test func repliesComeInOrder() {
        #expect(reply(to: "⎋[5n⎋[2;2H⎋[6n⎋[5n") == "⎋[0n⎋[2;2R⎋[0n")
    }

    // MARK: DECRQM

    @Test(arguments: [
        ("⎋[?25$p", "⎋[?25;1$y"),
        ("⎋[?25l⎋[?25$p", "⎋[?25;2$y"),
        ("⎋[?7$p", "⎋[?7;1$y"),
        ("⎋[?7l⎋[?7$p", "⎋[?7;2$y"),
        ("⎋[?1$p", "⎋[?1;2$y"),
        ("⎋[?1h⎋[?1$p", "⎋[?1;1$y"),
        ("⎋[?6$p", "⎋[?6;2$y"),
        ("⎋[?6h⎋[?6$p", "⎋[?6;1$y"),
        ("⎋[?2004$p", "⎋[?2004;2$y"),
        ("⎋[?2004h⎋[?2004$p", "⎋[?2004;1$y"),
        ("⎋[?1004h⎋[?1004$p", "⎋[?1004;1$y"),
        ("⎋[?1000$p", "⎋[?1000;2$y"),
        ("⎋[?1000h⎋[?1000$p", "⎋[?1000;1$y"),
        ("⎋[?1002h⎋[?1002$p", "⎋[?1002;1$y"),
        ("⎋[?1003h⎋[?1003$p", "⎋[?1003;1$y"),
        ("⎋[?1006h⎋[?1006$p", "⎋[?1006;1$y"),
        ("⎋[?1049$p", "⎋[?1049;2$y"),
        ("⎋[?1049h⎋[?1049$p", "⎋[?1049;1$y"),
        ("⎋[?9999$p", "⎋[?9999;0$y"),
        ("⎋[4$p", "⎋[4;2$y"),
        ("⎋[4h⎋[4$p", "⎋[4;1$y"),
        ("⎋[20$p", "⎋[20;2$y"),
        ("⎋[20h⎋[20$p", "⎋[20;1$y"),
        ("⎋[9999$p", "⎋[9999;0$y"),
    ])
    func DECRQM(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    // MARK: DECRQSS

    @Test(arguments: [
        ("⎋[1;31m⎋P$qm⎋\\", "⎋P1$r0;1;31m⎋\\"),
        ("⎋P$qm⎋\\", "⎋P1$r0m⎋\\"),
        ("⎋[1m⎋P$qm⎋\\", "⎋P1$r0;1m⎋\\"),
        ("⎋P$qr⎋\\", "⎋P1$r1;5r⎋\\"),
        ("⎋[2;4r⎋P$qr⎋\\", "⎋P1$r2;4r⎋\\"),
        ("⎋[2;4r⎋[r⎋P$qr⎋\\", "⎋P1$r1;5r⎋\\"),
        ("⎋[3;3r⎋P$qr⎋\\", "⎋P1$r1;5r⎋\\"),
        ("⎋[4 q⎋P$q q⎋\\", "⎋P1$r4 q⎋\\"),
        ("⎋[2 q⎋P$q q⎋\\", "⎋P1$r2 q⎋\\"),
        ("⎋P$qz⎋\\", "⎋P0$r⎋\\"),
        ("\u{90}$qr⎋\\", "⎋P1$r1;5r⎋\\"),
    ])
    func DECRQSS(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    @Test func DECRQSSUnknownDoesNotEchoTheRequest() {
        let r = reply(to: "⎋P$qEVIL;rm -rf ~⎋\\")
        #expect(r == "⎋P0$r⎋\\")
    }

    @Test func DECRQSSForSGRListsEveryAttribute() {
        let r = reply(to: "⎋[1;3;4;7;38;5;100;48;2;1;2;3m⎋P$qm⎋\\")
        #expect(r.hasPrefix("⎋P1$r0;"), "\(r)")
        #expect(r.hasSuffix("m⎋\\"), "\(r)")
        for part in ["1", "3", "4", "7"] {
            #expect(r.contains(";\(part);") || r.contains(";\(part)m"), "missing \(part): \(r)")
        }
        #expect(r.contains("38:5:100") || r.contains("38;5;100"), "\(r)")
        #expect(r.contains("48:2::1:2:3") || r.contains("48;2;1;2;3") || r.contains("48:2:1:2:3"), "\(r)")
    }

    @Test func XTGETTCAPNeverEchoesTheRequestedName() {
        // DCS + q <hex> ST: xterm echoes the (remote-chosen) name back; rterm must not.
        let (_, e) = feedAllWays(rows: 5, columns: 10, "⎋P+q6162636465;0a726d202d7266⎋\\")
        let r = replyText(e)
        #expect(!r.contains("6162636465"), "\(r)")
        #expect(!r.contains("726d202d7266"), "\(r)")
    }

    @Test func ENQSendsNoAnswerback() {
        let (_, e) = feedAllWays(rows: 5, columns: 10, "\u{05}")
        #expect(replyBytes(e).isEmpty)
    }

    @Test func CPRAfterAResize() {
        let (_, e) = feedAllWays(
            rows: 5, columns: 10, setup: { $0.feed(esc("⎋[5;10H")); $0.resize(rows: 3, columns: 4) }, "⎋[6n")
        let r = replyText(e)
        #expect(r == "⎋[3;4R", "the cursor is clamped into the new 3x4 screen: \(r)")
    }

    // MARK: XTWINOPS

    @Test func XTWINOPS18ReportsTheTextAreaSize() {
        #expect(reply(to: "⎋[18t") == "⎋[8;5;10t")
        #expect(reply(to: "⎋[18t", rows: 24, columns: 80) == "⎋[8;24;80t")
    }

    @Test func XTWINOPS19ReportsTheScreenSize() {
        #expect(reply(to: "⎋[19t") == "⎋[9;5;10t")
    }

    @Test(arguments: ["⎋[20t", "⎋[21t", "⎋[20;0t", "⎋[21;0t"])
    func titleReportsAreNeverAnswered(_ query: String) {
        let (_, e) = feedAllWays(rows: 5, columns: 10, "⎋]0;$(reboot)\u{07}⎋]1;icon\u{07}" + query)
        #expect(replyBytes(e).isEmpty, "\(query) must not be answered")
    }

    @Test func windowManipulationDoesNothingVisible() {
        let (t, e) = feedAllWays(rows: 5, columns: 10, "⎋[8;50;200t⎋[4;100;100t⎋[1t⎋[2t⎋[3;0;0t⎋[22;0t⎋[23;0t")
        #expect(t.rows == 5)
        #expect(t.columns == 10)
        #expect(replyBytes(e).isEmpty)
    }

    // MARK: DECRQCRA

    @Test(arguments: [
        // 'A' alone: sum 0x41, negated 16-bit: 0xFFBF.
        ("A⎋[1;1;1;1;1;1*y", "⎋P1!~FFBF⎋\\"),
        // A blank cell counts as a space: 0x20 -> 0xFFE0.
        ("⎋[1;1;1;1;1;1*y", "⎋P1!~FFE0⎋\\"),
        ("AB⎋[1;1;1;1;1;2*y", "⎋P1!~FF7D⎋\\"),
        ("AB⎋[1;1;1;2;1;2*y", "⎋P1!~FFBE⎋\\"),
        ("⎋[2;3HZ⎋[9;1;2;3;2;3*y", "⎋P9!~FFA6⎋\\"),
        // Whole 5x10 screen of blanks: 50 * 0x20 = 0x640 -> 0xF9C0.
        ("⎋[1;1;1;1;5;10*y", "⎋P1!~F9C0⎋\\"),
        ("⎋[1;1*y", "⎋P1!~F9C0⎋\\"),
    ])
    func DECRQCRA(_ input: String, _ expected: String) {
        #expect(reply(to: input) == expected, "\(input)")
    }

    @Test func DECRQCRAHexIsFourUppercaseDigits() {
        let r = reply(to: "xyz⎋[3;1;1;1;1;3*y")
        // 'x'+'y'+'z' = 0x16B -> 0xFE95
        #expect(r == "⎋P3!~FE95⎋\\")
    }
}
