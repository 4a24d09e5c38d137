import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

extension EscapeCharacterFilter {
    /// What the front does for `key`, through the filter.
    mutating func frontActions(_ key: KeyEvent) -> [FrontAction] { filter(key).map(FrontAction.init) }
}

/// OpenSSH's `~` escapes on keys: recognised only at the start of a line, and never
/// swallowing keys.
@Suite struct EscapeCharacterFilterTests {
    typealias Action = FrontAction

    static func run(_ keys: [KeyEvent]) -> [Action] {
        var filter = EscapeCharacterFilter()
        return keys.flatMap { filter.frontActions($0) }
    }

    static let enter = KeyEvent(.enter)
    static func c(_ s: Unicode.Scalar) -> KeyEvent { .character(s) }

    @Test func tildeDotAtSessionStartDisconnects() {
        #expect(Self.run([Self.c("~"), Self.c(".")]) == [.disconnect])
    }

    @Test func tildeDotAfterEnterDisconnects() {
        #expect(Self.run([Self.c("l"), Self.enter, Self.c("~"), Self.c(".")])
            == [.key(Self.c("l")), .key(Self.enter), .disconnect])
    }

    @Test func tildeInsideALineIsPlain() {
        #expect(Self.run([Self.c("a"), Self.c("~"), Self.c(".")])
            == [.key(Self.c("a")), .key(Self.c("~")), .key(Self.c("."))])
    }

    @Test func doubleTildeSendsOne() {
        #expect(Self.run([Self.c("~"), Self.c("~"), Self.c(".")]) == [.key(Self.c("~")), .key(Self.c("."))])
    }

    @Test func otherKeysSendTheTildeToo() {
        #expect(Self.run([Self.c("~"), Self.c("x")]) == [.key(Self.c("~")), .key(Self.c("x"))])
    }

    @Test func sessionEscapesOnlyWhereSeveralSessionsCanBe() {
        var filter = EscapeCharacterFilter(sessionEscapes: true)
        let keys = [Self.c("~"), Self.c("c"), Self.c("~"), Self.c("n"), Self.c("~"), Self.c("p"), Self.c("~"), Self.c("7"),
                    Self.c("~"), Self.c("0")]
        #expect(keys.flatMap { filter.frontActions($0) }
            == [.askForSession, .nextSession, .previousSession, .showSession(6), .key(Self.c("~")), .key(Self.c("0"))])
        // Without them (scripts, pumps), ~n is two characters, as in ssh.
        #expect(Self.run([Self.c("~"), Self.c("n")]) == [.key(Self.c("~")), .key(Self.c("n"))])
    }

    @Test func helpAndSuspend() {
        #expect(Self.run([Self.c("~"), Self.c("?")]) == [.showHelp])
        #expect(Self.run([Self.c("~"), KeyEvent.character("z", modifiers: .control)]) == [.suspend])
        #expect(Self.run([Self.c("~"), Self.c("?"), Self.c("~"), Self.c(".")]) == [.showHelp, .disconnect])
    }

    @Test func tildeBTogglesTheBar() {
        #expect(Self.run([Self.c("~"), Self.c("b")]) == [.toggleBar])
        #expect(Self.run([Self.c("x"), Self.c("~"), Self.c("b")]) == [.key(Self.c("x")), .key(Self.c("~")), .key(Self.c("b"))])
    }

    @Test func aPasteFlushesAHeldTilde() {
        var filter = EscapeCharacterFilter()
        #expect(filter.frontActions(Self.c("~")).isEmpty)
        #expect(filter.passThrough(endsWithNewline: false).map(FrontAction.init) == [.key(Self.c("~"))])
        #expect(filter.frontActions(Self.c("~")) == [.key(Self.c("~"))])
    }
}

/// `-e` and EscapeChar: another character (a control character too) plays `~`'s part.
@Suite struct OtherEscapeCharacterTests {
    @Test func controlBracketDotDisconnectsAndATildeIsPlain() {
        var filter = EscapeCharacterFilter(escape: 0x1D)
        let escape = KeyEvent.character("]", modifiers: .control)
        #expect(filter.frontActions(.character("~")) == [.key(.character("~"))])
        #expect(filter.frontActions(.character(".")) == [.key(.character("."))])
        #expect(filter.frontActions(KeyEvent(.enter)) == [.key(KeyEvent(.enter))])
        #expect(filter.frontActions(escape) == [])
        #expect(filter.frontActions(escape) == [.key(escape)])
        #expect(filter.frontActions(KeyEvent(.enter)) == [.key(KeyEvent(.enter))])
        #expect(filter.frontActions(escape) == [])
        #expect(filter.frontActions(.character(".")) == [.disconnect])
    }

    @Test func aPasteSendsTheHeldEscapeCharacter() {
        var filter = EscapeCharacterFilter(escape: UInt8(ascii: "%"))
        #expect(filter.frontActions(.character("%")) == [])
        #expect(filter.passThrough(endsWithNewline: false).map(FrontAction.init) == [.key(.character("%"))])
    }
}
