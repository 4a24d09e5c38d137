import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// What the front shows and does while the link is down: the bar row's status and its two
/// buttons, the stale screen, and a hidden bar brought back.
@Suite struct FrontReconnectTests {
    static let second: UInt64 = 1_000_000_000

    static func reconnection(lostAt: UInt64 = 10 * second) -> Reconnection {
        var reconnection = Reconnection(reason: "rterm: connection to u@h lost: reset", lostAt: lostAt, lastContact: lostAt - 2 * second)
        reconnection.attempts = 2
        reconnection.nextAttempt = lostAt + 4 * second
        return reconnection
    }

    static func barText(_ controller: inout FrontController, width: Int, reconnection: Reconnection, now: UInt64) -> String {
        var line = FrameLine(columns: width)
        let view = FrontView(terminal: Terminal(rows: 4, columns: width), reconnection: reconnection, now: now)
        for label in controller.barLabels(view: view) ?? [] {
            line.write(label.text, at: label.column)
        }
        return line.text
    }

    @Test func theBarSaysHowLongAndWhatComesNext() {
        var controller = FrontController()
        let text = Self.barText(&controller, width: 80, reconnection: Self.reconnection(), now: 11 * Self.second)
        #expect(text.hasPrefix(" link lost, last contact 3s ago · attempt 3 in 3s"))
        #expect(text.hasSuffix("[Reconnect now] [Quit]"))
        var running = Self.reconnection()
        running.isAttempting = true
        running.nextAttempt = nil
        #expect(
            Self.barText(&controller, width: 80, reconnection: running, now: 75 * Self.second)
                .hasPrefix(" link lost, last contact 1m07s ago · attempt 2…"))
        var refused = Self.reconnection()
        refused.nextAttempt = nil
        refused.refusal = "rterm: authentication failed for u@h port 22 (tried publickey)"
        #expect(
            Self.barText(&controller, width: 80, reconnection: refused, now: 11 * Self.second)
                .hasPrefix(" not retrying: authentication failed"))
        // Narrow: the buttons stay whole at the right, the status is cut.
        let narrow = Self.barText(&controller, width: 30, reconnection: Self.reconnection(), now: 11 * Self.second)
        #expect(narrow.count == 30)
        #expect(narrow.hasSuffix("[Retry] [Quit]"))
        let forty = Self.barText(&controller, width: 40, reconnection: Self.reconnection(), now: 11 * Self.second)
        #expect(forty.hasPrefix(" lost 3s ago · #3 in 3s"))
    }

    @Test func theButtonsReconnectAndQuit() {
        var controller = FrontController()
        var terminal = Terminal(rows: 4, columns: 80)
        _ = terminal.feed("$ ")
        let view = FrontView(terminal: terminal, reconnection: Self.reconnection(), now: 11 * Self.second)
        // The bar row is row 4 (below the 4 remote rows); SGR mouse, 1-based.
        func press(_ column: Int) -> [FrontAction] {
            let bytes = Array("\u{1B}[<0;\(column + 1);5M\u{1B}[<0;\(column + 1);5m".utf8)
            var actions: [FrontAction] = []
            for event in controller.decode(bytes, now: 11 * Self.second) {
                actions += controller.handle(event, now: 11 * Self.second, view: view)
            }
            return actions
        }
        let quitColumn = 80 - "[Quit]".count + 1
        let reconnectColumn = 80 - "[Reconnect now] [Quit]".count + 2
        #expect(press(reconnectColumn).contains(.reconnectNow))
        #expect(press(quitColumn).contains(.quit))
        // The status text is not a button, and nothing reaches the remote.
        let elsewhere = press(3)
        #expect(!elsewhere.contains(.quit) && !elsewhere.contains(.reconnectNow))
        #expect(!elsewhere.contains { if case .send = $0 { return true } else { return false } })
    }

    @Test func theStaleScreenIsFaintAndHasNoCursor() {
        var terminal = Terminal(rows: 2, columns: 10)
        _ = terminal.feed("ab")
        let controller = FrontController()
        let view = FrontView(terminal: terminal, reconnection: Self.reconnection(), now: 11 * Self.second)
        let overlays = controller.overlays(view: view)
        #expect(overlays.isStale)
        let frame = FrameComposer.compose(terminal, topLine: nil, area: (2, 10), overlays: overlays)
        #expect(frame.lines[0].text.hasPrefix("ab"))
        #expect(frame.lines[0].cells[0].attributes.contains(.faint))
        #expect(frame.cursor == nil)
        let live = FrameComposer.compose(
            terminal, topLine: nil, area: (2, 10), overlays: controller.overlays(view: FrontView(terminal: terminal)))
        #expect(!live.lines[0].cells[0].attributes.contains(.faint))
        #expect(live.cursor != nil)
    }

    @Test func aLostLinkBringsAHiddenBarBack() {
        var controller = FrontController()
        controller.setBarVisible(false)
        let actions = controller.sessionEvent(.linkLost("rterm: lost"))
        #expect(controller.bar.isVisible)
        #expect(actions.contains(.barVisibilityChanged))
    }
}
