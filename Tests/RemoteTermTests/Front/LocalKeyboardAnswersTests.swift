// The front asks the user's terminal which keyboard protocols it speaks (the kitty protocol's
// flags query and xterm's XTQMODKEYS, then DA1 as the end marker), in the same round trip as
// its colours, and turns on the one it answered for.

import CSSH2
import Foundation
import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LocalKeyboardAnswersTests {
    static let da1 = "\u{1B}[?64;1;2c"

    @Test(arguments: [
        ("kitty", ["\u{1B}[?0u" + da1], LocalKeyboardProtocol.kitty),
        ("kitty with flags already on", ["\u{1B}[?31u" + da1], .kitty),
        ("modifyOtherKeys", ["\u{1B}[>4;0m" + da1], .modifyOtherKeys(previous: 0)),
        ("modifyOtherKeys at 1", ["\u{1B}[>4;1m" + da1], .modifyOtherKeys(previous: 1)),
        ("modifyOtherKeys without a level", ["\u{1B}[>4m" + da1], .modifyOtherKeys(previous: 0)),
        ("both: kitty", ["\u{1B}[?1u\u{1B}[>4;2m" + da1], .kitty),
        ("neither", [da1], .legacy),
        ("another modifier resource is not modifyOtherKeys", ["\u{1B}[>1;2m" + da1], .legacy),
        ("split anywhere", ["\u{1B}", "[", "?", "1", "u\u{1B}[", "?64c"], .kitty),
        (
            "between colour answers and keys",
            ["a\u{1B}]11;rgb:0/0/0\u{1B}\\\u{1B}[A\u{1B}[>4;", "2m\u{1B}[?62c"], .modifyOtherKeys(previous: 2)
        ),
    ] as [(String, [String], LocalKeyboardProtocol)])
    func answers(name: String, pieces: [String], expected: LocalKeyboardProtocol) {
        var answers = LocalKeyboardAnswers()
        for piece in pieces { answers.scan(Array(piece.utf8)) }
        #expect(answers.isComplete, "\(name)")
        #expect(answers.keyboardProtocol == expected, "\(name)")
    }

    @Test func nothingIsCompleteBeforeTheDeviceAttributes() {
        var answers = LocalKeyboardAnswers()
        answers.scan(Array("\u{1B}[?1u".utf8))
        #expect(!answers.isComplete)
        #expect(answers.kittyFlags == .disambiguate)
    }

    @Test func garbageIsBounded() {
        var answers = LocalKeyboardAnswers()
        answers.scan(Array("\u{1B}[?".utf8) + Array(repeating: UInt8(ascii: "1"), count: 10_000))
        answers.scan(Array("\u{1B}[?1c".utf8))
        #expect(answers.isComplete && answers.keyboardProtocol == .legacy)
    }

    @Test func sequencesPushAndPop() {
        #expect(LocalKeyboardProtocol.kitty.enableSequence == "\u{1B}[>1u")
        #expect(LocalKeyboardProtocol.kitty.disableSequence == "\u{1B}[<u")
        #expect(LocalKeyboardProtocol.modifyOtherKeys(previous: 1).enableSequence == "\u{1B}[>4;2m")
        #expect(LocalKeyboardProtocol.modifyOtherKeys(previous: 1).disableSequence == "\u{1B}[>4;1m")
        #expect(LocalKeyboardProtocol.legacy.enableSequence.isEmpty && LocalKeyboardProtocol.legacy.disableSequence.isEmpty)
    }

    /// A pseudo-terminal in raw mode: the probe's side, and the terminal's.
    final class Terminal {
        let master: Int32
        let slave: Int32

        init() throws {
            var name = [CChar](repeating: 0, count: 128)
            master = rterm_open_pty_master(&name, name.count)
            guard master >= 0 else { throw POSIXError(.ENODEV) }
            slave = open(name, O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw POSIXError(.ENODEV) }
            var mode = termios()
            tcgetattr(slave, &mode)
            cfmakeraw(&mode)
            tcsetattr(slave, TCSANOW, &mode)
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(slave)
            close(master)
        }

        /// The terminal types `text` (its answers, queued before the question).
        func answer(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }

        /// What the probe wrote.
        func written() -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            return count > 0 ? Array(buffer[0..<count]) : []
        }
    }

    @Test func theProbeAsksColoursAndKeyboardInOneRoundTrip() throws {
        let terminal = try Terminal()
        terminal.answer("\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{1B}\\\u{1B}[?0u\u{1B}[?2026;2$y" + Self.da1)
        let answers = TerminalProbe.startupAnswers(
            term: "xterm-kitty", input: terminal.slave, output: terminal.slave, timeout: 5000)
        #expect(answers.keyboard == .kitty)
        #expect(answers.colorDefaults.dynamics[1] == RGBColor(0x1C1C1C))
        #expect(answers.synchronizedOutput)
        let question = String(decoding: terminal.written(), as: UTF8.self)
        #expect(question == "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[?u\u{1B}[?4m\u{1B}[?2026$p\u{1B}[m\u{1B}[c")
        // One end marker, so one wait.
        #expect(question.components(separatedBy: "\u{1B}[c").count == 2)
    }

    @Test func aPlainTerminalIsNotAsked() throws {
        let terminal = try Terminal()
        let answers = TerminalProbe.startupAnswers(term: "linux", input: terminal.slave, output: terminal.slave)
        #expect(answers == TerminalProbe.StartupAnswers())
        #expect(answers.keyboard == .legacy)
        #expect(terminal.written().isEmpty)
    }
}
