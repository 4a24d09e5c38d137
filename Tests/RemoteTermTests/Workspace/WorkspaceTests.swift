import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Several sessions in one front, in-process: three sessions over memory transports on a
/// manual clock, bytes typed into the workspace as the local terminal would send them, and
/// what each remote receives read back. Only the shown session owns the keyboard.
@Suite struct WorkspaceTests {
    typealias Rig = WorkspaceRig

    static let three = ["alpha", "beta", "gamma"]

    @Test func keysAndPastesReachOnlyTheShownSession() {
        let rig = Rig(names: Self.three)
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
        let rig = Rig(names: ["alpha", "beta", "gamma"])
        #expect(rig.workspace.tabLabels == ["1:alpha*", "2:beta", "3:gamma"])
        #expect(!rig.barRow.contains("2:beta"), "the tabs start a page of their own")
        rig.type("\u{1B}[<64;40;24M")  // the wheel over the bar turns the page (back: the last)
        #expect(rig.barRow.contains("1:alpha*"), "\(rig.barRow)")
        try rig.click("3:gamma")
        #expect(rig.workspace.shownIndex == 2)
        #expect(rig.barRow.contains("3:gamma*"), "the bar stays on the tabs: \(rig.barRow)")
        #expect(rig.received(0).isEmpty && rig.received(1).isEmpty && rig.received(2).isEmpty, "a tab sends nothing")
        rig.type("\u{1B}[<65;40;24M")
        try rig.click("Esc")
        #expect(rig.received(2) == "\u{1B}")
        #expect(rig.received(0).isEmpty && rig.received(1).isEmpty)
    }

    @Test func theMenuListsTheSessions() throws {
        let rig = Rig(names: Self.three)
        rig.turnBar(to: "☰")
        try rig.click("☰")
        #expect(rig.barRow.contains("[New session]"), "\(rig.barRow)")
        // The menu pages like the bar: turn until the session shows.
        for _ in 0..<4 where !rig.barRow.contains("[2:beta]") { rig.type("\u{1B}[<65;40;24M") }
        try rig.click("[2:beta]")
        #expect(rig.workspace.shownIndex == 1)
    }

    @Test func switchingDropsTheSelectionClosesTheMenuAndReleasesArmedModifiers() throws {
        let rig = Rig(names: Self.three)
        rig.transports[0].deliver(Array("some words here\r\n".utf8))
        rig.turn()
        rig.type("\u{1B}[<0;1;1M\u{1B}[<32;6;1M\u{1B}[<0;6;1m")
        #expect(rig.workspace.controller.selection != nil)
        // With tabs the bar pages at 80 columns; Ctrl and Alt keep their labels, on the first.
        try rig.click("Ctrl")
        try rig.click("Alt")
        try rig.click("^Alt")  // a second click within the interval locks it
        #expect(rig.workspace.controller.bar.latch.state(of: .control) == .armed)
        #expect(rig.workspace.controller.bar.latch.state(of: .alt) == .locked)
        rig.turnBar(to: "☰")
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
        let rig = Rig(names: Self.three)
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
        let rig = Rig(names: Self.three)
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
        let session = rig.session(label: "beta", transport: nil)
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
        let session = rig.session(label: "beta", transport: nil)
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
        let rig = Rig(names: Self.three, exits: [.status(0), .status(3), .status(0)])
        rig.transports[1].outputEnds = true
        rig.turn()
        #expect(rig.workspace.tabLabels[1] == "2:beta[3]")
        #expect(!rig.workspace.isFinished)
        rig.workspace.show(1)
        #expect(rig.barRow.contains("beta: exited with status 3"), "\(rig.barRow)")
        rig.type("q")
        #expect(rig.workspace.entries.count == 2, "a key closes the ended session")
        #expect(rig.workspace.tabLabels == ["1:alpha", "2:gamma*"])
        #expect(rig.received(2) == "q", "the key goes on to the session shown next")
        #expect(rig.received(0).isEmpty)
        rig.transports[2].outputEnds = true
        rig.turn()
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.workspace.isFinished)
        #expect(rig.workspace.exitStatus == 0, "the last session's status")
    }

    @Test func aSessionThatFailedToConnectMakesTheExitStatus255() throws {
        let rig = Rig(names: ["alpha"])
        let failing = rig.session(label: "nowhere", transport: nil)
        failing.connect(ConnectionAttempt(finished: .failed(.connectFailed(message: "rterm: nowhere: no route", status: 255))))
        rig.workspace.add(failing, name: "nowhere")
        rig.turn()
        #expect(rig.workspace.tabLabels[1] == "2:nowhere[255]")
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.workspace.isFinished)
        #expect(rig.workspace.exitStatus == 255)
    }

    /// Issue 54, item 5: `~c` to a host that refuses, dismissed with Esc, then `exit 0` in
    /// the session that ran: rterm exits 0 (before, 255, as if that session had failed).
    @Test func aFailedAttemptTheUserDismissedDoesNotCountInTheExitStatus() throws {
        let rig = Rig(names: ["alpha"])
        let failing = rig.session(label: "127.0.0.1", transport: nil)
        failing.connect(ConnectionAttempt(finished: .failed(.connectFailed(message: "rterm: 127.0.0.1: refused", status: 255))))
        rig.workspace.add(failing, name: "127.0.0.1", show: true)
        rig.turn()
        #expect(rig.barRow.contains("127.0.0.1"), "\(rig.barRow)")
        // A lone Esc is a key once nothing follows it.
        rig.type("\u{1B}", after: 100_000_000)
        #expect(rig.workspace.entries.count == 1, "Esc closes the failed attempt")
        rig.transports[0].outputEnds = true
        rig.turn()
        #expect(rig.workspace.isFinished)
        #expect(rig.workspace.exitStatus == 0, "the status of the session that ran")
        #expect(rig.workspace.endings.count == 1)
    }

    @Test func everySessionFollowsTheLocalSizeShownOrNot() {
        let rig = Rig(names: Self.three)
        rig.workspace.resize(local: (rows: 30, columns: 100))
        for transport in rig.transports {
            #expect(transport.resizes.last.map { [$0.rows, $0.columns] } == [29, 100])
        }
        for entry in rig.workspace.entries { #expect(entry.session.terminal.rows == 29) }
    }

    @Test func theHelpShowsTheShownSessionsEscapeCharacter() {
        let rig = Rig(names: ["alpha"])
        let other = rig.session(label: "beta", transport: MemoryTransport(outputEnds: false))
        rig.workspace.add(other, name: "beta", escape: 0x1D, show: true)  // -e ^]
        #expect(rig.workspace.controller.escapeCharacter == "^]")
        rig.workspace.show(0)
        #expect(rig.workspace.controller.escapeCharacter == "~")
    }

    @Test func tildeCAsksForADestinationOnTheBarRow() {
        let rig = Rig(names: ["alpha"])
        rig.type("~c")
        #expect(rig.barRow == " " + FrontController.destinationQuestion.trimmingCharacters(in: .whitespaces))
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

    /// What `~c` offers is written so that it splits back into the same words.
    @Test func joinedWordsSplitBackTheSame() {
        let words = ["-F", "/home/me/my config", "-o", "ProxyCommand=nc %h %p", "-o", "User=o'brien", "-p", "2222"]
        #expect(ShellWords.split(ShellWords.joined(words)) == words)
        #expect(ShellWords.joined(["-p", "2222"]) == "-p 2222")
    }
}

/// Issue 54, item 6: `~c` offers the first session's connection options on its prompt, and
/// takes its answer in pieces of any size (one piece from a phone keyboard or a paste, a
/// leading `-` included).
@Suite struct NewSessionQuestionTests {
    typealias Rig = WorkspaceRig

    @Test(arguments: [
        (["-F", "cfg", "-p", "2222", "-o", "StrictHostKeyChecking=yes", "-t", "-L", "8080:x:80", "--resume", "w", "host"],
         ["-F", "cfg", "-p", "2222", "-o", "StrictHostKeyChecking=yes"]),
        (["-p22", "-4C", "-tv", "-i", "key", "host", "uname"], ["-p22", "-4C", "-i", "key"]),
        (["-oPort=22", "-N", "-J", "jump", "host"], ["-oPort=22", "-J", "jump"]),
        (["host", "-p", "2222"], []),
    ])
    func theOptionsOfferedAreThoseThatShapeAConnection(_ arguments: [String], _ offered: [String]) throws {
        #expect(try SSHCommandLine.parse(arguments).reusableOptions == offered)
    }

    @Test func theFirstSessionsOptionsAreOfferedAndAnAnswerInOnePieceIsTaken() {
        let rig = Rig(names: ["alpha"])
        rig.workspace.controller.newSessionOptions = "-F cfg -p 2222"
        rig.type("~c")
        #expect(rig.barRow.hasSuffix("-F cfg -p 2222"), "\(rig.barRow)")
        rig.effects.removeAll()
        rig.type("me@box")
        rig.type("\r")
        #expect(rig.effects.contains(.openSession("-F cfg -p 2222 me@box")), "\(rig.effects)")
        // Without options to offer, `-p 2222 me@box` in one piece, then Enter.
        let plain = Rig(names: ["alpha"])
        plain.type("~c")
        plain.type("-p 2222 me@box")
        #expect(plain.barRow.hasSuffix("-p 2222 me@box"), "\(plain.barRow)")
        plain.effects.removeAll()
        plain.type("\r")
        #expect(plain.effects.contains(.openSession("-p 2222 me@box")))
    }
}
