import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The session in-process: memory transports, a manual clock, and a manual poller that turns
/// any sleep the loop could never wake from into a `.stalled` error instead of a hang.
@Suite struct SessionTests {
    /// A session on a manual clock, attached to `transport`, in a loop of its own.
    struct Rig {
        let clock = ManualClock(start: 0)
        let loop: EventLoop
        let session: Session

        init(_ transport: Transport? = nil, rows: Int = 24, columns: Int = 80, options: Session.Options = Session.Options())
            throws
        {
            loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
            session = Session(rows: rows, columns: columns, clock: clock, options: options)
            loop.add(session)
            if let transport { session.attach(transport) }
        }

        /// A rig on the real clock and poll(2), for what happens on other threads: the
        /// loop sleeps until the connecting thread wakes it.
        init(realTime: Void) throws {
            loop = try EventLoop()
            session = Session(rows: 24, columns: 80, clock: loop.clock)
            loop.add(session)
        }

        /// Runs the real loop until `condition` holds, at most `seconds`.
        @discardableResult
        func wait(seconds: Double = 10, until condition: () -> Bool) throws -> Bool {
            try loop.run(until: condition, deadline: loop.clock.now() + UInt64(seconds * 1e9))
        }

        /// Turns until `condition` holds (at most `turns` turns).
        @discardableResult
        func run(turns: Int = 10_000, until condition: () -> Bool) throws -> Bool {
            for _ in 0..<turns {
                if condition() { return true }
                try loop.turn()
            }
            return condition()
        }

        var screen: [String] { TextRenderer.lines(of: session.terminal) }
    }

    /// Output that libssh2 holds decrypted in memory: nothing for `poll` to see (its
    /// descriptor, a pipe nobody writes, never becomes readable), only `hasBufferedInput`.
    final class BufferedTransport: Transport {
        private var output: [UInt8]
        private var offset = 0
        private let pipeEnds: [Int32]

        init(output: [UInt8]) throws {
            self.output = output
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw TransportError.closed }
            pipeEnds = ends
        }

        deinit { pipeEnds.forEach { Glibc.close($0) } }

        var pollInterests: [PollInterest] { [PollInterest(descriptor: pipeEnds[0], events: Int16(POLLIN))] }
        var pollTimeout: Int32 { -1 }
        func service() throws(TransportError) {}
        var hasBufferedInput: Bool { offset < output.count }
        func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream) throws(TransportError)
            -> TransportIO
        {
            guard stream == .output, offset < output.count else { return .wouldBlock }
            let count = min(buffer.count, output.count - offset)
            buffer.copyBytes(from: output[offset..<offset + count])
            offset += count
            return .transferred(count)
        }
        func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO { .transferred(bytes.count) }
        func finishWriting() throws(TransportError) -> Bool { true }
        func resize(rows: Int, columns: Int) throws(TransportError) {}
        func exitStatus() throws(TransportError) -> TransportExit? { nil }
        func close() {}
    }

    // MARK: - Reading

    @Test func dataLeftInTheTransportAfterTheBudgetIsReadWithoutWaitingForPoll() throws {
        // 3 MiB held in memory, read 256 KiB a turn: the loop must never go to sleep on the
        // descriptor while data waits (the stall of `rterm -t host cat BIGFILE`).
        var text: [UInt8] = []
        for line in 0..<60_000 { text += Array("line \(line) of the file\r\n".utf8) }
        let transport = try BufferedTransport(output: text)
        let rig = try Rig(transport)
        try rig.run { rig.screen.contains("line 59999 of the file") }
        #expect(rig.screen.contains("line 59999 of the file"))
        #expect(rig.loop.turns > 5, "the budget limits each turn")
    }

    @Test func aFloodDoesNotKeepTheLoopFromOtherSources() throws {
        let transport = MemoryTransport(output: Array(repeating: UInt8(ascii: "y"), count: 4 << 20), chunkSize: 1 << 16)
        var options = Session.Options()
        options.readBudget = 64 * 1024
        let rig = try Rig(transport, options: options)
        try rig.loop.turn()
        // One turn read at most the budget, then handed the turn back.
        #expect(transport.unreadOutputCount >= (4 << 20) - 64 * 1024)
    }

    /// A flood drawn at a fixed frame rate (`FramePacer.nextFloodFrame`): the front holds the
    /// output until the next frame, so it is read then in one piece, one wake-up a frame;
    /// keys still go out at once.
    @Test func heldOutputIsReadAtTheHoldsEndInOnePieceWhileKeysGoOut() throws {
        let ms: UInt64 = 1_000_000
        let transport = MemoryTransport(outputEnds: false)
        let rig = try Rig(transport)
        try rig.loop.turn()
        let start = rig.clock.now()
        rig.session.holdOutput(until: start + 30 * ms)
        // A hold is never extended: the front draws often, and output waits one frame at most.
        rig.session.holdOutput(until: start + 1_000 * ms)
        transport.deliver(Array("first ".utf8))
        rig.session.send(.bytes(Array("k".utf8)))
        try rig.loop.turn()
        #expect(transport.received == Array("k".utf8), "the key went out")
        #expect(transport.unreadOutputCount == 6, "the output waits")
        transport.deliver(Array("second".utf8))
        // The loop sleeps until the hold ends (the manual poller moves the clock), then reads.
        try rig.run(turns: 5) { transport.unreadOutputCount == 0 }
        #expect(rig.clock.now() >= start + 30 * ms && rig.clock.now() < start + 1_000 * ms)
        #expect(rig.screen[0] == "first second")
        #expect(rig.loop.turns <= 4, "\(rig.loop.turns) turns")
    }

    /// Output coming faster than a held read would carry is read as it comes, at full speed.
    @Test func outputComingFasterThanAHoldCarriesIsNotHeld() throws {
        let ms: UInt64 = 1_000_000
        let flood = Array(repeating: UInt8(ascii: "y"), count: 1 << 20)
        let transport = MemoryTransport(output: flood, outputEnds: false, chunkSize: 1 << 16)
        let rig = try Rig(transport)
        // The pieces read grow turn by turn to a whole 64 KiB.
        for _ in 0..<6 { try rig.loop.turn() }
        let before = transport.unreadOutputCount
        #expect(rig.session.readSinceHoldAsked >= Session.heldOutputLimit)
        rig.session.holdOutput(until: rig.clock.now() + 30 * ms)
        try rig.loop.turn()
        #expect(transport.unreadOutputCount < before, "read at once")
    }

    @Test func repliesLeaveThroughTheInputPathAndAreNeverDrawn() throws {
        let transport = MemoryTransport(output: Array("\u{1B}[6n\u{1B}[cvisible".utf8), outputEnds: false)
        let rig = try Rig(transport)
        try rig.run(turns: 10) { transport.unreadOutputCount == 0 }
        // The cursor position report, then the device attributes, on the wire.
        #expect(transport.received.starts(with: Array("\u{1B}[1;1R\u{1B}[?".utf8)))
        #expect(transport.received.last == UInt8(ascii: "c"))
        #expect(rig.screen[0] == "visible")
    }

    /// Bytes that each cost a whole screen (`ESC [ 2 J` at 1000 rows) end a turn by the work
    /// they cause, not by their count: one turn reads a few hundred bytes, not the 256 KiB
    /// budget, so keys and `~.` come round within a flood of them.
    @Test func aTurnEndsAtItsWorkBudget() throws {
        let flood = Array(repeating: Array("\u{1B}[2J".utf8), count: 65_536).flatMap { $0 }
        let transport = MemoryTransport(output: flood, outputEnds: false, chunkSize: 1 << 16)
        let rig = try Rig(transport, rows: 1000, columns: 1000)
        try rig.loop.turn()
        let first = flood.count - transport.unreadOutputCount
        #expect(first > 0 && first <= 4096, "\(first) bytes in one turn")
        try rig.loop.turn()
        let second = flood.count - transport.unreadOutputCount - first
        #expect(second > 0 && second <= 1024, "\(second) bytes in the next turn")
        // Ordinary text still reads the whole byte budget in a turn.
        let text = Array(repeating: Array("an ordinary line of output, eighty characters or so, as ls or make print\r\n".utf8), count: 4000).flatMap { $0 }
        let plain = MemoryTransport(output: text, outputEnds: false, chunkSize: 1 << 16)
        let other = try Rig(plain, rows: 50, columns: 200)
        var turns = 0
        while plain.unreadOutputCount > 0, turns < 40 {
            try other.loop.turn()
            turns += 1
        }
        // (This transport hands out one piece a turn; pieces grow from 4 KiB to 64 KiB.)
        #expect(plain.unreadOutputCount == 0 && turns <= 10, "\(turns) turns")
    }

    /// A remote that floods queries and never reads its input: the answers waiting are
    /// bounded, the rest dropped and counted, and the screen still follows the output.
    @Test func repliesToARemoteThatDoesNotReadAreBounded() throws {
        let queries = Array(repeating: Array("\u{1B}[c".utf8), count: 100_000).flatMap { $0 } + Array("end".utf8)
        let transport = MemoryTransport(output: queries, outputEnds: false, chunkSize: 1 << 16, writeLimit: 0)
        let rig = try Rig(transport)
        try rig.run(turns: 2000) { transport.unreadOutputCount == 0 }
        #expect(transport.unreadOutputCount == 0)
        #expect(rig.session.droppedReplies > 80_000)
        #expect(rig.screen[0] == "end")
    }

    @Test func screenEventsAreOnePerTurnAndTitlesAndBellsComeAsValues() throws {
        let transport = MemoryTransport(output: Array("a\u{07}\u{1B}]2;hello\u{07}b".utf8), outputEnds: false, chunkSize: 2)
        let rig = try Rig(transport)
        try rig.run(turns: 20) { transport.unreadOutputCount == 0 }
        let events = rig.session.takeEvents()
        #expect(events.contains(.bell))
        #expect(events.contains(.titleChanged("hello")))
        #expect(events.filter { $0 == .screenChanged }.count <= rig.loop.turns)
    }

    @Test func aFloodOfBellsAndTitlesLeavesOneOfEachWaiting() throws {
        var flood: [UInt8] = []
        for index in 0..<10_000 { flood += Array("\u{07}\u{1B}]2;title \(index)\u{07}".utf8) }
        let transport = MemoryTransport(output: flood, outputEnds: false, chunkSize: 100)
        let rig = try Rig(transport)
        try rig.run { transport.unreadOutputCount == 0 }
        let events = rig.session.takeEvents()
        #expect(events.count <= 4, "\(events.count) events waited")
        #expect(events.contains(.titleChanged("title 9999")))
    }

    // MARK: - Ending

    @Test func theExitStatusIsPolledNotAwaited() throws {
        let transport = MemoryTransport(output: Array("bye".utf8), exit: .status(7), exitAfter: 3)
        let rig = try Rig(transport)
        try rig.run { rig.session.ending != nil }
        #expect(rig.session.ending == .remoteExited(.status(7)))
        #expect(rig.session.ending?.exitStatus == 7)
        #expect(transport.isClosed)
    }

    @Test func anExitStatusThatNeverComesIsGivenUpOnAfterTheWait() throws {
        let transport = MemoryTransport(exit: nil)
        let rig = try Rig(transport)
        try rig.run { rig.session.ending != nil }
        #expect(rig.session.ending == .remoteExited(.unknown))
        #expect(rig.session.ending?.message == "rterm: the connection closed without an exit status")
        // Five seconds of the manual clock passed; the loop slept in between, never spun.
        #expect(rig.clock.now() >= 5_000_000_000)
        #expect(rig.loop.turns < 200)
    }

    @Test(arguments: [
        (SessionEnding.remoteExited(.status(3)), Int32(3), nil as String?),
        (.remoteExited(.signal(name: "KILL", message: "")), 255, "rterm: remote command killed by signal KILL"),
        (.disconnected(label: "u@h"), 255, "Connection to u@h closed."),
        (.disconnected(label: "local: /bin/bash"), 255, "Closed the local session (/bin/bash)."),
        (.signal("TERM"), 255, "rterm: terminated by signal TERM; connection closed"),
        (.connectFailed(message: "rterm: cannot connect", status: 255), 255, "rterm: cannot connect"),
        (.connectFailed(message: "rterm: cannot run 'x'", status: 127), 127, "rterm: cannot run 'x'"),
        (.failed("poll failed"), 255, "rterm: poll failed"),
        (.outputClosed, 255, nil),
    ])
    func oneMappingFromEndingToStatusAndMessage(_ example: (SessionEnding, Int32, String?)) {
        #expect(example.0.exitStatus == example.1)
        #expect(example.0.message == example.2)
    }

    // MARK: - Input

    @Test func aPasteOfAnySizeArrivesWholeOneByteAtATime() throws {
        let transport = MemoryTransport(outputEnds: false, writeLimit: 1)
        transport.deliver(Array("\u{1B}[?2004h".utf8))
        let rig = try Rig(transport)
        try rig.run(turns: 5) { transport.unreadOutputCount == 0 }
        let text = (0..<100_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        rig.session.send(.paste(text))
        try rig.run { rig.session.pendingInputCount == 0 }
        let arrivedWhole = transport.received == PasteEncoder.bracketStart + text + PasteEncoder.bracketEnd
        #expect(arrivedWhole, "\(transport.received.count) bytes arrived")
        #expect(transport.writeCount == text.count + 12)
    }

    @Test func keysAreEncodedForTheRemotesModesAtTheMomentTheyAreSent() throws {
        let transport = MemoryTransport(outputEnds: false)
        let rig = try Rig(transport)
        rig.session.send(.key(KeyEvent(.up)))
        transport.deliver(Array("\u{1B}[?1h".utf8))  // DECCKM on
        try rig.run(turns: 5) { transport.unreadOutputCount == 0 }
        rig.session.send(.key(KeyEvent(.up)))
        #expect(transport.received == Array("\u{1B}[A\u{1B}OA".utf8))
    }

    @Test func typeaheadWhileConnectingGoesOutOnConnect() throws {
        let rig = try Rig()
        rig.session.send(.bytes(Array("ls\r".utf8)))
        let transport = MemoryTransport(outputEnds: false)
        rig.session.connect(ConnectionAttempt(finished: .connected(transport)))
        try rig.run(turns: 5) { !transport.received.isEmpty }
        #expect(transport.received == Array("ls\r".utf8))
        #expect(rig.session.takeEvents().contains(.connected))
    }

    @Test func aResizeWhileConnectingIsSentOnConnect() throws {
        let rig = try Rig(rows: 24, columns: 80)
        rig.session.resize(rows: 40, columns: 120)
        let transport = MemoryTransport(outputEnds: false)
        rig.session.connect(ConnectionAttempt(finished: .connected(transport)))
        try rig.run(turns: 3) { rig.session.state == .live }
        #expect(transport.resizes.map { [$0.rows, $0.columns] } == [[40, 120]])
    }

    @Test func aFailedConnectionEndsTheSessionWithItsMessage() throws {
        let rig = try Rig()
        rig.session.connect(ConnectionAttempt(finished: .failed(.connectFailed(message: "rterm: nope", status: 255))))
        try rig.run(turns: 3) { rig.session.ending != nil }
        #expect(rig.session.ending == .connectFailed(message: "rterm: nope", status: 255))
    }

    @Test func promptsAndNoticesOfAConnectionComeToTheSession() throws {
        let rig = try Rig(realTime: ())
        let attempt = ConnectionAttempt(wake: rig.loop.waker.wake) { mailbox in
            mailbox.notify("Permission denied, please try again.")
            let answer = mailbox.ask(PromptRequest(text: "explanation\nPassword: ", kind: .secret))
            return answer == "sesame"
                ? .connected(MemoryTransport(outputEnds: false)) : .failed(.connectFailed(message: "no", status: 255))
        }
        rig.session.connect(attempt)
        var events: [SessionEvent] = []
        try rig.wait {
            events += rig.session.takeEvents()
            return rig.session.pendingPrompt != nil
        }
        events += rig.session.takeEvents()
        #expect(events.contains(.notice("Permission denied, please try again.")))
        let request = try #require(rig.session.pendingPrompt)
        #expect(events.contains(.prompt(request)))
        #expect(request.question == "Password: ")
        #expect(request.explanation == ["explanation"])
        rig.session.answerPrompt("sesame")
        try rig.wait { rig.session.state != .connecting }
        #expect(rig.session.state == .live)
    }

    @Test func endingWhileAPromptWaitsReleasesTheConnectingThread() throws {
        let rig = try Rig(realTime: ())
        let released = DispatchSemaphore(value: 0)
        let attempt = ConnectionAttempt(wake: rig.loop.waker.wake) { mailbox in
            let answer = mailbox.ask(PromptRequest(text: "Password: ", kind: .secret))
            if answer == nil { released.signal() }
            return .failed(.connectFailed(message: "cancelled", status: 255))
        }
        rig.session.connect(attempt)
        try rig.wait { rig.session.pendingPrompt != nil }
        rig.session.end(.disconnected(label: "x"))
        #expect(released.wait(timeout: .now() + 10) == .success)
    }

    @Test func theRecorderSeesBothDirectionsAndResizes() throws {
        final class Recorder: SessionRecorder {
            var received: [UInt8] = []
            var sent: [UInt8] = []
            var sizes: [[Int]] = []
            func sessionReceived(_ bytes: UnsafeRawBufferPointer) { received += bytes }
            func sessionSent(_ bytes: [UInt8]) { sent += bytes }
            func sessionResized(rows: Int, columns: Int) { sizes.append([rows, columns]) }
        }
        let transport = MemoryTransport(output: Array("out".utf8), outputEnds: false)
        let rig = try Rig(transport)
        let recorder = Recorder()
        rig.session.recorder = recorder
        rig.session.send(.key(KeyEvent(.enter)))
        rig.session.resize(rows: 10, columns: 20)
        try rig.run(turns: 5) { transport.unreadOutputCount == 0 }
        #expect(recorder.received == Array("out".utf8))
        #expect(recorder.sent == [0x0D])
        #expect(recorder.sizes == [[10, 20]])
    }
}
