import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore

/// A command's output kept for later: in memory up to a limit, then in a file of its own,
/// never past the file limit; the file removed when discarded.
@Suite struct CapturedOutputTests {
    @Test func smallOutputStaysInMemoryAndLargeSpillsToItsFile() throws {
        let spill = SpillDirectory()
        defer { spill.removeAll() }
        let captured = CapturedOutput(spillingTo: spill, name: "0.out")
        let piece = Array(repeating: UInt8(ascii: "x"), count: 1000)
        piece.withUnsafeBytes { captured.append($0) }
        #expect(spill.path == nil)
        for _ in 0..<(CapturedOutput.memoryLimit / 1000 + 1) { piece.withUnsafeBytes { captured.append($0) } }
        let path = try #require(spill.path) + "/0.out"
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(captured.bytes.count == captured.count && captured.count == 1000 * (CapturedOutput.memoryLimit / 1000 + 2))
        #expect(captured.dropped == 0)
        captured.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutASpillFilePastTheMemoryLimitIsCountedNotKept() {
        let captured = CapturedOutput(spillingTo: nil)
        let big = Array(repeating: UInt8(ascii: "y"), count: CapturedOutput.memoryLimit + 10)
        big.withUnsafeBytes { captured.append($0) }
        #expect(captured.count == 0 && captured.dropped == big.count)
    }
}
