import Foundation
import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Several sessions in one front, in-process: three sessions over memory transports on a
/// manual clock, bytes typed into the workspace as the local terminal would send them, and
/// what each remote receives read back. Only the shown session owns the keyboard.
@Suite struct WorkspaceTests {
    final class Rig {
        let clock = ManualClock(start: 1_000_000_000)
        let workspace: Workspace
        var transports: [MemoryTransport] = []
        var effects: [WorkspaceEffect] = []

        init(names: [String] = ["alpha", "beta", "gamma"], exits: [TransportExit?]? = nil) {
            workspace = Workspace(controller: FrontController(), localSize: (rows: 24, columns: 80))
            for (index, name) in names.enumerated() {
                let transport = MemoryTransport(exit: exits?[index] ?? .status(0), outputEnds: false)
                transports.append(transport)
                workspace.add(Self.session(clock: clock, label: name, transport: transport), name: name)
            }
            turn()
        }

        static func session(clock: ManualClock, label: String, transport: MemoryTransport?) -> Session {
            var options = Session.Options()
            options.escapes = true
            options.sessionEscapes = true
            options.label = label
            let session = Session(rows: 23, columns: 80, clock: clock, options: options)
            if let transport { session.attach(transport) }
            return session
        }

        /// One loop turn: every session reads what its remote sent, then the workspace takes
        /// their events.
        func turn() {
            for entry in workspace.entries {
                for _ in 0..<10 { entry.session.handle(readiness: [], now: clock.now()) }
            }
            effects += workspace.sessionEvents(now: clock.now())
        }

        /// Signalled by a connecting thread when it has something for the session (its
        /// `wake`), as the loop's waker is.
        let woken = DispatchSemaphore(value: 0)

        /// Turns until `condition` holds, each turn after the connecting thread woke the
        /// loop, for at most 20 s.
        func turnUntil(_ condition: () -> Bool) {
            let deadline = DispatchTime.now() + 20
            while !condition() && woken.wait(timeout: deadline) == .success { turn() }
        }

        /// Types `text` into the local terminal (escape sequences included).
        func type(_ text: String) {
            effects += workspace.input(Array(text.utf8), now: clock.now())
            turn()
        }

        /// What remote `index` received, as text.
        func received(_ index: Int) -> String { String(decoding: transports[index].received, as: UTF8.self) }

        /// The bar row as text.
        var barRow: String {
            let labels = workspace.controller.barLabels(width: 80) ?? []
            var row = [Character](repeating: " ", count: 80)
            for label in labels {
                for (offset, character) in label.text.enumerated() where label.column + offset < 80 {
                    row[label.column + offset] = character
                }
            }
            return String(row)
        }

        /// A press and release of the left button on the bar row at `label`.
        func click(_ label: String) throws {
            let row = barRow
            let range = try #require(row.range(of: label), "no '\(label)' on the bar: '\(row)'")
            let x = row.distance(from: row.startIndex, to: range.lowerBound) + 1
            type("\u{1B}[<0;\(x);24M\u{1B}[<0;\(x);24m")
        }
    }

    @Test func keysAndPastesReachOnlyTheShownSession() {
        let rig = Rig()
        rig.type("ls\r")
        rig.type("\u{1B}[200~pasted\u{1B}[201~")
        #expect(rig.received(0) == "ls\rpasted")
        #expect(rig.received(1).isEmpty && rig.received(2).isEmpty)
        rig.type("\r~n")
        #expect(rig.workspace.shownIndex == 1)
        rig.type("x")
        #expect(rig.received(1) == "x", "the escape itself is sent nowhere")
        #expect(rig.received(0) == "ls\rpasted\r")
        rig.type("\r~3")
        #expect(rig.workspace.shownIndex == 2)
        rig.type("~p")
        #expect(rig.workspace.shownIndex == 1, "an escape right after another one")
        rig.type("~1y")
        #expect(rig.workspace.shownIndex == 0)
        #expect(rig.received(0).hasSuffix("\ry"))
        #expect(rig.received(2).isEmpty)
    }

    @Test func sessionTabsOnTheirOwnPageSwitchWhenClicked() throws {
        let rig = Rig()
        #expect(rig.workspace.tabLabels == ["1:alpha*", "2:beta", "3:gamma"])
        #expect(!rig.barRow.contains("2:beta"), "the tabs start a page of their own")
        rig.type("\u{1B}[<65;40;24M")  // the wheel over the bar turns the page
        #expect(rig.barRow.contains("1:alpha*"), "\(rig.barRow)")
        try rig.click("3:gamma")
        #expect(rig.workspace.shownIndex == 2)
        #expect(rig.barRow.contains("3:gamma*"), "the bar stays on the tabs: \(rig.barRow)")
        #expect(rig.received(0).isEmpty && rig.received(1).isEmpty && rig.received(2).isEmpty, "a tab sends nothing")
        rig.type("\u{1B}[<64;40;24M")
        try rig.click("Esc")
        #expect(rig.received(2) == "\u{1B}")
        #expect(rig.received(0).isEmpty && rig.received(1).isEmpty)
    }

    @Test func theMenuListsTheSessions() throws {
        let rig = Rig()
        try rig.click("☰")
        #expect(rig.barRow.contains("[New session]"), "\(rig.barRow)")
        // The menu pages like the bar: turn until the session shows.
        for _ in 0..<4 where !rig.barRow.contains("[2:beta]") { rig.type("\u{1B}[<65;40;24M") }
        try rig.click("[2:beta]")
        #expect(rig.workspace.shownIndex == 1)
    }

    @Test func switchingDropsTheSelectionClosesTheMenuAndReleasesArmedModifiers() throws {
        let rig = Rig()
        rig.transports[0].deliver(Array("some words here\r\n".utf8))
        rig.turn()
        rig.type("\u{1B}[<0;1;1M\u{1B}[<32;6;1M\u{1B}[<0;6;1m")
        #expect(rig.workspace.controller.selection != nil)
        // With tabs the bar pages at 80 columns, so Ctrl and Alt show their short labels.
        try rig.click("Ct")
        try rig.click("Al")
        try rig.click("^Al")  // a second click within the interval locks it
        #expect(rig.workspace.controller.bar.latch.state(of: .control) == .armed)
        #expect(rig.workspace.controller.bar.latch.state(of: .alt) == .locked)
        try rig.click("☰")
        #expect(rig.workspace.controller.isMenuOpen)
        rig.workspace.show(1)
        #expect(rig.workspace.controller.selection == nil)
        #expect(!rig.workspace.controller.isMenuOpen)
        #expect(rig.workspace.controller.bar.latch.state(of: .control) == .off, "armed Ctrl must not land on another session")
        #expect(rig.workspace.controller.bar.latch.state(of: .alt) == .locked, "a locked modifier stays")
        rig.type("c")
        #expect(rig.received(1) == "\u{1B}c", "Alt still applies, Ctrl does not")
        #expect(rig.received(0).isEmpty)
    }

    @Test func backgroundOutputAndBellsMarkTheTabUntilShown() {
        let rig = Rig()
        rig.transports[1].deliver(Array("build finished\r\n".utf8))
        rig.turn()
        #expect(rig.workspace.tabLabels[1] == "2:beta#")
        rig.transports[2].deliver([0x07])
        rig.turn()
        #expect(rig.workspace.tabLabels[2] == "3:gamma#!")
        #expect(!rig.effects.contains(.bell), "a hidden session's bell does not ring")
        rig.workspace.show(1)
        #expect(rig.workspace.tabLabels == ["1:alpha", "2:beta*", "3:gamma#!"])
        #expect(TextRenderer.lines(of: rig.workspace.shown.terminal).first == "build finished")
    }

    @Test func aHiddenSessionsTitleWaitsAndItsClipboardWriteIsDropped() {
        let rig = Rig()
        rig.effects.removeAll()
        rig.transports[1].deliver(Array("\u{1B}]2;beta's title\u{07}\u{1B}]52;c;aGk=\u{07}".utf8))
        rig.turn()
        #expect(!rig.effects.contains { if case .setTitle = $0 { true } else { false } })
        #expect(!rig.effects.contains { if case .remoteClipboard = $0 { true } else { false } })
        rig.workspace.show(1)
        #expect(rig.workspace.takeEffects().contains(.sessionShown(title: "beta's title")))
    }

    @Test func aQuestionInAHiddenSessionWaitsForItToBeShown() throws {
        let rig = Rig(names: ["alpha"])
        let asked = DispatchSemaphore(value: 0)
        let session = Rig.session(clock: rig.clock, label: "beta", transport: nil)
        let woken = rig.woken
        session.connect(ConnectionAttempt(wake: { woken.signal() }) { mailbox in
            asked.signal()
            let answer = mailbox.ask(PromptRequest(text: "beta's password: ", kind: .secret))
            return answer == "sesame"
                ? .connected(MemoryTransport(outputEnds: false)) : .failed(.connectFailed(message: "denied", status: 255))
        })
        rig.workspace.add(session, name: "beta")
        #expect(asked.wait(timeout: .now() + 10) == .success)
        // The question reaches the session on a turn after the connecting thread asked it.
        rig.turnUntil { rig.workspace.tabLabels[1].hasSuffix("?") }
        #expect(rig.workspace.tabLabels[1] == "2:beta?")
        #expect(rig.workspace.controller.prompt == nil, "the shown session keeps the keyboard")
        rig.type("typed")
        #expect(rig.received(0) == "typed")
        rig.workspace.show(1)
        #expect(rig.workspace.controller.prompt?.request.question == "beta's password: ")
        rig.type("sesame\r")
        rig.turnUntil { session.state != .connecting }
        #expect(session.state == .live)
        #expect(rig.received(0) == "typed", "the answer went to the question, not to a remote")
    }

    @Test func ctrlNLeavesAShownQuestionWaitingForLater() throws {
        let rig = Rig(names: ["alpha"])
        let session = Rig.session(clock: rig.clock, label: "beta", transport: nil)
        let woken = rig.woken
        session.connect(ConnectionAttempt(wake: { woken.signal() }) { mailbox in
            mailbox.ask(PromptRequest(text: "beta's password: ", kind: .secret)) == "sesame"
                ? .connected(MemoryTransport(outputEnds: false)) : .failed(.connectFailed(message: "denied", status: 255))
        })
        rig.workspace.add(session, name: "beta", show: true)
        rig.turnUntil { rig.workspace.controller.prompt != nil }
        #expect(rig.workspace.controller.prompt?.request.question == "beta's password: ")
        rig.type("ses\u{0E}")  // Ctrl+N
        #expect(rig.workspace.shownIndex == 0, "Ctrl+N shows the next session")
        #expect(rig.workspace.controller.prompt == nil)
        #expect(session.state == .connecting, "the question still waits")
        #expect(rig.workspace.tabLabels[1] == "2:beta?")
        rig.type("x")
        #expect(rig.received(0) == "x")
        rig.workspace.show(1)
        #expect(rig.workspace.controller.prompt?.request.question == "beta's password: ", "asked again")
        rig.type("sesame\r")
        rig.turnUntil { session.state != .connecting }
        #expect(session.state == .live)
    }

    @Test func anEndedSessionShowsItsStatusUntilClosedAndTheLastEndingExits() throws {
        let rig = Rig(exits: [.status(0), .status(3), .status(0)])
        rig.transports[1].outputEnds = true
        rig.turn()
        #expect(rig.workspace.tabLabels[1] == "2:beta[3]")
        #expect(!rig.workspace.isFinished)
        rig.workspace.show(1)
        #expect(rig.barRow.contains("beta: exited with status 3"), "\(rig.barRow)")
        rig.type("q")
        #expect(rig.workspace.entries.count == 2, "a key closes the ended session")
        #expect(rig.workspace.tabLabels == ["1:alpha", "2:gamma*"])
        #expect(rig.received(0).isEmpty && rig.received(2).isEmpty, "the key is sent nowhere")
        rig.transports[2].outputEnds = true
        rig.turn()
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.workspace.isFinished)
        #expect(rig.workspace.exitStatus == 0, "the last session's status")
    }

    @Test func aSessionThatFailedToConnectMakesTheExitStatus255() throws {
        let rig = Rig(names: ["alpha"])
        let failing = Rig.session(clock: rig.clock, label: "nowhere", transport: nil)
        failing.connect(ConnectionAttempt(finished: .failed(.connectFailed(message: "rterm: nowhere: no route", status: 255))))
        rig.workspace.add(failing, name: "nowhere")
        rig.turn()
        #expect(rig.workspace.tabLabels[1] == "2:nowhere[255]")
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.workspace.isFinished)
        #expect(rig.workspace.exitStatus == 255)
    }

    @Test func everySessionFollowsTheLocalSizeShownOrNot() {
        let rig = Rig()
        rig.workspace.resize(local: (rows: 30, columns: 100))
        for transport in rig.transports {
            #expect(transport.resizes.last.map { [$0.rows, $0.columns] } == [29, 100])
        }
        for entry in rig.workspace.entries { #expect(entry.session.terminal.rows == 29) }
    }

    @Test func theHelpShowsTheShownSessionsEscapeCharacter() {
        let rig = Rig(names: ["alpha"])
        var options = Session.Options()
        options.escapes = true
        options.escapeCharacter = 0x1D  // -e ^]
        let other = Session(rows: 23, columns: 80, clock: rig.clock, options: options)
        other.attach(MemoryTransport(outputEnds: false))
        rig.workspace.add(other, name: "beta", show: true)
        #expect(rig.workspace.controller.escapeCharacter == "^]")
        rig.workspace.show(0)
        #expect(rig.workspace.controller.escapeCharacter == "~")
    }

    @Test func tildeCAsksForADestinationOnTheBarRow() {
        let rig = Rig(names: ["alpha"])
        rig.type("~c")
        #expect(rig.barRow.hasPrefix(" " + FrontController.destinationQuestion))
        rig.effects.removeAll()
        rig.type("-p 2222 me@there\r")
        #expect(rig.effects.contains(.openSession("-p 2222 me@there")))
        #expect(rig.received(0).isEmpty, "what was typed went to the question")
        rig.type("~n")
        #expect(rig.barRow.contains("only one session"), "\(rig.barRow)")
    }
}

/// `~c`'s destination is split into words as a shell splits the simple cases.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("-p 2222  me@box", ["-p", "2222", "me@box"]),
        ("-o 'ProxyCommand=nc %h %p' box", ["-o", "ProxyCommand=nc %h %p", "box"]),
        ("box \"echo a\"''", ["box", "echo a"]),
        ("   ", []),
    ])
    func wordsAsAShellSplitsThem(_ example: (String, [String])) {
        #expect(ShellWords.split(example.0) == example.1)
    }
}
