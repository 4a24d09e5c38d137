import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// OpenSSH's `~` escapes: recognised only at the start of a line, and never swallowing keys.
@Suite struct EscapeCharacterFilterTests {
    typealias Action = EscapeCharacterFilter.Action

    static func run(_ keys: [KeyEvent]) -> [Action] {
        var filter = EscapeCharacterFilter()
        return keys.flatMap { filter.filter($0) }
    }

    static let enter = KeyEvent(.enter)
    static func c(_ s: Unicode.Scalar) -> KeyEvent { .character(s) }

    @Test func tildeDotAtSessionStartDisconnects() {
        #expect(Self.run([Self.c("~"), Self.c(".")]) == [.disconnect])
    }

    @Test func tildeDotAfterEnterDisconnects() {
        #expect(Self.run([Self.c("l"), Self.enter, Self.c("~"), Self.c(".")])
            == [.send(Self.c("l")), .send(Self.enter), .disconnect])
    }

    @Test func tildeInsideALineIsPlain() {
        #expect(Self.run([Self.c("a"), Self.c("~"), Self.c(".")])
            == [.send(Self.c("a")), .send(Self.c("~")), .send(Self.c("."))])
    }

    @Test func doubleTildeSendsOne() {
        #expect(Self.run([Self.c("~"), Self.c("~"), Self.c(".")]) == [.send(Self.c("~")), .send(Self.c("."))])
    }

    @Test func otherKeysSendTheTildeToo() {
        #expect(Self.run([Self.c("~"), Self.c("x")]) == [.send(Self.c("~")), .send(Self.c("x"))])
    }

    @Test func sessionEscapesOnlyWhereSeveralSessionsCanBe() {
        var filter = EscapeCharacterFilter(sessionEscapes: true)
        let keys = [Self.c("~"), Self.c("c"), Self.c("~"), Self.c("n"), Self.c("~"), Self.c("p"), Self.c("~"), Self.c("7"),
                    Self.c("~"), Self.c("0")]
        #expect(keys.flatMap { filter.filter($0) }
            == [.newSession, .nextSession, .previousSession, .showSession(7), .send(Self.c("~")), .send(Self.c("0"))])
        // Without them (scripts, pumps), ~n is two characters, as in ssh.
        #expect(Self.run([Self.c("~"), Self.c("n")]) == [.send(Self.c("~")), .send(Self.c("n"))])
    }

    @Test func helpAndSuspend() {
        #expect(Self.run([Self.c("~"), Self.c("?")]) == [.help])
        #expect(Self.run([Self.c("~"), KeyEvent.character("z", modifiers: .control)]) == [.suspend])
        #expect(Self.run([Self.c("~"), Self.c("?"), Self.c("~"), Self.c(".")]) == [.help, .disconnect])
    }

    @Test func tildeBTogglesTheBar() {
        #expect(Self.run([Self.c("~"), Self.c("b")]) == [.toggleBar])
        #expect(Self.run([Self.c("x"), Self.c("~"), Self.c("b")]) == [.send(Self.c("x")), .send(Self.c("~")), .send(Self.c("b"))])
    }

    @Test func aPasteFlushesAHeldTilde() {
        var filter = EscapeCharacterFilter()
        #expect(filter.filter(Self.c("~")).isEmpty)
        #expect(filter.passThrough(endsWithNewline: false) == [.send(Self.c("~"))])
        #expect(filter.filter(Self.c("~")) == [.send(Self.c("~"))])
    }
}

/// `-e` and EscapeChar: another character (a control character too) plays `~`'s part.
@Suite struct OtherEscapeCharacterTests {
    @Test func controlBracketDotDisconnectsAndATildeIsPlain() {
        var filter = EscapeCharacterFilter(escape: 0x1D)
        let escape = KeyEvent.character("]", modifiers: .control)
        #expect(filter.filter(.character("~")) == [.send(.character("~"))])
        #expect(filter.filter(.character(".")) == [.send(.character("."))])
        #expect(filter.filter(KeyEvent(.enter)) == [.send(KeyEvent(.enter))])
        #expect(filter.filter(escape) == [])
        #expect(filter.filter(escape) == [.send(escape)])
        #expect(filter.filter(KeyEvent(.enter)) == [.send(KeyEvent(.enter))])
        #expect(filter.filter(escape) == [])
        #expect(filter.filter(.character(".")) == [.disconnect])
    }

    @Test func aPasteSendsTheHeldEscapeCharacter() {
        var filter = EscapeCharacterFilter(escape: UInt8(ascii: "%"))
        #expect(filter.filter(.character("%")) == [])
        #expect(filter.passThrough(endsWithNewline: false) == [.send(.character("%"))])
    }
}
