import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The view's decisions in-process (selection, links, panels, notices, the menu's pages, the
/// wheel on the alternate screen, the history holding still), through the same rig as the
/// controller's tests: a workspace with a real `Session` on a memory transport and a manual
/// clock, read through the frame the front draws.
@Suite struct FrontViewTests {
    typealias Rig = WorkspaceRig
    static let ms: UInt64 = 1_000_000

    /// An SGR press at a cell (0-based), and its release.
    static func press(_ column: Int, _ row: Int, modifiers: Int = 0) -> String {
        "\u{1B}[<\(modifiers);\(column + 1);\(row + 1)M"
    }
    static func release(_ column: Int, _ row: Int, modifiers: Int = 0) -> String {
        "\u{1B}[<\(modifiers);\(column + 1);\(row + 1)m"
    }
    static func drag(_ column: Int, _ row: Int, modifiers: Int = 0) -> String {
        "\u{1B}[<\(32 + modifiers);\(column + 1);\(row + 1)M"
    }
    static func click(_ column: Int, _ row: Int) -> String { press(column, row) + release(column, row) }

    // MARK: - Selection

    @Test func aDragSelectsShowsAndCopiesAcrossRows() {
        let rig = Rig()
        rig.feed("first line here\r\nsecond line")
        rig.type(Self.press(6, 0) + Self.drag(10, 0) + Self.drag(5, 1))
        #expect(rig.copied.isEmpty, "copied on release, not while dragging")
        let line = rig.frame.lines[0]
        #expect(line.cells[6].attributes.contains(.inverse))
        #expect(!line.cells[5].attributes.contains(.inverse))
        rig.type(Self.release(5, 1))
        #expect(rig.copied == ["line here\nsecond"])
        #expect(rig.sent.isEmpty)
    }

    @Test func doubleClickCopiesAWordAndTripleClickTheLine() {
        let rig = Rig()
        rig.feed("cd /usr/local/bin && ls")
        rig.type(Self.click(6, 0) + Self.click(6, 0))
        #expect(rig.copied == ["/usr/local/bin"])
        rig.type(Self.click(6, 0))
        #expect(rig.copied.last == "cd /usr/local/bin && ls")
    }

    @Test func clicksTooFarApartAreSingleClicks() {
        let rig = Rig()
        rig.feed("word")
        rig.type(Self.click(1, 0))
        rig.clock.advance(by: FrontController.multiClickInterval + 1)
        rig.type(Self.click(1, 0))
        #expect(rig.copied.isEmpty)
    }

    @Test func theSelectionHoldsItsTextWhileLinesArrive() {
        let rig = Rig()
        rig.feed("keep me\r\n")
        rig.type(Self.press(0, 0) + Self.drag(6, 0))
        rig.feed(String(repeating: "x\r\n", count: 40))
        rig.type(Self.release(6, 0))
        // The release is now over other text; the selection still starts at "keep me".
        #expect(rig.copied.first?.hasPrefix("keep me") == true)
    }

    @Test func whenTheRemoteHasTheMouseShiftStillSelects() {
        let rig = Rig.withModes("\u{1B}[?1002h\u{1B}[?1006h")
        rig.feed("abc def")
        rig.type(Self.press(4, 0, modifiers: 4) + Self.drag(6, 0, modifiers: 4) + Self.release(6, 0, modifiers: 4))
        #expect(rig.copied == ["def"])
        #expect(rig.sent.isEmpty)
        rig.type(Self.click(4, 0))
        #expect(rig.sent.contains("\u{1B}[<0;5;1M"), "without Shift the click is the remote's")
    }

    @Test func aKeyClearsTheSelectionAndIsSent() {
        let rig = Rig()
        rig.feed("abc")
        rig.type(Self.click(1, 0) + Self.click(1, 0))
        #expect(rig.workspace.controller.selection != nil)
        rig.type("x")
        #expect(rig.workspace.controller.selection == nil)
        #expect(rig.sent == "x")
    }

    // MARK: - Links

    @Test func aSingleClickOnALinkOpensItOnlyAfterTheDoubleClickInterval() {
        let rig = Rig()
        rig.feed("see https://example.com/a_(b). now")
        rig.type(Self.click(10, 0))
        #expect(rig.opened.isEmpty)
        rig.wait(FrontController.multiClickInterval / 2)
        #expect(rig.opened.isEmpty, "not before the interval")
        rig.wait(FrontController.multiClickInterval / 2)
        #expect(rig.opened == ["https://example.com/a_(b)"])
        #expect(rig.sent.isEmpty)
    }

    @Test func aDoubleClickOnALinkSelectsInsteadOfOpening() {
        let rig = Rig()
        rig.feed("see https://example.com/x now")
        rig.type(Self.click(10, 0))
        rig.wait(100 * Self.ms)
        rig.type(Self.click(10, 0))
        rig.wait(FrontController.multiClickInterval * 2)
        #expect(rig.opened.isEmpty)
        #expect(rig.copied == ["https://example.com/x"])
    }

    @Test func linksAreUnderlinedIncludingOSC8() {
        let rig = Rig()
        rig.feed("go https://a.example/ and \u{1B}]8;;https://b.example/\u{1B}\\here\u{1B}]8;;\u{1B}\\.")
        let cells = rig.frame.lines[0].cells
        let underlined = cells.indices.filter { cells[$0].attributes.underlineStyle != .none }
        #expect(underlined == Array(3...20) + Array(26...29))
    }

    // MARK: - Panels, notices, menu

    @Test func clicksUnderThePanelAndTheHistoryLineSendNothing() {
        let rig = Rig.withModes("\u{1B}[?1000h\u{1B}[?1006h")
        rig.type("~?")
        #expect(rig.workspace.controller.panel != nil)
        rig.type(Self.click(5, 22) + Self.click(5, 20))
        #expect(rig.sent.isEmpty)
        rig.type("q")
        #expect(rig.workspace.controller.panel == nil)
        #expect(rig.sent.isEmpty, "the key that closes the panel is not sent")
    }

    @Test func theHelpPanelScrollsWhenItDoesNotFit() {
        let rig = Rig(rows: 7, columns: 30)
        rig.type("~?")
        let before = rig.workspace.controller.panel
        rig.type("\u{1B}[<65;3;5M")  // wheel down over the panel
        #expect(rig.workspace.controller.panel?.scroll == 3)
        #expect(before?.scroll == 0)
        #expect(rig.sent.isEmpty)
    }

    @Test(arguments: [20, 30, 45, 80])
    func everyMenuItemCanBeReachedAtAnyWidth(_ width: Int) {
        var seen: Set<String> = []
        let pages = FrontController.menuLayout(width: width, page: 0).pages
        for page in 0..<pages {
            let layout = FrontController.menuLayout(width: width, page: page)
            for label in layout.labels {
                #expect(label.column + label.text.count <= width, "\(label) beyond \(width)")
                seen.insert(label.text)
            }
        }
        for item in FrontController.menuItems { #expect(seen.contains("[\(item)]"), "\(item) at \(width)") }
    }

    @Test func aTransientNoticeLetsKeysThroughAndExpires() {
        let rig = Rig()
        rig.workspace.controller.showNotice("copied 3 characters", now: rig.clock.now())
        #expect(rig.barRow.contains("copied 3"))
        rig.type("a")
        #expect(rig.sent == "a")
        rig.wait(FrontController.noticeDuration)
        #expect(!rig.barRow.contains("copied"))
    }

    @Test func aStickyNoticeStaysUntilAKeyDismissesItAndTheKeyIsSent() {
        let rig = Rig()
        rig.workspace.controller.showNotice("keybar:3: unknown key", sticky: true, now: rig.clock.now())
        rig.wait(60 * FrontController.noticeDuration)
        #expect(rig.barRow.contains("unknown key"))
        rig.type("a")
        #expect(rig.sent == "a")
        #expect(!rig.barRow.contains("unknown key"))
    }

    // MARK: - Wheel

    @Test(arguments: [("", "\u{1B}[A\u{1B}[A\u{1B}[A"), ("\u{1B}[?1h", "\u{1B}OA\u{1B}OA\u{1B}OA")])
    func theWheelSendsArrowsOnTheAlternateScreen(_ modes: String, _ expected: String) {
        let rig = Rig.withModes("\u{1B}[?1049h" + modes)
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.sent == expected)
        #expect(rig.workspace.controller.historyTop == nil)
    }

    @Test func withoutAlternateScrollTheWheelShowsTheHistory() {
        let rig = Rig()
        rig.feed(String(repeating: "line\r\n", count: 40) + "\u{1B}[?1049h\u{1B}[?1007l")
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.sent.isEmpty)
        #expect(rig.workspace.controller.historyTop != nil)
    }

    @Test func theHistoryHoldsItsPositionWhileTenThousandLinesArrive() {
        let rig = Rig.withScrollback(50_000)
        rig.feed((1...100).map { "L\($0)" }.joined(separator: "\r\n"))
        for _ in 0..<5 { rig.type("\u{1B}[<64;10;5M") }
        let before = rig.frame.text
        #expect(before[0] == "L63")
        for chunk in 0..<10 {
            rig.feed((1...1000).map { "N\(chunk)-\($0)" }.joined(separator: "\r\n") + "\r\n")
        }
        #expect(rig.frame.text.dropLast() == before.dropLast(), "the remote rows did not move")
        #expect(rig.barRow.contains("[history -10015]"))
    }
}

extension FrontViewTests {
    @Test func historyLinesTheScrollbackForgetsGiveWayToTheOldestKept() {
        let rig = Rig.withScrollback(100)
        rig.feed((1...200).map { "L\($0)" }.joined(separator: "\r\n"))
        for _ in 0..<40 { rig.type("\u{1B}[<64;10;5M") }
        #expect(rig.frame.text[0] == "L78", "at the oldest line kept")
        rig.feed((1...50).map { "N\($0)" }.joined(separator: "\r\n"))
        #expect(rig.frame.text[0] == "L127", "L200 and N1 share a line")
    }
}
