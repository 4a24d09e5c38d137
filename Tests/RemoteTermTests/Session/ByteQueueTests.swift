import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The outbox: first in, first out, in whatever pieces the writer takes.
@Suite struct ByteQueueTests {
    @Test func piecesComeOutInOrder() {
        var queue = ByteQueue()
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        queue.append(contentsOf: input[0..<100_000])
        var output: [UInt8] = []
        var step = 1
        var appended = false
        while !queue.isEmpty {
            queue.drain { bytes in
                let count = min(step, bytes.count)
                output += bytes[0..<count]
                return count
            }
            if !appended, output.count >= 50_000 {
                queue.append(contentsOf: input[100_000...])
                appended = true
            }
            step = step % 997 + 1
        }
        #expect(output.count == input.count)
        let inOrder = output == input
        #expect(inOrder)
        #expect(queue.count == 0)
    }

    @Test func takingNothingKeepsEverything() {
        var queue = ByteQueue()
        queue.append(contentsOf: [1, 2, 3])
        queue.drain { _ in 0 }
        #expect(queue.bytes == [1, 2, 3])
    }
}
