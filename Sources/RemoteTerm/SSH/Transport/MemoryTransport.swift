import RemoteTermLoop

/// An in-memory transport for tests: it serves scripted output in chunks of at most
/// `chunkSize` bytes (each followed by one `.wouldBlock` until the next `service()`, as a
/// real connection would), accepts input up to `writeLimit` bytes per call, and remembers
/// everything it was given. It has no descriptor: everything it holds is "buffered", so a
/// loop must learn from `hasBufferedInput` that there is more to read, never from `poll`.
///
/// `respond` makes it a tiny remote program: it sees every write and returns output to
/// queue (an echo, a reply to a query). `exitAfter` delays the exit status by that many
/// `exitStatus()` calls; nil `exit` never reports one (a remote that never closes).
package final class MemoryTransport: Transport {
    private var output: [UInt8]
    private var outputStart = 0
    private var errorOutput: [UInt8]
    private let chunkSize: Int
    private let writeLimit: Int
    private let exit: TransportExit?
    private var exitAfter: Int
    private var blockNext: Set<Int> = []
    private var endReported: Set<Int> = []
    /// Whether the scripted output ends (false: more may be added with `deliver`).
    package var outputEnds: Bool
    /// Called with every write; what it returns is queued as output.
    package var respond: (([UInt8]) -> [UInt8])?
    /// Everything written to the transport.
    package private(set) var received: [UInt8] = []
    /// The number of `write` calls that moved bytes.
    package private(set) var writeCount = 0
    /// Whether `finishWriting` was called.
    package private(set) var inputFinished = false
    /// The sizes passed to `resize`.
    package private(set) var resizes: [(rows: Int, columns: Int)] = []
    /// Whether `close` was called.
    package private(set) var isClosed = false
    /// How often `service()` was called.
    package private(set) var serviceCount = 0
    /// When set, the link is gone: `service()`, reads and writes throw it (a lost link).
    package var failure: TransportError?

    /// A transport that will produce `output` and `errorOutput`, then end with `exit`.
    package init(
        output: [UInt8] = [], errorOutput: [UInt8] = [], exit: TransportExit? = .status(0), exitAfter: Int = 0,
        outputEnds: Bool = true, chunkSize: Int = 4096, writeLimit: Int = 4096
    ) {
        self.output = output
        self.errorOutput = errorOutput
        self.exit = exit
        self.exitAfter = exitAfter
        self.outputEnds = outputEnds
        self.chunkSize = max(chunkSize, 1)
        self.writeLimit = max(writeLimit, 1)
    }

    /// Queues more output, as if the remote printed it.
    package func deliver(_ bytes: [UInt8]) {
        output += bytes
    }

    /// Output queued and not read yet.
    package var unreadOutputCount: Int { output.count - outputStart }

    package var pollInterests: [PollInterest] { [] }

    package func service() throws(TransportError) {
        if let failure { throw failure }
        serviceCount += 1
        blockNext.removeAll()
    }

    package var hasBufferedInput: Bool {
        if unreadOutputCount > 0 || !errorOutput.isEmpty { return true }
        // An end not yet reported is news too.
        return (outputEnds && !endReported.contains(0)) || !endReported.contains(1)
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer, from stream: TransportStream)
        throws(TransportError) -> TransportIO
    {
        if isClosed { throw TransportError.closed }
        if let failure { throw failure }
        let key = stream == .output ? 0 : 1
        if blockNext.contains(key) { return .wouldBlock }
        let available = stream == .output ? unreadOutputCount : errorOutput.count
        let count = min(chunkSize, buffer.count, available)
        if count == 0 {
            if stream == .output && !outputEnds { return .wouldBlock }
            endReported.insert(key)
            return .endOfStream
        }
        if stream == .output {
            buffer.copyBytes(from: output[outputStart..<outputStart + count])
            outputStart += count
            if outputStart == output.count {
                output.removeAll(keepingCapacity: true)
                outputStart = 0
            }
        } else {
            buffer.copyBytes(from: errorOutput[0..<count])
            errorOutput.removeFirst(count)
        }
        blockNext.insert(key)
        return .transferred(count)
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> TransportIO {
        if isClosed { throw TransportError.closed }
        if let failure { throw failure }
        guard !bytes.isEmpty else { return .wouldBlock }
        let count = min(writeLimit, bytes.count)
        guard count > 0 else { return .wouldBlock }  // writeLimit 0: a remote that never reads
        let accepted = Array(bytes[0..<count])
        received += accepted
        writeCount += 1
        if let respond { output += respond(accepted) }
        return .transferred(count)
    }

    package func finishWriting() throws(TransportError) -> Bool {
        inputFinished = true
        return true
    }

    package func resize(rows: Int, columns: Int) throws(TransportError) {
        resizes.append((rows, columns))
    }

    package func exitStatus() throws(TransportError) -> TransportExit? {
        if exitAfter > 0 {
            exitAfter -= 1
            return nil
        }
        return exit
    }

    package func close() { isClosed = true }
}
