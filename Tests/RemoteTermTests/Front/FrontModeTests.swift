import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The front's mode is one value (`FrontMode`): a selection, a popup and a problem notice are
/// modes like the menu and the history, so a key and a click each mean what the one mode
/// says. In-process on memory sessions and the manual clock; the tests read what the remote
/// received, what was copied and what the frame shows.
@Suite struct FrontModeTests {
    typealias Rig = WorkspaceRig

    static let ms: UInt64 = 1_000_000

    /// A press, a drag to `to` and a release of the left button on row `row` (0-based cells).
    static func drag(row: Int, from: Int, to: Int) -> String {
        "\u{1B}[<0;\(from + 1);\(row + 1)M\u{1B}[<32;\(to + 1);\(row + 1)M\u{1B}[<0;\(to + 1);\(row + 1)m"
    }

    @Test func aSelectionInTheHistoryHoldsWhileTheWheelMovesAndAKeyReturnsToTheLiveScreen() {
        let rig = Rig()
        rig.feed((1...60).map { "line \($0)" }.joined(separator: "\r\n"))
        rig.type("\u{1B}[<64;10;5M")  // the wheel, up: into the history
        let top = rig.workspace.controller.historyTop
        #expect(top != nil)
        rig.type(Self.drag(row: 0, from: 0, to: 6))
        #expect(rig.copied.count == 1, "\(rig.effects)")
        guard case .selecting(_, let selectedTop) = rig.workspace.controller.mode else {
            Issue.record("not selecting: \(rig.workspace.controller.mode)")
            return
        }
        #expect(selectedTop == top)
        rig.type("\u{1B}[<64;10;5M")
        #expect(rig.workspace.controller.historyTop == top.map { $0 - 3 }, "the wheel still scrolls")
        #expect(rig.workspace.controller.selection != nil, "the selection stays on its lines")
        #expect(rig.barRow.contains("[history -"), "\(rig.barRow)")
        rig.type("q")
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent.isEmpty, "the key that leaves the history is not sent")
    }

    @Test func aKeyOverALiveSelectionClearsItAndIsSent() {
        let rig = Rig()
        rig.feed("hello world")
        rig.type(Self.drag(row: 0, from: 0, to: 4))
        #expect(rig.copied == ["hello"])
        #expect(rig.workspace.controller.selection != nil)
        rig.type("x", after: 20 * Self.ms)
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent == "x")
    }

    @Test func aPopupTakesTheMouseEscOnlyClosesItAndAnotherKeyClosesItAndGoesOn() throws {
        let rig = Rig(columns: 100)
        let slash = try #require(rig.column(of: "/"))
        // A right click on a button with alternatives.
        rig.type("\u{1B}[<2;\(slash + 1);24M\u{1B}[<2;\(slash + 1);24m")
        #expect(rig.workspace.controller.popup != nil)
        rig.type("\u{1B}", after: 20 * Self.ms)
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent.isEmpty)
        rig.type("\u{1B}[<2;\(slash + 1);24M\u{1B}[<2;\(slash + 1);24m")
        #expect(rig.workspace.controller.popup != nil)
        rig.type("a")
        #expect(rig.workspace.controller.mode == .live)
        #expect(rig.sent == "a")
    }

    @Test func aProblemNoticeWaitsBehindAConnectionsQuestionAndTheKeyThatDismissesItGoesOn() {
        var controller = FrontController()
        let view = FrontView(terminal: Terminal(rows: 24, columns: 80), remoteRows: 23)
        controller.showNotice("key bar config: line 3: no such key", sticky: true, now: 0)
        #expect(controller.mode == .notice(Notice(text: "key bar config: line 3: no such key", isSticky: true)))
        // A password question comes first; the problem is shown again once it is answered.
        _ = controller.sessionEvent(.prompt(PromptRequest(text: "password: ", kind: .secret)))
        #expect(controller.prompt != nil)
        for scalar in "pw\r".unicodeScalars {
            _ = controller.handle(.key(LocalInputDecoder.keyEvent(forTyped: scalar)), now: 0, view: view)
        }
        #expect(controller.notice?.isSticky == true, "\(controller.mode)")
        // The next key dismisses it and goes on to the remote.
        let actions = controller.handle(.key(KeyEvent(.character("x"))), now: 0, view: view)
        #expect(controller.mode == .live)
        #expect(actions.contains(.key(KeyEvent(.character("x")))), "\(actions)")
    }

    @Test func aClickAfterAResizeHitsTheButtonDrawnAtTheNewWidthWithNoFrameBetween() throws {
        let rig = Rig(columns: 120)
        let wide = try #require(rig.column(of: "Ctrl"))
        rig.workspace.resize(local: (rows: 24, columns: 60))
        // Drawing and clicks read one layout: the bar's, made when the width changed.
        let layout = rig.workspace.controller.bar.layout
        #expect(layout.width == 60)
        let slot = try #require(layout.slots.first { rig.workspace.controller.bar.appearance(of: $0).text == "Ctrl" })
        #expect(slot.columns.lowerBound != wide, "the button moved")
        rig.click(column: slot.columns.lowerBound, row: 23)
        #expect(rig.workspace.controller.bar.latch.state(of: .control) == .armed)
        #expect(rig.frame.barColumn(of: "^Ctrl").map { slot.columns.contains($0) } == true, "\(rig.barRow)")
    }
}
