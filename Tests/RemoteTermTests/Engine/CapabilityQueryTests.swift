// XTGETTCAP (`DCS + q hex-name ; … ST`): answers `DCS 1 + r name=value ST` (hex), one per
// name, or `DCS 0 + r ST` for the first unknown name. Reference: xterm ctlseqs "Request
// Termcap/Terminfo String (XTGETTCAP)"; esctest2's escutil.GetIndexedColors asks for "Co".

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct CapabilityQueryTests {
    private static func hex(_ text: String) -> String { Terminal.hexEncoded(Array(text.utf8)) }

    private static func answer(_ name: String, _ value: String) -> String {
        "⎋P1+r\(hex(name))=\(hex(value))⎋\\"
    }

    @Test(arguments: [
        ("TN", "xterm-256color"), ("name", "xterm-256color"), ("Co", "256"), ("colors", "256"),
        ("kcuu1", "⎋[A"), ("ku", "⎋[A"), ("kcud1", "⎋[B"), ("kcuf1", "⎋[C"), ("kcub1", "⎋[D"),
        ("khome", "⎋[H"), ("kend", "⎋[F"), ("@7", "⎋[F"), ("kich1", "⎋[2~"), ("kdch1", "⎋[3~"),
        ("kpp", "⎋[5~"), ("knp", "⎋[6~"), ("kbs", "\u{7F}"), ("kcbt", "⎋[Z"), ("kB", "⎋[Z"),
        ("kf1", "⎋OP"), ("k1", "⎋OP"), ("kf4", "⎋OS"), ("kf5", "⎋[15~"), ("kf10", "⎋[21~"),
        ("k;", "⎋[21~"), ("kf12", "⎋[24~"), ("F2", "⎋[24~"),
    ])
    func knownCapabilities(_ name: String, _ value: String) {
        let expected = Self.answer(name, String(decoding: esc(value), as: UTF8.self))
        #expect(reply(to: "⎋P+q\(Self.hex(name))⎋\\") == expected, "\(name)")
        // Lower-case hex is read too; the answer spells the name rterm's way.
        #expect(reply(to: "⎋P+q\(Self.hex(name).lowercased())⎋\\") == expected, "\(name)")
    }

    @Test func cursorKeysFollowDECCKM() {
        #expect(reply(to: "⎋[?1h⎋P+q\(Self.hex("kcuu1"))⎋\\") == Self.answer("kcuu1", "\u{1B}OA"))
        #expect(reply(to: "⎋[?1h⎋[?1l⎋P+q\(Self.hex("kcuu1"))⎋\\") == Self.answer("kcuu1", "\u{1B}[A"))
        #expect(reply(to: "⎋[?1h⎋P+q\(Self.hex("khome"))⎋\\") == Self.answer("khome", "\u{1B}OH"))
    }

    @Test func severalNamesGetOneAnswerEach() {
        let r = reply(to: "⎋P+q\(Self.hex("TN"));\(Self.hex("Co"))⎋\\")
        #expect(r == Self.answer("TN", "xterm-256color") + Self.answer("Co", "256"))
    }

    @Test(arguments: [
        "RGB", "Tc", "setrgbf", "kf13", "cuu1", "smcup", "",
    ])
    func unknownNamesAreRefusedWithoutEcho(_ name: String) {
        #expect(reply(to: "⎋P+q\(Self.hex(name))⎋\\") == "⎋P0+r⎋\\", "\(name)")
    }

    @Test(arguments: ["⎋P+q436⎋\\", "⎋P+q43zz⎋\\", "⎋P+q0A0B⎋\\", "⎋P+qCo⎋\\", "⎋P+q;⎋\\"])
    func malformedHexIsRefused(_ input: String) {
        #expect(reply(to: input) == "⎋P0+r⎋\\", "\(input)")
    }

    @Test func theFirstUnknownNameEndsTheAnswers() {
        let r = reply(to: "⎋P+q\(Self.hex("Co"));\(Self.hex("xx"));\(Self.hex("TN"))⎋\\")
        #expect(r == Self.answer("Co", "256") + "⎋P0+r⎋\\")
    }

    @Test func longRequestsAreBounded() {
        let many = Array(repeating: Self.hex("Co"), count: 100).joined(separator: ";")
        let (_, e) = feedAllWays(rows: 2, columns: 10, "⎋P+q\(many)⎋\\", byteByByte: false)
        #expect(replyText(e) == String(repeating: Self.answer("Co", "256"), count: Terminal.capabilityNameLimit))
        let huge = String(repeating: "43", count: 600)
        #expect(reply(to: "⎋P+q\(huge)⎋\\") == "⎋P0+r⎋\\")
    }

    @Test func answersAreNotDrawn() {
        let (t, _) = feedAllWays(rows: 2, columns: 10, "⎋P+q\(Self.hex("TN"))⎋\\")
        expectScreen(t, [], cursor: (0, 0))
    }
}
