import RemoteTermLoop

/// The bytes that passed through a transport, in order, with their direction: what
/// `RecordingTransport` captures, for tests and bug reproductions.
package struct TransportRecording: Sendable, Equatable {
    /// Which way a chunk went.
    package enum Direction: Sendable, Equatable {
        /// From the remote side, on this stream.
        case received(TransportStream)
        /// To the remote side.
        case sent
    }

    /// One chunk.
    package struct Chunk: Sendable, Equatable {
        /// Which way it went.
        package var direction: Direction
        /// The bytes.
        package var bytes: [UInt8]
    }

    /// Every chunk, in order.
    package private(set) var chunks: [Chunk] = []
    /// The window changes sent, in order.
    package private(set) var resizes: [(rows: Int, columns: Int)] = []

    /// An empty recording.
    package init() {}

    mutating func append(_ direction: Direction, _ bytes: UnsafeRawBufferPointer) {
        chunks.append(Chunk(direction: direction, bytes: Array(bytes)))
    }

    mutating func appendResize(rows: Int, columns: Int) {
        resizes.append((rows, columns))
    }

    /// Everything received on `stream`, concatenated.
    package func received(_ stream: TransportStream) -> [UInt8] {
        chunks.filter { $0.direction == .received(stream) }.flatMap(\.bytes)
    }

    /// Everything sent, concatenated.
    package var sent: [UInt8] { chunks.filter { $0.direction == .sent }.flatMap(\.bytes) }

    package static func == (left: TransportRecording, right: TransportRecording) -> Bool {
        left.chunks == right.chunks && left.resizes.elementsEqual(right.resizes) { $0 == $1 }
    }
}

/// Wraps any transport and records the bytes in both directions (and the resizes).
package final class RecordingTransport: Transport {
    /// The transport being recorded.
    package let base: Transport
    /// What has passed so far.
    package private(set) var recording = TransportRecording()

    /// Records `base`.
    package init(_ base: Transport) {
        self.base = base
    }

    package var pollInterests: [PollInterest] { base.pollInterests }
    package var deadline: UInt64? { base.deadline }
    package func service() throws(TransportError) { try base.service() }
    package var hasBufferedInput: Bool { base.hasBufferedInput }

    package func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        let result = try base.read(into: buffer, from: stream)
        if case .transferred(let count) = result {
            recording.append(.received(stream), UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return result
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        let result = try base.write(bytes)
        if case .transferred(let count) = result {
            recording.append(.sent, UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        }
        return result
    }

    package func finishWriting() throws(TransportError) -> Bool { try base.finishWriting() }

    package func resize(rows: Int, columns: Int) throws(TransportError) {
        try base.resize(rows: rows, columns: columns)
        recording.appendResize(rows: rows, columns: columns)
    }

    package func exitStatus() throws(TransportError) -> TransportExit? { try base.exitStatus() }
    package func close() { base.close() }
}
