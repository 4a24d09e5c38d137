import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront

/// A script's clicks and keys go through the interactive front's controller: the bar's
/// pages turned as the wheel turns them, the latch applied to the next key, buttons that only
/// open something sending nothing.
@Suite struct HeadlessFrontTests {
    static func received(_ text: String, columns: Int) throws -> String {
        let (failure, shell, _) = try ScriptRunnerTests.run(text, columns: columns)
        #expect(failure == nil, "\(String(describing: failure))")
        return String(decoding: shell.received, as: UTF8.self)
    }

    @Test func aButtonOnAnotherPageOfANarrowBarIsFoundAndSent() throws {
        // At 30 columns End is not on the bar's first page.
        var bar = KeyBar()
        bar.style = .glyphs
        bar.setWidth(30)
        #expect(bar.layout.pageCount > 1)
        #expect(try Self.received("click End\nclick Esc", columns: 30) == "\u{1B}[F\u{1B}")
    }

    @Test func aClickedModifierAppliesToTheNextKeyOnly() throws {
        #expect(try Self.received("click Ctrl\nkey Up\nkey Up", columns: 80) == "\u{1B}[1;5A\u{1B}[A")
        #expect(try Self.received("click Alt\ntype \"x\"\ntype \"y\"", columns: 80) == "\u{1B}xy")
    }

    @Test func theMenuButtonSendsNothing() throws {
        #expect(try Self.received("click ☰\ntype \"a\"\nkey b\nclick Tab", columns: 80) == "ab\t")
    }
}
