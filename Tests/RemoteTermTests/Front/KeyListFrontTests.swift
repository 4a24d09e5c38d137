import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `~k` in full screen (issue 45: it showed one row of the list, cut at `8 Rig` at 80
/// columns, and not the digits typed): every button is listed above the bar, on as many rows
/// as it takes, and the bar row echoes the number; and a popup wider than the row pages, so
/// every alternative is reachable on a phone. In-process, on the manual clock.
@Suite struct KeyListFrontTests {
    static let ms = KeyBarSecondRoundFrontTests.ms

    /// The shell set's buttons as `~k` numbers them, and the next set.
    static let entries = [
        "Esc", "Tab", "Ctrl", "Alt", "Left", "Up", "Down", "Right", "Backspace", "Enter", "PageUp", "PageDown", "Home",
        "End", "|", "~", "/", "-", "Fn", "Menu",
    ].enumerated().map { "\($0.offset + 1) \($0.element)" } + ["0 next set (vim)"]

    /// Whether `entry` stands whole on one of `rows` (not as the end of a longer number).
    static func lists(_ entry: String, on rows: [String]) -> Bool {
        rows.contains { " \($0) ".contains(" \(entry) ") }
    }

    @Test(arguments: [20, 40, 80, 120])
    func tildeKListsEveryButtonAndEchoesTheNumber(columns: Int) throws {
        let (front, remote) = try KeyBarSecondRoundFrontTests.front(columns: columns)
        front.type("\r~k")
        let rows = front.text
        for entry in Self.entries {
            #expect(Self.lists(entry, on: rows), "\(columns) columns: no '\(entry)' in \(rows)")
        }
        #expect(rows.allSatisfy { terminalColumns($0) <= columns })
        #expect(front.barRow.hasPrefix(" key number:"), "\(front.barRow)")
        #expect(columns < 60 || front.barRow.hasSuffix("(1 to 20, Enter takes it, Esc cancels)"), "\(front.barRow)")
        front.type("1")
        front.type("2")
        #expect(front.barRow.hasPrefix(" key number: 12 "), "the digits are echoed: \(front.barRow)")
        front.type("\u{7F}")
        #expect(front.barRow.hasPrefix(" key number: 1 "), "\(front.barRow)")
        front.type("\r")
        #expect(KeyBarSecondRoundFrontTests.received(remote) == "\r\u{1B}")
        #expect(!Self.lists("19 Fn", on: front.text), "the list closes")
    }

    /// ☰ is in the list (issue 54: it was left out, so a keyboard never reached the menu);
    /// taken, it reads the menu's entries out by number, and one taken does what a click does.
    @Test func theMenuIsListedAndItsEntriesAreTakenByNumber() throws {
        let (front, remote) = try KeyBarSecondRoundFrontTests.front(columns: 80)
        front.type("\r~k")
        #expect(Self.lists("20 Menu", on: front.text), "\(front.text)")
        front.type("20\r")
        let rows = front.text
        for (number, entry) in FrontController.menuItems.enumerated() {
            #expect(rows.joined(separator: "\n").contains("\(number + 1) \(entry)"), "no '\(entry)' in \(rows)")
        }
        #expect(!Self.lists("0 next set (vim)", on: rows), "a menu has no next set: \(rows)")
        let help = try #require(FrontController.menuItems.firstIndex(of: "Help"))
        front.type("\(help + 1)\r")
        #expect(front.text.contains { $0.contains("~.") }, "the help panel: \(front.text)")
        #expect(KeyBarSecondRoundFrontTests.received(remote) == "\r", "nothing reaches the remote")
    }

    /// `~?` at 50 columns is longer than the screen: ↓, PageDown, End, ↑ and Home scroll it
    /// as the wheel does (issue 54: only the wheel did, and a phone has none), the title says
    /// so, another key closes it, and none of them reach the remote.
    @Test func theHelpPanelScrollsByKeysAtFiftyColumns() throws {
        let (front, remote) = try KeyBarSecondRoundFrontTests.front(columns: 50)
        front.type("\r~?")
        func position() -> String? {
            guard let title = front.text.first(where: { $0.contains("rterm help") }),
                let range = title.range(of: #"\[\d+-\d+/\d+\]"#, options: .regularExpression)
            else { return nil }
            return String(title[range])
        }
        let first = try #require(position(), "\(front.text)")
        #expect(first.hasPrefix("[1-"))
        #expect(front.text.contains { $0.contains("rterm help") && $0.contains("↑↓ scroll") }, "\(front.text)")
        front.type("\u{1B}[B")
        #expect(position()?.hasPrefix("[2-") == true, "\(position() ?? "closed")")
        front.type("\u{1B}[6~")
        let paged = try #require(position())
        #expect(paged.hasPrefix("[") && !paged.hasPrefix("[2-"), "\(paged)")
        front.type("\u{1B}[F")
        let end = try #require(position())
        let total = end.split(separator: "/").last.map { $0.dropLast() }
        #expect(end.split(separator: "-").last.map { $0.split(separator: "/").first } == total.map { Optional($0) }, "\(end)")
        front.type("\u{1B}[A")
        #expect(position() != end)
        front.type("\u{1B}[H")
        #expect(position() == first)
        front.type("q")
        #expect(position() == nil, "another key closes it")
        #expect(KeyBarSecondRoundFrontTests.received(remote) == "\r", "no key reached the remote")
    }

    @Test func aPressOnTheListClosesItAndSendsNothing() throws {
        let (front, remote) = try KeyBarSecondRoundFrontTests.front(columns: 80)
        front.type("\r~k")
        #expect(Self.lists("3 Ctrl", on: front.text))
        front.type(FrontHarness.click(10, 20))
        #expect(!Self.lists("3 Ctrl", on: front.text))
        #expect(KeyBarSecondRoundFrontTests.received(remote) == "\r")
        #expect(Self.set(front) == "sh", "the buttons are back (the set's name short at 80 columns): \(front.barRow)")
    }

    /// The name of the set the bar shows (its first word).
    static func set(_ front: FrontHarness) -> String { KeyBarSecondRoundFrontTests.set(front) }

    @Test func fnsTwelveKeysPageAtTwentyColumnsAndEveryOneIsReachable() throws {
        let (front, remote) = try KeyBarSecondRoundFrontTests.front(columns: 20)
        let row = front.screen.size.rows - 1
        front.turnBar(to: "Fn")
        try front.click("Fn")
        var seen: [String] = []
        for _ in 0..<12 where !seen.contains("F12") {
            let strip = front.text[row - 1]
            #expect(strip.hasPrefix(" ‹") && strip.hasSuffix("›"), "\(strip)")
            seen += strip.split(separator: " ").map(String.init).filter { $0.hasPrefix("F") }
            // › at the right edge turns the strip, which stays open and sends nothing.
            front.type(FrontHarness.click(19, row - 1))
        }
        #expect(Set(seen) == Set((1...12).map { "F\($0)" }), "\(seen)")
        #expect(remote.received.isEmpty)
        for _ in 0..<12 where !front.text[row - 1].contains("F12") { front.type(FrontHarness.click(19, row - 1)) }
        let strip = front.text[row - 1]
        let f12 = try #require(strip.range(of: "F12"))
        front.type(FrontHarness.click(strip.distance(from: strip.startIndex, to: f12.lowerBound), row - 1))
        #expect(KeyBarSecondRoundFrontTests.received(remote) == "\u{1B}[24~")
        #expect(!front.text[row - 1].contains("F12"), "a pick closes the strip")
    }
}
