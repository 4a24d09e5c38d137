import Foundation

/// Bytes cut into lines as they come (`rterm mcp`'s standard input: one JSON-RPC message a
/// line), each without its newline (and a CR before it). A line longer than `limit` is
/// dropped as it comes, never held whole, and said once as `.tooLong`. Pure: the bytes are
/// read by the loop's `InputSource`.
package struct LineSplitter {
    /// What a piece of input completed.
    package enum Piece: Equatable {
        /// A line, not empty.
        case line(Data)
        /// A line dropped for its length.
        case tooLong
    }

    /// The longest line kept.
    package static let limit = 4 << 20

    private var line: [UInt8] = []
    private var dropping = false

    /// A splitter at the start of a line.
    package init() {}

    /// The lines `bytes` completes, in order.
    package mutating func take(_ bytes: ArraySlice<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: 0x0A) {
            if !dropping {
                line += rest[rest.startIndex..<newline]
                if line.last == 0x0D { line.removeLast() }
                if !line.isEmpty { pieces.append(.line(Data(line))) }
            }
            line = []
            dropping = false
            rest = rest[(newline + 1)...]
        }
        guard !dropping else { return pieces }
        line += rest
        if line.count > Self.limit {
            line = []
            dropping = true
            pieces.append(.tooLong)
        }
        return pieces
    }

    /// At end of input: the last line, when it had no newline.
    package mutating func finish() -> Data? {
        defer { line = [] }
        return line.isEmpty || dropping ? nil : Data(line)
    }
}
