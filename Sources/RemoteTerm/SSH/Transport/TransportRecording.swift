import RemoteTermLoop

/// The bytes that passed through a transport, in order, with their direction: what
/// `RecordingTransport` captures, for tests and bug reproductions.
public struct TransportRecording: Sendable, Equatable {
    /// Which way a chunk went.
    public enum Direction: Sendable, Equatable {
        /// From the remote side, on this stream.
        case received(TransportStream)
        /// To the remote side.
        case sent
    }

    /// One chunk.
    public struct Chunk: Sendable, Equatable {
        /// Which way it went.
        public var direction: Direction
        /// The bytes.
        public var bytes: [UInt8]
    }

    /// Every chunk, in order.
    public private(set) var chunks: [Chunk] = []
    /// The window changes sent, in order.
    public private(set) var resizes: [(rows: Int, columns: Int)] = []

    /// An empty recording.
    public init() {}

    mutating func append(_ direction: Direction, _ bytes: UnsafeRawBufferPointer) {
        chunks.append(Chunk(direction: direction, bytes: Array(bytes)))
    }

    mutating func appendResize(rows: Int, columns: Int) {
        resizes.append((rows, columns))
    }

    /// Everything received on `stream`, concatenated.
    public func received(_ stream: TransportStream) -> [UInt8] {
        chunks.filter { $0.direction == .received(stream) }.flatMap(\.bytes)
    }

    /// Everything sent, concatenated.
    public var sent: [UInt8] { chunks.filter { $0.direction == .sent }.flatMap(\.bytes) }

    public static func == (left: TransportRecording, right: TransportRecording) -> Bool {
        left.chunks == right.chunks && left.resizes.elementsEqual(right.resizes) { $0 == $1 }
    }
}

/// Wraps any transport and records the bytes in both directions (and the resizes).
public final class RecordingTransport: Transport {
    /// The transport being recorded.
    public let base: Transport
    /// What has passed so far.
    public private(set) var recording = TransportRecording()

    /// Records `base`.
    public init(_ base: Transport) {
        self.base = base
    }

    public var pollInterests: [PollInterest] { base.pollInterests }
    public var deadline: UInt64? { base.deadline }
    public func service() throws(TransportError) { try base.service() }
    public var hasBufferedInput: Bool { base.hasBufferedInput }

    public func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        let result = try base.read(into: buffer, from: stream)
        if case .transferred(let count) = result {
            recording.append(.received(stream), UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return result
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        let result = try base.write(bytes)
        if case .transferred(let count) = result {
            recording.append(.sent, UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        }
        return result
    }

    public func finishWriting() throws(TransportError) -> Bool { try base.finishWriting() }

    public func resize(rows: Int, columns: Int) throws(TransportError) {
        try base.resize(rows: rows, columns: columns)
        recording.appendResize(rows: rows, columns: columns)
    }

    public func exitStatus() throws(TransportError) -> TransportExit? { try base.exitStatus() }
    public func close() { base.close() }
}
