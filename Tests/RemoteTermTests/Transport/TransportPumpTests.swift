import Foundation
import Testing

@testable import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// The byte pump against in-memory transports: streams kept apart, input forwarded then
/// EOF, exit status passed through.
struct TransportPumpTests {
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

    @Test func outputAndErrorGoToTheirDescriptors() throws {
        let output = Array((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
        let transport = MemoryTransport(output: output, errorOutput: Array("warning\n".utf8), exit: .status(3), chunkSize: 1000)
        let out = Drain()
        let err = Drain()
        let exit = try TransportPump(input: nil, output: out.writeEnd, errorOutput: err.writeEnd).run(transport)
        #expect(exit == .status(3))
        #expect(out.finish() == output)
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
        // Output long enough that the pump reads all of the input before the remote ends.
        let transport = MemoryTransport(output: Array(repeating: 65, count: 2_000_000), chunkSize: 100, writeLimit: 777)
        let out = Drain()
        let exit = try TransportPump(input: descriptor, output: out.writeEnd, errorOutput: out.writeEnd).run(transport)
        #expect(exit == .status(0))
        #expect(out.finish().count == 2_000_000)
        #expect(transport.received == input)
        #expect(transport.inputFinished)
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
        #expect(try recorder.awaitExit() == .signal(name: "TERM", message: ""))
        #expect(TransportExit.signal(name: "TERM", message: "").localExitStatus == 255)
    }

    @Test func resizesAreSentWhenTheSizeChanges() throws {
        let transport = MemoryTransport(output: Array(repeating: 1, count: 10_000), chunkSize: 10)
        let out = Drain()
        var pump = TransportPump(input: nil, output: out.writeEnd, errorOutput: out.writeEnd)
        let sizes = SizeSequence([(24, 80), (24, 80), (30, 100)])
        pump.terminalSize = { sizes.next() }
        _ = try pump.run(transport)
        _ = out.finish()
        // The first size went with the pty request: only the change is sent, once.
        #expect(transport.resizes.map { [$0.rows, $0.columns] } == [[30, 100]])
    }

    final class SizeSequence: @unchecked Sendable {
        private var sizes: [(Int, Int)]
        init(_ sizes: [(Int, Int)]) { self.sizes = sizes }
        func next() -> (rows: Int, columns: Int)? {
            let size = sizes.count > 1 ? sizes.removeFirst() : sizes[0]
            return (size.0, size.1)
        }
    }
}
