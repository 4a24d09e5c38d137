/// Reading into and writing from byte arrays, for tests that drive a transport by hand.
/// Typed throws do not pass through `withUnsafe…Bytes`, so the detour through `Result` lives
/// here once.
@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

extension Transport {
    /// Reads what is available of `stream` into the front of `buffer` (its count is the room).
    func read(into buffer: inout [UInt8], from stream: TransportStream) throws(TransportError) -> TransportIO {
        try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(TransportError) in try read(into: raw, from: stream) }
        }.get()
    }

    /// Writes as much of `bytes` as the transport accepts now and removes that much from the
    /// front; returns what the write did.
    @discardableResult
    func write(draining bytes: inout [UInt8]) throws(TransportError) -> TransportIO {
        let result = try bytes.withUnsafeBytes { raw in
            Result { () throws(TransportError) in try write(raw) }
        }.get()
        if case .transferred(let count) = result { bytes.removeFirst(count) }
        return result
    }
}
