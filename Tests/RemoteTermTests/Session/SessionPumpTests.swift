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

/// A session without a screen (`SessionPump`) against in-memory transports: streams kept
/// apart, input forwarded then EOF, exit status passed through, a reader that goes away.
struct SessionPumpTests {
    /// A pipe whose read end is drained on a thread, so the pump can write any amount.
    final class Drain: @unchecked Sendable {
        let writeEnd: Int32
        private let readEnd: Int32
        private var bytes: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init() {
            var ends: [Int32] = [-1, -1]
            pipe(&ends)
            readEnd = ends[0]
            writeEnd = ends[1]
            Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(readEnd, &buffer, buffer.count)
                    if count <= 0 { break }
                    bytes += buffer[0..<count]
                }
                close(readEnd)
                done.signal()
            }.start()
        }

        /// Closes the write end and returns everything read.
        func finish() -> [UInt8] {
            close(writeEnd)
            done.wait()
            return bytes
        }
    }

    /// Runs `transport` as a session without a screen: output to `output`, error output to
    /// `errorOutput`, `input` copied in until EOF. Returns how the session ended.
    static func pump(
        _ transport: Transport, input: Int32? = nil, output: Int32, errorOutput: Int32
    ) throws -> SessionEnding {
        let loop = try EventLoop()
        let sink = DescriptorOutput(output: output, error: errorOutput)
        let session = Session(rows: 24, columns: 80, clock: loop.clock, output: sink)
        session.attach(transport)
        return try SessionPump.run(session, sink: sink, loop: loop, input: input)
    }

    @Test func outputAndErrorGoToTheirDescriptors() throws {
        let output = Array((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
        let transport = MemoryTransport(output: output, errorOutput: Array("warning\n".utf8), exit: .status(3), chunkSize: 1000)
        let out = Drain()
        let err = Drain()
        let ending = try Self.pump(transport, output: out.writeEnd, errorOutput: err.writeEnd)
        #expect(ending == .remoteExited(.status(3)))
        #expect(ending.exitStatus == 3)
        let copied = out.finish() == output
        #expect(copied)
        #expect(err.finish() == Array("warning\n".utf8))
        #expect(transport.inputFinished)
    }

    @Test func inputIsForwardedThenFinished() throws {
        let path = NSTemporaryDirectory() + "pump-input-" + UUID().uuidString
        let input = Array((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 3) })
        try Data(input).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        // A remote that waits for its input to end before it ends itself.
        let transport = MemoryTransport(outputEnds: false, chunkSize: 100, writeLimit: 777)
        transport.respond = { _ in [] }
        let out = Drain()
        let finisher = InputWatcher(transport)
        let loop = try EventLoop()
        let sink = DescriptorOutput(output: out.writeEnd, error: out.writeEnd)
        let session = Session(rows: 24, columns: 80, clock: loop.clock, output: sink)
        session.attach(transport)
        loop.add(finisher)
        let ending = try SessionPump.run(session, sink: sink, loop: loop, input: descriptor)
        #expect(ending == .remoteExited(.status(0)))
        _ = out.finish()
        let arrivedWhole = transport.received == input
        #expect(arrivedWhole, "\(transport.received.count) of \(input.count) bytes")
        #expect(transport.inputFinished)
    }

    /// Ends the memory transport's output once its input was finished (the remote side
    /// answers EOF by exiting).
    final class InputWatcher: EventSource {
        let transport: MemoryTransport
        let clock = SystemClock()
        init(_ transport: MemoryTransport) { self.transport = transport }
        var pollInterests: [PollInterest] { [] }
        var deadline: UInt64? { transport.outputEnds ? nil : clock.now() + 1_000_000 }
        var isReady: Bool { false }
        func handle(readiness: [Int16], now: UInt64) {
            if transport.inputFinished { transport.outputEnds = true }
        }
    }

    @Test func aReaderThatGoesAwayEndsTheSessionQuietly() throws {
        // rterm ignores SIGPIPE (main.swift), so a write to a closed pipe fails with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        pipe(&ends)
        close(ends[0])
        let transport = MemoryTransport(outputEnds: false)
        transport.deliver(Array(repeating: 65, count: 100_000))
        let ending = try Self.pump(transport, output: ends[1], errorOutput: ends[1])
        close(ends[1])
        #expect(ending == .outputClosed)
        #expect(ending.exitStatus == 255)
        #expect(ending.message == nil)
        #expect(transport.isClosed)
    }

    @Test func recordingTransportKeepsBothDirections() throws {
        let base = MemoryTransport(output: Array("hello".utf8), errorOutput: Array("oops".utf8), exit: .signal(name: "TERM", message: ""))
        let recorder = RecordingTransport(base)
        var buffer = [UInt8](repeating: 0, count: 16)
        _ = try buffer.withUnsafeMutableBytes { try recorder.read(into: $0, from: .output) }
        _ = try buffer.withUnsafeMutableBytes { try recorder.read(into: $0, from: .errorOutput) }
        _ = try Array("typed".utf8).withUnsafeBytes { try recorder.write($0) }
        try recorder.resize(rows: 50, columns: 132)
        #expect(recorder.recording.received(.output) == Array("hello".utf8))
        #expect(recorder.recording.received(.errorOutput) == Array("oops".utf8))
        #expect(recorder.recording.sent == Array("typed".utf8))
        #expect(recorder.recording.resizes.map { [$0.rows, $0.columns] } == [[50, 132]])
        #expect(try recorder.exitStatus() == .signal(name: "TERM", message: ""))
        #expect(TransportExit.signal(name: "TERM", message: "").localExitStatus == 255)
    }
}

/// A pipe nobody reads for a while never makes the output wait (issue 55: `rterm mcp`'s
/// answers, `rterm host cmd | slow-reader`): its room cannot be told from the bytes queued,
/// since small writes leave the kernel's pages part-filled (before, a pipe with half its
/// capacity queued took a write that then blocked the loop). What did not fit waits, and
/// comes out whole and in order once the reader reads.
@Suite(.timeLimit(.minutes(1))) struct DescriptorOutputPipeTests {
    @Test func smallWritesIntoAFullPipeNeverWaitAndArriveWhole() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let output = DescriptorOutput(output: ends[1], error: ends[1])
        var sent: [UInt8] = []
        for index in 0..<3_000 {
            let line = Array("answer \(index) \(String(repeating: "x", count: index % 90))\n".utf8)
            sent += line
            _ = line.withUnsafeBufferPointer { output.take($0, from: .output, now: 0) }
        }
        #expect(output.waitingCount > 0, "the pipe took it all: the test wrote too little")
        // The flags the pipe came with are its own again.
        #expect(fcntl(ends[1], F_GETFL) & O_NONBLOCK == 0)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while received.count < sent.count {
            output.handle(readiness: [Int16(POLLOUT)], now: 0)
            let count = read(ends[0], &chunk, chunk.count)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        #expect(received == sent)
        #expect(output.waitingCount == 0)
    }
}
