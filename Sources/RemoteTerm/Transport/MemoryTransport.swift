/// An in-memory transport for tests: it serves scripted output in chunks of at most
/// `chunkSize` bytes (each followed by one `.wouldBlock`, as a real connection would),
/// accepts input up to `writeLimit` bytes per call, and remembers everything it was given.
/// It has no descriptor: `service()` reports pending data, so a driver never sleeps on it.
public final class MemoryTransport: Transport {
    private var output: [UInt8]
    private var errorOutput: [UInt8]
    private let chunkSize: Int
    private let writeLimit: Int
    private let exit: TransportExit
    private var blockNext: Set<Int> = []
    private var endReported: Set<Int> = []
    /// Everything written to the transport.
    public private(set) var received: [UInt8] = []
    /// Whether `finishWriting` was called.
    public private(set) var inputFinished = false
    /// The sizes passed to `resize`.
    public private(set) var resizes: [(rows: Int, columns: Int)] = []
    /// Whether `close` was called.
    public private(set) var isClosed = false

    /// A transport that will produce `output` and `errorOutput`, then end with `exit`.
    public init(
        output: [UInt8] = [], errorOutput: [UInt8] = [], exit: TransportExit = .status(0),
        chunkSize: Int = 4096, writeLimit: Int = 4096
    ) {
        self.output = output
        self.errorOutput = errorOutput
        self.exit = exit
        self.chunkSize = max(chunkSize, 1)
        self.writeLimit = max(writeLimit, 1)
    }

    public var pollInterests: [TransportPollInterest] { [] }
    public var pollTimeout: Int32 { -1 }

    public func service() throws(TransportError) -> Bool {
        blockNext.removeAll()
        // Until both ends have been reported there is always something to read.
        return endReported.count < 2
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        if isClosed { throw TransportError.closed }
        let key = stream == .output ? 0 : 1
        if blockNext.contains(key) { return .wouldBlock }
        let count = min(chunkSize, buffer.count, stream == .output ? output.count : errorOutput.count)
        if count == 0 {
            endReported.insert(key)
            return .endOfStream
        }
        if stream == .output {
            buffer.copyBytes(from: output[0..<count])
            output.removeFirst(count)
        } else {
            buffer.copyBytes(from: errorOutput[0..<count])
            errorOutput.removeFirst(count)
        }
        blockNext.insert(key)
        return .transferred(count)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        if isClosed { throw TransportError.closed }
        let count = min(writeLimit, bytes.count)
        received.append(contentsOf: bytes[0..<count])
        return .transferred(count)
    }

    public func finishWriting() throws(TransportError) -> Bool {
        inputFinished = true
        return true
    }

    public func resize(rows: Int, columns: Int) throws(TransportError) {
        resizes.append((rows, columns))
    }

    public func awaitExit() throws(TransportError) -> TransportExit { exit }

    public func close() { isClosed = true }
}
