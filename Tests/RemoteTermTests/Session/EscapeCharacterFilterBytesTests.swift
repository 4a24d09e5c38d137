import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Issue 45 item 3: OpenSSH's escapes on the bytes typed into a session rterm does not draw
/// (`rterm -t host cmd > file`), as ssh's `process_escapes` reads them, and when they are
/// read at all: only where ssh reads them, with a pseudo-terminal.
@Suite struct EscapeCharacterFilterBytesTests {
    typealias Action = EscapeCharacterFilter.Action<[UInt8]>

    static func run(_ reads: [String], escape: UInt8 = 0x7E) -> [Action] {
        var filter = EscapeCharacterFilter(escape: escape)
        return reads.flatMap { filter.filter(bytes: Array($0.utf8)) }
    }

    @Test func tildeDotFirstOrAfterCROrLFDisconnectsAndDropsTheRest() {
        #expect(Self.run(["~.rest"]) == [.escape(.disconnect)])
        #expect(Self.run(["ls\r~.x"]) == [.send(Array("ls\r".utf8)), .escape(.disconnect)])
        #expect(Self.run(["ls\n", "~", "."]) == [.send(Array("ls\n".utf8)), .escape(.disconnect)], "held across reads")
    }

    @Test func aTildeInsideALineIsPlain() {
        #expect(Self.run(["a~.b"]) == [.send(Array("a~.b".utf8))])
    }

    @Test func twoTildesSendOneAndAnyOtherByteSendsTheTildeToo() {
        #expect(Self.run(["~~.x"]) == [.send(Array("~.x".utf8))])
        #expect(Self.run(["~x", "\r~."]) == [.send(Array("~x".utf8)), .send(Array("\r".utf8)), .escape(.disconnect)])
        #expect(Self.run(["~\r~."]) == [.send(Array("~\r".utf8)), .escape(.disconnect)], "a line ended with the held tilde")
    }

    @Test func helpAndSuspendKeepTheLineStarted() {
        #expect(Self.run(["x\r~?~\u{1A}~."]) == [.send(Array("x\r".utf8)), .escape(.help), .escape(.suspend), .escape(.disconnect)])
        #expect(EscapeCharacterFilter.help(escape: 0x7E).contains(" ~.   - terminate connection\r\n"))
    }

    @Test func anotherEscapeCharacterOnly() {
        #expect(Self.run(["~.", "\r\u{1D}."], escape: 0x1D) == [.send(Array("~.".utf8)), .send([0x0D]), .escape(.disconnect)])
        #expect(EscapeCharacterFilter.name(0x1D) == "^]")
        #expect(EscapeCharacterFilter.help(escape: 0x1D).contains(" ^].   - terminate connection"))
    }

    /// ssh reads escapes only with a pseudo-terminal: from a terminal (a login shell, `-t`),
    /// or with `-tt` from anything; never with `-T`, a command without `-t`, `-e none` or
    /// `-n`. A local command always has one, so from a terminal only.
    @Test(arguments: [
        (["-F", "none", "host"], true, true, UInt8?(0x7E)), (["-F", "none", "-t", "host", "sleep 30"], true, true, 0x7E),
        (["-F", "none", "host", "sleep 30"], true, true, nil), (["-F", "none", "-T", "host"], true, true, nil),
        (["-F", "none", "-t", "host", "sleep 30"], false, true, nil), (["-F", "none", "-tt", "host", "cat"], false, true, 0x7E),
        (["-F", "none", "-e", "none", "-t", "host", "sleep 30"], true, true, nil),
        (["-F", "none", "-e", "^]", "host"], true, true, 0x1D), (["-F", "none", "-t", "host", "cat"], true, false, nil),
        (["--local", "--", "sleep", "30"], true, true, 0x7E), (["--local", "--", "cat"], false, true, nil),
        (["-e", "none", "--local"], true, true, nil),
    ] as [([String], Bool, Bool, UInt8?)])
    func escapesAreReadWhereSSHReadsThem(_ words: [String], _ inputIsTerminal: Bool, _ readsInput: Bool, _ escape: UInt8?) throws {
        let factory = SessionFactory(
            loop: try EventLoop(), environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "SHELL": "/bin/sh"],
            inputIsTerminal: inputIsTerminal, say: { _ in })
        let planned = try factory.plan(try SessionTarget.parse(words), for: .pump, size: (rows: 24, columns: 80)).get()
        #expect(SessionPump.escapeCharacter(planned.plan, readsInput: readsInput, inputIsTerminal: inputIsTerminal) == escape)
    }
}
