#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies bytes between local descriptors and a `Transport` until the remote side ends:
/// transport output to `output`, transport error output to `errorOutput`, and `input` to
/// the transport until EOF, which is then passed on (`finishWriting`). Used for
/// non-interactive commands, and (STOPGAP until the interactive front of issue 4 exists)
/// for interactive sessions with the local terminal in raw mode. No terminal emulation
/// happens here: bytes pass through untouched.
public struct TransportPump {
    /// Where local input comes from; nil for none (the remote side gets EOF at once).
    public var input: Int32?
    /// Where the transport's output goes.
    public var output: Int32
    /// Where the transport's error output goes.
    public var errorOutput: Int32
    /// Called on every wake-up; a new size is sent as a window change. Setting it also caps
    /// each sleep, since a SIGWINCH that arrives between two polls does not wake the next.
    public var terminalSize: (() -> (rows: Int, columns: Int)?)?
    /// Called on every wake-up; returning true stops the pump (a SIGTERM or SIGHUP seen).
    public var shouldStop: (() -> Bool)?

    /// A pump between these descriptors.
    public init(input: Int32?, output: Int32 = 1, errorOutput: Int32 = 2) {
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Runs until both output streams ended, then returns how the remote side ended; nil
    /// when `shouldStop` ended it early.
    public func run(_ transport: Transport) throws(TransportError) -> TransportExit? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pendingInput: [UInt8] = []
        var inputOpen = input != nil
        var inputFinished = false
        var outputEnded = false
        var errorEnded = false
        var lastSize = terminalSize?()
        while true {
            if let shouldStop, shouldStop() { return nil }
            if let terminalSize, let size = terminalSize(), lastSize == nil || size != lastSize! {
                lastSize = size
                try transport.resize(rows: size.rows, columns: size.columns)
            }
            var busy = false
            // Remote → local, each stream until it would block.
            for (stream, descriptor) in [(TransportStream.output, output), (.errorOutput, errorOutput)] {
                while stream == .output ? !outputEnded : !errorEnded {
                    let result = try transport.read(into: &buffer, from: stream)
                    if case .transferred(let count) = result {
                        try Self.writeAll(descriptor, buffer[0..<count])
                        continue
                    }
                    if result == .endOfStream {
                        if stream == .output { outputEnded = true } else { errorEnded = true }
                    }
                    break
                }
            }
            if outputEnded && errorEnded { break }
            // Local → remote.
            while !pendingInput.isEmpty {
                let result = try transport.write(draining: &pendingInput)
                guard case .transferred = result else {
                    if result == .endOfStream {
                        // The remote side stopped reading: drop the rest of our input.
                        pendingInput.removeAll()
                        inputOpen = false
                        inputFinished = true
                    }
                    break
                }
                busy = true
            }
            if !inputOpen, !inputFinished, pendingInput.isEmpty {
                inputFinished = try transport.finishWriting()
            }
            // Reading one stream can make libssh2 buffer data (or the EOF) of the other:
            // ask again right before sleeping, or poll would wait for bytes already here.
            busy = try transport.service() || busy
            // Sleep until something happens.
            var descriptors = transport.pollInterests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
            let inputIndex = descriptors.count
            if inputOpen, pendingInput.isEmpty, let input {
                descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0))
            }
            var timeout = busy ? 0 : transport.pollTimeout
            if terminalSize != nil || shouldStop != nil { timeout = timeout < 0 ? 250 : min(timeout, 250) }
            // Nothing to wait on (an in-memory transport, input at EOF) must not mean forever.
            if descriptors.isEmpty, timeout < 0 { timeout = 10 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR {
                throw TransportError.system(operation: "poll", target: "the connection", errno: errno)
            }
            if ready > 0, descriptors.count > inputIndex, descriptors[inputIndex].revents != 0, let input {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
                if count > 0 {
                    pendingInput.append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    inputOpen = false
                }
            }
        }
        return try transport.awaitExit()
    }

    /// Writes everything, waiting when the descriptor is non-blocking and full. A reader
    /// that went away (EPIPE) is not an error worth more than stopping the copy.
    static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(TransportError) {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                rest = rest.dropFirst(count)
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
            case EPIPE: return
            default:
                throw TransportError.system(operation: "write", target: "descriptor \(descriptor)", errno: errno)
            }
        }
    }
}
