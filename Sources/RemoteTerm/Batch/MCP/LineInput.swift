import Foundation
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Lines read from a descriptor as they come (`rterm mcp`'s standard input: one JSON-RPC
/// message a line), each handed on without its newline. A line longer than `limit` is
/// dropped as it comes, never held whole, and said as such; end of file (or an error) is
/// told once.
package final class LineInput: EventSource {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var line: [UInt8] = []
    private var dropping = false
    /// Whether end of file was read.
    package private(set) var isFinished = false
    /// Told each line.
    package var onLine: (Data) -> Void = { _ in }
    /// Told of a line dropped for its length.
    package var onTooLong: () -> Void = {}
    /// Told once, at end of file.
    package var onEnd: () -> Void = {}

    /// The longest line kept.
    package static let limit = 4 << 20

    package init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    package var pollInterests: [PollInterest] {
        isFinished ? [] : [PollInterest(descriptor: descriptor, events: Int16(POLLIN))]
    }
    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0, !isFinished else { return }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            take(buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isFinished = true
            if !line.isEmpty && !dropping { onLine(Data(line)) }
            line = []
            onEnd()
        }
    }

    /// Splits `bytes` at newlines (a CR before one is dropped too).
    func take(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: 0x0A) {
            if !dropping {
                line += rest[rest.startIndex..<newline]
                if line.last == 0x0D { line.removeLast() }
                if !line.isEmpty { onLine(Data(line)) }
            }
            line = []
            dropping = false
            rest = rest[(newline + 1)...]
        }
        guard !dropping else { return }
        line += rest
        if line.count > Self.limit {
            line = []
            dropping = true
            onTooLong()
        }
    }
}
